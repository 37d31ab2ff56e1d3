/**
 * Diagnostics: "Save diagnostics" writes one zip archive for support
 * (services/app/diagnostics.ts) and answers where. No platform call.
 */
import { anyRole, command, defineCommands, returns } from './define';
import { noInput } from './fields';

/** The diagnostics domain's commands. */
export const diagnosticsCommands = defineCommands({
  /**
   * Writes the archive: logs, settings without secrets, versions, the budget state, the last
   * platform refusals and the newest 200 audit records. Answers its absolute path in the data
   * folder's `diagnostics/`, its size in bytes and how many files it holds. A `change`: it
   * writes a file, and the audit log records who saved one.
   */
  'diagnostics.save': command({
    scope: 'workstation',
    input: noInput,
    output: returns<{ path: string; bytes: number; files: number }>(),
    priority: 'local',
    category: 'app',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
    offer: { palette: true },
  }),
});
