/**
 * Handlers of the schedule timeline's commands (`shared/commands/schedule.ts`), on the open
 * session's schedule service.
 */
import { scheduleCommands } from '../../shared/commands/schedule';
import type { BatchPlan, ScheduleOperation } from '../../shared/model';
import { registerHandlers } from '../core/command-registry';
import { batchImpactOf, type PlannedWatches } from '../core/budget-outlook';
import type { AccountContext } from '../core/account-context';

/** `plan` with its cost to the live budget, the watches planned now included (core/budget-outlook.ts). */
function withBudget(
  session: { account: AccountContext; planner: PlannedWatches },
  plan: BatchPlan,
): BatchPlan {
  const budget = batchImpactOf(session.account.liveScheduler.state(), session.planner, plan.calls);
  return { ...plan, budget };
}

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
  'schedule.planCopyDay': async ({ channelKey, fromDay, toDay }, { session }) =>
    withBudget(session, await session.schedule.planCopyDay(channelKey, fromDay, toDay)),
  'schedule.planFill': async ({ channelKey, from, to, uploadFileKeys }, { session }) =>
    withBudget(session, await session.schedule.planFill(channelKey, from, to, uploadFileKeys)),
  'schedule.runBatch': ({ plan }, { session }) => session.schedule.runBatch(plan),
});

/** `operation` without the program as read: sent without checking for changes since. */
function withoutRead(operation: ScheduleOperation): ScheduleOperation {
  if (operation.op === 'create') return operation;
  const { read: _read, ...rest } = operation;
  return rest;
}
