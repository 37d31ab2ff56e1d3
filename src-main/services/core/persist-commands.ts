/**
 * Handlers of the persist domain (`shared/commands/persist.ts`): the renderer's saved server
 * state of the active workspace, kept by QueryCacheStore in the data folder.
 */
import type { Clock } from '../../platform/scheduler';
import { persistCommands } from '../../shared/commands/persist';
import { registerHandlers } from './command-registry';
import { QueryCacheStore } from './query-cache-store';

/** The persist domain, on the app's data folder; `clock` stamps each save (epoch ms UTC). */
export function persistHandlers(dataDir: string, clock: Clock, log?: (message: string) => void) {
  const store = new QueryCacheStore(dataDir, log);
  return registerHandlers(persistCommands, {
    'persist.load': (_input, { session }) => store.load(session.workspace.info.id),
    'persist.save': async ({ workspaceId, queries }, { session }) => {
      // A save that raced a workspace switch belongs to the workspace that is gone.
      if (workspaceId !== session.workspace.info.id) return { saved: false, kept: 0, bytes: 0 };
      return store.save(workspaceId, queries, clock.now());
    },
  });
}
