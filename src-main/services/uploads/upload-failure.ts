/**
 * What a failed upload attempt means for the file (docs/dev/architecture.md, "Uploads and downloads"):
 * try again later (network faults, 5xx and 429: backoff, honouring `Retry-After`), or stop and ask
 * the operator (any other refusal, a full disk, a dead one-time URL, a bug), in the operator's
 * words with the platform's own message kept inside our sentence.
 */
import type { MessageRef } from '../../shared/i18n/message';
import type { UploadProblem } from '../../shared/uploads';
import { PlatformError } from '../../platform/errors';
import { redact } from '../../secrets/redact';
import { m, problem } from './problem-words';
import { SendError, type SendFailure } from './send-error';

/** The outcome of one failed attempt. */
export type FailureOutcome =
  /** Try again after a backoff; `why` is a catalogue message or the platform's own words. */
  | { kind: 'retry'; why: MessageRef | string; retryAfterMs: number }
  /** Stop and show the problem; `internal`: an error of ours, to be logged. */
  | { kind: 'attention'; problem: UploadProblem; internal?: true };

/** Classifies an error thrown by an attempt (asking for the URL, the sending, the finish). */
export function failureOutcome(error: unknown): FailureOutcome {
  if (error instanceof SendError) return sendOutcome(error.failure);
  if (error instanceof PlatformError) {
    const { status, code, message } = error.error;
    const reason = error.error.text ?? redact(message);
    if (code === 'network' || status === 429 || (status ?? 0) >= 500)
      return { kind: 'retry', why: reason, retryAfterMs: (error.error.retryAfterS ?? 0) * 1000 };
    return {
      kind: 'attention',
      problem: problem(
        'platform',
        status
          ? m('uploadProblem.urlRefusedStatus', { status, reason })
          : m('uploadProblem.urlRefused', { reason }),
        m(status === 403 ? 'uploadNext.checkRole' : 'uploadNext.checkTarget'),
      ),
    };
  }
  return {
    kind: 'attention',
    problem: problem('platform', m('uploadProblem.internal'), m('uploadNext.sendLog')),
    internal: true,
  };
}

/** A failure of the sending itself (send-error.ts) as an outcome. */
function sendOutcome(failure: SendFailure): FailureOutcome {
  switch (failure.kind) {
    case 'transient':
      return {
        kind: 'retry',
        why: m('uploadProblem.brokeOff', { detail: failure.detail }),
        retryAfterMs: failure.retryAfterMs ?? 0,
      };
    case 'storage-full':
      return {
        kind: 'attention',
        problem: problem('storage-full', m('uploadProblem.storageFull'), m('uploadNext.freeSpace')),
      };
    case 'refused':
      return {
        kind: 'attention',
        problem: {
          ...problem('platform', failure.text, m('uploadNext.checkFile')),
          message: failure.message,
        },
      };
    case 'url-dead':
      return {
        kind: 'attention',
        problem: problem('url-used', m('uploadProblem.urlDead'), m('uploadNext.newUrl')),
      };
  }
}
