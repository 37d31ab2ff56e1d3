/**
 * The watch planner's outage (watch-planner.ts; `outageProbe` in watch-plan.ts): the first
 * read that finds the platform unreachable marks every watch stale at once, then one task at
 * a time probes at a short back-off while it is down, and the first answer re-reads every
 * stale task at once, focused first (docs/dev/architecture.md, "The API budget").
 */
import { PlatformError } from '../../platform/errors';
import type { TaskState } from './next-read';
import { outageProbeDelay, type WatchTask } from './watch-plan';

/** The tasks an outage marks and recovers, as the planner holds them now. */
export interface OutageTasks {
  tasks: () => readonly WatchTask[];
  stateOf: (id: string) => TaskState | undefined;
  /** Publishes a task's failure (the planner's `onTaskError`). */
  onTaskError?: (task: WatchTask, error: unknown) => void;
}

/** Whether the platform is unreachable, since when, and when to probe it next. */
export class WatchOutage {
  /**
   * The platform unreachable since `since`: `probes` failed reads since, the last at
   * `lastProbeAt`; the tasks marked stale are re-read when it answers. Null: reachable.
   */
  private state: { since: number; probes: number; lastProbeAt: number } | null = null;

  constructor(private readonly book: OutageTasks) {}

  /** Since when the platform is unreachable (epoch ms), or null when it answers. */
  get since(): number | null {
    return this.state?.since ?? null;
  }

  /**
   * A read found the platform unreachable at `now` (epoch ms): `failed` the task whose read
   * it was (null: a command's or a view's call), `reporting` the task that publishes its own
   * failure. The first one starts the outage and marks every other task stale at once (its
   * error published as theirs): what the operator sees is old, whatever its interval. Later
   * ones count the probes.
   */
  down(failed: WatchTask | null, reporting: string | undefined, error: unknown, now: number): void {
    if (this.state) {
      if (failed === null) return;
      this.state.probes += 1;
      this.state.lastProbeAt = now;
      return;
    }
    this.state = { since: now, probes: failed === null ? 0 : 1, lastProbeAt: now };
    for (const task of this.book.tasks()) {
      const state = this.book.stateOf(task.id);
      if (task.id === reporting || !state || state.dormant) continue;
      state.failures = Math.max(1, state.failures);
      this.book.onTaskError?.(task, error);
    }
  }

  /**
   * The platform answered after an outage: every task that failed meanwhile is read again
   * at once, as if never read (focused first), except `answered`, which just was.
   */
  recover(answered: string): void {
    this.state = null;
    for (const task of this.book.tasks()) {
      const state = this.book.stateOf(task.id);
      if (!state || task.id === answered || state.dormant || state.failures === 0) continue;
      state.lastRunAt = null;
      state.failures = 0;
    }
  }

  /**
   * While the platform is down, when the next probe is due (epoch ms): after the outage's
   * short back-off (`outageProbeDelay`). Infinity while it answers.
   */
  probeDue(): number {
    return this.state ? this.state.lastProbeAt + outageProbeDelay(this.state.probes) : Infinity;
  }

  /**
   * The task that makes the probe, the focused broadcast's first, then the shortest interval.
   * No task awake ends the outage (the next subscription or answer plans again): null.
   */
  probeTask(): WatchTask | null {
    const task = probeTarget(this.book.tasks(), this.book.stateOf);
    if (!task) this.state = null;
    return task;
  }
}

/**
 * The task that probes a platform found unreachable: the focused broadcast's first, then
 * the shortest interval; null when no task is awake.
 */
export function probeTarget(
  tasks: readonly WatchTask[],
  stateOf: (id: string) => TaskState | undefined,
): WatchTask | null {
  let best: WatchTask | null = null;
  for (const task of tasks) {
    const state = stateOf(task.id);
    if (!state || state.dormant) continue;
    if (
      !best ||
      (task.focused && !best.focused) ||
      (task.focused === best.focused && task.intervalMs < best.intervalMs)
    )
      best = task;
  }
  return best;
}

/**
 * Whether a read's failure says the platform is unreachable rather than refusing: no answer
 * at all (`network`), or a gateway's 502, 503 or 504 in front of it.
 */
export function unreachable(error: unknown): boolean {
  if (!(error instanceof PlatformError)) return false;
  const { code, status } = error.error;
  return code === 'network' || status === 502 || status === 503 || status === 504;
}
