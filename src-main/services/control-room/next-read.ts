/**
 * Which watch read the planner starts next while the platform answers (watch-planner.ts;
 * docs/dev/architecture.md, "The API budget"); while it does not, watch-outage.ts picks the
 * probe. Pure: it reads the tasks' state and changes nothing.
 */
import { effectiveInterval, perBroadcast, type WatchTask } from './watch-plan';

/** What the planner knows of one task's reads. */
export interface TaskState {
  /** When it was last read (epoch ms), null: never, or to be read as if never. */
  lastRunAt: number | null;
  failures: number;
  /** Set by `skip` when a task has nothing to read (e.g. participants of an ended broadcast). */
  dormant: boolean;
}

/**
 * The task most overdue at `now` (epoch ms) relative to its interval (widened by
 * `yieldFactor`), or null with `nextDue`, when the next one falls due (Infinity: none).
 * Never-read tasks come first, the focused broadcast's before any other; the focused
 * broadcast counts double. Per-broadcast Multiview reads wait until `gapEnd` (epoch ms).
 */
export function mostOverdue(
  tasks: readonly WatchTask[],
  stateOf: (id: string) => TaskState | undefined,
  now: number,
  yieldFactor: number,
  gapEnd: number,
): { best: WatchTask | null; nextDue: number } {
  let best: { task: WatchTask; score: number } | null = null;
  let nextDue = Infinity;
  for (const task of tasks) {
    const state = stateOf(task.id);
    if (!state || state.dormant) continue;
    if (perBroadcast(task) && gapEnd > now) {
      nextDue = Math.min(nextDue, Math.max(gapEnd, (state.lastRunAt ?? 0) + task.intervalMs));
      continue;
    }
    const interval = effectiveInterval(task, state.failures) * yieldFactor;
    if (state.lastRunAt === null) {
      // Never fetched: most urgent; the focused broadcast's tasks before any other.
      const score = (task.focused ? 1e12 : 1e9) / task.intervalMs;
      if (!best || score > best.score) best = { task, score };
      continue;
    }
    const due = state.lastRunAt + interval;
    if (due <= now) {
      // How overdue, relative to its interval; the focused broadcast counts double.
      const score = ((now - state.lastRunAt) / interval) * (task.focused ? 2 : 1);
      if (!best || score > best.score) best = { task, score };
    } else nextDue = Math.min(nextDue, due);
  }
  return { best: best?.task ?? null, nextDue };
}
