/**
 * Handlers of the diagnostics domain (`shared/commands/diagnostics.ts`): "Save diagnostics"
 * (diagnostics.ts). The desktop app's Help → "Save diagnostics…" writes the same archive where
 * its save dialog says, through `saveDiagnosticsTo`.
 */
import { diagnosticsCommands } from '../../shared/commands/diagnostics';
import { registerHandlers } from '../core/command-registry';
import type { AccountRegistry } from '../workspaces/accounts';
import type { Workspace } from '../workspaces/workspace';
import { saveDiagnostics, type DiagnosticsSources } from './diagnostics';

/** The diagnostics domain on the app's sources. */
export function diagnosticsHandlers(sources: DiagnosticsSources) {
  return registerHandlers(diagnosticsCommands, {
    'diagnostics.save': async () => {
      const saved = await saveDiagnostics(sources);
      return { path: saved.path, bytes: saved.bytes, files: saved.files.length };
    },
  });
}

/**
 * Every token main can name (the keychain's, per account; the embedded sandbox's), for the
 * diagnostics archive to scrub. A keychain that cannot be read gives none.
 */
export async function knownSecrets(
  registry: AccountRegistry,
  workspace: Workspace,
): Promise<string[]> {
  const stored = await Promise.all(
    registry.list().map((account) => registry.token(account.id).catch(() => null)),
  );
  const sandbox = workspace.sandbox?.info;
  return [
    ...stored.filter((token): token is string => token !== null),
    ...(sandbox ? [...Object.values(sandbox.tokens), sandbox.vod_access_token] : []),
  ];
}
