/**
 * Studio seats share one budget fairly: among calls of one priority the scheduler takes
 * turns between owners (seats by name, and this desk), so one seat's burst of reads never
 * starves another's; commands still go first whoever sends them. Virtual clock only.
 */
import { describe, expect, it } from 'vitest';
import { runAsCallOwner } from './call-owner';
import { setup } from './testing/scheduler-fixtures';

describe('RequestScheduler between studio seats', () => {
  it('takes turns between seats at the same priority, whoever queued first', async () => {
    const { clock, platform, get } = setup();
    const burst = Array.from({ length: 6 }, (_, i) =>
      runAsCallOwner('Graphics', () => get(`/graphics/${i}`, 'view')),
    );
    const few = Array.from({ length: 2 }, (_, i) =>
      runAsCallOwner('PD', () => get(`/pd/${i}`, 'view')),
    );
    const own = get('/hub/0', 'view');
    await clock.runUntil(() => platform.sent.length === 9, 60_000);
    await clock.advance(1_000);
    await Promise.all([...burst, ...few, own]);
    const order = platform.sent.map((s) => s.path.split('/')[1]);
    // The hub (''), then Graphics, then PD, round and round; Graphics alone at the end.
    expect(order).toEqual([
      'hub',
      'graphics',
      'pd',
      'graphics',
      'pd',
      'graphics',
      'graphics',
      'graphics',
      'graphics',
    ]);
  });

  it('starts a seat’s command before another seat’s queued reads', async () => {
    const { clock, platform, get } = setup();
    const reads = Array.from({ length: 5 }, (_, i) =>
      runAsCallOwner('Graphics', () => get(`/graphics/${i}`, 'view')),
    );
    await clock.runUntil(() => platform.sent.length === 1, 10_000);
    const command = runAsCallOwner('PD', () => get('/pd/cue', 'command'));
    await clock.runUntil(() => platform.sent.length === 2, 10_000);
    expect(platform.sent[1]?.path).toBe('/pd/cue');
    await clock.runUntil(() => platform.sent.length === 6, 60_000);
    await clock.advance(1_000);
    await Promise.all([...reads, command]);
  });

  it('keeps one owner’s calls in the order they were queued', async () => {
    const { clock, platform, get } = setup();
    const calls = Array.from({ length: 4 }, (_, i) =>
      runAsCallOwner('PD', () => get(`/pd/${i}`, 'watch')),
    );
    await clock.runUntil(() => platform.sent.length === 4, 60_000);
    await clock.advance(1_000);
    await Promise.all(calls);
    expect(platform.sent.map((s) => s.path)).toEqual(['/pd/0', '/pd/1', '/pd/2', '/pd/3']);
  });
});
