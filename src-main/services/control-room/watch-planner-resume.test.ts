/**
 * After the computer slept, every watch is re-read at once rather than when its interval
 * next comes round (virtual time): the planner's `refreshAll`.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/manual-clock';
import type { BudgetSnapshot } from '../../shared/model';
import { WatchPlanner } from './watch-planner';
import { watchIntervals } from './watch-plan';

const budget: BudgetSnapshot = {
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
};

function setup() {
  const clock = new ManualClock();
  const runs: { id: string; at: number }[] = [];
  const planner = new WatchPlanner({
    clock,
    budget: () => budget,
    run: (task) =>
      new Promise<void>((resolve) => {
        runs.push({ id: task.id, at: clock.now() });
        clock.setTimeout(resolve, 200);
      }),
  });
  return { clock, runs, planner };
}

describe('watch planner after sleep', () => {
  it('re-reads every watch at once, the focused broadcast first', async () => {
    const { clock, runs, planner } = setup();
    planner.subscribe({ kind: 'broadcast', broadcastKey: 'b1', focused: true }, 'c');
    planner.subscribe({ kind: 'broadcast', broadcastKey: 'b2', focused: false }, 'c');
    planner.subscribe({ kind: 'channels' }, 'c');
    await clock.advance(5_000);
    // Every task has been read once; none is due again for a while.
    const tasks = planner.currentTasks().map((task) => task.id);
    expect(new Set(runs.map((run) => run.id))).toEqual(new Set(tasks));
    const shortest = Math.min(...Object.values(watchIntervals.background), watchIntervals.channels);
    expect(shortest).toBeGreaterThan(3_000);

    const resumedAt = clock.now();
    runs.length = 0;
    const marked = planner.refreshAll();
    expect(marked.map((task) => task.id).sort()).toEqual([...tasks].sort());
    // 200 ms a read: every task is read again well before its interval would bring it.
    await clock.advance(tasks.length * 200 + 100);
    expect(new Set(runs.map((run) => run.id))).toEqual(new Set(tasks));
    expect(runs[0]?.id.endsWith(':b1')).toBe(true);
    expect(runs.every((run) => run.at - resumedAt < 3_000)).toBe(true);
    planner.dispose();
  });

  it('leaves dormant watches asleep', async () => {
    const { clock, planner } = setup();
    planner.subscribe({ kind: 'broadcast', broadcastKey: 'b1', focused: true }, 'c');
    await clock.advance(2_000);
    planner.setDormant('participants', 'b1', true);
    const marked = planner.refreshAll().map((task) => task.id);
    expect(marked).toContain('broadcast:b1');
    expect(marked).not.toContain('participants:b1');
    planner.dispose();
  });
});
