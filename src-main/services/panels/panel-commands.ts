/**
 * Handlers of the panels domain (`shared/commands/panels.ts`): the control API's setting and
 * the panels' tokens, kept by {@link PanelRegistry} (`panels.json`: hashes only). No platform
 * call; the pipeline audits `add`, `revoke`, `setCommands` and `setEnabled` (the input names the panel, never
 * its token).
 */
import { panelCommands } from '../../shared/commands/panels';
import { PlatformError } from '../../platform/errors';
import { say } from '../../shared/i18n/say';
import { registerHandlers } from '../core/command-registry';
import type { PanelRegistry } from './panel-registry';

/** The panels domain, registered on the app's panel registry. */
export function panelHandlers(registry: PanelRegistry) {
  return registerHandlers(panelCommands, {
    'panels.list': () => registry.state(),
    'panels.add': ({ name }) => registry.add(name),
    'panels.revoke': async ({ id }) => {
      if (!(await registry.revoke(id)))
        throw new PlatformError({ code: 'not-found', ...say('validation.panelUnknown') });
      return registry.state();
    },
    'panels.setCommands': async ({ id, commands, titles }) => {
      let found: boolean;
      try {
        found = await registry.setCommands(id, commands, titles);
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        throw new PlatformError({ code: 'invalid-input', ...say('validation.panelCommand') });
      }
      if (!found) throw new PlatformError({ code: 'not-found', ...say('validation.panelUnknown') });
      return registry.state();
    },
    'panels.setEnabled': async ({ enabled, port }) => {
      await registry.setEnabled(enabled, port);
      return registry.state();
    },
  });
}
