import { describe, expect, it } from 'vitest';
import { RequestScheduler } from './scheduler';
import { gaps, settled, setup } from './testing/scheduler-fixtures';
import { SafetyMargin } from './safety-margin';
import { ManualClock } from './manual-clock';

describe('the adaptive safety margin', () => {
  it('widens the spacing by 50 ms after a 429 it did not expect, then keeps it', async () => {
    let answered = 0;
    // The platform refuses the 5th call once, as if it had arrived too close to the 4th.
    const { clock, platform, get } = setup({}, () => {
      answered += 1;
      return answered === 5 ? { status: 429, headers: { 'retry-after': '1' } } : {};
    });
    const done = Array.from({ length: 10 }, (_, i) => get(`/channels/${i}`, 'watch'));
    await clock.runUntil(() => platform.sent.length === 11, 60_000);
    await clock.advance(1_000);
    await Promise.all(done);
    const spacing = gaps(platform.starts());
    // Before the refusal: 1000 + 100 ms; the refused read is resent after Retry-After alone
    // from its answer (100 ms latency + 1000 ms), not after the spacing from the refused
    // call (1000 + 150 ms): the platform did not count it. From then on 1000 + 150 ms.
    expect(spacing.slice(0, 4)).toEqual([1_100, 1_100, 1_100, 1_100]);
    expect(spacing[4]).toBe(1_100);
    expect(spacing.slice(5)).toEqual(Array<number>(5).fill(1_150));
  });

  it('lets a command go one spacing after the answer of an accepted call, margin or not', async () => {
    // A 300 ms margin, answers after 20 ms: the platform took each call by its answer.
    const { clock, platform, get } = setup({ marginMs: 300, maxMarginMs: 300 }, () => ({
      latencyMs: 20,
    }));
    expect((await settled(clock, get('/broadcasts/a', 'watch'))).status).toBe(200);
    const command = get('/broadcasts/a', 'command', { method: 'PUT' });
    const watch = get('/channels', 'watch');
    await settled(clock, Promise.all([command, watch]));
    // The command at the watch's answer + 1 000 (not 0 + 1 300); the watch after it keeps the
    // margin from the command's start (1 020 + 1 300), since a read can wait.
    expect(gaps(platform.starts())).toEqual([1_020, 1_300]);
  });

  it('keeps the margin after a 429 on a call that left long after its previous one', async () => {
    let answered = 0;
    // The platform refuses the 3rd call once: another client of the account had just called,
    // for the 3rd call left 5 s after the 2nd, far beyond any margin of ours.
    const { clock, platform, get } = setup({}, () => {
      answered += 1;
      return answered === 3 ? { status: 429, headers: { 'retry-after': '1' } } : {};
    });
    await settled(clock, get('/channels/0', 'watch'));
    await settled(clock, get('/channels/1', 'watch'));
    await clock.advance(5_000);
    const later = Array.from({ length: 5 }, (_, i) => get(`/channels/${i + 2}`, 'watch'));
    await clock.runUntil(() => platform.sent.length === 8, 60_000);
    await clock.advance(1_000);
    await Promise.all(later);
    const spacing = gaps(platform.starts());
    // After the refused read's resend, the spacing is still 1000 + 100 ms.
    expect(spacing.slice(-4)).toEqual(Array<number>(4).fill(1_100));
  });

  it('widens once per 429 episode, up to its maximum', () => {
    const margin = new SafetyMargin({ baseMs: 100, maxMs: 250, stepMs: 50 });
    expect([margin.refused(), margin.refused(), margin.refused(), margin.refused()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(margin.currentMs).toBe(250);
  });

  it('narrows back step by step after long runs of accepted calls, never below its base', () => {
    const margin = new SafetyMargin({ baseMs: 100, maxMs: 300, stepMs: 50, narrowAfterCalls: 3 });
    margin.refused();
    margin.refused();
    expect(margin.currentMs).toBe(200);
    const narrowed = Array.from({ length: 9 }, () => margin.accepted());
    expect(narrowed).toEqual([false, false, true, false, false, true, false, false, false]);
    expect(margin.currentMs).toBe(100);
  });

  it('refuses a policy that could not hold', () => {
    expect(() => new SafetyMargin({ baseMs: 300, maxMs: 100 })).toThrow(RangeError);
  });
});

describe('the start stamp', () => {
  it('counts the spacing from when a call left, after a send that stalled', async () => {
    /** A clock the first send holds up by 300 ms, as loading the HTTP client would. */
    class StallingClock extends ManualClock {
      stalledMs = 0;
      override now(): number {
        return super.now() + this.stalledMs;
      }
    }
    const clock = new StallingClock();
    const left: number[] = [];
    const scheduler = new RequestScheduler({
      name: 'live',
      clock,
      fetch: () => {
        if (left.length === 0) clock.stalledMs = 300;
        left.push(clock.now());
        return Promise.resolve(new Response('{}'));
      },
    });
    const get = (path: string) =>
      scheduler.fetch(new Request(`https://live.example.test${path}`), { priority: 'view' });
    await settled(clock, Promise.all([get('/a'), get('/b')]));
    const [first = 0, second = 0] = left;
    expect(second - first).toBeGreaterThanOrEqual(1_100);
    scheduler.dispose();
  });
});
