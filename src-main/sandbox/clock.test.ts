import { describe, expect, it } from 'vitest';
import { VirtualClock } from './clock';

describe('VirtualClock', () => {
  it('runs with real time from its start and jumps forward on advance', () => {
    const real = { ms: 5_000 };
    const clock = new VirtualClock(new Date('2025-06-01T12:00:00Z'), () => real.ms);
    expect(clock.now().toISOString()).toBe('2025-06-01T12:00:00.000Z');
    real.ms += 1_500;
    expect(clock.now().toISOString()).toBe('2025-06-01T12:00:01.500Z');
    clock.advance(3_600_000);
    expect(clock.now().toISOString()).toBe('2025-06-01T13:00:01.500Z');
    real.ms += 500;
    expect(clock.nowMs()).toBe(Date.parse('2025-06-01T13:00:02.000Z'));
  });

  it('never goes back', () => {
    const clock = new VirtualClock(new Date('2025-06-01T12:00:00Z'), () => 0);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
    expect(clock.now().toISOString()).toBe('2025-06-01T12:00:00.000Z');
  });
});
