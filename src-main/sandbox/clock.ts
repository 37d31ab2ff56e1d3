/**
 * The sandbox platform's virtual clock.
 *
 * Virtual now = start + real time elapsed since the clock was made + everything advanced.
 * Real time keeps flowing (a demo broadcast's time on air ticks by itself) and tests jump
 * forward with `advance`. Real time is read from a monotonic source, so a change of the
 * machine's wall clock does not move the platform's time.
 */
export class VirtualClock {
  readonly #startMs: number;
  readonly #realNow: () => number;
  readonly #realStart: number;
  #advancedMs = 0;

  /**
   * @param start virtual time at creation (default: the real now).
   * @param realNow monotonic real time in ms (default `performance.now`); injectable for tests.
   */
  constructor(start: Date = new Date(), realNow: () => number = () => performance.now()) {
    this.#startMs = start.getTime();
    this.#realNow = realNow;
    this.#realStart = realNow();
  }

  /** The platform's current time (UTC instant). */
  now(): Date {
    return new Date(this.nowMs());
  }

  /** The platform's current time in ms since the Unix epoch. */
  nowMs(): number {
    return this.#startMs + (this.#realNow() - this.#realStart) + this.#advancedMs;
  }

  /**
   * Jumps forward by `ms` milliseconds.
   * @throws RangeError when `ms` is negative or not finite: the platform's time never goes back.
   */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) {
      throw new RangeError(`The clock only moves forward by a finite amount of ms, not ${ms}.`);
    }
    this.#advancedMs += ms;
  }
}
