/** ChangeFeed: state changes pushed at once, byte counts at most once per spacing. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangeFeed } from './change-feed';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ChangeFeed', () => {
  it('pushes a state change at once and coalesces byte counts to one push per spacing', () => {
    let value = 0;
    const pushes: [number, number][] = [];
    const feed = new ChangeFeed(
      () => value,
      (version, pushed) => pushes.push([version, pushed]),
      250,
    );
    value = 1;
    feed.changed(true);
    expect(pushes).toEqual([[1, 1]]);
    for (let n = 2; n <= 10; n += 1) {
      value = n;
      feed.changed(false);
      vi.advanceTimersByTime(20);
    }
    // 180 ms after the first push: the nine byte counts wait, then leave as one push.
    expect(pushes).toHaveLength(1);
    vi.advanceTimersByTime(70);
    expect(pushes).toEqual([
      [1, 1],
      [10, 10],
    ]);
    value = 11;
    feed.changed(false);
    value = 12;
    feed.changed(true);
    // The state change goes at once and carries the byte count waiting before it.
    expect(pushes.at(-1)).toEqual([12, 12]);
    vi.advanceTimersByTime(1000);
    expect(pushes).toHaveLength(3);
  });

  it('counts changes without a listener, and pushes nothing once closed', () => {
    const silent = new ChangeFeed(() => 0, undefined);
    silent.changed(true);
    silent.changed(false);
    expect(silent.version).toBe(2);

    const pushes: number[] = [];
    const feed = new ChangeFeed(
      () => 0,
      (version) => pushes.push(version),
    );
    feed.changed(true);
    feed.changed(false);
    feed.close();
    vi.advanceTimersByTime(1000);
    feed.changed(true);
    expect(pushes).toEqual([1]);
    expect(feed.version).toBe(3);
  });
});
