/**
 * The numbers around the queue: speed and time left (smoothed over a few seconds), the
 * backoff between automatic tries, and the summary bar of the whole queue.
 */
import { uploadStates, type UploadState, type UploadSummary } from '../../shared/uploads';
import type { UploadRecord } from './upload-record';

/** Speed is the bytes sent over the last this many ms. */
export const speedWindowMs = 5000;

/** Backoff between automatic tries (issue 4: network faults, 5xx, 429). */
export interface BackoffPolicy {
  /** Wait before the first automatic try, ms (doubles each time). Default 2000. */
  firstMs: number;
  /** Longest wait, ms. Default 60 000. */
  capMs: number;
  /** Failures in a row after which the file stops for the operator. Default 6. */
  maxFailures: number;
}

export const defaultBackoff: BackoffPolicy = { firstMs: 2000, capMs: 60_000, maxFailures: 6 };

/**
 * Wait before the next try after `failures` failures in a row (1 for the first): 2 s, 4 s,
 * 8 s … capped at 60 s (defaults), each times a random 0.8..1.2 so that files that broke
 * together do not all come back in the same instant; at least `retryAfterMs` when the host
 * said so (429 `Retry-After`). ms.
 */
export function backoffMs(
  policy: BackoffPolicy,
  failures: number,
  retryAfterMs = 0,
  random: () => number = Math.random,
): number {
  const base = Math.min(policy.capMs, policy.firstMs * 2 ** Math.max(0, failures - 1));
  return Math.max(retryAfterMs, Math.round(base * (0.8 + 0.4 * random())));
}

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

/** The summary bar over `records`; `speed` is the sum of the running files' speeds. */
export function summarize(
  records: Iterable<UploadRecord>,
  concurrency: number,
  speed: number | null,
): UploadSummary {
  const byState = Object.fromEntries(uploadStates.map((state) => [state, 0])) as Record<
    UploadState,
    number
  >;
  let total = 0;
  let sentBytes = 0;
  let totalBytes = 0;
  let left = 0;
  for (const record of records) {
    total += 1;
    byState[record.state] += 1;
    if (record.state === 'cancelled') continue;
    totalBytes += record.sizeBytes;
    sentBytes += record.phase === 'follow-up' ? record.sizeBytes : record.sentBytes;
    if (record.state === 'queued' || record.state === 'uploading' || record.state === 'retrying')
      left += record.sizeBytes - record.sentBytes;
  }
  return {
    total,
    byState,
    sentBytes,
    totalBytes,
    bytesPerSecond: speed,
    etaSeconds: etaSeconds(left, speed),
    concurrency,
  };
}
