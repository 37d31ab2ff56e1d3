/**
 * Which failures of a request mean it never left this machine: its connection never opened
 * (refused, no such host, no route, a connect timeout), so nothing reached the other side.
 * Any other failure of a request that was on its way (a reset, a hang-up, a timeout once
 * connected) may have reached it, and whether it acted is unknown until read again. Read by
 * the call accounting (call-accounting.ts: a platform write that never connected was not
 * sent) and by a studio seat's link to its hub (services/studio/seat.ts).
 */

/** Connection errors that mean the request was never sent (Node's and undici's codes). */
const neverConnectedCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * Whether `error` says its request's connection never opened: the first `code` found on it or
 * on the causes it wraps (fetch's `TypeError: fetch failed` wraps the socket's error), up to
 * five deep, is one of {@link neverConnectedCodes}. False for anything else, an abort included.
 */
export function neverConnected(error: unknown): boolean {
  let code: unknown;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && code === undefined; depth += 1) {
    code = (current as { code?: unknown }).code;
    current = (current as { cause?: unknown }).cause;
  }
  return typeof code === 'string' && neverConnectedCodes.has(code);
}
