/**
 * The feedback picture's rules on an injected clock: a failed read that says the platform is
 * gone makes every button stale at once, a read overdue by {@link overdueAfterMs} makes its own
 * figure stale, the next good read clears it, and a switch of workspace forgets the last one.
 * With only the Multiview open, its on-air list and account viewers light the buttons.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/manual-clock';
import type { Broadcast, BudgetSnapshot, ChannelSummary, WatchUpdate } from '../../shared/model';
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

function onAirBroadcast(key: string, channelKey: string, recording = false): Broadcast {
  return {
    key,
    channelKey,
    title: `Show on ${channelKey}`,
    onAir: true,
    paused: false,
    useTimeshift: true,
    startedAt: '2026-11-28T20:00:00Z',
    pausedAt: null,
    endedAt: null,
    cuePointAt: '2026-11-28T20:05:00Z',
    recording,
    recordingStartedAt: recording ? '2026-11-28T20:01:00Z' : null,
  };
}

/** The Multiview's on-air list read at `at`; `total` more than listed: cut short by its page. */
function onAirList(at: number, broadcasts: Broadcast[], total = broadcasts.length): WatchUpdate {
  return { kind: 'onair', fetchedAt: at, data: { broadcasts, total } };
}

/** Viewers of one broadcast from the Multiview's account statistics read at `at`. */
function audienceViewers(at: number, broadcastKey: string, current: number): WatchUpdate {
  const data = { intervalMinutes: 5 as const, current, peak: current, points: [] };
  return { kind: 'viewers', broadcastKey, fetchedAt: at, data, via: 'audience' };
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
      viewers: { count: 420, fetchedAt: at + 1, stale: false },
      chatParticipants: { count: 2, fetchedAt: at + 2, stale: false },
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
    await clock.advance(overdueAfterMs());
    expect(state.snapshot().lamps.ch1).toBe('onAir');
    await clock.advance(10);
    expect(state.snapshot().lamps).toEqual({ ch1: 'stale', ch2: 'stale' });
  });

  it('keeps a lamp lit while the next channel-list read is on its way', async () => {
    const { clock, state, channels } = setup();
    state.observe('watch.update', channels(clock.now()));
    // The next read is due 20 s after this answer; its turn and its answer take a moment more.
    await clock.advance(20_000 + 1_500);
    expect(state.snapshot().lamps).toEqual({ ch1: 'onAir', ch2: 'off' });
  });

  it('waits the widened interval while a 429 has halved the background rate', async () => {
    const { clock, state, channels } = setup();
    state.observe('budget.changed', [{ ...budget, backgroundPerMinute: 30 }]);
    state.observe('watch.update', channels(clock.now()));
    // The planner reads the channel list every 40 s now (twice 20 s).
    await clock.advance(40_000 + 1_500);
    expect(state.snapshot().lamps).toEqual({ ch1: 'onAir', ch2: 'off' });
    await clock.advance(overdueAfterMs(2) - 40_000 - 1_500 + 1);
    expect(state.snapshot().lamps).toEqual({ ch1: 'stale', ch2: 'stale' });
    // The rate back at the limit: the usual interval again.
    state.observe('budget.changed', [budget]);
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

describe('the panel feedback with only the Multiview open', () => {
  it('shows each on-air broadcast’s tally, recording, title, time on air, cue point and viewers', () => {
    const { clock, state } = setup();
    const at = clock.now();
    state.observe('watch.update', onAirList(at, [onAirBroadcast('b1', 'ch1', true)]));
    state.observe('watch.update', audienceViewers(at + 1, 'b1', 812));
    state.observe('watch.update', {
      kind: 'audience',
      fetchedAt: at + 1,
      data: { intervalMinutes: 5, current: 812, peak: 900, points: [] },
    } satisfies WatchUpdate);
    const picture = state.snapshot();
    expect(picture.lamps).toEqual({ ch1: 'recording' });
    expect(picture.channels[0]).toMatchObject({ title: 'Show on ch1', broadcastKey: 'b1' });
    expect(picture.broadcasts.b1).toMatchObject({
      onAir: true,
      recording: true,
      stale: false,
      title: 'Show on ch1',
      startedAt: '2026-11-28T20:00:00Z',
      cuePointAt: '2026-11-28T20:05:00Z',
      viewers: { count: 812, fetchedAt: at + 1, stale: false },
    });
  });

  it('keeps a channel list read earlier lit from the list, not stale once that read is overdue', async () => {
    const { clock, state, channels } = setup();
    state.observe('watch.update', channels(clock.now()));
    await clock.advance(overdueAfterMs() + 5_000);
    state.observe('watch.update', onAirList(clock.now(), [onAirBroadcast('b1', 'ch1')]));
    const picture = state.snapshot();
    expect(picture.lamps).toEqual({ ch1: 'onAir', ch2: 'off' });
    expect(picture.channels.map((c) => c.title)).toEqual(['CH1', 'CH2']);
  });

  it('turns a broadcast that dropped from the on-air list off, never leaving it lit', () => {
    const { clock, state } = setup();
    const at = clock.now();
    state.observe(
      'watch.update',
      onAirList(at, [onAirBroadcast('b1', 'ch1', true), onAirBroadcast('b2', 'ch2')]),
    );
    state.observe('watch.update', onAirList(at + 7_000, [onAirBroadcast('b2', 'ch2')]));
    const picture = state.snapshot();
    expect(picture.lamps).toEqual({ ch1: 'off', ch2: 'onAir' });
    expect(picture.broadcasts.b1).toMatchObject({ onAir: false, recording: false, stale: false });
  });

  it('does not read a list cut short by its page as off air: what it lacks goes stale when overdue', async () => {
    const { clock, state } = setup();
    state.observe('watch.update', onAirList(clock.now(), [onAirBroadcast('b1', 'ch1')]));
    await clock.advance(7_000);
    state.observe('watch.update', onAirList(clock.now(), [onAirBroadcast('b2', 'ch2')], 2));
    expect(state.snapshot().lamps).toEqual({ ch1: 'onAir', ch2: 'onAir' });
    await clock.advance(overdueAfterMs() - 7_000 + 1);
    state.observe('watch.update', onAirList(clock.now(), [onAirBroadcast('b2', 'ch2')], 2));
    expect(state.snapshot().lamps).toEqual({ ch1: 'stale', ch2: 'onAir' });
  });

  it('keeps the newest read when the focused broadcast’s own read and the list disagree', () => {
    const { clock, state } = setup();
    const at = clock.now();
    const stopped = { ...onAirBroadcast('b1', 'ch1'), recording: false };
    state.observe('watch.update', onAirList(at, [onAirBroadcast('b1', 'ch1', true)]));
    state.observe('watch.update', {
      kind: 'broadcast',
      broadcastKey: 'b1',
      fetchedAt: at + 2_000,
      data: stopped,
    } satisfies WatchUpdate);
    expect(state.snapshot().lamps).toEqual({ ch1: 'onAir' });
    // A list answered later but read before the broadcast's own read changes nothing.
    state.observe('watch.update', onAirList(at + 1_000, [onAirBroadcast('b1', 'ch1', true)]));
    expect(state.snapshot().lamps).toEqual({ ch1: 'onAir' });
    state.observe('watch.update', onAirList(at + 7_000, [onAirBroadcast('b1', 'ch1', true)]));
    expect(state.snapshot().lamps).toEqual({ ch1: 'recording' });
  });

  it('makes the tally stale when the on-air list fails, and the viewers when the statistics fail', () => {
    const { clock, state } = setup();
    const at = clock.now();
    state.observe('watch.update', onAirList(at, [onAirBroadcast('b1', 'ch1')]));
    state.observe('watch.update', audienceViewers(at, 'b1', 40));
    const failed = (topic: 'onair' | 'audience', when: number): WatchUpdate => ({
      kind: 'error',
      subject: 'account',
      topic,
      at: when,
      code: 'not-found',
      status: 404,
      message: 'gone',
    });
    state.observe('watch.update', failed('audience', at + 1));
    let picture = state.snapshot();
    expect(picture.platform).toBe('reachable');
    expect(picture.lamps).toEqual({ ch1: 'onAir' });
    expect(picture.broadcasts.b1?.viewers).toEqual({ count: 40, fetchedAt: at, stale: true });
    state.observe('watch.update', failed('onair', at + 2));
    picture = state.snapshot();
    expect(picture.lamps).toEqual({ ch1: 'stale' });
    expect(picture.broadcasts.b1?.stale).toBe(true);
    state.observe('watch.update', onAirList(at + 3, [onAirBroadcast('b1', 'ch1')]));
    state.observe('watch.update', audienceViewers(at + 3, 'b1', 41));
    picture = state.snapshot();
    expect(picture.lamps).toEqual({ ch1: 'onAir' });
    expect(picture.broadcasts.b1?.viewers).toEqual({ count: 41, fetchedAt: at + 3, stale: false });
  });

  it('does not stale the focused broadcast’s own viewers when the account’s statistics fail', () => {
    const { clock, state } = setup();
    const at = clock.now();
    state.observe('watch.update', onAirList(at, [onAirBroadcast('b1', 'ch1')]));
    state.observe('watch.update', {
      kind: 'viewers',
      broadcastKey: 'b1',
      fetchedAt: at + 1,
      data: { intervalMinutes: 5, current: 7, peak: 7, points: [] },
    } satisfies WatchUpdate);
    state.observe('watch.update', {
      kind: 'error',
      subject: 'account',
      topic: 'audience',
      at: at + 2,
      code: 'not-found',
      status: 404,
      message: 'gone',
    } satisfies WatchUpdate);
    expect(state.snapshot().broadcasts.b1?.viewers?.stale).toBe(false);
  });
});
