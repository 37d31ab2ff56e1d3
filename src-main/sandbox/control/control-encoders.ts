/**
 * The simulated encoders' control (encoder.ts), loopback only, JSON or form bodies:
 *
 * - `POST /__sandbox/channels/{channel_key}/encoder` `{ state: "live" | "off" }` → 200
 *   `{ data: EncoderStatus }` after the change;
 * - `GET  /__sandbox/channels/{channel_key}/encoder` → 200 `{ data: EncoderStatus }`;
 * - `GET  /__sandbox/encoders` → 200 `{ data: EncoderStatus[] }`, every encoder-fed channel not
 *   in the trash.
 *
 * Unknown channel: 404; a scheduled channel, or `live` on a disabled or trashed channel: 422
 * `{ message }`; a bad body: 422 `{ message, errors }`; a non-loopback caller: 403. Every request
 * to the sandbox first ends the broadcasts whose reconnect window ran out (virtual clock), so
 * a read after `POST /__sandbox/clock/advance` already sees them ended.
 */
import type { FastifyPluginCallback, onRequestHookHandler } from 'fastify';
import { z } from 'zod';
import type { EncoderSimulator } from '../rehearsal/encoder';
import { controlPrefix } from './control';
import { loopbackOnly, parseControlBody } from './control-support';

const encoderSchema = z.object({
  state: z.enum(['live', 'off'], {
    error: (issue) =>
      issue.input === undefined
        ? 'The state field is required.'
        : 'The state must be "live" or "off".',
  }),
});

/** Options of `encoderControlPlugin`. */
export interface EncoderControlOptions {
  encoders: EncoderSimulator;
}

/**
 * Runs the encoders' due changes (ends the lapsed broadcasts) before any request reads them: a
 * hook of the root, added before the operation plugins (server.ts).
 */
export function runDueEncodersHook(encoders: EncoderSimulator): onRequestHookHandler {
  return (_request, _reply, done) => {
    encoders.runDue();
    done();
  };
}

/** The encoder control routes, as an encapsulated plugin (server.ts). */
export const encoderControlPlugin: FastifyPluginCallback<EncoderControlOptions> = (
  app,
  { encoders },
  done,
) => {
  app.get(`${controlPrefix}/encoders`, { onRequest: loopbackOnly }, () => ({
    data: encoders.list(),
  }));

  app.get<{ Params: { channel_key: string } }>(
    `${controlPrefix}/channels/:channel_key/encoder`,
    { onRequest: loopbackOnly },
    (request) => ({ data: encoders.status(request.params.channel_key) }),
  );

  app.post<{ Params: { channel_key: string } }>(
    `${controlPrefix}/channels/:channel_key/encoder`,
    { onRequest: loopbackOnly },
    (request) => {
      const { state } = parseControlBody(encoderSchema, request.body);
      return { data: encoders.set(request.params.channel_key, state) };
    },
  );
  done();
};
