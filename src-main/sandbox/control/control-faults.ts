/**
 * Control of injected faults (see faults.ts), loopback only, JSON or form-encoded bodies:
 *
 * - `GET    /__sandbox/faults` → the settings
 *   `{ latencyMs, errorRate, dropRate, burst429, retryAfterS, seed }`.
 * - `PUT|POST /__sandbox/faults` with any subset of those fields → the new settings. Unknown
 *   fields or values out of range answer 422 `{ message, errors }` and change nothing.
 * - `DELETE /__sandbox/faults` → back to no fault (the seed is kept) → the settings.
 */
import type { FastifyPluginCallback } from 'fastify';
import type { FaultInjector } from '../kernel/faults';
import { faultChangeSchema } from '../kernel/faults';
import { controlPrefix } from './control';
import { loopbackOnly, parseControlBody } from './control-support';

/** Options of `faultControlPlugin`. */
export interface FaultControlOptions {
  faults: FaultInjector;
}

/** Registers the fault control routes on `app`. */
export const faultControlPlugin: FastifyPluginCallback<FaultControlOptions> = (
  app,
  { faults },
  done,
) => {
  const url = `${controlPrefix}/faults`;
  app.get(url, { onRequest: loopbackOnly }, () => faults.settings);
  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url,
      onRequest: loopbackOnly,
      handler: (request) => {
        const change = parseControlBody(faultChangeSchema, request.body);
        return faults.update(
          Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)),
        );
      },
    });
  }
  app.delete(url, { onRequest: loopbackOnly }, () => faults.clear());
  done();
};
