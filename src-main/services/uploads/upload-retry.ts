/**
 * The automatic-retry policy of one file (docs/dev/architecture.md, "Uploads and downloads"): after
 * a failure that may pass (failure classified by upload-failure.ts), wait with backoff
 * (upload-figures.ts) and try again, or stop for the operator once `maxFailures` failures came
 * in a row.
 */
import type { MessageRef } from '../../shared/i18n/message';
import type { UploadProblem } from '../../shared/uploads';
import { m, problem } from './problem-words';
import { nextTryWaitMs, type BackoffPolicy } from './upload-figures';

/** What follows a failure that may pass: wait until `retryAt`, or stop for the operator. */
export type RetryDecision =
  /** Try again at `retryAt` (ISO 8601 UTC); `problem` tells the operator why and how long. */
  | { kind: 'retrying'; retryAt: string; problem: UploadProblem }
  /** Too many failures in a row: the file needs the operator. */
  | { kind: 'attention'; problem: UploadProblem };

/**
 * Decides the next step after the `failures`-th failure in a row (1 for the first).
 * `why`: a catalogue message, or the platform's own words; `retryAfterMs`: the host's
 * `Retry-After` in ms (0 when none); `nowMs`: the current time, ms since the epoch.
 */
export function retryDecision(
  policy: BackoffPolicy,
  failures: number,
  why: MessageRef | string,
  retryAfterMs: number,
  nowMs: number,
): RetryDecision {
  if (failures >= policy.maxFailures) {
    return {
      kind: 'attention',
      problem: problem(
        'network',
        m('uploadProblem.failedInARow', { count: failures, why }),
        m('uploadNext.checkNetwork'),
      ),
    };
  }
  const wait = nextTryWaitMs(policy, failures, retryAfterMs);
  return {
    kind: 'retrying',
    retryAt: new Date(nowMs + wait).toISOString(),
    problem: problem(
      'network',
      m('uploadProblem.stopped', { why }),
      m('uploadNext.waitRetry', { seconds: Math.ceil(wait / 1000) }),
    ),
  };
}
