/**
 * The budget seen ahead, in virtual time against the real scheduler and watch planner: each
 * owner's share of the last minute, a 10-minute forecast that matches the calls actually made
 * over the next 10 minutes, and the cost of a batch before it is sent.
 */
import { describe, expect, it } from 'vitest';
import { runAsCallOwner } from '../../platform/call-owner';
import { setup } from '../../platform/testing/scheduler-fixtures';
import {
  batchImpact,
  forecastCalls,
  OwnerLog,
  watchCallsPerMinute,
} from '../../platform/budget-forecast';
import { WatchPlanner } from '../control-room/watch-planner';
import { forecastOf } from './budget-outlook';

/** A planner polling through the scheduler at `watch` priority, as the session wires it. */
function plannerOn(fixture: ReturnType<typeof setup>) {
  const { clock, scheduler, get } = fixture;
  const planner = new WatchPlanner({
    clock,
    budget: () => scheduler.state(),
    run: async (task) => {
      await get(`/watch/${task.id}`, 'watch');
    },
  });
  return planner;
}

describe('each owner’s share of the last minute', () => {
  it('counts call starts by seat and by the desk itself, and forgets them after 60 s', async () => {
    const { clock, platform, scheduler, get } = setup();
    const calls = [
      runAsCallOwner('PD', () => get('/pd/1', 'view')),
      runAsCallOwner('PD', () => get('/pd/2', 'command')),
      runAsCallOwner('Graphics', () => get('/gfx/1', 'view')),
      get('/hub/1', 'view'),
      get('/hub/2', 'watch'),
      get('/hub/3', 'watch'),
    ];
    await clock.runUntil(() => platform.sent.length === 6, 60_000);
    await clock.advance(1_000);
    await Promise.all(calls);
    expect(scheduler.state().shares).toEqual([
      { owner: '', calls: 3 },
      { owner: 'PD', calls: 2 },
      { owner: 'Graphics', calls: 1 },
    ]);
    expect(scheduler.state().shares.reduce((sum, s) => sum + s.calls, 0)).toBe(
      scheduler.state().callsLastMinute,
    );
    await clock.advance(61_000);
    expect(scheduler.state().shares).toEqual([]);
  });

  it('splits a shared watch among the seats watching it, and keeps an unshared one whole', async () => {
    const fixture = setup();
    const { clock, platform, scheduler } = fixture;
    const planner = plannerOn(fixture);
    // Two seats watch broadcast A (one task, read once for both); the desk itself watches B.
    const a = { kind: 'broadcast', broadcastKey: 'a', focused: true } as const;
    runAsCallOwner('PD', () => planner.subscribe(a, 'seat-pd'));
    runAsCallOwner('Graphics', () => planner.subscribe(a, 'seat-gfx'));
    planner.subscribe({ kind: 'broadcast', broadcastKey: 'b', focused: true }, 'hub-window');
    await clock.advance(45_000);
    planner.dispose();
    const aCalls = platform.sent.filter((c) => c.path.includes(':a')).length;
    const bCalls = platform.sent.filter((c) => c.path.includes(':b')).length;
    expect(aCalls).toBeGreaterThan(1);
    expect(bCalls).toBeGreaterThan(1);
    const shares = scheduler.state().shares;
    expect(shares).toEqual(
      expect.arrayContaining([
        { owner: 'PD', calls: aCalls / 2 },
        { owner: 'Graphics', calls: aCalls / 2 },
        { owner: '', calls: bCalls },
      ]),
    );
    expect(shares.reduce((sum, s) => sum + s.calls, 0)).toBe(platform.sent.length);
  });

  it('slides its window: a start 60 s old no longer counts', () => {
    const log = new OwnerLog();
    log.record('PD', 1_000);
    log.record('PD', 30_000);
    log.record('', 50_000);
    expect(log.shares(60_500)).toEqual([
      { owner: 'PD', calls: 2 },
      { owner: '', calls: 1 },
    ]);
    expect(log.shares(61_000)).toEqual([
      { owner: '', calls: 1 },
      { owner: 'PD', calls: 1 },
    ]);
    expect(log.shares(110_001)).toEqual([]);
  });
});

describe('the 10-minute forecast', () => {
  it('derives from the planner’s intervals and matches the calls made in the next 10 minutes', async () => {
    const fixture = setup();
    const { clock, platform, scheduler } = fixture;
    const planner = plannerOn(fixture);
    planner.subscribe({ kind: 'broadcast', broadcastKey: 'b1', focused: true }, 'c1');
    planner.subscribe({ kind: 'channels' }, 'c1');
    const forecast = forecastOf(scheduler.state(), planner, 0);
    // Focused: 12 + 4 + 1 a minute, the channel list 3: 20 a minute, 200 in 10 minutes.
    expect(forecast.watchCalls).toBe(200);
    expect(forecast.capacity).toBe(600);
    expect(forecast.saturated).toBe(false);
    await clock.advance(600_000);
    const made = platform.sent.length;
    expect(Math.abs(made - forecast.calls)).toBeLessThanOrEqual(forecast.calls * 0.1);
    planner.dispose();
  });

  it('follows the watches: a background broadcast costs less than the focused one', () => {
    const fixture = setup();
    const planner = plannerOn(fixture);
    const id = planner.subscribe({ kind: 'broadcast', broadcastKey: 'b1', focused: true }, 'c');
    const focused = forecastOf(fixture.scheduler.state(), planner, 0).calls;
    planner.unsubscribe(id);
    planner.subscribe({ kind: 'broadcast', broadcastKey: 'b1', focused: false }, 'c');
    const background = forecastOf(fixture.scheduler.state(), planner, 0).calls;
    expect(focused).toBe(170);
    expect(background).toBe(35); // 2 + 1 + 0.5 a minute
    planner.dispose();
  });

  it('adds queued calls and batch operations, within what the account can take', () => {
    const input = {
      reads: [{ intervalMs: 5_000 }],
      queued: 3,
      batchRemaining: 40,
      limitPerMinute: 60,
      backgroundPerMinute: 60,
      minSpacingMs: 1_100,
      reservePerMinute: 12,
    };
    expect(forecastCalls(input)).toEqual({
      calls: 163,
      capacity: 600,
      watchCalls: 120,
      queuedCalls: 43,
      saturated: false,
    });
    const flooded = forecastCalls({ ...input, batchRemaining: 1_000 });
    // 1.1 s apart: at most 545 calls in 10 minutes; the watches give way to the batch.
    expect(flooded.calls).toBe(545);
    expect(flooded.saturated).toBe(true);
    expect(flooded.watchCalls).toBe(0);
  });

  it('caps the watches at the planner’s share: the reserve and a lowered background rate', () => {
    const reads = Array.from({ length: 20 }, () => ({ intervalMs: 5_000 }));
    const base = {
      reads,
      queued: 0,
      batchRemaining: 0,
      limitPerMinute: 60,
      backgroundPerMinute: 60,
      minSpacingMs: 1_000,
      reservePerMinute: 12,
    };
    expect(watchCallsPerMinute(base)).toBe(48);
    expect(watchCallsPerMinute({ ...base, backgroundPerMinute: 20 })).toBe(20);
  });
});

describe('a batch’s cost before it is sent', () => {
  it('flags 200 items beside a focused broadcast: about 3 min 20 s, commands wait one slot', () => {
    const impact = batchImpact({
      calls: 200,
      limitPerMinute: 60,
      backgroundPerMinute: 60,
      minSpacingMs: 1_100,
      watchPerMinute: 17,
    });
    expect(impact).toEqual({
      calls: 200,
      seconds: 320,
      fillsBudget: true,
      commandWaitSeconds: 1.1,
    });
  });

  it('does not flag a batch that fits in the minute’s spare budget', () => {
    const impact = batchImpact({
      calls: 10,
      limitPerMinute: 60,
      backgroundPerMinute: 60,
      minSpacingMs: 1_000,
      watchPerMinute: 20,
    });
    expect(impact.fillsBudget).toBe(false);
    expect(impact.seconds).toBe(15);
  });

  it('takes longer when the background rate was lowered after 429s, and the window fills', () => {
    const normal = batchImpact({
      calls: 100,
      limitPerMinute: 60,
      backgroundPerMinute: 60,
      minSpacingMs: 0,
      watchPerMinute: 0,
    });
    const lowered = batchImpact({
      calls: 100,
      limitPerMinute: 60,
      backgroundPerMinute: 20,
      minSpacingMs: 0,
      watchPerMinute: 0,
    });
    expect(normal.seconds).toBe(100);
    // Batch alone at the limit: a command waits for the oldest start to leave the window.
    expect(normal.commandWaitSeconds).toBe(1);
    expect(lowered.seconds).toBe(300);
  });
});
