/**
 * VOD statistics rules and numbers (spec, Limits: UTC; data of the last 1 year; at most 3
 * months per query; delayed up to 36 hours). Our design of the rules, documented in
 * vod-v3.yaml: `start_date`/`end_date` are UTC days, both inclusive; days after today are left
 * out. A day's figures arrive over the 36 hours after it ends: a day that ended 36 h ago or more
 * is complete; a more recent one (or today) shows the part that has arrived, in proportion to
 * the time since the day began over the day plus the delay (docs/platform-facts.md, "VOD
 * statistics"). 422 with a message when the range is reversed, starts more than 365 days
 * before today or after today, or spans more than 3 calendar months. Numbers are a pure
 * function of (seed, content, day, time): the same query at the same instant, the same answer.
 */
import { unprocessable } from '../state/http-error';
import { hashUnit } from '../state/prng';
import type { MediaContentRecord } from '../state/state';

/** Delay before a day's statistics exist, ms (spec: up to 36 hours). */
export const statisticsDelayMs = 36 * 3_600_000;
const dayMs = 86_400_000;

/** A day of an asked range and how much of its figures has arrived. */
export interface AskedDay {
  /** The UTC day, `YYYY-MM-DD`. */
  date: string;
  /** The share of the day's figures that has arrived, 0..1 (1: complete). */
  arrived: number;
}

/** One content's numbers over some days. */
export interface ContentTotals {
  view_count: number;
  play_seconds: number;
  unique_viewer_count: number;
}

/**
 * The UTC days of the range up to today at `nowMs`, each with the share of its figures that
 * has arrived (see the file's comment).
 * @throws ApiError 422 naming the broken rule.
 */
export function askedDays(startDate: string, endDate: string, nowMs: number): AskedDay[] {
  const start = parseDay(startDate, 'start_date');
  const end = parseDay(endDate, 'end_date');
  const today = Math.floor(nowMs / dayMs) * dayMs;
  if (end < start)
    throw unprocessable('The end_date must be on or after the start_date.', 'end_date');
  if (start < today - 365 * dayMs)
    throw unprocessable(
      `Statistics are kept for 1 year: the start_date must be on or after ${day(today - 365 * dayMs)}.`,
      'start_date',
    );
  if (start > today)
    throw unprocessable(
      `There are no statistics for days to come: the start_date must be on or before ${day(today)}.`,
      'start_date',
    );
  const limit = new Date(start);
  limit.setUTCMonth(limit.getUTCMonth() + 3);
  if (end >= limit.getTime())
    throw unprocessable(
      `A statistics query covers at most 3 months: the end_date must be before ${day(limit.getTime())}.`,
      'end_date',
    );
  const days: AskedDay[] = [];
  for (let at = start; at <= end && at <= today; at += dayMs)
    days.push({ date: day(at), arrived: Math.min(1, (nowMs - at) / (dayMs + statisticsDelayMs)) });
  return days;
}

/** Numbers of `content` on `date` as far as they have arrived (zero before its upload). */
export function contentDay(
  seed: number,
  content: MediaContentRecord,
  { date, arrived }: AskedDay,
): ContentTotals {
  if (Date.parse(`${date}T00:00:00Z`) + dayMs <= content.createdAt.getTime())
    return { view_count: 0, play_seconds: 0, unique_viewer_count: 0 };
  const views = Math.floor(hashUnit(seed, content.uploadFileKey, date) * 240 * arrived);
  const watched = 0.2 + 0.5 * hashUnit(seed, content.uploadFileKey, date, 'watched');
  return {
    view_count: views,
    play_seconds: Math.round(views * content.durationSeconds * watched),
    unique_viewer_count: Math.floor(views * 0.7),
  };
}

/** Sum of `contentDay` over `days`. */
export function contentTotals(
  seed: number,
  content: MediaContentRecord,
  days: readonly AskedDay[],
): ContentTotals {
  const total: ContentTotals = { view_count: 0, play_seconds: 0, unique_viewer_count: 0 };
  for (const asked of days) add(total, contentDay(seed, content, asked));
  return total;
}

/** Adds `more` into `total`. */
export function add(total: ContentTotals, more: ContentTotals): void {
  total.view_count += more.view_count;
  total.play_seconds += more.play_seconds;
  total.unique_viewer_count += more.unique_viewer_count;
}

function parseDay(text: string, field: string): number {
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(ms) || day(ms) !== text)
    throw unprocessable(`The ${field} is not a valid date: use YYYY-MM-DD.`, field);
  return ms;
}

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
