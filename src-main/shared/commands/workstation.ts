/**
 * The workstation's own state for the status bar and Accounts: the keep-awake and the tokens
 * that expire soon (shared/workstation-model.ts). A read of the desk's own state: no platform
 * call.
 */
import type { WorkstationState } from '../workstation-model';
import { defineCommands, defineEvents, event, localState, returns } from './define';
import { noInput } from './fields';

export const workstationCommands = defineCommands({
  'workstation.state': localState('read', {
    scope: 'workstation',
    input: noInput,
    output: returns<WorkstationState>(),
  }),
});

export const workstationEvents = defineEvents({
  /** The keep-awake turned on or off, or a token passed a warning threshold. */
  'workstation.changed': event<WorkstationState>(),
});
