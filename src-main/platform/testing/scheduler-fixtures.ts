/**
 * Fixtures for the scheduler tests: a fake platform on a manual clock that records every
 * call start and answers as told, and helpers to read the start times.
 */
import { RequestScheduler, type Priority, type SchedulerOptions } from '../scheduler';
import { ManualClock } from '../manual-clock';

export const base = 'https://live.example.test/api/v1/live/service-accounts/sa1';

export interface Sent {
  method: string;
  path: string;
  authorization: string | null;
  at: number;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  latencyMs?: number;
  fail?: boolean;
}

/**
 * A fake platform: records every call start (virtual ms) and answers after `latencyMs`
 * (default 100) with `answer(request)`, by default 200 and a JSON body naming the path.
 */
export function fakePlatform(
  clock: ManualClock,
  answer: (request: Request) => Answer = () => ({}),
) {
  const sent: Sent[] = [];
  const fetch = (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname.replace('/api/v1/live/service-accounts/sa1', '');
    const authorization = request.headers.get('authorization');
    sent.push({ method: request.method, path, authorization, at: clock.now() });
    const { status = 200, headers = {}, latencyMs = 100, fail = false } = answer(request);
    return new Promise((resolve, reject) => {
      clock.setTimeout(() => {
        if (fail) reject(new TypeError('fetch failed'));
        else resolve(new Response(JSON.stringify({ path }), { status, headers }));
      }, latencyMs);
    });
  };
  return { fetch, sent, starts: () => sent.map((call) => call.at) };
}

export function setup(
  options: Partial<SchedulerOptions> = {},
  answer?: (request: Request) => Answer,
) {
  const clock = new ManualClock();
  const platform = fakePlatform(clock, answer);
  const scheduler = new RequestScheduler({
    name: 'live',
    fetch: platform.fetch,
    clock,
    ...options,
  });
  const get = (path: string, priority?: Priority, init: RequestInit = {}) =>
    scheduler.fetch(new Request(`${base}${path}`, init), priority ? { priority } : {});
  return { clock, platform, scheduler, get };
}

/** Runs virtual time until `promise` settles (at most `limitMs`), then returns its outcome. */
export async function settled<T>(
  clock: ManualClock,
  promise: Promise<T>,
  limitMs = 120_000,
): Promise<T> {
  let done = false;
  const watched = promise.finally(() => {
    done = true;
  });
  await clock.runUntil(() => done, limitMs);
  return watched;
}

/** Most starts in any window [t, t + 60 s). */
export function mostInAnyMinute(starts: number[]): number {
  let most = 0;
  for (let i = 0; i < starts.length; i++) {
    const first = starts[i] ?? 0;
    most = Math.max(most, starts.filter((at) => at >= first && at < first + 60_000).length);
  }
  return most;
}

export function gaps(starts: number[]): number[] {
  return starts.slice(1).map((at, i) => at - (starts[i] ?? 0));
}
