/**
 * The state holds records and the lists of them, nothing beside them (docs/dev/sandbox.md,
 * "State model"): what describes one channel, broadcast or program is on its
 * record, so no map keyed by a record's key or id may come back beside the records.
 */
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../kernel/clock';
import { emitCallback, setCallbackUrl } from '../callbacks/callbacks';
import { newIdCounters, newKey, nextId } from './ids';
import { chatSettingsOf } from '../live/live-state';
import { playSchedules } from '../live/scheduled-output';
import { seedState } from '../seed/seed';

const start = new Date('2026-03-02T09:00:00Z');

/** Every value reachable from `value` that is a Map or a Set, by path. */
function mapsIn(value: unknown, path: string, found: string[]): string[] {
  if (value instanceof Map || value instanceof Set) found.push(path);
  if (Array.isArray(value)) value.forEach((item, i) => mapsIn(item, `${path}[${i}]`, found));
  else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, item] of Object.entries(value)) mapsIn(item, `${path}.${key}`, found);
  }
  return found;
}

describe('the sandbox state', () => {
  it('keeps, at the top of the live state, only record lists, the schedule start and the origin', () => {
    const state = seedState(7, start);
    playSchedules(state, new VirtualClock(start, () => 0).now());
    const lists = Object.entries(state.live)
      .filter(([, value]) => Array.isArray(value))
      .map(([key]) => key);
    const others = Object.keys(state.live)
      .filter((key) => !lists.includes(key))
      .sort();
    expect(others).toEqual(['origin', 'scheduleSince']);
    expect(lists.sort()).toEqual([
      'chattingServices',
      'creators',
      'downloads',
      'fileTransfers',
      'programMedia',
      'programs',
      'recordingFiles',
      'syndications',
      'uploadUrls',
      'waitMedia',
    ]);
  });

  it('has no map anywhere on the live side, even after settings, callbacks and schedules', () => {
    const state = seedState(7, start);
    const channel = state.channels[0];
    if (channel === undefined) throw new Error('the seed has no channel');
    chatSettingsOf(channel).useSlowMode = true;
    setCallbackUrl(
      state,
      { api: 'live', channelKey: channel.key, kind: 'live' },
      'http://127.0.0.1:9/cb',
    );
    emitCallback(state, {
      type: 'live.broadcast',
      event: 'start',
      channel_key: channel.key,
      broadcast_key: 'x',
    });
    playSchedules(state, start);
    const { vod: _vod, ...live } = state;
    expect(mapsIn(live, 'state', [])).toEqual([]);
    expect(channel.chat?.useSlowMode).toBe(true);
    expect(channel.callbacks?.live).toBe('http://127.0.0.1:9/cb');
    const scheduled = state.channels.filter((item) => item.channelType === 'scheduled');
    expect(scheduled.length).toBeGreaterThan(0);
    for (const item of scheduled) expect(item.scheduledOutput).toBeDefined();
    expect(state.live.programs.some((program) => program.broadcastKey !== undefined)).toBe(true);
  });

  it('issues every integer id from one counter, unique across kinds', () => {
    const state = seedState(7, start);
    const ids = [
      ...state.channels.map((item) => item.id),
      ...state.broadcasts.map((item) => item.id),
      ...state.live.programs.map((item) => item.id),
      ...state.live.syndications.map((item) => item.id),
      ...state.live.fileTransfers.map((item) => item.id),
      ...state.live.recordingFiles.map((item) => item.id),
      // The VOD side too (seeded after the live side); the seeded player skins and ad events
      // keep their fixed ids (1-3, 11-13: reference data the e2e specs name).
      ...state.vod.channels.map((item) => item.id),
      ...state.vod.subtitles.map((item) => item.id),
      ...state.vod.transcodingFiles.map((item) => item.id),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.max(...ids)).toBe(state.ids.lastId);
    expect(nextId(state)).toBe(state.ids.lastId);
    expect(nextId(state)).toBe(Math.max(...ids) + 2);
  });

  it('draws the same keys for the same seed and counter, and skips the taken ones', () => {
    const a = { ids: newIdCounters(3) };
    const b = { ids: newIdCounters(3) };
    const first = newKey(a, 16);
    expect(newKey(b, 16)).toBe(first);
    expect(first).toMatch(/^[a-z0-9]{16}$/);
    const c = { ids: newIdCounters(3) };
    expect(newKey(c, 16, 'lower', (key) => key === first)).not.toBe(first);
    expect(newKey({ ids: newIdCounters(3) }, 8, 'mixed')).toMatch(/^[A-Za-z0-9]{8}$/);
  });
});
