/**
 * The watch planner's policy in virtual time: the focused broadcast comes first, a reserve
 * is kept for commands and views, refresh rates follow the intervals, and watches that
 * close stop costing calls.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/manual-clock';
import type { BudgetSnapshot } from '../../shared/model';
import { WatchPlanner } from './watch-planner';
import { watchIntervals, type WatchTask } from './watch-plan';

function budget(overrides: Partial<BudgetSnapshot> = {}): BudgetSnapshot {
  return {
    name: 'live',
    callsLastMinute: 0,
    limitPerMinute: 60,
    minSpacingMs: 1050,
    queued: { command: 0, view: 0, watch: 0, bulk: 0 },
    inFlight: 0,
    rateLimitedUntil: null,
    pausedReason: null,
    last429At: null,
    total429: 0,
    ...overrides,
  };
}

/** A planner whose reads take `latencyMs` of virtual time each. */
function setup(
  options: {
    latencyMs?: number;
    budget?: () => BudgetSnapshot;
    fail?: (t: WatchTask) => boolean;
  } = {},
) {
  const clock = new ManualClock();
  const runs: { id: string; at: number }[] = [];
  const planner = new WatchPlanner({
    clock,
    budget: options.budget ?? (() => budget()),
    run: (task) =>
      new Promise<void>((resolve, reject) => {
        runs.push({ id: task.id, at: clock.now() });
        clock.setTimeout(
          () => (options.fail?.(task) ? reject(new Error('boom')) : resolve()),
          options.latencyMs ?? 1050,
        );
      }),
  });
  return { clock, runs, planner };
}

describe('watch planner', () => {
  it('serves the focused broadcast before background ones', async () => {
    const { clock, runs, planner } = setup();
    planner.subscribe({ kind: 'broadcast', broadcastKey: 'background1', focused: false }, 'c');
    planner.subscribe({ kind: 'broadcast', broadcastKey: 'focused1', focused: true }, 'c');
    await clock.advance(10_000);
    expect(runs.slice(0, 3).map((r) => r.id.split(':')[1])).toEqual([
      'focused1',
      'focused1',
      'focused1',
    ]);
    planner.dispose();
  });

  it('refreshes the focused broadcast at its intervals over a minute', async () => {
    const { clock, runs, planner } = setup({ latencyMs: 200 });
    planner.subscribe({ kind: 'broadcast', broadcastKey: 'b1', focused: true }, 'c');
    await clock.advance(60_000);
    const count = (topic: string) => runs.filter((r) => r.id === `${topic}:b1`).length;
    const expected = (ms: number) => 60_000 / ms;
    expect(count('broadcast')).toBeGreaterThanOrEqual(
      Math.floor(expected(watchIntervals.focused.broadcast) * 0.8),
    );
    expect(count('broadcast')).toBeLessThanOrEqual(
      Math.ceil(expected(watchIntervals.focused.broadcast)) + 1,
    );
    expect(count('participants')).toBeGreaterThanOrEqual(
      Math.floor(expected(watchIntervals.focused.participants) * 0.8),
    );
    expect(count('viewers')).toBeLessThanOrEqual(3);
    // One watch read at a time: never two starts closer than one read's latency.
    for (let i = 1; i < runs.length; i++)
      expect((runs[i]?.at ?? 0) - (runs[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(200);
    planner.dispose();
  });

  it('keeps the reserve for commands and views', async () => {
    let calls = 50;
    const { clock, runs, planner } = setup({ budget: () => budget({ callsLastMinute: calls }) });
    planner.subscribe({ kind: 'broadcast', broadcastKey: 'b1', focused: true }, 'c');
    await clock.advance(5_000);
    expect(runs).toHaveLength(0);
    calls = 40;
    await clock.advance(2_000);
    expect(runs.length).toBeGreaterThan(0);
    planner.dispose();
  });

  it('waits out a rate-limit pause', async () => {
    const { clock, runs, planner } = setup();
    const until = clock.now() + 7_000;
    const { planner: p } = { planner };
    const limited = new WatchPlanner({
      clock,
      budget: () => budget({ rateLimitedUntil: clock.now() < until ? until : null }),
      run: (task) => {
        runs.push({ id: task.id, at: clock.now() });
        return Promise.resolve();
      },
    });
    limited.subscribe({ kind: 'channels' }, 'c');
    await clock.advance(10_000);
    expect(runs[0]?.at).toBeGreaterThanOrEqual(until);
    limited.dispose();
    p.dispose();
  });

  it('stops polling what nobody watches any more', async () => {
    const { clock, runs, planner } = setup({ latencyMs: 100 });
    const id = planner.subscribe(
      { kind: 'broadcast', broadcastKey: 'b1', focused: true },
      'window-1',
    );
    planner.subscribe({ kind: 'channels' }, 'window-2');
    await clock.advance(10_000);
    expect(planner.unsubscribe(id)).toBe(true);
    planner.dropClient('window-2');
    const before = runs.length;
    await clock.advance(60_000);
    expect(runs.length).toBe(before);
    expect(planner.currentTasks()).toHaveLength(0);
  });

  it('does not read participants of a broadcast that went off air', async () => {
    const { clock, runs, planner } = setup({ latencyMs: 100 });
    planner.subscribe({ kind: 'broadcast', broadcastKey: 'b1', focused: true }, 'c');
    planner.setDormant('participants', 'b1', true);
    planner.setDormant('viewers', 'b1', true);
    await clock.advance(30_000);
    expect(runs.some((r) => r.id.startsWith('participants'))).toBe(false);
    expect(runs.some((r) => r.id.startsWith('broadcast'))).toBe(true);
    planner.dispose();
  });

  it('backs off a task that keeps failing', async () => {
    const { clock, runs, planner } = setup({ latencyMs: 100, fail: () => true });
    planner.subscribe({ kind: 'channels' }, 'c');
    await clock.advance(120_000);
    // Healthy: every 10 s (12 runs); failing: 10, 20, 40, 60, 60 s apart (about 5).
    expect(runs.length).toBeLessThanOrEqual(6);
    expect(runs.length).toBeGreaterThanOrEqual(3);
    planner.dispose();
  });

  it('re-reads the focused broadcast at least every 8 s while the platform fails, and at its own pace once it answers', async () => {
    let down = true;
    const { clock, runs, planner } = setup({
      latencyMs: 100,
      fail: (task) => down && task.topic === 'broadcast',
    });
    planner.subscribe({ kind: 'broadcast', broadcastKey: 'onair1', focused: true }, 'c');
    await clock.advance(60_000);
    const reads = runs.filter((r) => r.id === 'broadcast:onair1').map((r) => r.at);
    const gaps = reads.slice(1).map((at, i) => at - (reads[i] ?? at));
    // Failing: 8 s apart at most (not 16, 32, 60 s), still backed off from the 4 s interval.
    expect(Math.max(...gaps)).toBeLessThanOrEqual(watchIntervals.focusedMaxBackoff + 200);
    expect(Math.max(...gaps)).toBeGreaterThan(watchIntervals.focused.broadcast);
    // The platform is back: the next read comes within the cap, then every 4 s again.
    down = false;
    const backAt = clock.now();
    await clock.advance(20_000);
    const after = runs.filter((r) => r.id === 'broadcast:onair1' && r.at > backAt).map((r) => r.at);
    expect((after[0] ?? Infinity) - backAt).toBeLessThanOrEqual(
      watchIntervals.focusedMaxBackoff + 200,
    );
    expect((after[2] ?? 0) - (after[1] ?? 0)).toBeLessThanOrEqual(
      watchIntervals.focused.broadcast + 1_200,
    );
    planner.dispose();
  });
  it('re-reads the channel list at once when asked (rereadTopic), not at its next turn', async () => {
    const { clock, runs, planner } = setup({ latencyMs: 200 });
    planner.subscribe({ kind: 'channels' }, 'c');
    await clock.advance(1_000);
    const channelReads = () => runs.filter((r) => r.id.startsWith('channels:')).length;
    expect(channelReads()).toBe(1);
    await clock.advance(2_000);
    expect(channelReads()).toBe(1);
    planner.rereadTopic('channels');
    await clock.advance(500);
    expect(channelReads()).toBe(2);
    // Other topics are left to their turn.
    planner.rereadTopic('viewers');
    await clock.advance(500);
    expect(channelReads()).toBe(2);
    planner.dispose();
  });

  it('reads a channel list two pages watch as one task, another search as its own', async () => {
    const { clock, runs, planner } = setup({ latencyMs: 200 });
    planner.subscribe({ kind: 'channels' }, 'main-window');
    planner.subscribe({ kind: 'channels', order: 'id_desc' }, 'pop-out');
    expect(planner.currentTasks().map((t) => t.id)).toEqual(['channels:id_desc|']);
    await clock.advance(watchIntervals.channels * 3 - 1_000);
    expect(runs.map((r) => r.id)).toEqual(Array(3).fill('channels:id_desc|'));
    planner.subscribe({ kind: 'channels', keyword: 'news' }, 'pop-out');
    expect(planner.currentTasks()).toHaveLength(2);
    planner.dispose();
  });

  it('reads a channel list at once when its view opens again later, not when its watch is swapped at once', async () => {
    const { clock, runs, planner } = setup({ latencyMs: 200 });
    const reads = () => runs.filter((r) => r.id.startsWith('channels:')).length;
    let watchId = planner.subscribe({ kind: 'channels' }, 'c');
    await clock.advance(1_000);
    expect(reads()).toBe(1);
    // Swapped in one step (a spec changed): the read's age comes back, nothing is read again.
    planner.unsubscribe(watchId);
    watchId = planner.subscribe({ kind: 'channels' }, 'c');
    await clock.advance(1_000);
    expect(reads()).toBe(1);
    // Closed, and opened again 5 s later (the operator was in another view): read at once.
    planner.unsubscribe(watchId);
    await clock.advance(5_000);
    watchId = planner.subscribe({ kind: 'channels' }, 'c');
    await clock.advance(1_000);
    expect(reads()).toBe(2);
    // Closed, a command makes channels stale (the Rehearsal panel), and opened again at once:
    // read at once too.
    planner.unsubscribe(watchId);
    planner.rereadTopic('channels');
    planner.subscribe({ kind: 'channels' }, 'c');
    await clock.advance(1_000);
    expect(reads()).toBe(3);
    planner.dispose();
  });

  it('gives way while a command or a view read is queued in the scheduler', async () => {
    let queued = { command: 1, view: 0, watch: 0, bulk: 0 };
    const { clock, runs, planner } = setup({ budget: () => budget({ queued }) });
    planner.subscribe({ kind: 'broadcast', broadcastKey: 'b1', focused: true }, 'c');
    await clock.advance(10_000);
    expect(runs).toEqual([]);
    queued = { command: 0, view: 0, watch: 0, bulk: 0 };
    await clock.advance(2_000);
    expect(runs.length).toBeGreaterThan(0);
    planner.dispose();
  });

  it('widens its intervals when the scheduler lowered its background rate after 429s', async () => {
    const count = async (backgroundPerMinute: number) => {
      const { clock, runs, planner } = setup({
        latencyMs: 200,
        budget: () => budget({ backgroundPerMinute }),
      });
      planner.subscribe({ kind: 'broadcast', broadcastKey: 'b1', focused: true }, 'c');
      await clock.advance(60_000);
      const first = runs.length;
      await clock.advance(300_000);
      planner.dispose();
      return (runs.length - first) / 5;
    };
    const full = await count(60);
    const lowered = await count(20); // 60 / 20: every interval ×3
    expect(full).toBeGreaterThan(15);
    expect(lowered).toBeLessThanOrEqual(full / 3 + 1);
    expect(lowered).toBeGreaterThanOrEqual(full / 3 - 1);
  });
});
