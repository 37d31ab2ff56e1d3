import { describe, expect, it } from 'vitest';
import { gaps, settled, setup } from './testing/scheduler-fixtures';
import { RefusalAdaptation } from './refusal-adaptation';

/** Answers 429 with this `Retry-After` to the calls numbered in `refused` (1-based). */
function refusing(refused: number[], retryAfter = '1') {
  let answered = 0;
  return () => {
    answered += 1;
    return refused.includes(answered)
      ? { status: 429, headers: { 'retry-after': retryAfter } }
      : {};
  };
}

describe('a command after a 429 of the spacing', () => {
  it('tries again 200 ms after a Retry-After: 1, while a watch waits for all of it', async () => {
    const { clock, platform, get } = setup({}, refusing([1]));
    const command = settled(clock, get('/broadcasts/a', 'command'));
    expect((await command).status).toBe(200);
    // Refused at 100 ms (the fake platform's latency), tried again 200 ms later.
    expect(gaps(platform.starts())).toEqual([300]);

    const watch = setup({}, refusing([1]));
    const read = settled(watch.clock, watch.get('/broadcasts/a', 'watch'));
    expect((await read).status).toBe(200);
    expect(gaps(watch.platform.starts())).toEqual([1_100]);
  });

  it('keeps trying every 200 ms while its tries are refused too', async () => {
    const { clock, platform, get } = setup({}, refusing([1, 2, 3]));
    expect((await settled(clock, get('/broadcasts/a', 'command'))).status).toBe(200);
    // 0: refused, answered at 100; 300: refused, answered at 400; 600, answered at 700; 900.
    expect(gaps(platform.starts())).toEqual([300, 300, 300]);
  });

  it('does not try before the slot can open: two spacings after our own last call', async () => {
    const { clock, platform, get } = setup({}, refusing([2]));
    expect((await settled(clock, get('/broadcasts/a', 'watch'))).status).toBe(200);
    expect((await settled(clock, get('/broadcasts/b', 'command'))).status).toBe(200);
    // The watch left at 0 and was accepted: another client's call could only be accepted from
    // 1 000 on, so the slot it holds opens at 2 000 at the soonest. The command left at 1 100,
    // refused (answered at 1 200); not tried at 1 400 but at 2 000.
    expect(gaps(platform.starts())).toEqual([1_100, 900]);
  });

  it('waits for the whole Retry-After when it is longer than the spacing (the minute is spent)', async () => {
    const { clock, platform, get } = setup({}, refusing([1], '5'));
    expect((await settled(clock, get('/broadcasts/a', 'command'))).status).toBe(200);
    expect(gaps(platform.starts())).toEqual([5_100]);
  });

  it('holds only commands sooner, and forgets the episode once a call is accepted', () => {
    const adapt = new RefusalAdaptation({
      limitPerMinute: 60,
      spacingMs: 1_000,
      marginMs: 100,
      maxMarginMs: 300,
    });
    adapt.refused('1', Number.POSITIVE_INFINITY, 10_000);
    expect(adapt.holdUntil('command')).toBe(10_200);
    expect(adapt.holdUntil('view')).toBe(11_000);
    expect(adapt.holdUntil('watch')).toBe(11_000);
    // Our own last call left at 9 500: the slot opens at 11 500 at the soonest, but the
    // platform said 1 s, so the command waits no longer than 12 000.
    adapt.refused('1', Number.POSITIVE_INFINITY, 11_000, 9_500);
    expect(adapt.holdUntil('command')).toBe(11_500);
    adapt.accepted();
    expect(adapt.holdUntil('command')).toBe(12_000);
  });
});
