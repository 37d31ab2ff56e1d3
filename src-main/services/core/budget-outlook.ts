/**
 * One workspace's budget seen ahead, from its scheduler, its watch planner and its batches
 * (platform/budget-forecast.ts): the status bar's 10-minute forecast and the cost of a batch
 * asked in its confirmation (docs/dev/architecture.md, "The API budget").
 */
import type { BudgetState } from '../../platform/budget-state';
import {
  batchImpact,
  forecastCalls,
  watchCallsPerMinute,
  type BatchBudgetImpact,
  type BudgetForecast,
  type ForecastInput,
} from '../../platform/budget-forecast';
import type { BudgetSnapshot } from '../../shared/model';

/** What the watch planner plans (control-room/watch-planner.ts), or null for an API it does not poll. */
export interface PlannedWatches {
  plannedReads(): readonly { intervalMs: number }[];
  readonly reservePerMinute: number;
}

function inputOf(
  state: BudgetState,
  planner: PlannedWatches | null,
  batchRemaining: number,
): ForecastInput {
  const q = state.queued;
  return {
    reads: planner?.plannedReads() ?? [],
    queued: q.command + q.view + q.watch + q.bulk,
    batchRemaining,
    limitPerMinute: state.limitPerMinute,
    backgroundPerMinute: state.backgroundPerMinute,
    minSpacingMs: state.minSpacingMs,
    reservePerMinute: planner?.reservePerMinute ?? 0,
  };
}

/**
 * The next 10 minutes' calls of the account behind `state`: the planner's watches (the live
 * API's), its queued calls and the operations of its running batches not sent yet.
 */
export function forecastOf(
  state: BudgetState,
  planner: PlannedWatches | null,
  batchRemaining: number,
): BudgetForecast {
  return forecastCalls(inputOf(state, planner, batchRemaining));
}

/** What a batch of `calls` operations would do to the account behind `state`, before it is sent. */
export function batchImpactOf(
  state: BudgetState,
  planner: PlannedWatches | null,
  calls: number,
): BatchBudgetImpact {
  return batchImpact({
    calls,
    limitPerMinute: state.limitPerMinute,
    backgroundPerMinute: state.backgroundPerMinute,
    minSpacingMs: state.minSpacingMs,
    watchPerMinute: watchCallsPerMinute(inputOf(state, planner, 0)),
  });
}

/** `state` as the status bar gets it: with its 10-minute forecast ({@link forecastOf}). */
export function withForecast(
  state: BudgetState,
  planner: PlannedWatches | null,
  batchRemaining: number,
): BudgetSnapshot {
  return { ...state, forecast: forecastOf(state, planner, batchRemaining) };
}
