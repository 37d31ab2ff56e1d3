/**
 * Speed and time left of a file on the move (an upload's send, a download), smoothed over a
 * few seconds so that the figure an operator reads does not jump with every chunk.
 */

/** Speed is the bytes moved over the last this many ms. */
export const speedWindowMs = 5000;

/** Bytes sent over a sliding window of {@link speedWindowMs}: speed in bytes/s. */
export class SpeedMeter {
  readonly #samples: { atMs: number; bytes: number }[] = [];

  /** Records that `bytes` (a running total) were sent by `atMs`. */
  add(atMs: number, bytes: number): void {
    const last = this.#samples.at(-1);
    if (last !== undefined && bytes < last.bytes) this.#samples.length = 0; // restarted
    this.#samples.push({ atMs, bytes });
    while (this.#samples.length > 2 && (this.#samples[0]?.atMs ?? atMs) < atMs - speedWindowMs)
      this.#samples.shift();
  }

  /** Bytes per second, or null before a second of samples. */
  bytesPerSecond(nowMs: number): number | null {
    const first = this.#samples[0];
    const last = this.#samples.at(-1);
    if (first === undefined || last === undefined) return null;
    const spanMs = Math.max(nowMs, last.atMs) - first.atMs;
    if (spanMs < 1000) return null;
    return Math.round(((last.bytes - first.bytes) * 1000) / spanMs);
  }
}

/** Seconds left for `remaining` bytes at `bytesPerSecond`, or null when unknown. */
export function etaSeconds(remaining: number, bytesPerSecond: number | null): number | null {
  if (bytesPerSecond === null || bytesPerSecond <= 0) return null;
  return Math.ceil(remaining / bytesPerSecond);
}
