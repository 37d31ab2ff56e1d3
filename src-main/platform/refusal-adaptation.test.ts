import { describe, expect, it } from 'vitest';
import { gaps, settled, setup } from './scheduler-fixtures';
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
  it('tries again halfway through Retry-After: 1, while a watch waits for all of it', async () => {
    const { clock, platform, get } = setup({}, refusing([1]));
    const command = settled(clock, get('/broadcasts/a', 'command'));
    expect((await command).status).toBe(200);
    // Refused at 100 ms (the fake platform's latency), tried again 500 ms later.
    expect(gaps(platform.starts())).toEqual([600]);

    const watch = setup({}, refusing([1]));
    const read = settled(watch.clock, watch.get('/broadcasts/a', 'watch'));
    expect((await read).status).toBe(200);
    expect(gaps(watch.platform.starts())).toEqual([1_100]);
  });

  it('tries again no later than the end of the first wait when its try is refused too', async () => {
    const { clock, platform, get } = setup({}, refusing([1, 2]));
    expect((await settled(clock, get('/broadcasts/a', 'command'))).status).toBe(200);
    // 0: refused, answered at 100 (slot open by 1 100); 600: refused again, answered at 700;
    // the next try at min(700 + 500, 1 100) = 1 100, not 1 200 nor 1 700.
    expect(gaps(platform.starts())).toEqual([600, 500]);
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
    expect(adapt.holdUntil('command')).toBe(10_500);
    expect(adapt.holdUntil('view')).toBe(11_000);
    expect(adapt.holdUntil('watch')).toBe(11_000);
    adapt.accepted();
    expect(adapt.holdUntil('command')).toBe(11_000);
  });
});
