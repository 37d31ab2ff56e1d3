import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';

/** A limiter on a fake monotonic clock that the test moves by hand. */
function limiterAt(policy: { spacingMs?: number } = {}) {
  const time = { ms: 0 };
  const limiter = new RateLimiter({ ...policy, now: () => time.ms });
  return { limiter, time };
}

describe('RateLimiter (spec, Limits: 60 calls a minute, at least 1 s apart)', () => {
  it('refuses a call 100 ms after the previous one, with a 1 s retry', () => {
    const { limiter, time } = limiterAt();
    expect(limiter.take('sa').accepted).toBe(true);
    time.ms = 100;
    expect(limiter.take('sa')).toEqual({
      accepted: false,
      retryAfterMs: 900,
      retryAfterSeconds: 1,
    });
  });

  it('does not count refused calls: hammering does not push the next slot back', () => {
    const { limiter, time } = limiterAt();
    limiter.take('sa');
    for (time.ms = 100; time.ms < 1000; time.ms += 100) {
      expect(limiter.take('sa').accepted).toBe(false);
    }
    time.ms = 1000;
    expect(limiter.take('sa').accepted).toBe(true);
  });

  it('refuses the 61st call within a minute and accepts again when the oldest leaves', () => {
    const { limiter, time } = limiterAt({ spacingMs: 0 });
    for (let call = 0; call < 60; call += 1) {
      time.ms = call * 100;
      expect(limiter.take('sa').accepted, `call ${call + 1}`).toBe(true);
    }
    time.ms = 6000;
    const refused = limiter.take('sa');
    expect(refused).toEqual({ accepted: false, retryAfterMs: 54_000, retryAfterSeconds: 54 });
    time.ms = 59_999;
    expect(limiter.take('sa').accepted).toBe(false);
    time.ms = 60_000;
    expect(limiter.take('sa').accepted).toBe(true);
    expect(limiter.take('sa').accepted).toBe(false);
    time.ms = 60_100;
    expect(limiter.take('sa').accepted).toBe(true);
  });

  it('with the real 1 s spacing, 60 calls a second apart all pass', () => {
    const { limiter, time } = limiterAt();
    for (let call = 0; call < 61; call += 1) {
      time.ms = call * 1000;
      expect(limiter.take('sa').accepted, `call ${call + 1}`).toBe(true);
    }
  });

  it('keeps one budget per caller and can be switched off', () => {
    const { limiter } = limiterAt();
    expect(limiter.take('account-a').accepted).toBe(true);
    expect(limiter.take('account-b').accepted).toBe(true);
    expect(limiter.take('account-a').accepted).toBe(false);
    limiter.setEnabled(false);
    expect(limiter.take('account-a').accepted).toBe(true);
    expect(limiter.take('account-a').accepted).toBe(true);
  });
});
