/**
 * The time source of the request scheduler, injectable so that tests and the benchmark run
 * in virtual time (see `manual-clock.ts`). All values are milliseconds.
 */
export interface Clock {
  /** Epoch milliseconds (UTC), like `Date.now()`. */
  now(): number;
  /** Calls `fn` once after `ms` milliseconds; returns a handle for `clearTimeout`. */
  setTimeout(fn: () => void, ms: number): unknown;
  /** Cancels a pending `setTimeout`; an unknown or fired handle is ignored. */
  clearTimeout(handle: unknown): void;
}

/** The wall clock: `Date.now()` and the runtime's timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

/** One re-armable timer on a `Clock` that calls `fn` at an epoch ms. */
export class Alarm {
  #armed: { at: number; handle: unknown } | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly fn: () => void,
  ) {}

  /** Rings at epoch ms `at` (at once if past), replacing any earlier setting. */
  setAt(at: number): void {
    if (this.#armed?.at === at) return;
    this.clear();
    const handle = this.clock.setTimeout(
      () => {
        this.#armed = null;
        this.fn();
      },
      Math.max(0, at - this.clock.now()),
    );
    this.#armed = { at, handle };
  }

  clear(): void {
    if (this.#armed === null) return;
    this.clock.clearTimeout(this.#armed.handle);
    this.#armed = null;
  }
}
