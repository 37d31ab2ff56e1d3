/**
 * The overlap rule of scheduled channels (programs of one channel never overlap),
 * checked in the renderer before anything is sent. Intervals are `[start, end)` in ms UTC,
 * as the platform checks them: a program may start exactly when another ends.
 */
import type { Span } from './geometry';

/** A program as the overlap check sees it. */
export interface ScheduledSpan extends Span {
  id: number;
  title: string;
}

/**
 * The first program of `others` that `candidate` would overlap, ignoring the program with
 * id `selfId` (the one being moved); null when the time is free.
 */
export function findOverlap<T extends ScheduledSpan>(
  candidate: Span,
  others: readonly T[],
  selfId: number | null,
): T | null {
  for (const other of others) {
    if (other.id === selfId) continue;
    if (other.startMs < candidate.endMs && candidate.startMs < other.endMs) return other;
  }
  return null;
}

/** The free stretches between `from` and `to` not covered by `programs` (sorted or not). */
export function gapsBetween(programs: readonly Span[], fromMs: number, toMs: number): Span[] {
  const sorted = [...programs].sort((a, b) => a.startMs - b.startMs);
  const gaps: Span[] = [];
  let at = fromMs;
  for (const program of sorted) {
    if (program.startMs > at) gaps.push({ startMs: at, endMs: Math.min(program.startMs, toMs) });
    at = Math.max(at, program.endMs);
    if (at >= toMs) break;
  }
  if (at < toMs) gaps.push({ startMs: at, endMs: toMs });
  return gaps.filter((gap) => gap.endMs > gap.startMs);
}
