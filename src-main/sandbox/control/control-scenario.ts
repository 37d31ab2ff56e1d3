/**
 * Rehearsal scenarios under `/__sandbox` (scenario-desk.ts), loopback only, JSON or form bodies:
 *
 * - `GET  /__sandbox/scenarios` → `{ data: ScenarioListing[] }`, the examples of
 *   `resources/rehearsals/`;
 * - `GET  /__sandbox/scenario` → `{ data: ScenarioStatus | null }`;
 * - `POST /__sandbox/scenario` `{ name }` (an example) or `{ yaml }` (a file's text), optional
 *   `speed` 1..60 → `{ data: ScenarioStatus }`, playing; any scenario playing is stopped;
 * - `POST /__sandbox/scenario/pause`, `/resume`, `/stop` → `{ data: ScenarioStatus | null }`.
 *
 * A file that does not load answers 422 `{ message }` naming its line and field; a bad body
 * 422 `{ message, errors }`; a non-loopback caller 403.
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { VirtualClock } from '../kernel/clock';
import { ApiError } from '../state/http-error';
import { ScenarioError } from '../rehearsal/scenario';
import type { ScenarioDesk } from '../rehearsal/scenario-desk';
import { controlPrefix } from './control';
import { loopbackOnly, parseControlBody } from './control-support';

const startSchema = z
  .object({
    name: z.string().min(1).optional(),
    yaml: z.string().min(1).optional(),
    speed: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
      z
        .number({ error: 'The speed must be a number.' })
        .min(VirtualClock.minSpeed, `The speed must be at least ${VirtualClock.minSpeed}.`)
        .max(VirtualClock.maxSpeed, `The speed must not be greater than ${VirtualClock.maxSpeed}.`)
        .optional(),
    ),
  })
  .refine((body) => (body.name === undefined) !== (body.yaml === undefined), {
    message: 'Give either the name of an example scenario or the yaml of one.',
  });

/** Options of `scenarioControlPlugin`. */
export interface ScenarioControlOptions {
  desk: ScenarioDesk;
}

/** Registers the scenario routes on `app`. */
export const scenarioControlPlugin: FastifyPluginCallback<ScenarioControlOptions> = (
  app,
  { desk },
  done,
) => {
  app.get(`${controlPrefix}/scenarios`, { onRequest: loopbackOnly }, () => ({
    data: desk.list(),
  }));
  app.get(`${controlPrefix}/scenario`, { onRequest: loopbackOnly }, () => ({
    data: desk.status(),
  }));
  app.post(`${controlPrefix}/scenario`, { onRequest: loopbackOnly }, (request) => {
    const body = parseControlBody(startSchema, request.body);
    const source = body.yaml !== undefined ? { yaml: body.yaml } : { name: body.name ?? '' };
    try {
      return { data: desk.start(source, body.speed) };
    } catch (error) {
      if (error instanceof ScenarioError) throw new ApiError(422, error.message);
      throw error;
    }
  });
  app.post(`${controlPrefix}/scenario/pause`, { onRequest: loopbackOnly }, () => ({
    data: desk.pause(),
  }));
  app.post(`${controlPrefix}/scenario/resume`, { onRequest: loopbackOnly }, () => ({
    data: desk.resume(),
  }));
  app.post(`${controlPrefix}/scenario/stop`, { onRequest: loopbackOnly }, () => ({
    data: desk.stop(),
  }));
  done();
};
