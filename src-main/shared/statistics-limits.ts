/**
 * The date rules of statistics queries, checked before anything is sent (pure: used by the
 * renderer's date pickers and again by main's handlers). Days are UTC `YYYY-MM-DD`, both ends
 * inclusive as the operator picks them.
 *
 * VOD statistics (spec, Limits): "data of the last 1 year; at most 3 months per query",
 * "Statistics delay: up to 36 hours". Read as in resources/openapi/vod-v3.yaml: the start is at
 * most 365 days before today (UTC), the end is before the start plus 3 calendar months and not
 * after today. The delay says when a day's figures are complete (36 hours after it ended), not
 * which days may be asked (spec, Limits: figures may be up to 36 hours late): a range may end within it, and the days still in
 * it are marked as possibly incomplete.
 */
import type { MessageKey, MessageParams } from './i18n/message';
import { dayStart, utcDay } from './utc-day';

const dayMs = 86_400_000;
/** VOD statistics delay, ms (spec, Limits: up to 36 hours). */
export const vodDelayMs = 36 * 3_600_000;
/** How far back VOD statistics go, days (spec, Limits: the last 1 year). */
export const vodKeptDays = 365;
/** Months per VOD statistics query (spec, Limits: at most 3 months). */
export const vodMaxMonths = 3;

/** A broken rule: a catalogue key of the `statistics.limits` block and its parameters. */
export interface RangeProblem {
  key: MessageKey;
  params?: MessageParams;
  /** Which end of the range to mark. */
  field: 'from' | 'to';
}

// The statistics views take the days' arithmetic from here, beside the range rules.
export { dayStart, utcDay };

/** `day` moved by `days` (may be negative). */
export function addDays(day: string, days: number): string {
  return utcDay(dayStart(day) + days * dayMs);
}

/** The last day `to` may be for a query starting `from`: before `from` + 3 calendar months. */
export function vodLastDayFor(from: string): string {
  const limit = new Date(dayStart(from));
  limit.setUTCMonth(limit.getUTCMonth() + vodMaxMonths);
  return utcDay(limit.getTime() - dayMs);
}

/** The days a VOD statistics query may name at `nowMs`, and the last complete one. */
export interface VodWindow {
  /** The first day that may be asked: 365 days before today (UTC). */
  earliest: string;
  /** The last day that may be asked: today (UTC). */
  latest: string;
  /** The last day whose figures are complete: 36 hours have passed since it ended. */
  complete: string;
}

/** The VOD statistics window at `nowMs` (epoch ms). */
export function vodWindow(nowMs: number): VodWindow {
  const today = dayStart(utcDay(nowMs));
  // A day is complete once 36 h passed since its end (00:00 of the next day).
  const complete = utcDay(Math.floor((nowMs - vodDelayMs - dayMs) / dayMs) * dayMs);
  return { earliest: utcDay(today - vodKeptDays * dayMs), latest: utcDay(today), complete };
}

/**
 * The days of the inclusive range `from`..`to` whose VOD figures may not be complete yet at
 * `nowMs` (ended less than 36 hours ago, or today), oldest first; none for a range of
 * complete days.
 */
export function vodIncompleteDays(from: string, to: string, nowMs: number): string[] {
  const { complete } = vodWindow(nowMs);
  const days: string[] = [];
  for (let day = from > complete ? from : addDays(complete, 1); day <= to; day = addDays(day, 1))
    days.push(day);
  return days;
}

/** The first broken rule of any inclusive day range, or null. */
export function rangeProblem(from: string, to: string): RangeProblem | null {
  if (Number.isNaN(dayStart(from))) return { key: 'statistics.limits.day', field: 'from' };
  if (Number.isNaN(dayStart(to))) return { key: 'statistics.limits.day', field: 'to' };
  if (to < from) return { key: 'statistics.limits.order', field: 'to' };
  return null;
}

/** The first VOD rule the range breaks at `nowMs` (spec, Limits), or null when it may be sent. */
export function vodRangeProblem(from: string, to: string, nowMs: number): RangeProblem | null {
  const basic = rangeProblem(from, to);
  if (basic) return basic;
  const { earliest, latest } = vodWindow(nowMs);
  if (from < earliest)
    return { key: 'statistics.limits.vodYear', params: { day: earliest }, field: 'from' };
  if (to > latest)
    return { key: 'statistics.limits.vodFuture', params: { day: latest }, field: 'to' };
  const last = vodLastDayFor(from);
  if (to > last) return { key: 'statistics.limits.vodMonths', params: { day: last }, field: 'to' };
  return null;
}
