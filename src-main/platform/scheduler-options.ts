/**
 * The options of a request scheduler (scheduler.ts) and of each call it carries. Defaults
 * follow the platform's observed rate limit (docs/platform-facts.md): 60 calls a minute, at
 * least 1 s apart.
 */
import type { Priority } from './budget-state';
import type { Clock } from './clock';
import type { RatePolicyRule } from './rate-policy';

/** How one scheduler talks to the network and what budget it keeps. */
export interface SchedulerOptions {
  /** Which API the budget is for, e.g. `live` or `vod`; shown in the gauge. */
  name: string;
  /** The real network, injectable (tests and the bench pass a simulated platform). */
  fetch: (request: Request) => Promise<Response>;
  /** Most call starts in any sliding 60 s window; default 60 (observed). */
  limitPerMinute?: number;
  /** Platform spacing between call starts, ms; default 1000 (observed). */
  minSpacingMs?: number;
  /**
   * Added to the spacing and the 60 s window so that the jitter between a call leaving here
   * and arriving at the platform never trips it; ms, default 100. It widens by 50 ms on each
   * 429 episode up to `maxMarginMs` and narrows back after long runs of accepted calls
   * (safety-margin.ts). A fixed margin: set `maxMarginMs` equal to it.
   */
  marginMs?: number;
  /** Most the margin widens to after 429s, ms; default 300 (and never below `marginMs`). */
  maxMarginMs?: number;
  /** Time source; default `systemClock`. */
  clock?: Clock;
  /**
   * The rule lowering the background (`watch`, `bulk`) rate after 429s (rate-policy.ts);
   * default its documented numbers, the ceiling being `limitPerMinute`.
   */
  rate?: Partial<RatePolicyRule>;
  /** Automatic retries of an idempotent read (GET, HEAD) refused with 429; default 3. */
  maxAutoRetries?: number;
  /**
   * The platform account whose budget this scheduler spends (`liveAccount`/`vodAccount` of
   * account-ledger.ts). Schedulers of one account on one clock share one start log, so each
   * keeps the spacing and the 60 s window from the others' calls. Default: a log of its own.
   */
  account?: string;
}

/** Per-call options of `RequestScheduler.fetch`. */
export interface ScheduleOptions {
  /** Default `view`. */
  priority?: Priority;
  /** Cancels the call; defaults to the request's own signal. */
  signal?: AbortSignal;
  /**
   * `false` for a GET that must not share a call with an identical one: a GET that creates
   * something, e.g. a one-time upload URL (live `programs/media-contents/upload-url` answers
   * a new single-use URL on every call). Default: identical GETs share one call.
   */
  coalesce?: boolean;
}

/**
 * While paused: the error to reject a call of this priority with at once, or null to hold it
 * until the pause is lifted.
 */
export type RefusePolicy = (priority: Priority) => Error | null;
