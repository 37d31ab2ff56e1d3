/**
 * The rate policy (rate-policy.ts) on injected times, and the request scheduler keeping its
 * background calls within it after a 429 while commands are held by the platform's limit only.
 */
import { describe, expect, it } from 'vitest';
import { RatePolicy, defaultRatePolicy } from './rate-policy';
import { setup } from './testing/scheduler-fixtures';

const t0 = Date.UTC(2025, 0, 1, 9, 0, 0);

describe('rate policy', () => {
  it('halves on a 429, once per hold time, down to the floor', () => {
    const policy = new RatePolicy();
    expect(policy.perMinute(t0)).toBe(60);
    expect(policy.refused(t0)).toBe(true);
    expect(policy.perMinute(t0)).toBe(30);
    // The 429s of one collision (a retried read, a command's re-read) count once.
    expect(policy.refused(t0 + 5_000)).toBe(false);
    expect(policy.perMinute(t0 + 5_000)).toBe(30);
    policy.refused(t0 + 10_000);
    expect(policy.perMinute(t0 + 10_000)).toBe(15);
    policy.refused(t0 + 20_000);
    expect(policy.perMinute(t0 + 20_000)).toBe(defaultRatePolicy.floorPerMinute);
    policy.refused(t0 + 30_000);
    expect(policy.perMinute(t0 + 30_000)).toBe(12);
    expect(policy.lowered(t0 + 30_000)).toBe(true);
  });

  it('climbs back by one call a minute every quiet 15 s, to the ceiling', () => {
    const policy = new RatePolicy();
    policy.refused(t0); // 30
    expect(policy.perMinute(t0 + 14_999)).toBe(30);
    expect(policy.perMinute(t0 + 15_000)).toBe(31);
    expect(policy.perMinute(t0 + 60_000)).toBe(34);
    // A 429 in the climb halves what it reached, and the climb starts again from there.
    policy.refused(t0 + 60_000);
    expect(policy.perMinute(t0 + 60_000)).toBe(17);
    expect(policy.perMinute(t0 + 120_000)).toBe(21);
    expect(policy.perMinute(t0 + 60_000 + 15 * 60_000)).toBe(60);
    expect(policy.lowered(t0 + 60_000 + 15 * 60_000)).toBe(false);
  });

  it('refuses numbers that make no rule', () => {
    expect(() => new RatePolicy({ floorPerMinute: 70 })).toThrow(RangeError);
    expect(() => new RatePolicy({ decreaseFactor: 0 })).toThrow(RangeError);
  });
});

describe('the scheduler under the rate policy', () => {
  it('after a 429, keeps watch calls within the lowered rate, and commands are not held', async () => {
    let refuse = 1;
    const { clock, platform, scheduler, get } = setup({}, () =>
      refuse-- > 0 ? { status: 429, headers: { 'retry-after': '1' } } : {},
    );
    // The first call is refused: someone else is spending the account.
    const first = get('/first', 'watch');
    await clock.advance(2_000);
    await first;
    expect(scheduler.state().backgroundPerMinute).toBe(30);
    const began = clock.now();
    const watches = Array.from({ length: 60 }, (_, i) => get(`/w${i}`, 'watch'));
    await clock.advance(20_000);
    const commands = Array.from({ length: 3 }, (_, i) => get(`/c${i}`, 'command'));
    await clock.advance(40_000 - 1);
    const inMinute = platform.sent.filter((s) => s.at >= began && s.at < began + 60_000);
    // 30 background starts a minute, climbing by one every quiet 15 s (not the 50 that the
    // platform's limit would let through), and every command.
    const background = inMinute.filter((s) => s.path.startsWith('/w')).length;
    expect(background).toBeGreaterThanOrEqual(29);
    expect(background).toBeLessThanOrEqual(33);
    expect(inMinute.filter((s) => s.path.startsWith('/c')).length).toBe(3);
    await Promise.all(commands);
    scheduler.dispose();
    await Promise.allSettled(watches);
  });
});
