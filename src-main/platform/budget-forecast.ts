/**
 * One account's budget seen ahead (docs/dev/architecture.md, "The API budget"): who spent the last
 * minute (each studio seat's share, call-owner.ts), how many calls the next 10 minutes will
 * ask for (the watch planner's real intervals and the queued work), and what a batch costs
 * before it is sent (how long it holds the budget, how long commands wait meanwhile).
 * Observed limit (docs/platform-facts.md, "Rate limit"): 60 calls a minute, at least 1 s apart.
 * Pure functions and one small log; times are epoch ms from the caller's clock.
 */
import { windowMs } from './start-log';

/** How far the forecast looks ahead, ms (10 minutes). */
export const forecastHorizonMs = 10 * windowMs;

/**
 * One owner's calls in the last 60 s. `owner` is a seat's name, `''` for the desk itself.
 * `calls` counts a call shared by n owners (a watch several seats watch) as `1 / n` for each,
 * to one decimal, so the shares add up to the calls made.
 */
export interface OwnerShare {
  owner: string;
  calls: number;
}

/**
 * The call starts of the last minute by owner (call-owner.ts). `record` is called by the
 * scheduler at each start; `shares` answers the owners that started a call within 60 s of
 * `now`, most calls first, then by name.
 */
export class OwnerLog {
  #starts: { owner: string; at: number; weight: number }[] = [];

  /**
   * Records a call start at `at` (epoch ms) for `owner`, or shared among `owners` (each
   * counts `1 / n` of it; an empty list counts it for the desk, `''`).
   */
  record(owners: string | readonly string[], at: number): void {
    const list = typeof owners === 'string' ? [owners] : owners.length > 0 ? owners : [''];
    const unique = [...new Set(list)];
    for (const owner of unique) this.#starts.push({ owner, at, weight: 1 / unique.length });
    this.#trim(at);
  }

  /** Each owner's call starts in the 60 s before `now` (epoch ms), shared calls split. */
  shares(now: number): OwnerShare[] {
    this.#trim(now);
    const counts = new Map<string, number>();
    for (const start of this.#starts)
      counts.set(start.owner, (counts.get(start.owner) ?? 0) + start.weight);
    return [...counts]
      .map(([owner, calls]) => ({ owner, calls: Math.round(calls * 10) / 10 }))
      .sort((a, b) => b.calls - a.calls || a.owner.localeCompare(b.owner));
  }

  #trim(now: number): void {
    const from = now - windowMs;
    const first = this.#starts.findIndex((start) => start.at > from);
    if (first !== 0) this.#starts = first < 0 ? [] : this.#starts.slice(first);
  }
}

/** A watch task as planned: it is read every `intervalMs` (ms, widened by any yielding). */
export interface PlannedRead {
  intervalMs: number;
}

/** What the forecast is made from: one account's scheduler and the work waiting for it. */
export interface ForecastInput {
  /** The watch planner's tasks now (not the dormant ones), at their effective intervals. */
  reads: readonly PlannedRead[];
  /** Calls queued in the scheduler now, every priority. */
  queued: number;
  /** Operations of running batches not sent yet (one call each). */
  batchRemaining: number;
  /** Most calls in any 60 s (the platform's limit, observed 60). */
  limitPerMinute: number;
  /** Background calls (watches, batches) a minute the scheduler allows itself now (rate-policy.ts). */
  backgroundPerMinute: number;
  /** Spacing between call starts, ms (platform's 1 s + margin). */
  minSpacingMs: number;
  /** Calls a minute the watch planner leaves for commands and views (its reserve, default 12). */
  reservePerMinute: number;
}

/** The next 10 minutes' calls of one account. */
export interface BudgetForecast {
  /** Calls expected in the next 10 minutes: what is asked for, within what can be sent. */
  calls: number;
  /** Calls the account can take in 10 minutes (`limitPerMinute × 10`, e.g. 600). */
  capacity: number;
  /** Of `calls`: the watches' reads. */
  watchCalls: number;
  /** Of `calls`: queued calls and batch operations. */
  queuedCalls: number;
  /** True when what is asked for is more than can be sent in 10 minutes (work will wait). */
  saturated: boolean;
}

/** Calls a minute the platform can take at this spacing and limit. */
function pacePerMinute(limitPerMinute: number, minSpacingMs: number): number {
  const bySpacing = minSpacingMs > 0 ? windowMs / minSpacingMs : Infinity;
  return Math.min(limitPerMinute, bySpacing);
}

/**
 * Watch calls a minute the planner will make: each task once per its interval, but never
 * more than the planner lets itself (`limit - reserve`, the background rate, the spacing).
 */
export function watchCallsPerMinute(input: ForecastInput): number {
  const asked = input.reads.reduce((sum, read) => sum + windowMs / Math.max(1, read.intervalMs), 0);
  const cap = Math.min(
    Math.max(0, input.limitPerMinute - input.reservePerMinute),
    input.backgroundPerMinute,
    pacePerMinute(input.limitPerMinute, input.minSpacingMs),
  );
  return Math.min(asked, cap);
}

/**
 * Forecasts the next 10 minutes: the watches at their intervals for 10 minutes, plus every
 * queued call and batch operation, capped at what the account can take in that time.
 */
export function forecastCalls(input: ForecastInput): BudgetForecast {
  const minutes = forecastHorizonMs / windowMs;
  const capacity = Math.round(input.limitPerMinute * minutes);
  const sendable = Math.floor(pacePerMinute(input.limitPerMinute, input.minSpacingMs) * minutes);
  const watchAsked = Math.round(watchCallsPerMinute(input) * minutes);
  const queuedAsked = input.queued + input.batchRemaining;
  const asked = watchAsked + queuedAsked;
  const calls = Math.min(asked, sendable);
  // Queued work outranks or shares with the watches; when it cannot all go, the watches yield.
  const queuedCalls = Math.min(queuedAsked, calls);
  return {
    calls,
    capacity,
    watchCalls: calls - queuedCalls,
    queuedCalls,
    saturated: asked > sendable,
  };
}

/** One account's budget as a batch sees it before it is sent. */
export interface BatchBudgetInput {
  /** Platform calls the batch makes (one per operation). */
  calls: number;
  limitPerMinute: number;
  backgroundPerMinute: number;
  minSpacingMs: number;
  /** Watch calls a minute planned now ({@link watchCallsPerMinute}). */
  watchPerMinute: number;
}

/** What a batch does to the budget. */
export interface BatchBudgetImpact {
  /** Platform calls of the batch. */
  calls: number;
  /** About how long the batch holds the budget, s (at its share of the background rate). */
  seconds: number;
  /**
   * True when the batch fills the budget: with the watches, it takes every background call
   * the scheduler allows for at least a minute. Asked before it is sent.
   */
  fillsBudget: boolean;
  /**
   * Longest an operator's command waits for a slot while the batch runs, s: commands outrank
   * batch calls (scheduler.ts), so one spacing, or the per-minute window when it is full.
   */
  commandWaitSeconds: number;
}

/**
 * The budget cost of a batch of `calls` operations sent at `bulk` priority: its pace is the
 * background rate (rate-policy.ts) less what the watches take (at least a third of it: the
 * planner keeps to its reserve and lets the batch through), and at most the spacing allows.
 */
export function batchImpact(input: BatchBudgetInput): BatchBudgetImpact {
  const pace = pacePerMinute(input.limitPerMinute, input.minSpacingMs);
  const background = Math.min(input.backgroundPerMinute, pace);
  const batchPerMinute = Math.max(background / 3, background - input.watchPerMinute, 1);
  const seconds = input.calls === 0 ? 0 : Math.ceil((input.calls / batchPerMinute) * 60);
  const fillsBudget = input.calls > 0 && seconds >= windowMs / 1000;
  // The window is full when the batch and the watches reach the limit: then a command waits
  // for the oldest start to leave the window, about 60 s / limit, besides the spacing.
  const windowFull = batchPerMinute + input.watchPerMinute >= input.limitPerMinute;
  const waitMs = Math.max(
    input.minSpacingMs,
    fillsBudget && windowFull ? windowMs / input.limitPerMinute : 0,
  );
  return {
    calls: input.calls,
    seconds,
    fillsBudget,
    commandWaitSeconds: Math.round(waitMs / 100) / 10,
  };
}
