/**
 * The sandbox platform's virtual clock.
 *
 * Virtual now = the virtual time at the last anchor + real time elapsed since that anchor ×
 * speed (0 while paused) + everything advanced. Real time keeps flowing (a demo broadcast's
 * time on air ticks by itself), a rehearsal runs it ×1 to ×60 faster or pauses it, and tests
 * jump forward with `advance`. Real time is read from a monotonic source, so a change of the
 * machine's wall clock does not move the platform's time. Only the platform's time runs faster:
 * the rate limit (rate-limit.ts) keeps counting real time, as the app's budget is real.
 */
export class VirtualClock {
  readonly #realNow: () => number;
  /** Virtual ms at the anchor. */
  #anchorVirtualMs: number;
  /** Real ms at the anchor. */
  #anchorRealMs: number;
  #speed = 1;
  #paused = false;

  /** The lowest speed (real time). */
  static readonly minSpeed = 1;
  /** The highest speed: an hour of the platform's time a real minute. */
  static readonly maxSpeed = 60;

  /**
   * @param start virtual time at creation (default: the real now).
   * @param realNow monotonic real time in ms (default `performance.now`); injectable for tests.
   */
  constructor(start: Date = new Date(), realNow: () => number = () => performance.now()) {
    this.#realNow = realNow;
    this.#anchorVirtualMs = start.getTime();
    this.#anchorRealMs = realNow();
  }

  /** The platform's current time (UTC instant). */
  now(): Date {
    return new Date(this.nowMs());
  }

  /** The platform's current time in ms since the Unix epoch. */
  nowMs(): number {
    if (this.#paused) return this.#anchorVirtualMs;
    return this.#anchorVirtualMs + (this.#realNow() - this.#anchorRealMs) * this.#speed;
  }

  /** How many virtual ms pass per real ms while running (1..60). */
  get speed(): number {
    return this.#speed;
  }

  /** Whether the platform's time stands still (only `advance` moves it then). */
  get paused(): boolean {
    return this.#paused;
  }

  /**
   * Runs the clock `speed` times faster than real time from now on; the time so far is kept.
   * @throws RangeError when `speed` is not a number from 1 to 60.
   */
  setSpeed(speed: number): void {
    if (!Number.isFinite(speed) || speed < VirtualClock.minSpeed || speed > VirtualClock.maxSpeed) {
      throw new RangeError(
        `The speed must be from ${VirtualClock.minSpeed} to ${VirtualClock.maxSpeed}, not ${speed}.`,
      );
    }
    this.#reanchor();
    this.#speed = speed;
  }

  /** Stops the platform's time where it is (idempotent). */
  pause(): void {
    this.#reanchor();
    this.#paused = true;
  }

  /** Lets the platform's time run again from where it stood, at the same speed (idempotent). */
  resume(): void {
    this.#reanchor();
    this.#paused = false;
  }

  /**
   * Jumps forward by `ms` milliseconds (also while paused).
   * @throws RangeError when `ms` is negative or not finite: the platform's time never goes back.
   */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) {
      throw new RangeError(`The clock only moves forward by a finite amount of ms, not ${ms}.`);
    }
    this.#anchorVirtualMs += ms;
  }

  /** Moves the anchor to now, so a change of speed or pause applies from now on only. */
  #reanchor(): void {
    this.#anchorVirtualMs = this.nowMs();
    this.#anchorRealMs = this.#realNow();
  }
}
