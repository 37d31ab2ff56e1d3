/**
 * The renderer's saved server state, per workspace (shared/persist-model.ts): read once at
 * start and after a workspace switch, written a few seconds after a persisted query changes.
 * No platform call: both run at `local` priority.
 */
import { z } from 'zod';
import type { JsonValue, PersistedCache, PersistSaveResult } from '../persist-model';
import { defineCommands, localState, returns } from './define';
import { noInput } from './fields';

const jsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(jsonValue),
    z.record(z.string(), jsonValue),
  ]),
);

/** The persist domain's commands. */
export const persistCommands = defineCommands({
  /** The active workspace's saved queries (none when it never saved any, or the file is damaged). */
  'persist.load': localState('read', {
    scope: 'workstation',
    input: noInput,
    output: returns<PersistedCache>(),
  }),
  /**
   * Replaces the saved queries of `workspaceId`, if it is still the active workspace (a save
   * racing a workspace switch is dropped, never written under the other workspace).
   */
  'persist.save': localState('change', {
    scope: 'workstation',
    input: z.object({
      workspaceId: z.string().min(1).max(64),
      queries: z
        .array(
          z.object({
            queryKey: z.array(jsonValue).min(1).max(12),
            updatedAt: z.number().int().nonnegative(),
            data: jsonValue,
          }),
        )
        .max(200),
    }),
    output: returns<PersistSaveResult>(),
  }),
});
