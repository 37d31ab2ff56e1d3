/**
 * One workspace at work: its control room, its watch planner, and its budget reports.
 * Replaced as a whole when the operator switches workspace, so no watch or timer of the
 * old workspace keeps spending the new one's budget.
 */
import { PlatformError } from '../platform/errors';
import type { Clock } from '../platform/scheduler';
import type { EventMap, EventName } from '../shared/bridge';
import type { BudgetSnapshot } from '../shared/model';
import { redact } from '../secrets/redact';
import { ControlRoom } from './control-room';
import { ScheduleService } from './schedule';
import { WatchPlanner } from './watch-planner';
import type { Workspace } from './workspace';

/** Budget events are sent at most this often, ms. */
const budgetEventSpacingMs = 250;

export interface Session {
  workspace: Workspace;
  controlRoom: ControlRoom;
  /** Programs of scheduled channels, their edits and batches. */
  schedule: ScheduleService;
  planner: WatchPlanner;
  budgets(): BudgetSnapshot[];
  /** Stops the watches and budget reports; does not close the workspace. */
  dispose(): void;
}

/** Starts a session on an open workspace; events go to `emit`. */
export function startSession(
  workspace: Workspace,
  emit: <E extends EventName>(event: E, payload: EventMap[E]) => void,
  clock: Clock,
  log: (message: string) => void,
): Session {
  const controlRoom = new ControlRoom({
    live: workspace.live,
    publish: (update) => emit('watch.update', update),
    now: () => clock.now(),
  });
  const planner = new WatchPlanner({
    clock,
    budget: () => workspace.liveScheduler.state(),
    run: (task, signal) => controlRoom.runWatchTask(task, signal),
    onTaskError: (task, error) => {
      const message =
        error instanceof PlatformError ? redact(error.message) : 'The platform could not be read.';
      if (!(error instanceof PlatformError)) log(`watch ${task.topic} failed: ${describe(error)}`);
      emit('watch.update', {
        kind: 'error',
        watchId: task.subject,
        topic: task.topic,
        at: clock.now(),
        message,
      });
    },
  });
  controlRoom.attachPlanner(planner);
  const schedule = new ScheduleService({
    live: workspace.live,
    scheduler: workspace.liveScheduler,
    serviceAccountKey: workspace.info.serviceAccountKey,
    onProgress: (progress) => emit('schedule.batchProgress', progress),
    now: () => clock.now(),
    log,
  });

  const budgets = (): BudgetSnapshot[] => [
    workspace.liveScheduler.state(),
    workspace.vodScheduler.state(),
  ];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const onBudget = () => {
    timer ??= setTimeout(() => {
      timer = null;
      emit('budget.changed', budgets());
    }, budgetEventSpacingMs);
  };
  const offs = [
    workspace.liveScheduler.subscribe(onBudget),
    workspace.vodScheduler.subscribe(onBudget),
  ];

  return {
    workspace,
    controlRoom,
    schedule,
    planner,
    budgets,
    dispose() {
      planner.dispose();
      schedule.dispose();
      for (const off of offs) off();
      if (timer) clearTimeout(timer);
    },
  };
}

/** An error's stack or message, for the log. */
export function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
