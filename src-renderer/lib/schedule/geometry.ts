/**
 * Where things sit on the schedule timeline: pure conversions between time (epoch ms, UTC)
 * and x (CSS pixels from the left edge of the timeline), zoom levels, snapping and axis ticks.
 */

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** What the timeline shows: `spanMs` of time from `startMs`, across `widthPx` pixels. */
export interface Viewport {
  /** Time at x = 0, epoch ms UTC. */
  startMs: number;
  /** Time shown across the whole width, ms. */
  spanMs: number;
  /** Width of the time area, CSS px (at least 1). */
  widthPx: number;
}

/** The zoom levels, from 1 hour to 7 days across the timeline. */
export const zoomLevels = [
  { label: '1 h', spanMs: hourMs },
  { label: '3 h', spanMs: 3 * hourMs },
  { label: '6 h', spanMs: 6 * hourMs },
  { label: '12 h', spanMs: 12 * hourMs },
  { label: '1 day', spanMs: dayMs },
  { label: '3 days', spanMs: 3 * dayMs },
  { label: '7 days', spanMs: 7 * dayMs },
] as const;

/** Snap steps an operator can pick, in minutes. */
export const snapSteps = [1, 5, 15] as const;
export type SnapStep = (typeof snapSteps)[number];

/** Pixels per millisecond of a viewport. */
export function pxPerMs(view: Viewport): number {
  return Math.max(1, view.widthPx) / view.spanMs;
}

/** The x of time `ms` (may be negative or beyond the width: off screen). */
export function timeToX(ms: number, view: Viewport): number {
  return (ms - view.startMs) * pxPerMs(view);
}

/** The time at x, epoch ms. */
export function xToTime(x: number, view: Viewport): number {
  return view.startMs + x / pxPerMs(view);
}

/** The width in px of a duration in ms at this zoom. */
export function durationToWidth(ms: number, view: Viewport): number {
  return ms * pxPerMs(view);
}

/**
 * The viewport at another zoom, keeping the time under `anchorX` (px) where it is, so that
 * ctrl+wheel zooms around the pointer.
 */
export function zoomAround(view: Viewport, spanMs: number, anchorX: number): Viewport {
  const anchorMs = xToTime(anchorX, view);
  const fraction = anchorX / Math.max(1, view.widthPx);
  return { ...view, spanMs, startMs: Math.round(anchorMs - fraction * spanMs) };
}

/** The index in {@link zoomLevels} nearest to `spanMs`. */
export function zoomIndex(spanMs: number): number {
  let best = 0;
  zoomLevels.forEach((level, index) => {
    const current = zoomLevels[best]?.spanMs ?? level.spanMs;
    if (Math.abs(Math.log(level.spanMs / spanMs)) < Math.abs(Math.log(current / spanMs)))
      best = index;
  });
  return best;
}

/** `ms` rounded to the nearest multiple of `stepMinutes` (UTC minutes since the epoch). */
export function snapToStep(ms: number, stepMinutes: number): number {
  const step = stepMinutes * minuteMs;
  return Math.round(ms / step) * step;
}

/** A program's place in time, ms UTC; `[startMs, endMs)`. */
export interface Span {
  startMs: number;
  endMs: number;
}

/**
 * Where a program of `durationMs` dragged to `rawStartMs` lands: on the snap step, unless
 * its start or end is within `edgeToleranceMs` of a neighbour's edge, in which case it
 * touches that neighbour (the nearest edge wins). Neighbours are the channel's other programs.
 */
export function snapStart(
  rawStartMs: number,
  durationMs: number,
  neighbours: readonly Span[],
  stepMinutes: number,
  edgeToleranceMs: number,
): number {
  let best: number | null = null;
  let bestDistance = edgeToleranceMs;
  for (const other of neighbours) {
    const candidates = [other.endMs, other.startMs - durationMs];
    for (const candidate of candidates) {
      const distance = Math.abs(candidate - rawStartMs);
      if (distance <= bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
  }
  return best ?? snapToStep(rawStartMs, stepMinutes);
}

/** One mark of the time axis. */
export interface Tick {
  ms: number;
  /** True at a UTC day boundary (drawn stronger, labelled with the date). */
  major: boolean;
}

/**
 * Tick spacing for a span: at most 14 labelled marks across the width, and never closer than
 * `minSpacingPx` (the widest tick label, CSS px, which grows with the text size) on a
 * `widthPx`-wide axis.
 */
export function tickStepMs(spanMs: number, widthPx = Infinity, minSpacingPx = 0): number {
  const steps = [
    5 * minuteMs,
    10 * minuteMs,
    15 * minuteMs,
    30 * minuteMs,
    hourMs,
    2 * hourMs,
    3 * hourMs,
    6 * hourMs,
    12 * hourMs,
    dayMs,
  ];
  return (
    steps.find(
      (step) => spanMs / step <= 14 && (Math.max(1, widthPx) * step) / spanMs >= minSpacingPx,
    ) ?? dayMs
  );
}

/**
 * The ticks inside the viewport, aligned on UTC multiples of the tick step; no two closer
 * than `minSpacingPx` (the widest label, CSS px).
 */
export function axisTicks(view: Viewport, minSpacingPx = 0): Tick[] {
  const step = tickStepMs(view.spanMs, view.widthPx, minSpacingPx);
  const ticks: Tick[] = [];
  const end = view.startMs + view.spanMs;
  for (let ms = Math.ceil(view.startMs / step) * step; ms <= end; ms += step) {
    ticks.push({ ms, major: ms % dayMs === 0 });
  }
  return ticks;
}

/**
 * The range of programs to fetch for a viewport: whole UTC days covering it plus one day
 * either side, so scrolling within a day or zooming reuses the same read.
 */
export function fetchWindow(view: Viewport): { fromMs: number; toMs: number } {
  const fromMs = Math.floor(view.startMs / dayMs) * dayMs - dayMs;
  const toMs = Math.ceil((view.startMs + view.spanMs) / dayMs) * dayMs + dayMs;
  return { fromMs, toMs };
}

/** A dragged program (or media item: `programId` null), drawn where it would land. */
export interface Ghost {
  programId: number | null;
  startMs: number;
  durationMs: number;
  /** It would overlap another program: refused before anything is sent. */
  invalid: boolean;
}

/** One UTC day as drawn in the axis's day strip: its start and the x range it covers. */
export interface DaySpan {
  /** 00:00 UTC of the day, epoch ms. */
  ms: number;
  /** Left and right edge on screen, px, clipped to `[0, widthPx]`. */
  leftPx: number;
  rightPx: number;
}

/**
 * The UTC days the viewport shows, each clipped to the visible width, so the day's label can
 * sit at the left of its own stretch without covering the ticks of another day.
 */
export function visibleDays(view: Viewport): DaySpan[] {
  const end = view.startMs + view.spanMs;
  const days: DaySpan[] = [];
  for (let ms = Math.floor(view.startMs / dayMs) * dayMs; ms < end; ms += dayMs) {
    days.push({
      ms,
      leftPx: Math.max(0, timeToX(ms, view)),
      rightPx: Math.min(view.widthPx, timeToX(ms + dayMs, view)),
    });
  }
  return days;
}

/**
 * The time range whose programs are drawn: the visible window plus `marginFraction` of its
 * span on either side (so a short pan or a drag never shows an empty edge). Blocks outside
 * it are not rendered at all, which keeps a week of 1,000 programs cheap to draw and drag.
 */
export function renderRange(view: Viewport, marginFraction = 0.5): Span {
  const margin = view.spanMs * marginFraction;
  return { startMs: view.startMs - margin, endMs: view.startMs + view.spanMs + margin };
}
