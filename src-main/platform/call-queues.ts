/**
 * The request scheduler's waiting calls (scheduler.ts; docs/dev/architecture.md, "The API budget"):
 * one queue per priority, identical GETs found by key so that they share one call, and turns
 * among owners (studio seats, and this desk: call-owner.ts) within a priority, so one seat's
 * many reads never starve another's.
 */
import { priorities, type Priority } from './budget-state';
import type { ScheduledCall } from './scheduled-call';

/** The queued calls by priority, and every call not finished yet by its sharing key. */
export class CallQueues {
  #queues: Record<Priority, ScheduledCall[]> = { command: [], view: [], watch: [], bulk: [] };
  /** Calls queued or in flight by sharing key: an identical GET joins the one there. */
  readonly #byKey = new Map<string, ScheduledCall>();
  /** The owner whose call of each priority started last: the next turn goes to another. */
  readonly #lastOwner: Partial<Record<Priority, string>> = {};

  /** The call not finished yet that an identical GET with `key` would share, if any. */
  shared(key: string | null): ScheduledCall | undefined {
    return key === null ? undefined : this.#byKey.get(key);
  }

  /** Queues a new call at the end of its priority's queue, findable by its key. */
  add(call: ScheduledCall): void {
    this.#queues[call.priority].push(call);
    if (call.key !== null) this.#byKey.set(call.key, call);
  }

  /** Moves a queued call to `priority`'s queue (a caller of a higher priority joined it). */
  raise(call: ScheduledCall, priority: Priority): void {
    this.remove(call);
    call.priority = priority;
    this.#queues[priority].push(call);
  }

  /** Puts a call back at the head of its priority's queue (a read refused with 429). */
  requeueFirst(call: ScheduledCall): void {
    this.#queues[call.priority].unshift(call);
  }

  /** Takes a call out of its queue (starting, or abandoned); its key stays until `finished`. */
  remove(call: ScheduledCall): void {
    const queue = this.#queues[call.priority];
    const index = queue.indexOf(call);
    if (index >= 0) queue.splice(index, 1);
  }

  /** The call is over: identical GETs now start a fresh one. */
  finished(call: ScheduledCall): void {
    if (call.key !== null && this.#byKey.get(call.key) === call) this.#byKey.delete(call.key);
  }

  /** Takes every queued call of `priority` out, oldest first. */
  drain(priority: Priority): ScheduledCall[] {
    return this.#queues[priority].splice(0);
  }

  /** Takes every queued call out and forgets every key (the scheduler is disposed). */
  clear(): ScheduledCall[] {
    const all = priorities.flatMap((p) => this.#queues[p]);
    this.#queues = { command: [], view: [], watch: [], bulk: [] };
    this.#byKey.clear();
    return all;
  }

  /** How many calls wait at each priority. */
  counts(): Record<Priority, number> {
    const q = this.#queues;
    return {
      command: q.command.length,
      view: q.view.length,
      watch: q.watch.length,
      bulk: q.bulk.length,
    };
  }

  /** The call to start next: of the highest priority waiting, whose owner's turn it is. */
  next(): ScheduledCall | undefined {
    return priorities.map((p) => this.#nextOf(p)).find((c) => c !== undefined);
  }

  /** Records that `call` starts: the next turn at its priority goes to another owner. */
  starting(call: ScheduledCall): void {
    this.#lastOwner[call.priority] = call.owner;
    this.remove(call);
  }

  /**
   * The call of priority `p` to start next: the oldest of the owner whose turn it is (the
   * first owner by name after the one served last, wrapping round), or simply the oldest.
   */
  #nextOf(p: Priority): ScheduledCall | undefined {
    const queue = this.#queues[p];
    const first = queue[0];
    if (first === undefined || queue.every((c) => c.owner === first.owner)) return first;
    const owners = [...new Set(queue.map((c) => c.owner))].sort();
    const last = this.#lastOwner[p];
    const next = (last === undefined ? undefined : owners.find((o) => o > last)) ?? owners[0];
    return queue.find((c) => c.owner === next) ?? first;
  }
}
