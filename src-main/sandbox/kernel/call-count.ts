/**
 * Counts the platform calls the sandbox receives, per account and per minute of real time
 * (UTC), with how each was answered: served, 429 from the rate limit, 429 from an injected
 * burst, 5xx, or dropped without an answer. A bench reads it to say how close a client came
 * to the limit (spec, Limits: 60 calls a minute per service account) and whether any 429
 * came from its own pace rather than from an injected fault.
 *
 * Accounts are the rate limit's keys (faults.ts `accountOf`): `live:<service account key>`,
 * `vod:<access token>`; a VOD token is shown by its first 6 characters only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FaultDecision } from './faults';
import { accountOf } from './faults';

/** One account's calls in one minute. */
export interface MinuteCount {
  /** The minute's start, ISO-8601 UTC. */
  minute: string;
  account: string;
  /** Every call received, whatever its answer. */
  calls: number;
  /** 429 answers of the rate limit (the client went too fast). */
  throttled: number;
  /** 429 answers of an injected burst (faults.ts). */
  injectedThrottled: number;
  /** 5xx answers, injected or not. */
  serverErrors: number;
  /** Connections dropped without an answer (injected). */
  dropped: number;
}

/** Counted minutes kept: a day of two accounts, then the oldest go. */
const keptMinutes = 2 * 24 * 60;

/** Counts calls per account and minute. */
export class CallCounter {
  readonly #now: () => number;
  readonly #minutes = new Map<string, MinuteCount>();
  readonly #injected = new WeakMap<FastifyRequest, FaultDecision['kind']>();
  /** When each call arrived, so that its answer is counted in the minute of its arrival. */
  readonly #arrivals = new WeakMap<FastifyRequest, number>();
  #prefixes = { live: '/live/api', vod: '/vod/api' };

  /** @param now real time in ms since the epoch (default `Date.now`). */
  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** The counts, oldest minute first. */
  counts(): MinuteCount[] {
    return [...this.#minutes.values()].map((count) => ({ ...count }));
  }

  /** Forgets every count. */
  clear(): void {
    this.#minutes.clear();
  }

  /** Marks `request` as hit by an injected fault, so its answer is counted as injected. */
  noteFault(request: FastifyRequest, decision: FaultDecision): void {
    this.#injected.set(request, decision.kind);
    if (decision.kind === 'drop') this.#bucket(request).dropped += 1;
  }

  /** Adds the counting hooks for the platform APIs under `prefixes`. */
  register(app: FastifyInstance, prefixes: { live: string; vod: string }): void {
    this.#prefixes = prefixes;
    app.addHook('onRequest', (request, _reply, done) => {
      if (this.#apiOf(request) !== null) this.#bucket(request).calls += 1;
      done();
    });
    // Counted as the answer is sent, not when it has gone: a client that reads the counts
    // right after its answer must find it counted.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (this.#apiOf(request) === null) {
        done(null, payload);
        return;
      }
      const bucket = this.#bucket(request);
      if (reply.statusCode === 429) {
        if (this.#injected.get(request) === 'throttle') bucket.injectedThrottled += 1;
        else bucket.throttled += 1;
      } else if (reply.statusCode >= 500) bucket.serverErrors += 1;
      done(null, payload);
    });
  }

  /** The bucket of the request's account in the minute it arrived (kept on the request). */
  #bucket(request: FastifyRequest): MinuteCount {
    const vod = this.#apiOf(request) === 'vod';
    const rawAccount = accountOf(request, vod);
    // A VOD account is its access token: enough of it to tell two apart, not to use it.
    const account = vod ? `${rawAccount.slice(0, 10)}…` : rawAccount;
    const arrived = this.#arrivals.get(request) ?? this.#now();
    this.#arrivals.set(request, arrived);
    const minute = new Date(Math.floor(arrived / 60_000) * 60_000).toISOString();
    const key = `${minute} ${account}`;
    let bucket = this.#minutes.get(key);
    if (bucket === undefined) {
      bucket = {
        minute,
        account,
        calls: 0,
        throttled: 0,
        injectedThrottled: 0,
        serverErrors: 0,
        dropped: 0,
      };
      this.#minutes.set(key, bucket);
      // Maps iterate in insertion order: the first key is the oldest minute.
      while (this.#minutes.size > keptMinutes) {
        const oldest = this.#minutes.keys().next().value;
        if (oldest === undefined) break;
        this.#minutes.delete(oldest);
      }
    }
    return bucket;
  }

  #apiOf(request: FastifyRequest): 'live' | 'vod' | null {
    if (request.url.startsWith(`${this.#prefixes.live}/`)) return 'live';
    if (request.url.startsWith(`${this.#prefixes.vod}/`)) return 'vod';
    return null;
  }
}
