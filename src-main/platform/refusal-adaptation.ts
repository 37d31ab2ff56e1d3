/**
 * What the request scheduler (scheduler.ts) does about the platform's 429s: how long each
 * priority waits after one, the safety margin on the spacing, and the good neighbour's share
 * for background calls (docs/dev/architecture.md, "The API budget"; docs/platform-facts.md,
 * "Rate limit": 60 calls a minute, at least 1 s apart, per service account; a 429 is a refusal
 * before acting, not counted by the platform).
 *
 * The rules:
 * - A 429 holds every call until its `Retry-After` (retry-after.ts), with one exception below.
 * - The first 429 of an episode on a call that left within the spacing and the widest margin
 *   of our previous one widens the safety margin (safety-margin.ts): our spacing was too tight
 *   for the way to the platform. A later call was refused because another client of the
 *   account spent the slot, and a wider margin would only slow every later call.
 * - Every 429 lowers the background share (rate-policy.ts, additive increase and
 *   multiplicative decrease): `watch` and `bulk` starts keep to it in any 60 s.
 * - Commands probe the spacing. A `Retry-After` of at most the platform's spacing (1 s) says
 *   that the slot opens within that time, not at its end: the header counts whole seconds, and
 *   the call another client placed, which the refusal answers for, may have gone up to 1 s
 *   earlier. The slot then goes to whichever client asks first once it opens, and a client
 *   that never retries (30 calls a minute at random moments) takes it with a chance of about
 *   half its rate times our delay. So a command (the refused command's re-read, and its
 *   resend) tries again every `commandProbeMs` (200 ms) within the wait, and never before the
 *   slot can open: the call that holds it was accepted at least one spacing after our own last
 *   call still in the start log, so the slot opens no sooner than two spacings after that
 *   call's start. A refused try costs the account nothing (it counts in our calls a minute,
 *   and lowers the background share, so watches make room for it); the other priorities still
 *   wait for the whole `Retry-After`. A wait longer than the spacing (the minute's 60 are
 *   spent) is kept by commands too. The probe step was chosen by a model of the foreign
 *   client against the candidate policies (docs/dev/architecture.md, "The API budget").
 */
import { Refusals, retryAfterMs } from './retry-after';
import { SafetyMargin } from './safety-margin';
import { RatePolicy, type RatePolicyRule } from './rate-policy';
import type { Priority } from './budget-state';
import { windowMs } from './start-log';

/** The numbers of the rules; ms and calls a minute. */
export interface RefusalAdaptationOptions {
  /** The platform's calls a minute (the background share's ceiling). */
  limitPerMinute: number;
  /** The platform's least time between two calls, ms. */
  spacingMs: number;
  /** The safety margin on the spacing to start with, ms. */
  marginMs: number;
  /** The widest safety margin, ms. */
  maxMarginMs: number;
  /** The background share's rule (rate-policy.ts); the ceiling is `limitPerMinute`. */
  rate?: Partial<RatePolicyRule>;
  /** Between two tries of a command within a spacing `Retry-After`, ms (default 200). */
  commandProbeMs?: number;
}

/** The 429 episode's state as the scheduler reads it; every time is epoch ms. */
export class RefusalAdaptation {
  readonly refusals = new Refusals();
  readonly margin: SafetyMargin;
  readonly rate: RatePolicy;
  readonly #spacingMs: number;
  /** Start times of `watch` and `bulk` calls in the last 60 s (the background share). */
  #backgroundStarts: number[] = [];
  readonly #commandProbeMs: number;
  /** When a command may try again after a spacing 429, or null (it waits like the others). */
  #commandAt: number | null = null;

  /** @throws RangeError from the rate policy's rule. */
  constructor(options: RefusalAdaptationOptions) {
    this.#spacingMs = options.spacingMs;
    this.#commandProbeMs = options.commandProbeMs ?? 200;
    this.margin = new SafetyMargin({
      baseMs: options.marginMs,
      maxMs: Math.max(options.marginMs, options.maxMarginMs),
    });
    this.rate = new RatePolicy({
      ceilingPerMinute: options.limitPerMinute,
      floorPerMinute: Math.min(options.limitPerMinute, options.rate?.floorPerMinute ?? 12),
      ...options.rate,
    });
  }

  /**
   * A call was answered with anything but 429. Returns the new safety margin in ms when it
   * narrowed, else null.
   */
  accepted(): number | null {
    this.refusals.accepted();
    this.#commandAt = null;
    return this.margin.accepted() ? this.margin.currentMs : null;
  }

  /**
   * A call was answered 429 at `now` with this `Retry-After` header value; `gapBeforeMs` is the
   * time from our previous call start to this call's start (Infinity for the first);
   * `ownLastStart` is the start of our last call still in the start log (epoch ms; refused
   * calls leave it), or null. Returns the new safety margin in ms when it widened, else null.
   */
  refused(
    retryAfter: string | null,
    gapBeforeMs: number,
    now: number,
    ownLastStart: number | null = null,
  ): number | null {
    const ours = gapBeforeMs < this.#spacingMs + this.margin.policy.maxMs;
    const widened = ours && this.refusals.pausedUntil(now) === null && this.margin.refused();
    this.rate.refused(now);
    this.refusals.refused(retryAfter, now);
    const waitMs = retryAfterMs(retryAfter, now);
    if (waitMs === null || waitMs > this.#spacingMs) {
      this.#commandAt = null;
    } else {
      // The slot opens no sooner than one spacing after the foreign call that holds it, which
      // the platform took at least one spacing after our own last call.
      const opensFrom = ownLastStart === null ? -Infinity : ownLastStart + 2 * this.#spacingMs;
      this.#commandAt = Math.min(now + waitMs, Math.max(now + this.#commandProbeMs, opensFrom));
    }
    return widened ? this.margin.currentMs : null;
  }

  /**
   * Epoch ms before which a call of `priority` may not start for a 429, or -Infinity: the
   * whole `Retry-After`, but for a command after a spacing 429 its next try (the rules above):
   * what the operator's "trying again in N s" counts down to.
   */
  holdUntil(priority: Priority): number {
    const until = this.refusals.until ?? -Infinity;
    if (priority !== 'command' || this.#commandAt === null) return until;
    return Math.min(until, this.#commandAt);
  }

  /** Records a call start at `now` (the background share counts `watch` and `bulk`). */
  started(priority: Priority, now: number): void {
    if (priority === 'watch' || priority === 'bulk') this.#backgroundStarts.push(now);
  }

  /** Earliest epoch ms at which one more background call keeps within the background share. */
  backgroundOpensAt(now: number): number {
    this.#backgroundStarts = this.#backgroundStarts.filter((at) => at > now - windowMs);
    const cap = this.rate.perMinute(now);
    if (this.#backgroundStarts.length < cap) return now;
    const leaving = this.#backgroundStarts[this.#backgroundStarts.length - cap] ?? now;
    return leaving + windowMs;
  }
}
