/**
 * The platform's rate rule as a record of call starts (docs/platform-facts.md,
 * "Rate limit": 60 calls a minute, at least 1 s apart). Times are epoch ms.
 */

/** Length of the sliding window the per-minute limit applies to, ms. */
export const windowMs = 60_000;

/** Recent call starts, and the earliest moment the next one may start. */
export class StartLog {
  /** Start times, oldest first; trimmed to what the window rule still needs. */
  #starts: number[] = [];

  #marginMs: number;

  /**
   * @param limitPerMinute most starts in any sliding 60 s window
   * @param platformSpacingMs the platform's least time between two consecutive starts, ms
   * @param marginMs added to the spacing and to the 60 s window so that the jitter between a
   *   call leaving and arriving never trips the platform, ms (see safety-margin.ts)
   */
  constructor(
    readonly limitPerMinute: number,
    readonly platformSpacingMs: number,
    marginMs: number,
  ) {
    this.#marginMs = marginMs;
  }

  /** The margin now, ms. */
  get marginMs(): number {
    return this.#marginMs;
  }

  /** Least time between two consecutive starts, margin included, ms. */
  get spacingMs(): number {
    return this.platformSpacingMs + this.#marginMs;
  }

  /** Changes the margin for the starts to come (the safety margin adapted), ms. */
  setMargin(marginMs: number): void {
    this.#marginMs = marginMs;
  }

  /** Records a call start at `at`. */
  record(at: number): void {
    this.#starts.push(at);
    const keepFrom = at - windowMs - this.marginMs;
    const oldest = this.#starts[0];
    if (this.#starts.length > this.limitPerMinute && oldest !== undefined && oldest <= keepFrom) {
      this.#starts = this.#starts.filter((start) => start > keepFrom);
    }
  }

  /**
   * Earliest epoch ms the next call may start: the spacing and the window both allow it.
   * `lastAnsweredAt` (epoch ms), when the last start's call was accepted and its answer came
   * then: the platform took that call no later than its answer, so one platform spacing after
   * the answer keeps to the spacing whatever the jitter on the way, and the margin is not
   * needed (the earlier of the two rules applies).
   */
  earliestNext(lastAnsweredAt: number | null = null): number {
    let at = -Infinity;
    const last = this.#starts.at(-1);
    if (last !== undefined) at = last + this.spacingMs;
    if (last !== undefined && lastAnsweredAt !== null && lastAnsweredAt >= last)
      at = Math.min(at, lastAnsweredAt + this.platformSpacingMs);
    const oldestCounted = this.#starts.at(-this.limitPerMinute);
    if (this.#starts.length >= this.limitPerMinute && oldestCounted !== undefined) {
      at = Math.max(at, oldestCounted + windowMs + this.marginMs);
    }
    return at;
  }

  /**
   * Moves the last start to `at` when that is later: the call really left then (the send's
   * own synchronous work, e.g. loading the HTTP client on the first call, came first).
   */
  restampLast(at: number): void {
    const last = this.#starts.length - 1;
    if (last >= 0 && at > (this.#starts[last] ?? at)) this.#starts[last] = at;
  }

  /**
   * Forgets one start recorded at `at` (epoch ms): a call the platform refused with 429, which
   * it neither acted on nor counts against the spacing or the minute (docs/platform-facts.md,
   * "Rate limit"). The pause after it is `Retry-After`'s alone.
   */
  forget(at: number): void {
    const index = this.#starts.lastIndexOf(at);
    if (index >= 0) this.#starts.splice(index, 1);
  }

  /**
   * Fills the 60 s before `now` up to the limit, as if the account had spent its whole minute:
   * the starts missing from the window are assumed, spread evenly over it and kept in order
   * with the real ones, so the window holds exactly `limitPerMinute` and the next call keeps
   * the platform's pace from them. Starts already in the window stay (a desk that called
   * before filling never counts more than the limit). Nothing when the window is full.
   */
  fillMinute(now: number): void {
    const missing = this.limitPerMinute - this.countLastMinute(now);
    if (missing <= 0) return;
    for (let i = missing - 1; i >= 0; i -= 1)
      this.#starts.push(now - Math.round((i * windowMs) / missing));
    this.#starts.sort((a, b) => a - b);
  }

  /** The last start, epoch ms, or null before the first. */
  last(): number | null {
    return this.#starts.at(-1) ?? null;
  }

  /** Starts in the 60 s before `now` (the window (now - 60 s, now]). */
  countLastMinute(now: number): number {
    return this.#starts.filter((start) => start > now - windowMs && start <= now).length;
  }
}
