/**
 * How long to hold the queue after a 429. Observed platform: the refusal should carry
 * `Retry-After` in seconds, but clients must cope with a 429 that has none
 * (docs/platform-facts.md, "Rate limit").
 */

/** First back-off without `Retry-After`, ms; it doubles on each consecutive 429. */
export const firstBackoffMs = 2_000;
/** Longest back-off without `Retry-After`, ms. */
export const maxBackoffMs = 60_000;

/**
 * Parses a `Retry-After` value (RFC 9110 §10.2.3: delta-seconds or an HTTP-date) into the
 * milliseconds to wait from `nowMs` (epoch ms). Returns null when the header is absent or
 * unreadable, so the caller falls back to `refusalPauseMs`. A date in the past gives 0.
 */
export function retryAfterMs(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}

/**
 * How long the queue pauses after the `step`-th consecutive 429 without `Retry-After` (step 1
 * is the first): 2 s, 4 s, 8 s, ... capped at 60 s. Returns ms.
 */
export function refusalPauseMs(step: number): number {
  return doublingMs(step, firstBackoffMs, maxBackoffMs);
}

/**
 * The `step`-th wait of a doubling back-off (step 1 is the first): `firstMs`, twice that, four
 * times, ... never more than `capMs`. Returns ms. The one doubling of the app: the queue's
 * pause after a 429 ({@link refusalPauseMs}) and an upload's wait before its next try
 * (services/uploads/upload-figures.ts) both take it.
 */
export function doublingMs(step: number, firstMs: number, capMs: number): number {
  const exponent = Math.max(0, Math.min(step - 1, 30));
  return Math.min(firstMs * 2 ** exponent, capMs);
}

/** The 429s so far: how long the whole queue is paused, how many, when the last came. */
export class Refusals {
  /** Epoch ms until which no call may start, or null once no 429 pause holds. */
  until: number | null = null;
  /** Epoch ms of the last 429, or null. */
  last: number | null = null;
  total = 0;
  /** Consecutive 429s without `Retry-After`. */
  #backoffStep = 0;

  /** Records a 429 answered at `now` (epoch ms) with this `Retry-After` header value. */
  refused(retryAfter: string | null, now: number): void {
    this.total += 1;
    this.last = now;
    let waitMs = retryAfterMs(retryAfter, now);
    if (waitMs === null) {
      this.#backoffStep += 1;
      waitMs = refusalPauseMs(this.#backoffStep);
    }
    this.until = Math.max(this.until ?? -Infinity, now + waitMs);
  }

  /** Any answer other than 429: the next back-off starts again from 2 s. */
  accepted(): void {
    this.#backoffStep = 0;
  }

  /** The pause end if it is still ahead of `now`, else null. */
  pausedUntil(now: number): number | null {
    return this.until !== null && this.until > now ? this.until : null;
  }
}
