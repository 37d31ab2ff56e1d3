/**
 * The platform calls the sandbox counted (call-count.ts) and the personal access tokens of its
 * service account, as a console user manages them; loopback only, JSON or form bodies:
 *
 * - `GET    /__sandbox/calls` → `{ minutes: MinuteCount[] }`, oldest minute first.
 * - `DELETE /__sandbox/calls` → forgets the counts → `{ minutes: [] }`.
 * - `POST   /__sandbox/tokens` `{ role?, lifetimeS? }` → `{ token }`: a new personal access
 *   token (default super administrator, every live scope, one year of virtual time).
 * - `POST   /__sandbox/tokens/revoke` `{ token }` → `{ revoked: true }`: calls with that token
 *   get 401 from now on (spec, Authentication: a deleted token is refused).
 * Bad input answers 422 `{ message, errors }`.
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import type { Role } from '../kernel/auth';
import type { CallCounter } from '../kernel/call-count';
import { controlPrefix } from './control';
import { loopbackOnly, parseControlBody } from './control-support';

/** What the token routes act on (index.ts: the sandbox's token authority). */
export interface TokenDesk {
  issue(options: { role?: Role; lifetimeS?: number }): string;
  revoke(token: string): void;
}

const issueSchema = z
  .object({
    role: z.enum(['super_admin', 'admin'], { error: 'The role must be super_admin or admin.' }),
    lifetimeS: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
      z
        .number({ error: 'The lifetimeS must be a number of seconds.' })
        .int('The lifetimeS must be a whole number of seconds.')
        .min(1, 'The lifetimeS must be at least 1 s.')
        .max(10 * 366 * 86_400, 'The lifetimeS must not be more than ten years.'),
    ),
  })
  .partial()
  .strict();

const revokeSchema = z.object({
  token: z.string({ error: 'The token field is required.' }).min(1, 'The token is empty.'),
});

/** Options of `callAndTokenControlPlugin`. */
export interface CallAndTokenControlOptions {
  calls: CallCounter;
  tokens: TokenDesk;
}

/** Registers the call-count and token routes on `app`. */
export const callAndTokenControlPlugin: FastifyPluginCallback<CallAndTokenControlOptions> = (
  app,
  { calls, tokens },
  done,
) => {
  app.get(`${controlPrefix}/calls`, { onRequest: loopbackOnly }, () => ({
    minutes: calls.counts(),
  }));
  app.delete(`${controlPrefix}/calls`, { onRequest: loopbackOnly }, () => {
    calls.clear();
    return { minutes: [] };
  });
  app.post(`${controlPrefix}/tokens`, { onRequest: loopbackOnly }, (request) => {
    const { role, lifetimeS } = parseControlBody(issueSchema, request.body);
    return {
      token: tokens.issue({
        ...(role === undefined ? {} : { role }),
        ...(lifetimeS === undefined ? {} : { lifetimeS }),
      }),
    };
  });
  app.post(`${controlPrefix}/tokens/revoke`, { onRequest: loopbackOnly }, (request) => {
    const { token } = parseControlBody(revokeSchema, request.body);
    tokens.revoke(token);
    return { revoked: true };
  });
  done();
};
