import { describe, expect, it } from 'vitest';
import {
  axisTicks,
  fetchWindow,
  renderRange,
  snapStart,
  snapToStep,
  timeToX,
  xToTime,
  zoomAround,
  zoomIndex,
  zoomLevels,
  visibleDays,
  type Viewport,
} from './geometry';

const hour = 3_600_000;
const t0 = Date.UTC(2026, 10, 20, 9, 0, 0);
const view: Viewport = { startMs: t0, spanMs: 2 * hour, widthPx: 1200 };

describe('timeline geometry', () => {
  it('maps time to x and back at a zoom level', () => {
    expect(timeToX(t0, view)).toBe(0);
    expect(timeToX(t0 + hour, view)).toBe(600);
    expect(timeToX(t0 - hour, view)).toBe(-600);
    expect(xToTime(300, view)).toBe(t0 + hour / 2);
    for (const x of [0, 17, 599.5, 1200]) expect(timeToX(xToTime(x, view), view)).toBeCloseTo(x);
  });

  it('zooms around the pointer: the time under it stays under it', () => {
    const under = xToTime(900, view);
    const zoomed = zoomAround(view, 7 * 24 * hour, 900);
    expect(xToTime(900, zoomed)).toBeCloseTo(under, -1);
    expect(zoomed.spanMs).toBe(7 * 24 * hour);
  });

  it('offers zoom from 1 hour to 7 days and finds the nearest level', () => {
    expect(zoomLevels[0].spanMs).toBe(hour);
    expect(zoomLevels.at(-1)?.spanMs).toBe(7 * 24 * hour);
    expect(zoomIndex(hour)).toBe(0);
    expect(zoomIndex(20 * hour)).toBe(4);
  });

  it('snaps to the step, or to a neighbour edge within tolerance', () => {
    expect(snapToStep(t0 + 7 * 60_000 + 20_000, 5)).toBe(t0 + 5 * 60_000);
    expect(snapToStep(t0 + 8 * 60_000, 15)).toBe(t0 + 15 * 60_000);
    const neighbours = [{ startMs: t0 + hour, endMs: t0 + hour + 13 * 60_000 }];
    // Start near the neighbour's end: touches it, off the 15-min grid.
    expect(snapStart(t0 + hour + 14 * 60_000, hour, neighbours, 15, 3 * 60_000)).toBe(
      t0 + hour + 13 * 60_000,
    );
    // End near the neighbour's start: ends exactly where it starts.
    expect(snapStart(t0 - 2 * 60_000, hour, neighbours, 15, 3 * 60_000)).toBe(t0);
    // Far from every edge: the grid.
    expect(snapStart(t0 + 4 * hour + 6 * 60_000, hour, neighbours, 5, 3 * 60_000)).toBe(
      t0 + 4 * hour + 5 * 60_000,
    );
  });

  it('labels the axis on UTC steps with day boundaries marked', () => {
    const ticks = axisTicks({ startMs: t0 - 10 * hour, spanMs: 24 * hour, widthPx: 1200 });
    expect(ticks.length).toBeGreaterThanOrEqual(6);
    expect(ticks.length).toBeLessThanOrEqual(15);
    expect(ticks.filter((tick) => tick.major).map((tick) => tick.ms)).toEqual([
      Date.UTC(2026, 10, 20),
    ]);
    for (const tick of ticks) expect(tick.ms % hour).toBe(0);
  });

  it('widens the tick step when the labels grow (200 % text), never closer than a label', () => {
    const view = { startMs: t0, spanMs: 6 * hour, widthPx: 900 };
    const at = (labelPx: number) => {
      const ticks = axisTicks(view, labelPx);
      return (ticks[1]?.ms ?? 0) - (ticks[0]?.ms ?? 0);
    };
    // 100 %: a label about 45 px wide; 30-minute steps are 75 px apart.
    expect(at(45)).toBe(30 * 60_000);
    // 200 %: about 90 px; 30 minutes would overlap, hours are 150 px apart.
    expect(at(90)).toBe(hour);
    for (const labelPx of [45, 90, 140]) {
      const ticks = axisTicks(view, labelPx);
      const spacingPx = (((ticks[1]?.ms ?? 0) - (ticks[0]?.ms ?? 0)) * 900) / view.spanMs;
      expect(spacingPx).toBeGreaterThanOrEqual(labelPx);
    }
  });

  it('fetches whole days around the viewport', () => {
    const { fromMs, toMs } = fetchWindow(view);
    expect(fromMs).toBe(Date.UTC(2026, 10, 19));
    expect(toMs).toBe(Date.UTC(2026, 10, 22));
  });
});

describe('what the timeline draws', () => {
  it('splits the visible window into UTC days clipped to the width', () => {
    const day = 24 * hour;
    const midnight = Date.UTC(2026, 10, 21);
    const days = visibleDays({ startMs: midnight - 6 * hour, spanMs: day, widthPx: 960 });
    expect(days.map((d) => d.ms)).toEqual([midnight - day, midnight]);
    expect(days[0]).toMatchObject({ leftPx: 0, rightPx: 240 });
    expect(days[1]).toMatchObject({ leftPx: 240, rightPx: 960 });
  });

  it('draws programs within the window and half a span either side', () => {
    expect(renderRange(view)).toEqual({ startMs: t0 - hour, endMs: t0 + 3 * hour });
    expect(renderRange(view, 0)).toEqual({ startMs: t0, endMs: t0 + 2 * hour });
  });
});
