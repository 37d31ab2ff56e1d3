import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FaultInjector, faultsFromFlags } from './faults';
import type { SandboxHandle } from '../index';
import { startSandbox } from '../index';
import { liveCaller, vodGet } from '../testing/test-support';

let sandbox: SandboxHandle;
let control: string;

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  control = sandbox.info.live_base_url.replace('/live/api', '/__sandbox/faults');
});
afterAll(() => sandbox.close());
afterEach(async () => {
  await fetch(control, { method: 'DELETE' });
});

async function setFaults(body: Record<string, unknown>): Promise<Response> {
  return fetch(control, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('faults on demand', () => {
  it('answers 500 or 503 in each API envelope at error rate 1, and control stays reachable', async () => {
    expect((await setFaults({ errorRate: 1 })).status).toBe(200);
    const live = await liveCaller(sandbox.info, sandbox.info.tokens.super_admin).get('/contracts');
    expect([500, 503]).toContain(live.status);
    expect(live.body.message).toMatch(/injected fault/);
    const vod = await vodGet(sandbox.info, '/countries');
    expect([500, 503]).toContain(vod.status);
    expect(vod.body).toMatchObject({ status: 'fail' });
    expect(((await (await fetch(control)).json()) as { errorRate: number }).errorRate).toBe(1);
  });

  it('an injected server error or 429 leaves the platform unchanged: the call was not handled', async () => {
    const live = liveCaller(sandbox.info, sandbox.info.tokens.super_admin);
    const list = await live.get<{ data: { latest_broadcast: { key?: string } }[] }>(
      '/channels?live_status=onair',
    );
    const key = list.body.data.find((c) => c.latest_broadcast.key)?.latest_broadcast.key;
    const before = await live.get<{ data: { title: string } }>(`/broadcasts/${key}`);
    await setFaults({ errorRate: 1 });
    expect([500, 503]).toContain(
      (await live.put(`/broadcasts/${key}`, { title: 'Renamed by a failed call' })).status,
    );
    await setFaults({ errorRate: 0, burst429: 1 });
    expect((await live.put(`/broadcasts/${key}`, { title: 'Renamed by a 429' })).status).toBe(429);
    await fetch(control, { method: 'DELETE' });
    const after = await live.get<{ data: { title: string } }>(`/broadcasts/${key}`);
    expect(after.body.data.title).toBe(before.body.data.title);
  });

  it('answers 429 with Retry-After for the next N calls of each account, then serves', async () => {
    await setFaults({ burst429: 2, retryAfterS: 7 });
    const live = liveCaller(sandbox.info, sandbox.info.tokens.super_admin);
    const first = await live.get('/contracts');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('7');
    expect((await live.get('/contracts')).status).toBe(429);
    expect((await live.get('/contracts')).status).toBe(200);
    // The VOD access token is another account: its burst is its own.
    expect((await vodGet(sandbox.info, '/countries')).status).toBe(429);
  });

  it('drops the connection without an answer at drop rate 1', async () => {
    await setFaults({ dropRate: 1 });
    await expect(fetch(`${sandbox.info.vod_base_url}/countries`)).rejects.toThrow();
  });

  it('delays calls by the latency, and DELETE clears every fault', async () => {
    await setFaults({ latencyMs: 200 });
    const began = performance.now();
    expect((await vodGet(sandbox.info, '/countries')).status).toBe(200);
    expect(performance.now() - began).toBeGreaterThanOrEqual(190);
    const cleared = (await (await fetch(control, { method: 'DELETE' })).json()) as Record<
      string,
      number
    >;
    expect(cleared).toMatchObject({
      latencyMs: 0,
      latencyMaxMs: 0,
      errorRate: 0,
      dropRate: 0,
      burst429: 0,
    });
  });

  it('holds answers back, not calls: the rate limit sees calls spaced as they were sent', async () => {
    const limited = await startSandbox({ rateLimit: true });
    try {
      // A seed whose first answer is held ~900 ms and the second hardly at all: had the delay
      // come before the limit, two calls sent 1.5 s apart would reach it 0.6 s apart.
      const range = { latencyMs: 0, latencyMaxMs: 1000 };
      const seed = Array.from({ length: 500 }, (_, i) => i).find((candidate) => {
        const draws = new FaultInjector({ ...range, seed: candidate });
        return draws.nextLatencyMs() > 850 && draws.nextLatencyMs() < 100;
      });
      expect(seed).toBeDefined();
      limited.faults.update({ ...range, seed: seed ?? 0 });
      const live = liveCaller(limited.info, limited.info.tokens.super_admin);
      const first = live.get('/contracts');
      await new Promise((done) => setTimeout(done, 1500));
      const second = live.get('/contracts');
      expect((await first).status).toBe(200);
      expect((await second).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses out-of-range values and unknown fields with 422 and changes nothing', async () => {
    const tooHigh = await setFaults({ errorRate: 2 });
    expect(tooHigh.status).toBe(422);
    expect(((await tooHigh.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty(
      'errorRate',
    );
    expect((await setFaults({ chaos: true })).status).toBe(422);
    const form = await fetch(control, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'latencyMs=5',
    });
    expect(((await form.json()) as { latencyMs: number }).latencyMs).toBe(5);
  });
});

describe('FaultInjector', () => {
  it('draws the same faults for the same seed and about the configured rate', () => {
    const fates = (seed: number) => {
      const faults = new FaultInjector({ errorRate: 0.3, seed });
      return Array.from({ length: 1000 }, () => faults.decide('a').kind);
    };
    expect(fates(5)).toEqual(fates(5));
    expect(fates(5)).not.toEqual(fates(6));
    const errors = fates(5).filter((kind) => kind === 'error').length;
    expect(errors).toBeGreaterThan(240);
    expect(errors).toBeLessThan(360);
  });

  it('draws latencies across the range, the same for the same seed, without moving the faults', () => {
    const draws = (seed: number) => {
      const faults = new FaultInjector({ latencyMs: 80, latencyMaxMs: 250, seed });
      return Array.from({ length: 500 }, () => faults.nextLatencyMs());
    };
    const first = draws(3);
    expect(first).toEqual(draws(3));
    expect(Math.min(...first)).toBeGreaterThanOrEqual(80);
    expect(Math.max(...first)).toBeLessThanOrEqual(250);
    // Spread over the range, not stuck at one end.
    expect(first.filter((ms) => ms < 165).length).toBeGreaterThan(150);
    expect(first.filter((ms) => ms >= 165).length).toBeGreaterThan(150);
    expect(new FaultInjector({ latencyMs: 90, latencyMaxMs: 10 }).nextLatencyMs()).toBe(90);
    // Which calls fail is the same with or without a latency range.
    const fates = (settings: { latencyMaxMs?: number }) => {
      const faults = new FaultInjector({ errorRate: 0.2, latencyMs: 80, seed: 9, ...settings });
      return Array.from({ length: 200 }, () => {
        faults.nextLatencyMs();
        return faults.decide('a').kind;
      });
    };
    expect(fates({ latencyMaxMs: 250 })).toEqual(fates({}));
  });

  it('reads the CLI flags and names a bad one', () => {
    expect(faultsFromFlags({ latency: '80', 'latency-max': '250' })).toEqual({
      latencyMs: 80,
      latencyMaxMs: 250,
    });
    expect(() => faultsFromFlags({ 'latency-max': '-1' })).toThrow(/--latency-max/);
    expect(
      faultsFromFlags({
        latency: '100',
        'error-rate': '0.5',
        'drop-rate': '0.1',
        'burst-429': '3',
      }),
    ).toEqual({ latencyMs: 100, errorRate: 0.5, dropRate: 0.1, burst429: 3 });
    expect(() => faultsFromFlags({ 'error-rate': '1.5' })).toThrow(/--error-rate.*0 to 1.*"1.5"/);
    expect(() => faultsFromFlags({ latency: 'soon' })).toThrow(/--latency/);
  });
});
