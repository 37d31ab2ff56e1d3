import { describe, expect, it } from 'vitest';
import { base, setup } from './testing/scheduler-fixtures';

describe('RequestScheduler coalescing and cancellation', () => {
  it('shares one network call among 5 identical GETs, each with a readable body', async () => {
    const { clock, platform, get } = setup();
    const init = { headers: { authorization: 'Bearer t1' } };
    const calls = Array.from({ length: 5 }, () => get('/broadcasts/9', 'view', init));
    await clock.advance(500);
    const responses = await Promise.all(calls);
    expect(platform.sent).toHaveLength(1);
    const bodies = await Promise.all(responses.map((response) => response.json()));
    expect(bodies).toEqual(Array<unknown>(5).fill({ path: '/broadcasts/9' }));
  });

  it('joins a GET in flight, but never coalesces different Authorization headers', async () => {
    const { clock, platform, get } = setup({}, () => ({ latencyMs: 2_000 }));
    const first = get('/live', 'view', { headers: { authorization: 'Bearer t1' } });
    await clock.advance(500);
    const joined = get('/live', 'view', { headers: { authorization: 'Bearer t1' } });
    const other = get('/live', 'view', { headers: { authorization: 'Bearer t2' } });
    await clock.advance(5_000);
    await Promise.all([first, joined, other]);
    expect(platform.sent.map((call) => call.authorization)).toEqual(['Bearer t1', 'Bearer t2']);
  });

  it('never shares a GET asked with coalesce: false (a GET that creates a one-time URL)', async () => {
    const { clock, platform, scheduler } = setup();
    const ask = () =>
      scheduler.fetch(new Request(`${base}/programs/media-contents/upload-url`), {
        priority: 'bulk',
        coalesce: false,
      });
    const answers = [ask(), ask()];
    await clock.advance(5_000);
    await Promise.all(answers);
    expect(platform.sent).toHaveLength(2);
  });

  it('raises a queued GET to the priority of a coalesced caller', async () => {
    const { clock, platform, get } = setup();
    const done = [get('/w1', 'watch'), get('/w2', 'watch'), get('/shared', 'bulk')];
    await clock.advance(0);
    done.push(get('/shared', 'command'));
    await clock.advance(10_000);
    await Promise.all(done);
    expect(platform.sent.map((call) => call.path)).toEqual(['/w1', '/shared', '/w2']);
  });

  it('removes an aborted queued call: fetch is never called for it', async () => {
    const { clock, platform, scheduler, get } = setup();
    const first = get('/first');
    const abort = new AbortController();
    const cancelled = scheduler.fetch(new Request(`${base}/closed-view`), { signal: abort.signal });
    const cancelledResult = cancelled.catch((error: unknown) => error);
    await clock.advance(0);
    expect(scheduler.state().queued.view).toBe(1);
    abort.abort();
    const error = await cancelledResult;
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(scheduler.state().queued.view).toBe(0);
    await clock.advance(5_000);
    await first;
    expect(platform.sent.map((call) => call.path)).toEqual(['/first']);
  });

  it('drops a coalesced call only when every waiter has aborted', async () => {
    const { clock, platform, scheduler, get } = setup();
    const first = get('/first');
    const call = (path: string, signal: AbortSignal) =>
      scheduler.fetch(new Request(`${base}${path}`), { signal }).catch(() => 'aborted');
    const [a, b, c, d] = [1, 2, 3, 4].map(() => new AbortController()) as [
      AbortController,
      AbortController,
      AbortController,
      AbortController,
    ];
    const kept = [call('/half', a.signal), call('/half', b.signal)];
    const dropped = [call('/none', c.signal), call('/none', d.signal)];
    await clock.advance(0);
    a.abort();
    c.abort();
    d.abort();
    await clock.advance(5_000);
    await first;
    expect(await kept[0]).toBe('aborted');
    expect((await kept[1]) instanceof Response).toBe(true);
    expect(await Promise.all(dropped)).toEqual(['aborted', 'aborted']);
    expect(platform.sent.map((sent) => sent.path)).toEqual(['/first', '/half']);
  });
});

describe('RequestScheduler state and lifecycle', () => {
  it('counts queued calls per priority and call starts of the last minute', async () => {
    const { clock, scheduler, get } = setup();
    const seen: number[] = [];
    scheduler.subscribe((state) => seen.push(state.queued.watch));
    const done = [
      get('/c', 'command'),
      get('/v1', 'view'),
      get('/v2', 'view'),
      get('/w1', 'watch'),
      get('/w2', 'watch'),
      get('/w3', 'watch'),
      get('/b', 'bulk'),
    ];
    await clock.advance(0);
    expect(scheduler.state()).toMatchObject({
      name: 'live',
      callsLastMinute: 1,
      limitPerMinute: 60,
      minSpacingMs: 1_100,
      queued: { command: 0, view: 2, watch: 3, bulk: 1 },
      inFlight: 1,
    });
    expect(seen.at(-1)).toBe(3);
    await clock.advance(10_000);
    await Promise.all(done);
    expect(scheduler.state()).toMatchObject({
      callsLastMinute: 7,
      queued: { command: 0, view: 0, watch: 0, bulk: 0 },
      inFlight: 0,
    });
    expect(seen.at(-1)).toBe(0);
    await clock.advance(60_000);
    expect(scheduler.state().callsLastMinute).toBe(0);
  });

  it('holds the queue while paused, and resumes', async () => {
    const { clock, platform, scheduler, get } = setup();
    scheduler.pause('token-revoked');
    const call = get('/a');
    await clock.advance(10_000);
    expect(platform.sent).toHaveLength(0);
    expect(scheduler.state().pausedReason).toBe('token-revoked');
    scheduler.resume();
    await clock.advance(200);
    expect((await call).status).toBe(200);
    expect(platform.sent).toHaveLength(1);
  });

  it('while paused with a refuse policy, fails commands at once and holds watch polls', async () => {
    const { clock, platform, scheduler, get } = setup();
    const queuedCommand = get('/stop', 'command').catch((error: unknown) => error);
    const queuedWatch = get('/poll', 'watch');
    const refused = new Error('token refused');
    scheduler.pause('token-revoked', (priority) => (priority === 'command' ? refused : null));
    expect(await queuedCommand).toBe(refused);
    await expect(get('/start', 'command')).rejects.toBe(refused);
    await clock.advance(10_000);
    expect(platform.sent).toHaveLength(0);
    expect(scheduler.state().queued).toMatchObject({ command: 0, watch: 1 });
    scheduler.resume();
    const afterResume = get('/start', 'command');
    await clock.advance(5_000);
    expect((await queuedWatch).status).toBe(200);
    expect((await afterResume).status).toBe(200);
    expect(platform.sent.map((call) => call.path)).toEqual(['/start', '/poll']);
  });

  it('rejects the caller on a network error and never repeats the POST', async () => {
    const { clock, platform, scheduler } = setup({}, () => ({ fail: true }));
    const post = scheduler
      .fetch(new Request(`${base}/cue-points`, { method: 'POST', body: 'a=1' }))
      .catch((error: unknown) => error);
    await clock.advance(10_000);
    expect(await post).toBeInstanceOf(TypeError);
    expect(platform.sent).toHaveLength(1);
  });

  it('rejects every queued call with an AbortError on dispose', async () => {
    const { clock, platform, scheduler, get } = setup();
    const calls = [get('/a'), get('/b'), get('/c')].map((call) =>
      call.then(
        () => 'answered',
        (error: unknown) => (error as Error).name,
      ),
    );
    await clock.advance(0);
    scheduler.dispose();
    await clock.advance(10_000);
    expect(await Promise.all(calls)).toEqual(['AbortError', 'AbortError', 'AbortError']);
    expect(platform.sent).toHaveLength(1);
    expect(clock.pendingTimers).toBe(0);
    await expect(get('/d')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
