/**
 * Diagnostics (issue 20, part 7): "Save diagnostics" writes one zip archive for support into
 * the data folder (services/diagnostics.ts) and answers where. No platform call.
 */
import { command, defineCommands, returns } from './define';
import { noInput } from './fields';

/** The diagnostics domain's commands. */
export const diagnosticsCommands = defineCommands({
  /**
   * Writes the archive: logs, settings without secrets, versions, the budget state, the last
   * platform refusals and the newest audit records. Answers its absolute path in the data
   * folder's `diagnostics/`, its size in bytes and how many files it holds.
   */
  'diagnostics.save': command({
    input: noInput,
    output: returns<{ path: string; bytes: number; files: number }>(),
    priority: 'local',
  }),
});
