/**
 * The numbers around the queue: the backoff between automatic tries and the summary bar of
 * the whole queue (speed and time left: core/speed-meter.ts, shared with the downloads).
 */
import { uploadStates, type UploadState, type UploadSummary } from '../../shared/uploads';
import { doublingMs } from '../../platform/retry-after';
import { etaSeconds } from '../core/speed-meter';
import type { UploadRecord } from './upload-record';

/** Backoff between automatic tries (network faults, 5xx, 429). */
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
export function nextTryWaitMs(
  policy: BackoffPolicy,
  failures: number,
  retryAfterMs = 0,
  random: () => number = Math.random,
): number {
  const base = doublingMs(failures, policy.firstMs, policy.capMs);
  return Math.max(retryAfterMs, Math.round(base * (0.8 + 0.4 * random())));
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
