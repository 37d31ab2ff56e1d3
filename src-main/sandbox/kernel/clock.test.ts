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

describe('VirtualClock speed and pause', () => {
  it('runs ×30 from the change on, keeps the time so far, and stands still while paused', () => {
    const real = { ms: 0 };
    const clock = new VirtualClock(new Date('2025-06-01T12:00:00Z'), () => real.ms);
    real.ms += 1_000;
    clock.setSpeed(30);
    expect(clock.speed).toBe(30);
    expect(clock.now().toISOString()).toBe('2025-06-01T12:00:01.000Z');
    real.ms += 2_000;
    expect(clock.now().toISOString()).toBe('2025-06-01T12:01:01.000Z');
    clock.pause();
    expect(clock.paused).toBe(true);
    real.ms += 60_000;
    expect(clock.now().toISOString()).toBe('2025-06-01T12:01:01.000Z');
    clock.advance(60_000);
    expect(clock.now().toISOString()).toBe('2025-06-01T12:02:01.000Z');
    clock.resume();
    real.ms += 1_000;
    expect(clock.now().toISOString()).toBe('2025-06-01T12:02:31.000Z');
    clock.setSpeed(1);
    real.ms += 1_000;
    expect(clock.now().toISOString()).toBe('2025-06-01T12:02:32.000Z');
  });

  it('refuses a speed outside ×1..×60 and keeps the old one', () => {
    const clock = new VirtualClock(new Date('2025-06-01T12:00:00Z'), () => 0);
    for (const bad of [0, 0.5, 61, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => clock.setSpeed(bad)).toThrow(RangeError);
    }
    expect(clock.speed).toBe(1);
  });
});
