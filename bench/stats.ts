/** Small statistics and randomness helpers shared by the benchmark sections. */
import { mulberry32 } from '../src-main/sandbox/index';

/** Nearest-rank percentile (`p` in 0..100) of `values`; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

/** Most of `times` (ms, any order) falling in any window [t, t + windowMs). */
export function mostInWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    while ((sorted[last] ?? 0) - (sorted[first] ?? 0) >= windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/** A seeded PRNG (the sandbox's mulberry32) returning floats in [0, 1): same seed, same run. */
export const seededRandom = mulberry32;
