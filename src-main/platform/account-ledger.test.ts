/**
 * Schedulers of one platform account share its budget (account-ledger.ts): the platform counts
 * the account's calls whoever makes them, so a second scheduler of the account keeps the 1 s
 * spacing and the 60 s window from the first one's calls (docs/platform-facts.md, "Rate limit").
 */
import { describe, expect, it } from 'vitest';
import { liveAccount, vodAccount } from './account-ledger';
import { ManualClock } from './manual-clock';
import { RequestScheduler, type SchedulerOptions } from './scheduler';
import { base, fakePlatform, mostInAnyMinute, settled } from './testing/scheduler-fixtures';

const account = liveAccount('https://live.example.test/api', 'sa1');

/** Two schedulers on one clock and one fake platform, each with its own options. */
function pair(first: Partial<SchedulerOptions>, second: Partial<SchedulerOptions>) {
  const clock = new ManualClock();
  const platform = fakePlatform(clock);
  const make = (options: Partial<SchedulerOptions>) =>
    new RequestScheduler({ name: 'live', fetch: platform.fetch, clock, ...options });
  const a = make(first);
  const b = make(second);
  const get = (scheduler: RequestScheduler, path: string) =>
    scheduler.fetch(new Request(`${base}${path}`), { priority: 'command' });
  return { clock, platform, a, b, get };
}

describe('one account, one budget', () => {
  it('a second scheduler of the account keeps the spacing from the first one’s call', async () => {
    const { clock, platform, a, b, get } = pair({ account }, { account });
    await settled(clock, get(a, '/sandbox-workspace'));
    await settled(clock, get(b, '/account-workspace'));
    const [first = 0, second = 0] = platform.starts();
    expect(second - first).toBeGreaterThanOrEqual(1_100);
  });

  it('their calls together keep within the 60 s window', async () => {
    const limited = { account, limitPerMinute: 10, minSpacingMs: 100 };
    const { clock, platform, a, b, get } = pair(limited, limited);
    const calls = Array.from({ length: 12 }, (_, i) => get(i % 2 === 0 ? a : b, `/c/${i}`));
    await settled(clock, Promise.all(calls), 600_000);
    expect(platform.starts()).toHaveLength(12);
    expect(mostInAnyMinute(platform.starts())).toBe(10);
  });

  it('the second scheduler’s budget counts the first one’s calls', async () => {
    const { clock, a, b, get } = pair({ account }, { account });
    await settled(clock, get(a, '/one'));
    await settled(clock, get(a, '/two'));
    expect(b.state().callsLastMinute).toBe(2);
  });

  it('other accounts, and schedulers without an account, keep budgets of their own', async () => {
    const other = liveAccount('https://live.example.test/api', 'sa2');
    for (const [first, second] of [
      [{ account }, { account: other }],
      [{ account }, {}],
    ] as const) {
      const { clock, platform, a, b, get } = pair(first, second);
      await settled(clock, get(a, '/first'));
      const calledAt = clock.now();
      await settled(clock, get(b, '/second'));
      expect((platform.starts()[1] ?? 0) - calledAt).toBeLessThan(1_000);
    }
  });

  it('names an account by its address without a trailing slash, never by a token', () => {
    expect(liveAccount('https://live.example.test/api/', 'sa1')).toBe(account);
    expect(vodAccount('https://vod.example.test/v3', 'acc-1')).toBe(
      'vod https://vod.example.test/v3 acc-1',
    );
  });
});
