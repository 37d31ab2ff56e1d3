/**
 * The feedback picture's rules on an injected clock: a failed read that says the platform is
 * gone makes every button stale at once, a read overdue by {@link overdueAfterMs} makes its own
 * figure stale, the next good read clears it, and a switch of workspace forgets the last one.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/manual-clock';
import type { BudgetSnapshot, ChannelSummary, WatchUpdate } from '../../shared/model';
import { overdueAfterMs, PanelFeedbackState } from './panel-feedback';

const budget: BudgetSnapshot = {
  name: 'live',
  callsLastMinute: 55,
  limitPerMinute: 60,
  minSpacingMs: 1000,
  queued: { command: 0, view: 0, watch: 0, bulk: 0 },
  inFlight: 0,
  rateLimitedUntil: null,
  pausedReason: null,
  last429At: null,
  total429: 0,
};

function channel(key: string, onAir: boolean, broadcastKey: string): ChannelSummary {
  return {
    key,
    title: key.toUpperCase(),
    customerCode: key,
    status: 'enabled',
    trashed: false,
    type: 'live',
    shared: false,
    viewerLimit: 100,
    useTimeshift: false,
    useChat: false,
    onAir,
    latestBroadcast: { key: broadcastKey, title: 'b', onAir, startedAt: null, endedAt: null },
    createdAt: null,
  };
}

function setup() {
  const clock = new ManualClock();
  let workspace = 'sandbox';
  const state = new PanelFeedbackState(
    () => clock.now(),
    () => ({ workspace, budgets: [budget] }),
  );
  const channels = (at: number): WatchUpdate => ({
    kind: 'channels',
    watchId: 'w1',
    fetchedAt: at,
    data: {
      items: [channel('ch1', true, 'b1'), channel('ch2', false, 'b2')],
      page: 1,
      perPage: 100,
      total: 2,
    } as never,
  });
  return {
    clock,
    state,
    channels,
    switchTo: (id: string) => (workspace = id),
  };
}

describe('the panel feedback', () => {
  it('lights the tally from the channel list and the recording from the broadcast read', () => {
    const { clock, state, channels } = setup();
    state.observe('watch.update', channels(clock.now()));
    state.observe('watch.update', {
      kind: 'broadcast',
      broadcastKey: 'b1',
      fetchedAt: clock.now() + 1,
      data: { onAir: true, recording: true } as never,
    } satisfies WatchUpdate);
    const picture = state.snapshot();
    expect(picture.platform).toBe('reachable');
    expect(picture.lamps).toEqual({ ch1: 'recording', ch2: 'off' });
    expect(picture.budget).toEqual({ callsLastMinute: 55, limitPerMinute: 60, state: 'tight' });
  });

  it('shows a broadcast’s title, start, cue point, viewers and chat head count, never who is in the chat', () => {
    const { clock, state, channels } = setup();
    state.observe('watch.update', channels(clock.now()));
    const at = clock.now() + 1;
    state.observe('watch.update', {
      kind: 'broadcast',
      broadcastKey: 'b1',
      fetchedAt: at,
      data: {
        onAir: true,
        recording: false,
        title: 'Evening news',
        startedAt: '2026-11-28T20:00:00Z',
        cuePointAt: '2026-11-28T20:05:00Z',
      } as never,
    } satisfies WatchUpdate);
    expect(state.snapshot().broadcasts.b1).toMatchObject({ viewers: null, chatParticipants: null });
    state.observe('watch.update', {
      kind: 'viewers',
      broadcastKey: 'b1',
      fetchedAt: at + 1,
      data: { intervalMinutes: 5, current: 420, peak: 500, points: [] },
    } satisfies WatchUpdate);
    state.observe('watch.update', {
      kind: 'participants',
      broadcastKey: 'b1',
      fetchedAt: at + 2,
      data: { count: 2, users: [{ userKey: 'u-secret', nickname: 'Nick', joinedAt: null }] },
    } satisfies WatchUpdate);
    const picture = state.snapshot();
    expect(picture.broadcasts.b1).toEqual({
      onAir: true,
      recording: false,
      stale: false,
      fetchedAt: at,
      title: 'Evening news',
      startedAt: '2026-11-28T20:00:00Z',
      cuePointAt: '2026-11-28T20:05:00Z',
      viewers: { count: 420, fetchedAt: at + 1 },
      chatParticipants: { count: 2, fetchedAt: at + 2 },
    });
    expect(JSON.stringify(picture)).not.toMatch(/u-secret|Nick/);
  });

  it('makes every button stale at the first read that says the platform is gone, until one succeeds', () => {
    const { clock, state, channels } = setup();
    state.observe('watch.update', channels(clock.now()));
    state.observe('watch.update', {
      kind: 'error',
      subject: 'b9',
      topic: 'broadcast',
      at: clock.now(),
      code: 'network',
      message: 'no answer',
    } satisfies WatchUpdate);
    const lost = state.snapshot();
    expect(lost.platform).toBe('lost');
    expect(lost.stale).toBe(true);
    expect(lost.lamps).toEqual({ ch1: 'stale', ch2: 'stale' });
    state.observe('watch.update', channels(clock.now() + 10));
    expect(state.snapshot().lamps).toEqual({ ch1: 'onAir', ch2: 'off' });
  });

  it('makes a figure stale when its next read is overdue, and a 404 only its own', async () => {
    const { clock, state, channels } = setup();
    state.observe('watch.update', channels(clock.now()));
    state.observe('watch.update', {
      kind: 'error',
      subject: 'w1',
      topic: 'channels',
      at: clock.now() + 1,
      code: 'not-found',
      status: 404,
      message: 'gone',
    } satisfies WatchUpdate);
    const refused = state.snapshot();
    expect(refused.platform).toBe('reachable');
    expect(refused.lamps.ch1).toBe('stale');
    state.observe('watch.update', channels(clock.now() + 2));
    await clock.advance(overdueAfterMs);
    expect(state.snapshot().lamps.ch1).toBe('onAir');
    await clock.advance(10);
    expect(state.snapshot().lamps).toEqual({ ch1: 'stale', ch2: 'stale' });
  });

  it('keeps every button stale while the platform refuses the live token', () => {
    const { clock, state, channels } = setup();
    state.observe('watch.update', channels(clock.now()));
    const tokens = (live: 'accepted' | 'refused') =>
      ({ tokens: { live, vod: 'accepted' } }) as never;
    state.observe('workspace.changed', tokens('refused'));
    expect(state.snapshot().lamps).toEqual({ ch1: 'stale', ch2: 'stale' });
    state.observe('workspace.changed', tokens('accepted'));
    expect(state.snapshot().lamps).toEqual({ ch1: 'onAir', ch2: 'off' });
  });

  it('forgets the last workspace on a switch', () => {
    const { clock, state, channels, switchTo } = setup();
    state.observe('watch.update', channels(clock.now()));
    switchTo('acc-1');
    const picture = state.snapshot();
    expect(picture.workspace).toBe('acc-1');
    expect(picture.channels).toEqual([]);
    expect(picture.platform).toBe('unknown');
  });
});
