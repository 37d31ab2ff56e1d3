/**
 * An outage is its own case for the watch planner (docs/dev/architecture.md, "The API budget"),
 * in virtual time: the budget is widened for the neighbour's sake (background share lowered
 * after 429s, intervals ×3), the platform stops answering, and comes back. Every figure is
 * marked stale at the first failed read, the platform is probed at a short back-off while it is
 * down, and what is stale is read again as soon as it answers.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/manual-clock';
import { PlatformError } from '../../platform/errors';
import type { BudgetSnapshot } from '../../shared/model';
import { unreachable } from './watch-outage';
import { WatchPlanner } from './watch-planner';
import { outageProbe, yieldFactorOf } from './watch-plan';

/** The live budget after a 429 burst: the background share lowered to 20 calls a minute. */
const widened: BudgetSnapshot = {
  name: 'live',
  callsLastMinute: 10,
  limitPerMinute: 60,
  minSpacingMs: 1050,
  queued: { command: 0, view: 0, watch: 0, bulk: 0 },
  inFlight: 0,
  rateLimitedUntil: null,
  pausedReason: null,
  last429At: null,
  total429: 3,
  backgroundPerMinute: 20,
};

function setup() {
  const clock = new ManualClock(Date.parse('2026-11-20T21:00:00Z'));
  const platform = { down: false, refuse: null as string | null };
  const reads: { id: string; at: number; ok: boolean }[] = [];
  const stale: { id: string; at: number }[] = [];
  const planner = new WatchPlanner({
    clock,
    budget: () => widened,
    // An unreachable platform refuses the connection at once; an answer takes 300 ms.
    run: (task) =>
      new Promise<void>((resolve, reject) => {
        const down = platform.down;
        const refused = platform.refuse === task.id;
        clock.setTimeout(
          () => {
            reads.push({ id: task.id, at: clock.now(), ok: !down && !refused });
            if (down)
              reject(new PlatformError({ code: 'network', message: 'connect ECONNREFUSED' }));
            else if (refused)
              reject(new PlatformError({ code: 'not-found', message: 'gone', status: 404 }));
            else resolve();
          },
          down ? 5 : 300,
        );
      }),
    onTaskError: (task) => stale.push({ id: task.id, at: clock.now() }),
  });
  planner.subscribe({ kind: 'broadcast', broadcastKey: 'b1', focused: true }, 'page');
  planner.subscribe({ kind: 'channels' }, 'page');
  return { clock, platform, reads, stale, planner };
}

describe('the watch planner in an outage', () => {
  it('marks every watch stale at the first failed read and is fresh within 3 s of recovery', async () => {
    const { clock, platform, reads, stale, planner } = setup();
    expect(yieldFactorOf(widened)).toBe(3);
    const ids = planner
      .currentTasks()
      .map((t) => t.id)
      .sort();
    await clock.advance(120_000);
    expect(stale).toEqual([]);

    platform.down = true;
    const downAt = clock.now();
    await clock.advance(30_000);
    const firstFailure = reads.find((r) => r.at > downAt && !r.ok);
    expect(firstFailure).toBeDefined();
    // Stale on the first failed read: every watch at once, not each at its next (widened) turn.
    expect(
      stale
        .filter((s) => s.at === firstFailure?.at)
        .map((s) => s.id)
        .sort(),
    ).toEqual(ids);
    expect(planner.outageSince()).toBe(firstFailure?.at);
    // Probed at the short back-off while down (never more than 2 s apart), one read at a time.
    const probes = reads.filter((r) => r.at >= (firstFailure?.at ?? 0)).map((r) => r.at);
    for (let i = 1; i < probes.length; i++)
      expect((probes[i] ?? 0) - (probes[i - 1] ?? 0)).toBeLessThanOrEqual(outageProbe.maxMs + 5);
    expect(probes.length).toBeGreaterThanOrEqual(12);
    expect(probes.length).toBeLessThanOrEqual(30_000 / outageProbe.firstMs);

    platform.down = false;
    const backAt = clock.now();
    await clock.advance(10_000);
    const freshAt = (id: string) => reads.find((r) => r.id === id && r.ok && r.at > backAt)?.at;
    // What the operator looks at is fresh within 3 s; every stale watch within 5 s.
    expect((freshAt('broadcast:b1') ?? Infinity) - backAt).toBeLessThanOrEqual(3_000);
    for (const id of ids) expect((freshAt(id) ?? Infinity) - backAt).toBeLessThanOrEqual(5_000);
    expect(planner.outageSince()).toBeNull();

    // Back to the widened intervals for the neighbour's sake: no more reads than they allow.
    const since = clock.now();
    await clock.advance(60_000);
    const lastMinute = reads.filter((r) => r.at > since && r.id === 'broadcast:b1').length;
    expect(lastMinute).toBeLessThanOrEqual(Math.ceil(60_000 / (5_000 * 3)) + 1);
    planner.dispose();
  });

  it('does not take a refusal for an outage: a 404 leaves the other watches alone', async () => {
    const { clock, platform, stale, planner } = setup();
    platform.refuse = 'participants:b1';
    await clock.advance(60_000);
    expect(new Set(stale.map((s) => s.id))).toEqual(new Set(['participants:b1']));
    expect(planner.outageSince()).toBeNull();
    expect(unreachable(new PlatformError({ code: 'network', message: 'reset' }))).toBe(true);
    expect(unreachable(new PlatformError({ code: 'platform', message: 'x', status: 503 }))).toBe(
      true,
    );
    expect(unreachable(new PlatformError({ code: 'platform', message: 'x', status: 500 }))).toBe(
      false,
    );
    planner.dispose();
  });

  it('takes an outage from a command’s call the scheduler saw fail, between two widened reads', async () => {
    const { clock, platform, reads, stale, planner } = setup();
    await clock.advance(120_000);
    const ids = planner
      .currentTasks()
      .map((t) => t.id)
      .sort();
    platform.down = true;
    // The operator's command finds no platform (RequestScheduler.onReachability): every watch
    // is stale at that moment, not at its next turn up to 15 s later.
    const at = clock.now();
    planner.platformReachable(
      false,
      new PlatformError({ code: 'network', message: 'connect ECONNREFUSED' }),
    );
    const running = reads.length;
    await clock.advance(0);
    expect(stale.filter((s) => s.at === at).length).toBeGreaterThanOrEqual(ids.length - 1);
    // A probe follows within the first back-off.
    await clock.advance(outageProbe.firstMs + 310);
    expect(reads.slice(running).some((r) => !r.ok)).toBe(true);
    // A command's answer ends the outage; the stale watches are read again at once.
    platform.down = false;
    const backAt = clock.now();
    planner.platformReachable(true);
    expect(planner.outageSince()).toBeNull();
    await clock.advance(3_000);
    expect(planner.outageSince()).toBeNull();
    expect(reads.find((r) => r.id === 'broadcast:b1' && r.ok && r.at > backAt)).toBeDefined();
    planner.dispose();
  });
});
