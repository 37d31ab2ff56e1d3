/**
 * Date inputs of the live API (observed): `start_date` / `end_date` accept `2024-05-01`
 * (00:00 UTC) or a full ISO-8601 time with offset, read as UTC; periods are start inclusive,
 * end exclusive. Statistics are UTC (spec, Limits).
 */
import { unprocessable } from '../state/http-error';
import type { JsonObject } from '../kernel/openapi';

/** One UTC day in ms. */
export const dayMs = 86_400_000;

/**
 * The instant (ms since epoch, UTC) of a date input, or undefined when `name` is absent.
 * @throws ApiError 422 with a field error when it is neither `YYYY-MM-DD` nor ISO-8601.
 */
export function optionalInstant(values: JsonObject, name: string): number | undefined {
  const value = values[name];
  if (typeof value !== 'string' || value === '') return undefined;
  const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const ms = Date.parse(dayOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(ms) || (!dayOnly && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value))) {
    throw unprocessable(
      `The ${name} must be a date like 2024-05-01 or an ISO-8601 time like 2024-05-01T09:00:00+00:00.`,
      name,
    );
  }
  return ms;
}

/**
 * The period `[start_date, end_date)` of a statistics query, in ms (UTC).
 * @param maxDays the longest period allowed (our design, documented per operation).
 * @throws ApiError 422 when a bound is missing or unreadable, the end is not after the start,
 *   or the period is longer than `maxDays`.
 */
export function periodInput(
  query: JsonObject,
  maxDays: number,
): { startMs: number; endMs: number } {
  const startMs = optionalInstant(query, 'start_date');
  const endMs = optionalInstant(query, 'end_date');
  if (startMs === undefined) throw unprocessable('The start_date field is required.', 'start_date');
  if (endMs === undefined) throw unprocessable('The end_date field is required.', 'end_date');
  if (endMs <= startMs) {
    throw unprocessable(
      'The end_date must be after the start_date (the end is exclusive: one day is 2024-05-01 to 2024-05-02).',
      'end_date',
    );
  }
  if (endMs - startMs > maxDays * dayMs) {
    throw unprocessable(
      `The period is too long: at most ${maxDays} days per query. Split it into shorter periods.`,
      'end_date',
    );
  }
  return { startMs, endMs };
}

/**
 * `YYYY-MM-DD` of the UTC day holding `ms`: the sandbox's own, as it takes only types from
 * shared/ (the app's is shared/utc-day.ts, same contract).
 */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
