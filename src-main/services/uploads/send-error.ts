/**
 * How sending a file to a one-time upload URL failed, in the four kinds the engine acts on
 * (automatic retry with backoff for network faults and 5xx, none for 4xx other than
 * 429: those will not succeed by asking again):
 * - `url-dead`: 404 or 410 from the upload URL or the tus upload location: the one-time URL
 *   expired, was used, or the upload it held is gone (observed: "expired, unknown or used
 *   URL: 404"). Answered by one new URL;
 * - `storage-full`: 507 Insufficient Storage from the upload host;
 * - `transient`: no answer (refused, reset, dropped), 5xx, 429, or a tus 409/423 (offset
 *   mismatch, locked): tried again after a backoff;
 * - `refused`: any other 4xx: stops for the operator.
 * Messages never hold the URL (it grants the right to upload).
 */
import type { MessageKey, MessageParams, MessageRef } from '../../shared/i18n/message';
import { englishText } from '../../shared/i18n/say';

export type SendFailure =
  | { kind: 'url-dead'; status: number }
  | { kind: 'storage-full'; status: number }
  | { kind: 'transient'; status: number | null; detail: string; retryAfterMs?: number }
  | { kind: 'refused'; status: number; message: string; text: MessageRef };

/** A refusal in English and as its catalogue message (the host's own words kept as a value). */
function words(key: MessageKey, params?: MessageParams): { message: string; text: MessageRef } {
  return { message: englishText(key, params), text: params ? { key, params } : { key } };
}

/** Thrown by the tus and multipart senders and the protocol probe. */
export class SendError extends Error {
  constructor(readonly failure: SendFailure) {
    super(describeFailure(failure));
    this.name = 'SendError';
  }
}

/** The failure an HTTP status of the upload host means; `body` is its text (may be JSON). */
export function failureFromStatus(
  status: number,
  body: string,
  retryAfter?: string | null,
): SendFailure {
  if (status === 404 || status === 410) return { kind: 'url-dead', status };
  if (status === 507) return { kind: 'storage-full', status };
  if (status >= 500 || status === 429 || status === 409 || status === 423) {
    const seconds = retryAfter ? Number(retryAfter) : NaN;
    return {
      kind: 'transient',
      status,
      detail: `HTTP ${status}`,
      ...(Number.isFinite(seconds) && seconds >= 0 ? { retryAfterMs: seconds * 1000 } : {}),
    };
  }
  if (status === 413) return { kind: 'refused', status, ...words('uploadProblem.hostTooLarge') };
  const said = hostMessage(body);
  return {
    kind: 'refused',
    status,
    ...(said
      ? words('uploadProblem.hostRefusedSaid', { status, said })
      : words('uploadProblem.hostRefused', { status })),
  };
}

/** A network failure (no HTTP answer) as a transient failure; the cause's text has no URL. */
export function networkFailure(cause: unknown): SendFailure {
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  const message = cause instanceof Error ? cause.message : String(cause);
  return { kind: 'transient', status: null, detail: withoutUrls(code ?? message) };
}

/** The upload host's own message from a JSON body (`{ error, message }`), without URLs. */
function hostMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' ? withoutUrls(parsed.message).slice(0, 300) : '';
  } catch {
    return '';
  }
}

function withoutUrls(text: string): string {
  return text.replace(/\b\w+:\/\/\S+/g, '[url]');
}

function describeFailure(failure: SendFailure): string {
  switch (failure.kind) {
    case 'url-dead':
      return `the one-time upload URL was refused (HTTP ${failure.status})`;
    case 'storage-full':
      return 'the upload host is full (HTTP 507)';
    case 'transient':
      return `the connection broke off (${failure.detail})`;
    case 'refused':
      return failure.message;
  }
}
