/**
 * A simulated live API for the benchmark, in virtual time. It enforces the observed rate
 * rule (docs/platform-facts.md, "Rate limit"): a call that reaches it less than
 * 1000 ms after the previous accepted one, or when 60 were accepted in the last 60 s, is
 * refused with 429 and `Retry-After` (whole seconds). It answers after a seeded latency.
 */
import type { ManualClock } from '../src-main/platform/manual-clock';

/** One call as the platform saw it. Times are virtual epoch ms. */
export interface SeenCall {
  method: string;
  /** When the client started the call. */
  startedAt: number;
  /** When it reached the platform: start + uplink delay; the rule is judged here. */
  arrivedAt: number;
  status: number;
  /** Value of the `x-bench-command` header, for command latency; null for reads. */
  command: string | null;
}

export interface SimulatedPlatformOptions {
  clock: ManualClock;
  random: () => number;
  minSpacingMs?: number;
  limitPerMinute?: number;
  /** Total latency from start to answer, ms, uniform in [min, max]. Default 80..250. */
  latencyMs?: [number, number];
  /** Part of the latency before the call reaches the platform, uniform; default 30..70. */
  uplinkMs?: [number, number];
}

/** The platform's side of the wire: `fetch` to pass to a scheduler, `calls` to measure. */
export class SimulatedPlatform {
  readonly calls: SeenCall[] = [];
  readonly #accepted: number[] = [];
  readonly #clock: ManualClock;
  readonly #random: () => number;
  readonly #spacingMs: number;
  readonly #limit: number;
  readonly #latency: [number, number];
  readonly #uplink: [number, number];

  constructor(options: SimulatedPlatformOptions) {
    this.#clock = options.clock;
    this.#random = options.random;
    this.#spacingMs = options.minSpacingMs ?? 1000;
    this.#limit = options.limitPerMinute ?? 60;
    this.#latency = options.latencyMs ?? [80, 250];
    this.#uplink = options.uplinkMs ?? [30, 70];
  }

  readonly fetch = (request: Request): Promise<Response> => {
    const startedAt = this.#clock.now();
    const latency = this.#uniform(this.#latency);
    const uplink = Math.min(latency, this.#uniform(this.#uplink));
    const call: SeenCall = {
      method: request.method,
      startedAt,
      arrivedAt: startedAt + uplink,
      status: 0,
      command: request.headers.get('x-bench-command'),
    };
    this.calls.push(call);
    return new Promise((resolve) => {
      let retryAfterS = 0;
      this.#clock.setTimeout(() => {
        retryAfterS = this.#judge(call.arrivedAt);
        call.status = retryAfterS > 0 ? 429 : call.method === 'POST' ? 201 : 200;
      }, uplink);
      this.#clock.setTimeout(() => resolve(answer(call, retryAfterS)), latency);
    });
  };

  /** 0 when the call is accepted, else the Retry-After seconds. */
  #judge(at: number): number {
    const last = this.#accepted.at(-1);
    if (last !== undefined && at - last < this.#spacingMs) {
      return Math.max(1, Math.ceil((last + this.#spacingMs - at) / 1000));
    }
    const recent = this.#accepted.filter((t) => t > at - 60_000);
    const oldest = recent[0];
    if (recent.length >= this.#limit && oldest !== undefined) {
      return Math.max(1, Math.ceil((oldest + 60_000 - at) / 1000));
    }
    this.#accepted.push(at);
    return 0;
  }

  #uniform([min, max]: [number, number]): number {
    return Math.round(min + (max - min) * this.#random());
  }
}

function answer(call: SeenCall, retryAfterS: number): Response {
  const headers = { 'content-type': 'application/json' };
  if (retryAfterS > 0) {
    return new Response(JSON.stringify({ message: 'Too Many Attempts.' }), {
      status: 429,
      headers: { ...headers, 'retry-after': String(retryAfterS) },
    });
  }
  return new Response(JSON.stringify({ data: { ok: true } }), { status: call.status, headers });
}
