import { describe, expect, it } from 'vitest';
import { refusalPauseMs, retryAfterMs } from './retry-after';
import type { Priority } from './scheduler';
import { base, gaps, mostInAnyMinute, settled, setup } from './testing/scheduler-fixtures';

describe('RequestScheduler spacing and window', () => {
  it('starts 200 calls at least 1000 ms + the 100 ms margin apart, without wasting slots', async () => {
    const { clock, platform, get } = setup();
    const done = Array.from({ length: 200 }, (_, i) => get(`/channels/${i}`, 'watch'));
    await clock.runUntil(() => platform.sent.length === 200, 300_000);
    await clock.advance(1_000);
    await Promise.all(done);
    const spacing = gaps(platform.starts());
    expect(spacing).toHaveLength(199);
    expect(Math.min(...spacing)).toBeGreaterThanOrEqual(1_100);
    expect(Math.max(...spacing)).toBeLessThanOrEqual(1_100);
    expect(mostInAnyMinute(platform.starts())).toBeLessThanOrEqual(60);
  });

  it('keeps every sliding 60 s window within limitPerMinute when the window binds', async () => {
    const { clock, platform, get } = setup({ limitPerMinute: 10, minSpacingMs: 100 });
    const done = Array.from({ length: 35 }, (_, i) => get(`/channels/${i}`, 'bulk'));
    await clock.runUntil(() => platform.sent.length === 35, 600_000);
    await clock.advance(1_000);
    await Promise.all(done);
    const starts = platform.starts();
    expect(mostInAnyMinute(starts)).toBe(10);
    for (let i = 0; i + 10 < starts.length; i++) {
      expect((starts[i + 10] ?? 0) - (starts[i] ?? 0)).toBeGreaterThanOrEqual(60_000);
    }
    // The first ten go at the spacing (100 ms + the 100 ms margin), the eleventh waits for
    // the window (+ the margin).
    expect(gaps(starts.slice(0, 10))).toEqual(Array<number>(9).fill(200));
    expect((starts[10] ?? 0) - (starts[0] ?? 0)).toBe(60_100);
  });

  it('does not wait for a slow answer before starting the next call', async () => {
    const { clock, platform, scheduler, get } = setup({}, () => ({ latencyMs: 5_000 }));
    const done = [get('/a'), get('/b'), get('/c')];
    await clock.advance(2_200);
    expect(platform.sent).toHaveLength(3);
    expect(scheduler.state().inFlight).toBe(3);
    await clock.advance(6_000);
    await Promise.all(done);
    expect(scheduler.state().inFlight).toBe(0);
  });
});

describe('RequestScheduler priorities', () => {
  it('starts a command within one slot even behind 50 queued watch calls', async () => {
    const { clock, platform, get, scheduler } = setup();
    const watches = Array.from({ length: 50 }, (_, i) => get(`/broadcasts/${i}`, 'watch'));
    await clock.advance(5_321);
    const enqueuedAt = clock.now();
    const command = scheduler.fetch(new Request(`${base}/broadcasts/7/stop`, { method: 'POST' }), {
      priority: 'command',
    });
    await clock.runUntil(() => platform.sent.some((call) => call.method === 'POST'), 10_000);
    const index = platform.sent.findIndex((call) => call.method === 'POST');
    const start = platform.sent[index]?.at ?? Infinity;
    const previous = platform.sent[index - 1]?.at ?? -Infinity;
    expect(previous).toBeLessThanOrEqual(enqueuedAt);
    expect(start - previous).toBeLessThanOrEqual(1_100);
    expect(start - enqueuedAt).toBeLessThanOrEqual(1_100);
    expect((await settled(clock, command)).status).toBe(200);
    scheduler.dispose();
    await Promise.allSettled(watches);
  });

  it('picks command > view > watch > bulk, first come first served within a priority', async () => {
    const { clock, platform, get } = setup();
    const done = [get('/first', 'bulk')];
    await clock.advance(0);
    const order: [string, Priority][] = [
      ['/bulk-1', 'bulk'],
      ['/watch-1', 'watch'],
      ['/view-1', 'view'],
      ['/command-1', 'command'],
      ['/bulk-2', 'bulk'],
      ['/command-2', 'command'],
      ['/view-2', 'view'],
    ];
    for (const [path, priority] of order) done.push(get(path, priority));
    await clock.advance(10_000);
    await Promise.all(done);
    expect(platform.sent.map((call) => call.path)).toEqual([
      '/first',
      '/command-1',
      '/command-2',
      '/view-1',
      '/view-2',
      '/watch-1',
      '/bulk-1',
      '/bulk-2',
    ]);
  });
});

describe('RequestScheduler 429', () => {
  it('pauses the whole queue for Retry-After: 7, then retries the GET automatically', async () => {
    let refused = false;
    const { clock, platform, scheduler, get } = setup({}, (request) => {
      if (request.url.endsWith('/a') && !refused) {
        refused = true;
        return { status: 429, headers: { 'retry-after': '7' } };
      }
      return {};
    });
    const a = get('/a');
    const others = [get('/b'), get('/c')];
    await clock.advance(100); // the 429 arrives at +100 ms
    const refusedAt = clock.now();
    const state = scheduler.state();
    expect(state.rateLimitedUntil).toBe(refusedAt + 7_000);
    expect(state.pausedReason).toBe('rate-limited');
    expect(state.total429).toBe(1);
    expect(state.last429At).toBe(refusedAt);
    await clock.advance(6_999);
    expect(platform.sent).toHaveLength(1);
    await clock.advance(1);
    expect(platform.sent.map((call) => call.path)).toEqual(['/a', '/a']);
    expect(platform.sent[1]?.at).toBe(refusedAt + 7_000);
    const response = await settled(clock, a, 1_000);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ path: '/a' });
    await clock.advance(3_000);
    await Promise.all(others);
    expect(scheduler.state().rateLimitedUntil).toBeNull();
    expect(scheduler.state().pausedReason).toBeNull();
  });

  it('backs off 2 s, 4 s, 8 s without Retry-After, gives up after maxAutoRetries, resets on success', async () => {
    const { clock, platform, get } = setup({}, (request) =>
      request.url.endsWith('/busy') ? { status: 429 } : {},
    );
    const busy = get('/busy');
    const response = await settled(clock, busy, 60_000);
    expect(response.status).toBe(429);
    expect(platform.sent).toHaveLength(4); // 1 call + maxAutoRetries (3)
    expect(gaps(platform.starts())).toEqual([2_100, 4_100, 8_100]);
    // The last 429 paused the queue for 16 s too; the next call waits for it, then succeeds.
    const ok = await settled(clock, get('/ok'));
    expect(ok.status).toBe(200);
    expect(gaps(platform.starts()).at(-1)).toBe(16_100);
    const again = get('/busy');
    await clock.runUntil(() => platform.sent.length === 7, 60_000);
    expect(gaps(platform.starts().slice(-2))).toEqual([2_100]);
    expect((await settled(clock, again)).status).toBe(429);
  });

  it('never repeats a POST refused with 429: the caller gets the 429', async () => {
    const { clock, platform, scheduler } = setup({}, (request) =>
      request.method === 'POST' ? { status: 429, headers: { 'retry-after': '3' } } : {},
    );
    const post = scheduler.fetch(
      new Request(`${base}/broadcasts/7/start`, { method: 'POST', body: 'title=x' }),
      { priority: 'command' },
    );
    await clock.advance(100);
    const response = await post;
    expect(response.status).toBe(429);
    expect(scheduler.state().rateLimitedUntil).toBe(clock.now() + 3_000);
    await clock.advance(30_000);
    expect(platform.sent.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('reads Retry-After as seconds or an HTTP date, and caps the back-off at 60 s', () => {
    const now = Date.UTC(2025, 0, 1, 9);
    expect(retryAfterMs('7', now)).toBe(7_000);
    expect(retryAfterMs(new Date(now + 12_000).toUTCString(), now)).toBe(12_000);
    expect(retryAfterMs(new Date(now - 5_000).toUTCString(), now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
    expect([1, 2, 3, 6, 7, 50].map(refusalPauseMs)).toEqual([
      2_000, 4_000, 8_000, 60_000, 60_000, 60_000,
    ]);
  });
});
