/**
 * Handlers of the schedule timeline's commands (`shared/commands/schedule.ts`), on the open
 * session's schedule service.
 */
import { scheduleCommands } from '../../shared/commands/schedule';
import type { ScheduleOperation } from '../../shared/model';
import { registerHandlers } from '../core/command-registry';

/** The schedule domain, registered. */
export const scheduleHandlers = registerHandlers(scheduleCommands, {
  'schedule.programs': ({ channelKey, from, to }, { session, priority }) =>
    session.schedule.programs(channelKey, from, to, priority),
  'schedule.media': ({ keyword }, { session }) => session.schedule.media(keyword),
  'schedule.agenda': ({ from, to }, { session, priority }) =>
    session.schedule.agenda(from, to, priority),
  'schedule.deleteMedia': ({ uploadFileKey }, { session, priority }) =>
    session.schedule.deleteMedia(uploadFileKey, priority),
  'schedule.waitingScreens': (_input, { session }) => session.schedule.waitingScreens(),
  // Overriding a `crossed` refusal: the operator saw what changed and overwrites it.
  'schedule.apply': ({ operation }, { session, priority, confirmation }) =>
    session.schedule.apply(
      confirmation?.kind === 'override' ? withoutRead(operation) : operation,
      priority,
    ),
  'schedule.planCopyDay': ({ channelKey, fromDay, toDay }, { session }) =>
    session.schedule.planCopyDay(channelKey, fromDay, toDay),
  'schedule.planFill': ({ channelKey, from, to, uploadFileKeys }, { session }) =>
    session.schedule.planFill(channelKey, from, to, uploadFileKeys),
  'schedule.runBatch': ({ plan }, { session }) => session.schedule.runBatch(plan),
});

/** `operation` without the program as read: sent without checking for changes since. */
function withoutRead(operation: ScheduleOperation): ScheduleOperation {
  if (operation.op === 'create') return operation;
  const { read: _read, ...rest } = operation;
  return rest;
}
