/**
 * The hub's pairing rules on an injected clock (no wall clock): a code is good for one seat
 * and 2 minutes, five wrong codes from one sending address lock pairing for that address for
 * a minute, a credential names its seat until the seat is revoked, seat names are plain text.
 */
import { describe, expect, it } from 'vitest';
import {
  PairingBook,
  pairingCodeLifeMs,
  pairingLockMs,
  pairingSource,
  plainSeatName,
} from './pairing';

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

  it('locks pairing for a minute after five wrong codes from one address, the right one included', () => {
    let t = start;
    const book = new PairingBook(() => t);
    const { code } = book.newCode('operator');
    const lan = '192.168.1.7';
    for (let i = 0; i < 4; i += 1)
      expect(book.pair('00000000', 'Guess', lan)).toEqual({ ok: false, reason: 'wrong-code' });
    expect(book.pair('00000000', 'Guess', lan)).toEqual({
      ok: false,
      reason: 'locked',
      retryAfterMs: pairingLockMs,
    });
    t += pairingLockMs - 1;
    expect(book.pair(code, 'PD', lan)).toEqual({ ok: false, reason: 'locked', retryAfterMs: 1 });
    expect(book.lockedUntilTime(lan)).toBe(start + pairingLockMs);
    expect(book.lockedUntilTime('192.168.1.8')).toBeNull();
    t += 1;
    expect(book.lockedUntilTime(lan)).toBeNull();
    expect(book.pair(code, 'PD', lan).ok).toBe(true);
  });

  it('counts an IPv6 sender by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(pairingSource('::ffff:192.168.1.7')).toBe('192.168.1.7');
    expect(pairingSource('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(pairingSource('2001:db8:1:2:aaaa::1')).toBe(pairingSource('2001:db8:1:2::ffff'));
    expect(pairingSource('2001:db8:1:2::1')).not.toBe(pairingSource('2001:db8:1:3::1'));
  });

  it('takes plain seat names only, of at most 60 characters', () => {
    expect(plainSeatName('  PD 1 · 부조정실 ')).toBe('PD 1 · 부조정실');
    expect(plainSeatName('PD\nstudio: seat "x" paired as operator')).toBeNull();
    expect(plainSeatName('PD\u001b[2J')).toBeNull();
    expect(plainSeatName('PD\u202egnp.exe')).toBeNull();
    expect(plainSeatName('가'.repeat(60))).not.toBeNull();
    expect(plainSeatName('가'.repeat(61))).toBeNull();
    expect(plainSeatName('   ')).toBeNull();
    const book = new PairingBook(
      () => start,
      [{ id: 'a', name: 'Old\nname', role: 'operator', pairedAt: start, secretHash: '00' }],
    );
    expect(book.list(() => false)[0]?.name).toBe('Old\ufffdname');
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
