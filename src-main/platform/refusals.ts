/**
 * The last platform refusals main saw (non-2xx answers and calls that got no answer), newest
 * last, for the diagnostics archive: what support asks for first when an operator says "the
 * platform said no". A small ring in memory, for the whole process; nothing is written to
 * disk from here. A refusal keeps the request's path without its query (the VOD token travels
 * as `access_token`), and its message is redacted.
 */
import type { DeskError } from '../shared/result';
import { redactCredentials } from './errors';

/** How many refusals are kept. */
export const refusalsKept = 50;

/** One refusal as kept. */
export interface Refusal {
  /** When it was seen, ISO 8601 UTC. */
  at: string;
  /** The request's path (no query), e.g. `/live/api/v1/.../broadcasts`; null without an answer. */
  path: string | null;
  status: number | null;
  code: DeskError['code'];
  message: string;
  /** Field names the platform refused, with its messages. */
  fields?: Record<string, string[]>;
  retryAfterS?: number;
}

const ring: Refusal[] = [];

/** Keeps one refusal (the oldest is dropped past {@link refusalsKept}). */
export function recordRefusal(error: DeskError, url: string | null, now = Date.now()): void {
  ring.push({
    at: new Date(now).toISOString(),
    path: url === null ? null : pathOf(url),
    status: error.status ?? null,
    code: error.code,
    message: redactCredentials(error.message),
    ...(error.fields ? { fields: error.fields } : {}),
    ...(error.retryAfterS === undefined ? {} : { retryAfterS: error.retryAfterS }),
  });
  if (ring.length > refusalsKept) ring.splice(0, ring.length - refusalsKept);
}

/** The refusals kept, oldest first (a copy). */
export function recentRefusals(): Refusal[] {
  return ring.map((refusal) => ({ ...refusal }));
}

function pathOf(url: string): string | null {
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}
