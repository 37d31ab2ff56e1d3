/**
 * How much of the account's budget the app lets itself take for background calls, adapted to
 * the platform's 429s (docs/dev/architecture.md, "The API budget": a good neighbour). The platform
 * allows 60 calls a minute at least 1 s apart per service account (docs/platform-facts.md,
 * "Rate limit"), shared with every other client of the account. A 429 that our own pacing says
 * should not have happened means someone else is spending the account: the app then lowers
 * its own rate, and climbs back slowly while calls are accepted.
 *
 * The rule (additive increase, multiplicative decrease):
 * - start at the platform's limit, `ceilingPerMinute` (60 calls a minute);
 * - on a 429, multiply the rate by `decreaseFactor` (0.5), never below `floorPerMinute`
 *   (12 calls a minute), at most once per `decreaseHoldMs` (10 s): the 429s of one collision
 *   (a read retried, the re-read of a command) count as one;
 * - after `increaseEveryMs` (15 s) without a 429, add `increaseStep` (1 call a minute), and again
 *   every 15 s: +4 calls a minute per quiet minute, so from 12 back to 60 takes 12 quiet
 *   minutes, and one 429 halves it again.
 *
 * The rate bounds the starts of the scheduler's `watch` and `bulk` calls in any 60 s
 * (scheduler.ts); commands and views are held only by the platform's own limit, so the
 * operator's buttons never wait for the app's courtesy. The watch planner widens its intervals
 * by `ceilingPerMinute / rate`, at most ×3 (watch-planner.ts), and the scheduler holds the rest.
 */

/** The numbers of the rule; calls a minute and ms. */
export interface RatePolicyRule {
  /** The most, and the start: the platform's limit, calls a minute (default 60). */
  ceilingPerMinute: number;
  /** The least the rate falls to, calls a minute (default 12). */
  floorPerMinute: number;
  /** Multiplies the rate on a 429 (default 0.5). */
  decreaseFactor: number;
  /** Least time between two decreases, ms (default 10 000). */
  decreaseHoldMs: number;
  /** Added after each quiet `increaseEveryMs`, calls a minute (default 1). */
  increaseStep: number;
  /** Quiet time (no 429) per increase step, ms (default 15 000). */
  increaseEveryMs: number;
}

export const defaultRatePolicy: RatePolicyRule = {
  ceilingPerMinute: 60,
  floorPerMinute: 12,
  decreaseFactor: 0.5,
  decreaseHoldMs: 10_000,
  increaseStep: 1,
  increaseEveryMs: 15_000,
};

/**
 * The current background rate under the rule above. Pure state: every method takes the time
 * (epoch ms, the scheduler's clock), so tests drive it with a manual clock.
 */
export class RatePolicy {
  readonly rule: RatePolicyRule;
  #rate: number;
  /** When the rate last changed or was confirmed by a 429 (epoch ms), null before any 429. */
  #since: number | null = null;
  #lastDecreaseAt: number | null = null;

  /** @throws RangeError when floor > ceiling, the factor is outside (0, 1], or a time is not positive. */
  constructor(rule: Partial<RatePolicyRule> = {}) {
    this.rule = { ...defaultRatePolicy, ...rule };
    const r = this.rule;
    if (
      !(r.floorPerMinute >= 1 && r.ceilingPerMinute >= r.floorPerMinute) ||
      !(r.decreaseFactor > 0 && r.decreaseFactor <= 1) ||
      !(r.decreaseHoldMs >= 0 && r.increaseEveryMs > 0 && r.increaseStep >= 0)
    ) {
      throw new RangeError('RatePolicy: 1 <= floor <= ceiling, 0 < factor <= 1, times > 0');
    }
    this.#rate = r.ceilingPerMinute;
  }

  /** A 429 answered at `now`: lowers the rate (once per hold time). Returns true when it fell. */
  refused(now: number): boolean {
    this.#settle(now);
    this.#since = now;
    if (this.#lastDecreaseAt !== null && now - this.#lastDecreaseAt < this.rule.decreaseHoldMs) {
      return false;
    }
    this.#lastDecreaseAt = now;
    const next = Math.max(this.rule.floorPerMinute, this.#rate * this.rule.decreaseFactor);
    const fell = next < this.#rate;
    this.#rate = next;
    return fell;
  }

  /** Background calls a minute allowed at `now`, whole calls (the quiet time since the last 429 counted). */
  perMinute(now: number): number {
    this.#settle(now);
    return Math.floor(this.#rate);
  }

  /** True when the rate is below the ceiling at `now` (the app is yielding). */
  lowered(now: number): boolean {
    return this.perMinute(now) < this.rule.ceilingPerMinute;
  }

  /** Applies the additive increases earned since `#since` up to `now`. */
  #settle(now: number): void {
    if (this.#since === null || this.#rate >= this.rule.ceilingPerMinute) return;
    const steps = Math.floor((now - this.#since) / this.rule.increaseEveryMs);
    if (steps <= 0) return;
    this.#rate = Math.min(this.rule.ceilingPerMinute, this.#rate + steps * this.rule.increaseStep);
    this.#since += steps * this.rule.increaseEveryMs;
  }
}
