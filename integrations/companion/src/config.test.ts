/**
 * The connection's settings as Companion stores them (text fields): only this computer's
 * address is taken, the port as typed, and only a panel token's shape; each refusal says what
 * to fix. And the time on air as a button shows it.
 */
import { describe, expect, it } from 'vitest';
import { deskTarget } from './config';
import { clockOf } from './variables';

const token = `odp_${'a'.repeat(43)}`;

describe('the connection’s settings', () => {
  it('takes 127.0.0.1 or localhost, and always connects to 127.0.0.1', () => {
    expect(deskTarget({ host: '127.0.0.1', port: '8765' }, { token })).toEqual({
      address: 'http://127.0.0.1:8765',
      token,
    });
    expect(deskTarget({ host: ' localhost ', port: '9000' }, { token })).toEqual({
      address: 'http://127.0.0.1:9000',
      token,
    });
  });

  it.each([
    [{ host: '10.0.0.5', port: '8765' }, { token }, /this computer only/],
    [{ host: '127.0.0.1', port: '70000' }, { token }, /1 to 65535/],
    [{ host: '127.0.0.1', port: 'abc' }, { token }, /1 to 65535/],
    [{ host: '127.0.0.1', port: '8765' }, { token: 'secret' }, /odp_ and 43 characters/],
    [{ host: '127.0.0.1', port: '8765' }, undefined, /odp_ and 43 characters/],
  ])('refuses %j with %j, saying why', (config, secrets, reason) => {
    const target = deskTarget(config, secrets);
    expect('problem' in target && target.problem).toMatch(reason);
  });
});

describe('the time on air', () => {
  it('reads h:mm:ss and never goes below zero', () => {
    expect(clockOf(0)).toBe('0:00:00');
    expect(clockOf(3_723_999)).toBe('1:02:03');
    expect(clockOf(-5_000)).toBe('0:00:00');
  });
});
