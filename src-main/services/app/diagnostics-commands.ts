/**
 * Handlers of the diagnostics domain (`shared/commands/diagnostics.ts`): "Save diagnostics"
 * (diagnostics.ts). The desktop app's Help → "Save diagnostics…" writes the same archive where
 * its save dialog says, through `saveDiagnosticsTo`.
 */
import { diagnosticsCommands } from '../../shared/commands/diagnostics';
import { registerHandlers } from '../core/command-registry';
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
