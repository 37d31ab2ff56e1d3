/**
 * The VOD success envelope `{ status: 'ok', data }` (observed) and the no-body answer of
 * attach, detach and AI creation (spec, Errors: 204).
 */

/** Returned by a handler to answer 204 without a body (server.ts: a handler answering undefined). */
export const noContent = undefined;

/** `{ status: 'ok', data }`. */
export function ok<T>(data: T): { status: 'ok'; data: T } {
  return { status: 'ok', data };
}

/** `{ status: 'ok', data, meta }` for a paged list. */
export function okPage<T, M>(data: T, meta: M): { status: 'ok'; data: T; meta: M } {
  return { status: 'ok', data, meta };
}

/** `{ status: 'ok', data: null }`: deletes and other changes with nothing to show. */
export const okNull = { status: 'ok', data: null } as const;
