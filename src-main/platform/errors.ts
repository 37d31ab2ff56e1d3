/**
 * Platform errors as values. Live errors look like `{ message, errors?: { field: [..] } }`,
 * VOD errors like `{ status: 'fail', message, errors? }` (docs/platform-facts.md,
 * "Envelopes, errors, paging"); both become a {@link DeskError} with the status, the
 * platform's own message and its field errors, so the operator reads what the platform said.
 */
import type { DeskError } from '../shared/result';
import type { MessageKey } from '../shared/i18n/message';
import { say } from '../shared/i18n/say';
import { retryAfterMs } from './retry-after';

/** Thrown by the clients for any non-2xx answer or network failure; carries a DeskError. */
export class PlatformError extends Error {
  readonly error: DeskError;
  constructor(error: DeskError) {
    super(error.message);
    this.name = 'PlatformError';
    this.error = error;
  }
}

const codeByStatus: Record<number, DeskError['code']> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  422: 'conflict',
  429: 'rate-limited',
};

// Our words where the platform gave none; the platform's own message is shown as it wrote it.
const fallbackMessage: Record<number, MessageKey> = {
  400: 'platform.malformed',
  401: 'platform.unauthorized',
  403: 'platform.forbidden',
  404: 'platform.notFound',
  409: 'platform.busy',
  422: 'platform.wrongState',
  429: 'platform.rateLimited',
};

/**
 * Turns a platform answer into a DeskError.
 * @param status HTTP status (>= 400).
 * @param body the parsed JSON body, if any (unknown shape: read defensively).
 * @param retryAfter the `Retry-After` header value (seconds or an HTTP date), if any.
 */
export function errorFromResponse(
  status: number,
  body: unknown,
  retryAfter?: string | null,
): DeskError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const platformMessage = typeof record.message === 'string' ? record.message.trim() : '';
  const fields = readFields(record.errors);
  const fallback = fallbackMessage[status];
  const said = redactCredentials(platformMessage);
  const error: DeskError = {
    code: codeByStatus[status] ?? 'platform',
    ...(said
      ? { message: said }
      : fallback
        ? say(fallback)
        : say(status >= 500 ? 'platform.serverError' : 'platform.refused', { status })),
    status,
  };
  if (fields) error.fields = fields;
  const waitMs = retryAfterMs(retryAfter ?? null, Date.now());
  if (status === 429 && waitMs !== null) error.retryAfterS = Math.ceil(waitMs / 1000);
  return error;
}

/**
 * A DeskError for a call that got no answer (refused connection, DNS, reset, abort). The
 * cause's text is redacted: some fetch errors quote the URL, which holds the VOD token.
 */
export function networkError(cause: unknown): DeskError {
  const detail = redactCredentials(cause instanceof Error ? cause.message : String(cause));
  return { code: 'network', ...say('platform.unreachable', { detail }) };
}

/**
 * `text` with credentials masked: an `access_token` query parameter (VOD) and a Bearer token
 * (live) become `[redacted]`. For anything that quotes a request and may be shown or logged.
 */
export function redactCredentials(text: string): string {
  return text
    .replace(/(access_token=)[^&#\s"'<>]+/gi, '$1[redacted]')
    .replace(/(Bearer\s+)[^\s"',;]+/gi, '$1[redacted]');
}

function readFields(errors: unknown): Record<string, string[]> | undefined {
  if (typeof errors !== 'object' || errors === null) return undefined;
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages)) out[field] = messages.map(String);
    else if (typeof messages === 'string') out[field] = [messages];
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
