import { describe, expect, it } from 'vitest';
import { findOverlap, gapsBetween } from './overlap';

const p = (id: number, startMs: number, endMs: number) => ({ id, title: `P${id}`, startMs, endMs });
const programs = [p(1, 0, 100), p(2, 100, 200), p(3, 300, 400)];

describe('overlap check', () => {
  it('finds the program a candidate would overlap', () => {
    expect(findOverlap({ startMs: 150, endMs: 250 }, programs, null)?.id).toBe(2);
    expect(findOverlap({ startMs: 350, endMs: 360 }, programs, null)?.id).toBe(3);
  });

  it('allows touching edges: [start, end) intervals', () => {
    expect(findOverlap({ startMs: 200, endMs: 300 }, programs, null)).toBeNull();
  });

  it('ignores the program being moved', () => {
    expect(findOverlap({ startMs: 110, endMs: 210 }, programs, 2)).toBeNull();
    expect(findOverlap({ startMs: 110, endMs: 310 }, programs, 2)?.id).toBe(3);
  });

  it('lists the gaps', () => {
    expect(gapsBetween(programs, 0, 500)).toEqual([
      { startMs: 200, endMs: 300 },
      { startMs: 400, endMs: 500 },
    ]);
    expect(gapsBetween([], 0, 10)).toEqual([{ startMs: 0, endMs: 10 }]);
  });
});
