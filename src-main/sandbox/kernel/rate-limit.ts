/**
 * The platform's rate limit (spec, Limits: 60 calls a minute, consecutive calls at least 1 s
 * apart; observed: the same for VOD v3). Measured in real monotonic time, never on the virtual
 * clock, so that advancing the clock does not refill the budget.
 */

/** The policy; the defaults are the platform's. All times in ms. */
export interface RateLimitPolicy {
  /** Minimum time between two accepted calls of one caller (default 1000 ms). */
  spacingMs: number;
  /** Length of the sliding window (default 60 000 ms). */
  windowMs: number;
  /** Accepted calls allowed in any window (default 60). */
  maxCalls: number;
  /** Monotonic time source in ms (default `performance.now`); injectable for tests. */
  now: () => number;
}

/** A decision: accepted, or refused with the wait before a call could be accepted. */
export type RateLimitDecision =
  { accepted: true } | { accepted: false; retryAfterMs: number; retryAfterSeconds: number };

export const defaultRateLimitPolicy: RateLimitPolicy = {
  spacingMs: 1000,
  windowMs: 60_000,
  maxCalls: 60,
  now: () => performance.now(),
};

/**
 * Sliding-window limiter per caller key (a service account, or a VOD access token).
 * Only accepted calls are counted: a refused call (429) neither extends the spacing nor uses
 * the budget, so a client that honours `Retry-After` gets through on its next try.
 */
export class RateLimiter {
  readonly #policy: RateLimitPolicy;
  readonly #accepted = new Map<string, number[]>();
  #enabled: boolean;

  constructor(policy: Partial<RateLimitPolicy> = {}, enabled = true) {
    this.#policy = { ...defaultRateLimitPolicy, ...policy };
    this.#enabled = enabled;
  }

  get enabled(): boolean {
    return this.#enabled;
  }

  /** Switches limiting on or off; switching clears the history of accepted calls. */
  setEnabled(enabled: boolean): void {
    this.#enabled = enabled;
    this.#accepted.clear();
  }

  /** Decides on one call of `key` now, and records it when accepted. */
  take(key: string): RateLimitDecision {
    if (!this.#enabled) return { accepted: true };
    const { spacingMs, windowMs, maxCalls } = this.#policy;
    const now = this.#policy.now();
    // Calls exactly windowMs ago have left the window: it is (now - windowMs, now].
    const calls = (this.#accepted.get(key) ?? []).filter((at) => at > now - windowMs);
    const last = calls.at(-1);
    let waitMs = 0;
    if (last !== undefined && now - last < spacingMs) waitMs = spacingMs - (now - last);
    if (calls.length >= maxCalls) {
      const oldestThatMustLeave = calls[calls.length - maxCalls] ?? now;
      waitMs = Math.max(waitMs, oldestThatMustLeave + windowMs - now);
    }
    if (waitMs > 0) {
      this.#accepted.set(key, calls);
      return {
        accepted: false,
        retryAfterMs: waitMs,
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
      };
    }
    calls.push(now);
    this.#accepted.set(key, calls);
    return { accepted: true };
  }
}
