/**
 * What the Schedule timeline shows: the visible time window (UTC ms), its width in px, the
 * snap step of edits, and the window of programs to read around it. Zoom and scroll only
 * move the window; nothing here talks to the platform.
 */
import {
  fetchWindow,
  pxPerMs,
  renderRange,
  snapToStep,
  zoomAround,
  zoomIndex,
  zoomLevels,
  type SnapStep,
  type Viewport,
} from './geometry';
import { isoUtc } from './labels';

const hourMs = 3_600_000;

/**
 * `?timeline-draw=window` in the page address draws only the programs near the visible
 * window instead of every program read. `npm run bench -- schedule-timeline` measures both:
 * with a week of 1,000 programs, drawing them all costs no more to open or drag and less to
 * zoom out, so all are drawn unless asked.
 */
const drawNearWindow =
  typeof location !== 'undefined' &&
  new URLSearchParams(location.search).get('timeline-draw') === 'window';

/** The visible window of the timeline and the zoom and scroll gestures that move it. */
export class TimelineViewport {
  /** Visible span, ms; one of `zoomLevels`. */
  spanMs = $state<number>(zoomLevels[2].spanMs);
  /** Left edge of the visible window, UTC ms. */
  startMs = $state(snapToStep(Date.now() - hourMs, 15));
  /** Width of the time axis, px (bound to its element). */
  widthPx = $state(900);
  /** Step (minutes) that dragged, nudged and dropped programs snap to. */
  snapStep = $state<SnapStep>(5);

  readonly view: Viewport = $derived({
    startMs: this.startMs,
    spanMs: this.spanMs,
    widthPx: Math.max(1, this.widthPx),
  });
  /** Programs are read for this window (wider than the screen), as ISO 8601 UTC. */
  readonly range = $derived(fetchWindow(this.view));
  readonly from = $derived(isoUtc(this.range.fromMs));
  readonly to = $derived(isoUtc(this.range.toMs));
  /** Programs intersecting this range (UTC ms) are drawn; null: all of them. */
  readonly drawRange = $derived(drawNearWindow ? renderRange(this.view) : null);
  /** Index of the current span in `zoomLevels`. */
  readonly zoom = $derived(zoomIndex(this.spanMs));

  /** Zooms to `zoomLevels[index]` (clamped), keeping the time under `anchorX` (px) in place. */
  zoomTo(index: number, anchorX = this.widthPx / 2): void {
    const level = zoomLevels[Math.max(0, Math.min(zoomLevels.length - 1, index))];
    if (!level) return;
    const next = zoomAround(this.view, level.spanMs, anchorX);
    this.startMs = next.startMs;
    this.spanMs = next.spanMs;
  }

  /** Scrolls by a fraction of the visible span (negative: earlier). */
  pan(fraction: number): void {
    this.startMs = Math.round(this.startMs + this.spanMs * fraction);
  }

  /** Shows `nowMs` a fifth of the way into the window. */
  showNow(nowMs: number): void {
    this.startMs = nowMs - this.spanMs * 0.2;
  }

  /** Brings a start time (UTC ms) into view when it is off screen or near the right edge. */
  reveal(ms: number): void {
    if (ms < this.startMs || ms > this.startMs + this.spanMs * 0.8)
      this.startMs = ms - this.spanMs * 0.2;
  }

  /**
   * Ctrl/Cmd + wheel zooms around the pointer; Shift + wheel or a horizontal wheel scrolls.
   * `axisLeft` is the left edge (client px) of the time axis.
   */
  onWheel(event: WheelEvent, axisLeft: number): void {
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      this.zoomTo(this.zoom + (event.deltaY > 0 ? 1 : -1), event.clientX - axisLeft);
    } else if (event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
      event.preventDefault();
      const delta = event.shiftKey && event.deltaX === 0 ? event.deltaY : event.deltaX;
      this.startMs = Math.round(this.startMs + delta / pxPerMs(this.view));
    }
  }
}
