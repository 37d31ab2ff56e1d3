/**
 * A studio backup's budget when it takes over (docs/dev/architecture.md, "The takeover
 * protocol"): as if the last minute were full, so it calls at the platform's pace, one a
 * second (docs/platform-facts.md, "Rate limit"), from the takeover on, and never bursts into a
 * minute the dead hub may have filled. On the fixtures' virtual clock.
 */
import { describe, expect, it } from 'vitest';
import { gaps, setup } from './testing/scheduler-fixtures';

describe('RequestScheduler.assumeFullMinute', () => {
  it('paces the first calls after a takeover one spacing apart, never as a burst', async () => {
    const { clock, platform, scheduler, get } = setup();
    const takeoverAt = clock.now();
    scheduler.assumeFullMinute();
    expect(scheduler.state().callsLastMinute).toBe(60);
    const done = Array.from({ length: 5 }, (_, i) => get(`/broadcasts/${i}`, 'command'));
    await clock.runUntil(() => platform.sent.length === 5, 60_000);
    await clock.advance(1_000);
    await Promise.all(done);
    const starts = platform.starts();
    // The first waits the spacing from the last seeded start (1000 ms + the 100 ms margin),
    // not a whole minute; the next keep the spacing, as a full window allows.
    expect((starts[0] ?? 0) - takeoverAt).toBe(1_100);
    expect(gaps(starts)).toEqual(Array<number>(4).fill(1_100));
  });

  it('without it, the same calls go at once (the budget looked empty)', async () => {
    const { clock, platform, get } = setup();
    const at = clock.now();
    const done = get('/broadcasts/0', 'command');
    await clock.runUntil(() => platform.sent.length === 1, 10_000);
    await clock.advance(1_000);
    await done;
    expect((platform.starts()[0] ?? 0) - at).toBeLessThan(1_100);
  });
  it('counts the calls it made before as part of the full minute, never more than the limit', async () => {
    const { clock, platform, scheduler, get } = setup();
    // The backup's own window read twice while it followed the hub.
    const own = Promise.all([get('/own-1', 'view'), get('/own-2', 'view')]);
    await clock.runUntil(() => platform.sent.length === 2, 10_000);
    await clock.advance(1_000);
    await own;
    scheduler.assumeFullMinute();
    expect(scheduler.state().callsLastMinute).toBe(60);
    const done = get('/after', 'command');
    await clock.runUntil(() => platform.sent.length === 3, 60_000);
    await clock.advance(1_000);
    await done;
    // The window was full: the next call still keeps the pace, one spacing after the last start.
    expect(scheduler.state().callsLastMinute).toBeLessThanOrEqual(60);
  });
});
