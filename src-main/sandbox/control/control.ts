/**
 * Test-control endpoints under `/__sandbox/` (outside the platform's paths, no auth, loopback
 * only). Bodies may be JSON or form-encoded.
 *
 * - `GET  /__sandbox/clock` → `{ now, speed, paused }` (now ISO-8601 UTC; speed ×1..×60).
 * - `POST /__sandbox/clock/advance` `{ seconds }` (≥ 0, at most 10 years) → the same.
 * - `POST /__sandbox/clock/speed` `{ speed }` (1..60 virtual s a real s) → the same.
 * - `POST /__sandbox/clock/pause`, `POST /__sandbox/clock/resume` (no body) → the same.
 * The rate limit keeps counting real time whatever the clock's speed (clock.ts).
 * - `POST /__sandbox/rate-limit` `{ enabled }` (true/false, 1/0) → `{ enabled }`.
 * Invalid input answers 422 `{ message, errors }`; a non-loopback caller 403 `{ message }`.
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { VirtualClock } from '../kernel/clock';
import { ApiError } from '../state/http-error';
import { isoUtc } from '../kernel/present';
import type { RateLimiter } from '../kernel/rate-limit';
import { loopbackOnly } from './control-support';

/** The control prefix. */
export const controlPrefix = '/__sandbox';

const advanceSchema = z.object({
  seconds: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({
        error: (issue) => requiredOr(issue.input, 'The seconds must be a number.', 'seconds'),
      })
      .min(0, 'The seconds must be at least 0: the clock only moves forward.')
      .max(10 * 366 * 86_400, 'The seconds must not be greater than ten years.'),
  ),
});

const speedSchema = z.object({
  speed: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({
        error: (issue) => requiredOr(issue.input, 'The speed must be a number.', 'speed'),
      })
      .min(VirtualClock.minSpeed, `The speed must be at least ${VirtualClock.minSpeed}.`)
      .max(VirtualClock.maxSpeed, `The speed must not be greater than ${VirtualClock.maxSpeed}.`),
  ),
});

/** What the clock routes answer. */
export interface ClockStatus {
  /** The platform's now, ISO-8601 UTC. */
  now: string;
  /** Virtual s a real s (1..60). */
  speed: number;
  /** Whether the platform's time stands still. */
  paused: boolean;
}

/** The clock as the control routes show it. */
export function clockStatus(clock: VirtualClock): ClockStatus {
  return { now: isoUtc(clock.now()), speed: clock.speed, paused: clock.paused };
}

const booleanWords = new Map<unknown, boolean>([
  ['true', true],
  ['1', true],
  [1, true],
  ['false', false],
  ['0', false],
  [0, false],
]);

const rateLimitSchema = z.object({
  enabled: z.preprocess(
    (value) => booleanWords.get(value) ?? value,
    z.boolean({
      error: (issue) =>
        requiredOr(issue.input, 'The enabled field must be true or false.', 'enabled'),
    }),
  ),
});

/** Options of `clockControlPlugin`. */
export interface ClockControlOptions {
  clock: VirtualClock;
  limiter: RateLimiter;
}

/** Registers the control routes on `app`. */
export const clockControlPlugin: FastifyPluginCallback<ClockControlOptions> = (
  app,
  { clock, limiter },
  done,
) => {
  app.get(`${controlPrefix}/clock`, { onRequest: loopbackOnly }, () => clockStatus(clock));

  app.post(`${controlPrefix}/clock/advance`, { onRequest: loopbackOnly }, (request) => {
    const { seconds } = parseBody(advanceSchema, request.body);
    clock.advance(seconds * 1000);
    return clockStatus(clock);
  });

  app.post(`${controlPrefix}/clock/speed`, { onRequest: loopbackOnly }, (request) => {
    const { speed } = parseBody(speedSchema, request.body);
    clock.setSpeed(speed);
    return clockStatus(clock);
  });

  app.post(`${controlPrefix}/clock/pause`, { onRequest: loopbackOnly }, () => {
    clock.pause();
    return clockStatus(clock);
  });

  app.post(`${controlPrefix}/clock/resume`, { onRequest: loopbackOnly }, () => {
    clock.resume();
    return clockStatus(clock);
  });

  app.post(`${controlPrefix}/rate-limit`, { onRequest: loopbackOnly }, (request) => {
    const { enabled } = parseBody(rateLimitSchema, request.body);
    limiter.setEnabled(enabled);
    return { enabled: limiter.enabled };
  });
  done();
};

function requiredOr(input: unknown, message: string, field: string): string {
  return input === undefined ? `The ${field} field is required.` : message;
}

/** The parsed body. @throws ApiError 422 with field errors. */
function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    (errors[issue.path.map(String).join('.') || 'body'] ??= []).push(issue.message);
  }
  throw new ApiError(422, Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);
}
