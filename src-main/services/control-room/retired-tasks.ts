/**
 * The watch tasks the planner's last rebuild dropped, with their state (watch-planner.ts): a
 * watch subscribed again at once (within {@link retiredForMs}: the Multiview's pins, an
 * unsubscribe and a subscribe milliseconds apart) takes its reads' ages back instead of reading
 * everything anew. Later (a view opened again after the operator was elsewhere), or once a
 * command made its topic stale (`drop`), it reads at once, as a new watch does.
 */
import type { TaskState } from './next-read';
import { retiredForMs, type WatchTopic } from './watch-plan';

export class RetiredTasks {
  private tasks = new Map<string, TaskState>();
  private at = 0;

  /**
   * The state task `id` takes back at `now` (ms): `'kept'` when it retired within
   * `retiredForMs`, `'gone'` when it retired longer ago (its answer is old too), or null when
   * it was not retired.
   */
  takeBack(id: string, now: number): { state: TaskState } | 'gone' | null {
    const state = this.tasks.get(id);
    if (!state) return null;
    return now - this.at <= retiredForMs ? { state } : 'gone';
  }

  /** Replaces the retired tasks with those a rebuild dropped at `now` (ms). */
  replace(dropped: Map<string, TaskState>, now: number): void {
    this.tasks = dropped;
    this.at = now;
  }

  /** Forgets the retired tasks of `topic` (a command changed what they show); answers their ids. */
  drop(topic: WatchTopic): string[] {
    const ids = [...this.tasks.keys()].filter((id) => id.startsWith(`${topic}:`));
    for (const id of ids) this.tasks.delete(id);
    return ids;
  }
}
