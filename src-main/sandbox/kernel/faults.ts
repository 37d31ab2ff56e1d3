/**
 * Faults on demand: the sandbox platform misbehaves the way a real one does on a bad day, so
 * the app's scheduler, retries and error display can be tested and demonstrated.
 *
 * Applied to the platform APIs only (`/live/api`, `/vod/api`), never to `/__sandbox`:
 * 1. latency: every answer leaves `latencyMs` (real ms) late, or a time drawn evenly from
 *    `latencyMs`..`latencyMaxMs` when that is larger (a platform whose answers come 80 to
 *    250 ms late). The call is handled when it arrives and its answer held back: a slow
 *    platform, not a slow road to it, so the rate limit sees the calls spaced as they were
 *    sent (a varying delay before the limit would make it see 1.05 s as 0.88 s). A dropped
 *    connection is dropped that late too.
 * Then, in this order, before authentication and the rate limit:
 * 2. dropped connection: with probability `dropRate` the socket is destroyed without an answer;
 * 3. server error: with probability `errorRate` the call answers 500 or 503 (even odds) with the
 *    API's error envelope (live `{ message }`, VOD `{ status: 'fail', message }`);
 * 4. 429 burst: the next `burst429` calls of each account (live: service account in the path;
 *    VOD: access token) answer 429 with `Retry-After: retryAfterS` (spec, Limits; observed:
 *    429 + Retry-After in seconds). Counted per account from the moment the burst is set.
 * Draws come from mulberry32(`seed`), re-seeded at every change: same settings and same
 * sequence of calls, same faults. Latencies are drawn from a second generator of their own,
 * so turning a latency range on does not change which calls fail.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Random } from '../state/prng';
import { mulberry32 } from '../state/prng';

/** The fault settings; every field is off at 0. */
export interface FaultSettings {
  /** Delay of each platform answer, in real ms (0..60 000). */
  latencyMs: number;
  /**
   * Upper end of a latency range, in real ms (0..60 000): each call then waits a time drawn
   * evenly from `latencyMs`..`latencyMaxMs`. At or below `latencyMs` the delay is fixed.
   */
  latencyMaxMs: number;
  /** Probability (0..1) that a call answers 500 or 503. */
  errorRate: number;
  /** Probability (0..1) that a call's connection is destroyed without an answer. */
  dropRate: number;
  /** The next N calls of each account answer 429 (0..10 000). */
  burst429: number;
  /** `Retry-After` of the 429 burst, in s (1..3600); default 1. */
  retryAfterS: number;
  /** Seed of the draws (0..2^32-1). */
  seed: number;
}

/** No fault at all. */
export const noFaults: FaultSettings = {
  latencyMs: 0,
  latencyMaxMs: 0,
  errorRate: 0,
  dropRate: 0,
  burst429: 0,
  retryAfterS: 1,
  seed: 1,
};

/** Zod schema of a (partial) change, accepting JSON or form-encoded text for numbers. */
export const faultChangeSchema = z
  .object({
    latencyMs: numberField('latencyMs', 0, 60_000, true),
    latencyMaxMs: numberField('latencyMaxMs', 0, 60_000, true),
    errorRate: numberField('errorRate', 0, 1, false),
    dropRate: numberField('dropRate', 0, 1, false),
    burst429: numberField('burst429', 0, 10_000, true),
    retryAfterS: numberField('retryAfterS', 1, 3600, true),
    seed: numberField('seed', 0, 2 ** 32 - 1, true),
  })
  .partial()
  .strict();

/** What to do with one call. */
export type FaultDecision =
  | { kind: 'pass' }
  | { kind: 'drop' }
  | { kind: 'error'; status: 500 | 503 }
  | { kind: 'throttle'; retryAfterS: number };

/** Holds the fault settings of one sandbox and decides the fate of each call. */
export class FaultInjector {
  #settings: FaultSettings;
  #random: Random;
  #latencyRandom: Random;
  readonly #burstLeft = new Map<string, number>();

  constructor(settings: Partial<FaultSettings> = {}) {
    this.#settings = { ...noFaults, ...settings };
    this.#random = mulberry32(this.#settings.seed);
    this.#latencyRandom = latencyRandomFor(this.#settings.seed);
  }

  /** The current settings (a copy). */
  get settings(): FaultSettings {
    return { ...this.#settings };
  }

  /** Changes some settings; re-seeds the draws and restarts 429 bursts. */
  update(change: Partial<FaultSettings>): FaultSettings {
    this.#settings = { ...this.#settings, ...change };
    this.#random = mulberry32(this.#settings.seed);
    this.#latencyRandom = latencyRandomFor(this.#settings.seed);
    this.#burstLeft.clear();
    return this.settings;
  }

  /** Back to no fault (keeps the seed). */
  clear(): FaultSettings {
    return this.update({ ...noFaults, seed: this.#settings.seed });
  }

  /** The delay before the next call is handled, in real ms (0 when no latency is set). */
  nextLatencyMs(): number {
    const { latencyMs, latencyMaxMs } = this.#settings;
    if (latencyMaxMs <= latencyMs) return latencyMs;
    return Math.round(latencyMs + this.#latencyRandom() * (latencyMaxMs - latencyMs));
  }

  /** The fate of one call of `account` (drawn in the documented order). */
  decide(account: string): FaultDecision {
    const { dropRate, errorRate, burst429, retryAfterS } = this.#settings;
    if (dropRate > 0 && this.#random() < dropRate) return { kind: 'drop' };
    if (errorRate > 0 && this.#random() < errorRate) {
      return { kind: 'error', status: this.#random() < 0.5 ? 500 : 503 };
    }
    if (burst429 > 0) {
      const left = this.#burstLeft.get(account) ?? burst429;
      if (left > 0) {
        this.#burstLeft.set(account, left - 1);
        return { kind: 'throttle', retryAfterS };
      }
    }
    return { kind: 'pass' };
  }
}

/** Told of every fault injected, with the call it hit (e.g. call-count.ts counts them apart). */
export type FaultObserver = (request: FastifyRequest, decision: FaultDecision) => void;

/**
 * Adds the fault hook for the platform APIs under `prefixes` (e.g. `/live/api`, `/vod/api`);
 * `observe` hears each decision other than `pass`.
 */
export function registerFaults(
  app: FastifyInstance,
  faults: FaultInjector,
  prefixes: { live: string; vod: string },
  observe?: FaultObserver,
): void {
  const platform = (request: FastifyRequest) =>
    request.url.startsWith(`${prefixes.vod}/`) || request.url.startsWith(`${prefixes.live}/`);
  const delay = async () => {
    const latencyMs = faults.nextLatencyMs();
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
  };
  app.addHook('onRequest', async (request, reply) => {
    if (!platform(request)) return;
    const vod = request.url.startsWith(`${prefixes.vod}/`);
    const decision = faults.decide(accountOf(request, vod));
    if (decision.kind === 'pass') return;
    observe?.(request, decision);
    if (decision.kind === 'drop') {
      reply.hijack();
      await delay();
      request.raw.socket.destroy();
      return;
    }
    // Returning the reply ends the call here: the route's handler must not run after a fault.
    return answer(reply, vod, decision);
  });
  // Every answer of the platform, whatever its status, leaves late.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (platform(request)) await delay();
    return payload;
  });
}

function answer(
  reply: FastifyReply,
  vod: boolean,
  decision: Extract<FaultDecision, { kind: 'error' | 'throttle' }>,
): FastifyReply {
  const envelope = vod ? { status: 'fail' } : {};
  if (decision.kind === 'throttle') {
    const seconds = decision.retryAfterS;
    return reply
      .code(429)
      .header('Retry-After', String(seconds))
      .send({
        ...envelope,
        message: `Too many requests (injected burst). Retry after ${seconds} s.`,
      });
  }
  const message =
    decision.status === 503
      ? 'The platform is temporarily unavailable (injected fault). Try again shortly.'
      : 'The platform failed on this request (injected fault).';
  return reply.code(decision.status).send({ ...envelope, message });
}

/** The latency draws' own generator: another stream than the fault draws of the same seed. */
function latencyRandomFor(seed: number): Random {
  return mulberry32((seed ^ 0x9e3779b9) >>> 0);
}

/** Live: the service account key of the path; VOD: the access token (the rate-limit keys). */
export function accountOf(request: FastifyRequest, vod: boolean): string {
  if (vod) {
    const token = new URL(request.url, 'http://sandbox').searchParams.get('access_token');
    return `vod:${token ?? ''}`;
  }
  const match = /\/service-accounts\/([^/?]+)/.exec(request.url);
  return `live:${match?.[1] ?? ''}`;
}

function numberField(name: string, min: number, max: number, integer: boolean) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: `The ${name} must be a number from ${min} to ${max}.` })
      .refine((value) => !integer || Number.isInteger(value), `The ${name} must be a whole number.`)
      .refine(
        (value) => value >= min && value <= max,
        `The ${name} must be from ${min} to ${max}.`,
      ),
  );
}

/** The CLI's fault flags, as `parseArgs` gives them (text). */
export interface FaultFlags {
  latency?: string | undefined;
  'latency-max'?: string | undefined;
  'error-rate'?: string | undefined;
  'drop-rate'?: string | undefined;
  'burst-429'?: string | undefined;
}

const flagFields = {
  latency: 'latencyMs',
  'latency-max': 'latencyMaxMs',
  'error-rate': 'errorRate',
  'drop-rate': 'dropRate',
  'burst-429': 'burst429',
} as const;

/**
 * `--latency MS`, `--latency-max MS`, `--error-rate R`, `--drop-rate R`, `--burst-429 N` as settings.
 * @throws Error with a one-line message naming the flag and its range.
 */
export function faultsFromFlags(flags: FaultFlags): Partial<FaultSettings> {
  const change: Partial<FaultSettings> = {};
  for (const [flag, field] of Object.entries(flagFields) as [
    keyof FaultFlags,
    keyof FaultSettings,
  ][]) {
    const text = flags[flag];
    if (text === undefined) continue;
    const parsed = faultChangeSchema.shape[field].safeParse(text);
    if (!parsed.success || parsed.data === undefined) {
      const reason = parsed.error?.issues[0]?.message ?? 'is required';
      throw new Error(`--${flag}: ${reason.replace(`The ${field} `, '')} (got "${text}").`);
    }
    change[field] = parsed.data;
  }
  return change;
}
