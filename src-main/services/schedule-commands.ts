/**
 * Handlers of the schedule timeline's commands (`shared/commands/schedule.ts`), on the open
 * session's schedule service. Program edits, batches and program-media deletes are refused
 * before sending when the token is known to be an administrator's (role-gate.ts).
 */
import { scheduleCommands } from '../shared/commands/schedule';
import { registerHandlers } from './command-registry';
import { requireSuperAdmin } from './role-gate';

/** The schedule domain, registered. */
export const scheduleHandlers = registerHandlers(scheduleCommands, {
  'schedule.channels': (_input, { session }) => session.schedule.channels(),
  'schedule.programs': ({ channelKey, from, to }, { session, priority }) =>
    session.schedule.programs(channelKey, from, to, priority),
  'schedule.media': ({ keyword }, { session }) => session.schedule.media(keyword),
  'schedule.agenda': ({ from, to }, { session, priority }) =>
    session.schedule.agenda(from, to, priority),
  'schedule.deleteMedia': ({ uploadFileKey }, { session, priority }) => {
    requireSuperAdmin(session.workspace, 'scheduleRole.mediaNotDeleted');
    return session.schedule.deleteMedia(uploadFileKey, priority);
  },
  'schedule.waitingScreens': (_input, { session }) => session.schedule.waitingScreens(),
  'schedule.apply': ({ operation }, { session, priority }) => {
    requireSuperAdmin(session.workspace, 'scheduleRole.notSent');
    return session.schedule.apply(operation, priority);
  },
  'schedule.planCopyDay': ({ channelKey, fromDay, toDay }, { session }) =>
    session.schedule.planCopyDay(channelKey, fromDay, toDay),
  'schedule.planFill': ({ channelKey, from, to, uploadFileKeys }, { session }) =>
    session.schedule.planFill(channelKey, from, to, uploadFileKeys),
  'schedule.runBatch': ({ plan }, { session }) => {
    requireSuperAdmin(session.workspace, 'scheduleRole.notSent');
    return session.schedule.runBatch(plan);
  },
});
