/**
 * One network call of the request scheduler and the callers waiting for it: several when
 * identical GETs are coalesced (docs/dev/architecture.md, "The API budget"). Internal to
 * `scheduler.ts`.
 */
import type { Priority } from './budget-state';

/** One caller's promise, and how to stop listening to its abort signal. */
export interface Waiter {
  resolve: (response: Response) => void;
  reject: (reason: unknown) => void;
  detach: () => void;
}

/** One network call and everyone waiting for it. */
export interface ScheduledCall {
  readonly request: Request;
  /** GET and HEAD: safe to retry after a 429 and to cancel in flight. */
  readonly idempotent: boolean;
  /** Coalescing key, null when the call is never shared. Holds the token: never log it. */
  readonly key: string | null;
  priority: Priority;
  /** Who it is for: a studio seat's name, `''` for this desk (call-owner.ts). */
  readonly owner: string;
  phase: 'queued' | 'in-flight' | 'done';
  /** Automatic retries after a 429 so far. */
  retries: number;
  /**
   * For a write: how long after its first send (ms) it is sent again after a 429
   * (write-resend.ts); null when its 429 goes back to the caller. Null for reads.
   */
  readonly resendForMs: number | null;
  /** When the call first left for the platform (clock ms), null while it never has. */
  firstSentAt: number | null;
  /**
   * When the call's send now on the wire left for the platform (clock ms); null while queued,
   * again after a 429 too (that send was refused before acting).
   */
  startedAt: number | null;
  readonly waiters: Set<Waiter>;
  /** Aborts the network call of an idempotent read; null for writes. */
  controller: AbortController | null;
}

/** Statuses whose responses cannot carry a body (Fetch standard, "null body status"). */
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

/**
 * A queued call for `request`, no waiters yet; `shareable: false` never coalesces it; `owner`
 * the studio seat it is for (`''`: this desk); `resendForMs` how long after its first send a
 * write is sent again after a 429 (ms; null: never, and always null for a read).
 */
export function newCall(
  request: Request,
  priority: Priority,
  shareable = true,
  owner = '',
  resendForMs: number | null = null,
): ScheduledCall {
  const idempotent = request.method === 'GET' || request.method === 'HEAD';
  return {
    request,
    owner,
    idempotent,
    resendForMs: idempotent ? null : resendForMs,
    firstSentAt: null,
    key: shareable ? coalescingKey(request) : null,
    priority,
    phase: 'queued',
    retries: 0,
    startedAt: null,
    waiters: new Set(),
    controller: null,
  };
}

/** Identical GETs (same URL, same Authorization header) share one call; others never do. */
export function coalescingKey(request: Request): string | null {
  if (request.method !== 'GET') return null;
  return `${request.url}\n${request.headers.get('authorization') ?? ''}`;
}

/**
 * Hands each waiter its own Response: the original when there is one waiter, otherwise
 * copies of a body buffered once. Rejects every waiter if the body cannot be read.
 */
export async function deliver(call: ScheduledCall, response: Response): Promise<void> {
  if (call.waiters.size === 0) {
    await discard(response); // every caller aborted while the answer was on its way
    return;
  }
  if (call.waiters.size === 1) {
    settle(call, (waiter) => waiter.resolve(response));
    return;
  }
  let body: ArrayBuffer | null;
  try {
    body = nullBodyStatuses.has(response.status) ? null : await response.arrayBuffer();
  } catch (error) {
    settle(call, (waiter) => waiter.reject(error));
    return;
  }
  const { status, statusText, headers } = response;
  settle(call, (waiter) => waiter.resolve(new Response(body, { status, statusText, headers })));
}

/** Removes every waiter of `call` and settles each with `each`. */
export function settle(call: ScheduledCall, each: (waiter: Waiter) => void): void {
  const waiters = [...call.waiters];
  call.waiters.clear();
  for (const waiter of waiters) {
    waiter.detach();
    each(waiter);
  }
}

/** Releases a response nobody will read. */
export async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // The body is unwanted; failing to cancel it changes nothing.
  }
}

/** What queued and in-flight calls reject with when the scheduler is disposed. */
export function disposedError(): DOMException {
  return new DOMException('The request scheduler was disposed', 'AbortError');
}

/** A promise rejected with `reason` as is, whatever the caller aborted with. */
export function rejectWith(reason: unknown): Promise<never> {
  return Promise.resolve().then(() => {
    throw reason;
  });
}

/**
 * Whether a call just refused with 429 at `now` (epoch ms) is queued again: a read up to
 * `maxAutoRetries` times; a write that may be sent again (write-resend.ts) while someone still
 * waits for it and its window after the first send is not over.
 */
export function sendsAgain(call: ScheduledCall, maxAutoRetries: number, now: number): boolean {
  if (call.idempotent) return call.retries < maxAutoRetries;
  if (call.resendForMs === null || call.waiters.size === 0) return false;
  const first = call.firstSentAt ?? now;
  return now - first < call.resendForMs;
}

/**
 * The request `call` leaves as, its controller set: a read gets its own signal (one caller
 * aborting must not cancel a call others share); a write that may be sent again leaves as a
 * copy (its body is read once per send); any other write as it came.
 */
export function wireRequest(call: ScheduledCall): Request {
  call.controller = call.idempotent ? new AbortController() : null;
  return call.controller
    ? new Request(call.request, { signal: call.controller.signal })
    : call.resendForMs !== null
      ? call.request.clone()
      : call.request;
}
