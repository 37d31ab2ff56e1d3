/**
 * The scheduler's safety margin over the platform's spacing, adapted to what the platform
 * says. The scheduler stamps a call's start when it leaves the queue; the platform judges the
 * call when it arrives. Between the two lie the app's event loop, the network and the
 * platform's own loop, and on a busy workstation (or a WAN) two consecutive calls can arrive
 * closer together than they left. A 429 the scheduler's own records say should not have
 * happened is the platform telling us the margin is too small: widen it. A long run of
 * accepted calls narrows it again, step by step, so one bad minute does not cost the
 * operator's commands a slower queue all day.
 */

/** How the margin moves; all in ms except `narrowAfterCalls`. */
export interface SafetyMarginPolicy {
  /** Where it starts and the least it narrows back to, ms (default 100). */
  baseMs: number;
  /** Most it widens to, ms (default 300: a slot of 1.3 s at the platform's 1 s spacing). */
  maxMs: number;
  /** Added on each 429 episode, and taken off on each narrowing step, ms (default 50). */
  stepMs: number;
  /** Accepted calls in a row (no 429) before one narrowing step (default 120: ~2 min at full pace). */
  narrowAfterCalls: number;
}

export const defaultSafetyMargin: SafetyMarginPolicy = {
  baseMs: 100,
  maxMs: 300,
  stepMs: 50,
  narrowAfterCalls: 120,
};

/** The current margin, widened by 429s and narrowed by long runs of accepted calls. */
export class SafetyMargin {
  readonly policy: SafetyMarginPolicy;
  #currentMs: number;
  #acceptedInARow = 0;

  /** @throws RangeError when the policy's numbers are negative or base > max. */
  constructor(policy: Partial<SafetyMarginPolicy> = {}) {
    this.policy = { ...defaultSafetyMargin, ...policy };
    const { baseMs, maxMs, stepMs, narrowAfterCalls } = this.policy;
    if (!(baseMs >= 0 && maxMs >= baseMs && stepMs >= 0 && narrowAfterCalls >= 1)) {
      throw new RangeError('SafetyMargin: 0 <= base <= max, step >= 0, narrowAfterCalls >= 1');
    }
    this.#currentMs = baseMs;
  }

  /** The margin now, ms. */
  get currentMs(): number {
    return this.#currentMs;
  }

  /**
   * A 429 episode began (the first refusal of a pause, not each call refused inside it).
   * Returns true when the margin changed.
   */
  refused(): boolean {
    this.#acceptedInARow = 0;
    const next = Math.min(this.policy.maxMs, this.#currentMs + this.policy.stepMs);
    const changed = next !== this.#currentMs;
    this.#currentMs = next;
    return changed;
  }

  /** A call was answered with anything but 429. Returns true when the margin narrowed. */
  accepted(): boolean {
    if (this.#currentMs <= this.policy.baseMs) return false;
    this.#acceptedInARow += 1;
    if (this.#acceptedInARow < this.policy.narrowAfterCalls) return false;
    this.#acceptedInARow = 0;
    this.#currentMs = Math.max(this.policy.baseMs, this.#currentMs - this.policy.stepMs);
    return true;
  }
}
