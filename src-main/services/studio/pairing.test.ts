/**
 * The hub's pairing rules on an injected clock (no wall clock): a code is good for one seat
 * and 2 minutes, five wrong codes lock pairing for a minute, a credential names its seat
 * until the seat is revoked.
 */
import { describe, expect, it } from 'vitest';
import { PairingBook, pairingCodeLifeMs, pairingLockMs } from './pairing';

const start = Date.parse('2026-11-20T20:00:00Z');

describe('pairing book', () => {
  it('pairs one seat per code, and refuses the same code again', () => {
    let t = start;
    const book = new PairingBook(() => t);
    const { code } = book.newCode('operator');
    const first = book.pair(code, 'PD');
    expect(first.ok).toBe(true);
    t += 1000;
    expect(book.pair(code, 'Second')).toEqual({ ok: false, reason: 'wrong-code' });
    expect(book.list(() => false).map((s) => s.name)).toEqual(['PD']);
  });

  it('refuses a code once its 2 minutes are over, and takes it just before', () => {
    let t = start;
    const book = new PairingBook(() => t);
    const early = book.newCode('observer');
    const late = book.newCode('observer');
    t += pairingCodeLifeMs - 1;
    const taken = book.pair(early.code.replace(/(\d{4})/, '$1 '), 'Graphics');
    expect(taken.ok && taken.seat.role).toBe('observer');
    t += 1;
    expect(book.pair(late.code, 'Late').ok).toBe(false);
    expect(book.openCodes()).toEqual([]);
  });

  it('locks pairing for a minute after five wrong codes, the right one included', () => {
    let t = start;
    const book = new PairingBook(() => t);
    const { code } = book.newCode('operator');
    for (let i = 0; i < 4; i += 1)
      expect(book.pair('00000000', 'Guess')).toEqual({ ok: false, reason: 'wrong-code' });
    expect(book.pair('00000000', 'Guess')).toEqual({
      ok: false,
      reason: 'locked',
      retryAfterMs: pairingLockMs,
    });
    t += pairingLockMs - 1;
    expect(book.pair(code, 'PD')).toEqual({ ok: false, reason: 'locked', retryAfterMs: 1 });
    expect(book.lockedUntilTime()).toBe(start + pairingLockMs);
    t += 1;
    expect(book.lockedUntilTime()).toBeNull();
    expect(book.pair(code, 'PD').ok).toBe(true);
  });

  it('knows a seat by its credential until it is revoked, and notes its contact', () => {
    let t = start;
    const book = new PairingBook(() => t);
    const paired = book.pair(book.newCode('operator').code, 'PD');
    if (!paired.ok) throw new Error('not paired');
    t += 5000;
    expect(book.check(paired.credential)?.name).toBe('PD');
    expect(book.check(`${paired.seat.id}.wrong`)).toBeNull();
    expect(book.list(() => true)[0]).toMatchObject({ lastContactAt: t, connected: true });
    expect(JSON.stringify(book.stored())).not.toContain(paired.credential.split('.')[1]);
    expect(book.revoke(paired.seat.id)).toBe(true);
    expect(book.check(paired.credential)).toBeNull();
  });
});
