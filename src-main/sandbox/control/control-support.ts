/**
 * Shared pieces of the `/__sandbox` control routes: the loopback guard and body parsing with
 * field errors (422 `{ message, errors }`), as control/control.ts answers them.
 */
import type { onRequestHookHandler } from 'fastify';
import type { z } from 'zod';
import { ApiError } from '../state/http-error';

/** Refuses callers that are not on this machine: 403 `{ message }`. */
export const loopbackOnly: onRequestHookHandler = (request, _reply, done) => {
  if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.ip)) {
    throw new ApiError(403, 'The sandbox control endpoints answer loopback callers only.');
  }
  done();
};

/** The parsed body. @throws ApiError 422 with field errors by field name. */
export function parseControlBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.') || fieldOf(issue);
    (errors[field] ??= []).push(issue.message);
  }
  throw new ApiError(422, Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);
}

function fieldOf(issue: z.core.$ZodIssue): string {
  return issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : 'body';
}
