/**
 * A deterministic manual clock for tests and the benchmark (the sandbox platform's own time is
 * its virtual clock, `sandbox/kernel/clock.ts`): time moves only when told to,
 * timers fire in order of due time (then of creation), and pending promise callbacks run
 * between two timers, so a discrete-event simulation of minutes takes milliseconds.
 */
import type { Clock } from './clock';

interface Timer {
  id: number;
  due: number;
  fn: () => void;
}

/** 2025-01-01T09:00:00Z: a whole second, so HTTP-dates round-trip exactly. */
const defaultStart = Date.UTC(2025, 0, 1, 9, 0, 0);

/** Lets every queued promise callback run (one real macrotask turn). */
function drainMicrotasks(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A `Clock` whose time only advances through `advance`, `advanceTo` or `runUntil`. */
export class ManualClock implements Clock {
  #now: number;
  #nextId = 1;
  readonly #timers = new Map<number, Timer>();

  /** @param startMs the initial epoch ms (default 2025-01-01T09:00:00Z). */
  constructor(startMs: number = defaultStart) {
    this.#now = startMs;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(fn: () => void, ms: number): number {
    const id = this.#nextId++;
    this.#timers.set(id, { id, due: this.#now + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    if (typeof handle === 'number') this.#timers.delete(handle);
  }

  /** Timers not yet fired. */
  get pendingTimers(): number {
    return this.#timers.size;
  }

  /** Moves time forward by `ms`, firing every timer due on the way. */
  async advance(ms: number): Promise<void> {
    await this.advanceTo(this.#now + ms);
  }

  /** Moves time forward to epoch ms `target`, firing every timer due on the way. */
  async advanceTo(target: number): Promise<void> {
    await this.runUntil(() => false, target - this.#now);
    this.#now = Math.max(this.#now, target);
    await drainMicrotasks();
  }

  /**
   * Fires timers one by one until `done()` is true or the next timer is more than `limitMs`
   * away from the start. Returns whether `done()` became true; time stays at the last timer.
   */
  async runUntil(done: () => boolean, limitMs: number): Promise<boolean> {
    const deadline = this.#now + limitMs;
    for (;;) {
      await drainMicrotasks();
      if (done()) return true;
      const next = this.#nextTimer();
      if (next === undefined || next.due > deadline) return false;
      this.#timers.delete(next.id);
      this.#now = Math.max(this.#now, next.due);
      next.fn();
    }
  }

  #nextTimer(): Timer | undefined {
    let best: Timer | undefined;
    for (const timer of this.#timers.values()) {
      if (best === undefined || timer.due < best.due) best = timer;
    }
    return best;
  }
}
