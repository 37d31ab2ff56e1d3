/**
 * How the studio's servers (hub.ts, a backup's routes in backup.ts) refuse a request: the
 * desk's result shape `{ ok: false, error: { code, message } }`, never cached.
 */
import type { FastifyReply } from 'fastify';

/** The refusals a studio server answers with (HTTP status). */
export type RefusalStatus = 400 | 401 | 403 | 409 | 429 | 503;

const codes: Record<RefusalStatus, string> = {
  400: 'invalid-input',
  401: 'unauthorized',
  403: 'forbidden',
  409: 'conflict',
  429: 'rate-limited',
  503: 'network',
};

/** Sends the refusal `status` with the operator-readable `message`; answers the reply. */
export function refuse(reply: FastifyReply, status: RefusalStatus, message: string): FastifyReply {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .send({ ok: false, error: { code: codes[status], message } });
}
