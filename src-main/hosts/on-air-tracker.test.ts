/**
 * What main counts as on air for the updates and keep-awake: the control room's channel list,
 * a watched broadcast and the Multiview's on-air list, until a later read says otherwise.
 */
import { describe, expect, it } from 'vitest';
import type { Broadcast, ChannelSummary, WatchUpdate } from '../shared/model';
import { OnAirTracker } from './on-air-tracker';

const channel = (key: string, onAir: boolean) => ({ key, onAir }) as ChannelSummary;
const broadcast = (key: string, channelKey: string, onAir: boolean) =>
  ({ key, channelKey, onAir }) as Broadcast;
const channels = (...items: ChannelSummary[]): WatchUpdate => ({
  kind: 'channels',
  watchId: 'w1',
  fetchedAt: 0,
  data: { items, total: items.length } as never,
});
const multiview = (total: number, ...broadcasts: Broadcast[]): WatchUpdate => ({
  kind: 'onair',
  fetchedAt: 0,
  data: { broadcasts, total },
});

describe('the on-air channels main has seen', () => {
  it('counts the control room list, then a watched broadcast ending', () => {
    const tracker = new OnAirTracker();
    tracker.workspace('sandbox');
    tracker.seen(channels(channel('a', true), channel('b', true), channel('c', false)));
    expect(tracker.onAir()).toBe(2);
    const ended = broadcast('b1', 'b', false);
    tracker.seen({ kind: 'broadcast', broadcastKey: 'b1', fetchedAt: 1, data: ended });
    expect(tracker.onAir()).toBe(1);
  });

  it("takes the Multiview's complete list as the whole account, a partial one only as more", () => {
    const tracker = new OnAirTracker();
    tracker.seen(channels(channel('a', true), channel('b', true)));
    tracker.seen(multiview(3, broadcast('x', 'c', true)));
    expect(tracker.onAir()).toBe(3);
    tracker.seen(multiview(1, broadcast('x', 'c', true)));
    expect(tracker.onAir()).toBe(1);
    tracker.seen(multiview(0));
    expect(tracker.onAir()).toBe(0);
  });

  it('forgets the channels of a workspace the operator switched away from', () => {
    const tracker = new OnAirTracker();
    tracker.workspace('sandbox');
    tracker.seen(channels(channel('a', true)));
    tracker.workspace('sandbox');
    expect(tracker.onAir()).toBe(1);
    tracker.workspace('live-news');
    expect(tracker.onAir()).toBe(0);
  });
});
