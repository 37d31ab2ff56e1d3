/** The statistics date rules (spec, Limits) at the edges the pickers meet. */
import { describe, expect, it } from 'vitest';
import {
  addDays,
  vodIncompleteDays,
  vodLastDayFor,
  vodRangeProblem,
  vodWindow,
} from './statistics-limits';

const at = (iso: string) => Date.parse(iso);

describe('VOD statistics limits', () => {
  it('asks up to today; a day is complete once 36 hours have passed since it ended', () => {
    // 2026-11-20 ends at 11-21 00:00; 36 h later is 11-22 12:00.
    expect(vodWindow(at('2026-11-22T11:59:59Z'))).toEqual({
      earliest: '2025-11-22',
      latest: '2026-11-22',
      complete: '2026-11-19',
    });
    expect(vodWindow(at('2026-11-22T12:00:00Z')).complete).toBe('2026-11-20');
  });

  it('marks the days of a range still within the delay as possibly incomplete', () => {
    const now = at('2026-11-22T12:00:00Z');
    expect(vodIncompleteDays('2026-11-16', '2026-11-22', now)).toEqual([
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(vodIncompleteDays('2026-11-22', '2026-11-22', now)).toEqual(['2026-11-22']);
    expect(vodIncompleteDays('2026-11-01', '2026-11-20', now)).toEqual([]);
    expect(vodIncompleteDays('2026-11-16', '2026-11-21', at('2026-11-22T11:59:59Z'))).toEqual([
      '2026-11-20',
      '2026-11-21',
    ]);
  });

  it('counts 3 calendar months as the platform does', () => {
    expect(vodLastDayFor('2026-01-15')).toBe('2026-04-14');
    // As the sandbox counts (vod-v3.yaml): 30 Nov + 3 months rolls over to 2 Mar, exclusive.
    expect(vodLastDayFor('2026-11-30')).toBe('2027-03-01');
  });

  it('names the first broken rule, and none inside the limits', () => {
    const now = at('2026-11-22T20:00:00Z');
    expect(vodRangeProblem('2026-11-01', '2026-11-20', now)).toBeNull();
    // Ending within the 36-hour delay, today included: asked (the figures may be incomplete).
    expect(vodRangeProblem('2026-11-16', '2026-11-22', now)).toBeNull();
    expect(vodRangeProblem('2026-11-20', '2026-11-01', now)?.key).toBe('statistics.limits.order');
    expect(vodRangeProblem('2025-11-21', '2025-12-01', now)?.key).toBe('statistics.limits.vodYear');
    expect(vodRangeProblem('2026-11-20', '2026-11-23', now)).toMatchObject({
      key: 'statistics.limits.vodFuture',
      params: { day: '2026-11-22' },
      field: 'to',
    });
    expect(vodRangeProblem('2026-06-01', '2026-09-01', now)?.key).toBe(
      'statistics.limits.vodMonths',
    );
    expect(vodRangeProblem('2026-02-30', '2026-03-01', now)?.key).toBe('statistics.limits.day');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
