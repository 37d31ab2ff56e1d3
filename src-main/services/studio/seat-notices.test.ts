/**
 * A studio seat's sound cues and OS notices are its own (issue 35 §4): a hub keeps its notices
 * and cues to itself, and a seat decides its own from what it sees of the studio (the hub's
 * watch updates) with its own switches; a recording the seat stopped itself is no "recording
 * stopped by someone else" at the seat, but is at the hub. A real hub and a desk that joined
 * it from Settings → Studio, over loopback TLS, against the sandbox. 127.0.0.1 only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Broadcast, ChannelSummary, Fresh, Page } from '../../shared/model';
import type { OsNotice } from '../../shared/notifications';
import type { SoundCue } from '../../shared/sound-cues';
import type { TestCore } from '../app/test-support';
import { studioWithSettingsSeat, type StudioWithSeat } from './testing/studio-test-support';

let studio: StudioWithSeat;
let hubDesk: TestCore;
let seatDesk: TestCore;
const page = { clientId: 'seat-notices-page' };
const heard = { hub: [] as SoundCue[], seat: [] as SoundCue[] };
const told = { hub: [] as OsNotice[], seat: [] as OsNotice[] };

beforeAll(async () => {
  studio = await studioWithSettingsSeat({ seed: 13, seatName: 'PD', role: 'operator', ...page });
  ({ hubDesk, seatDesk } = studio);
  for (const [name, desk] of [
    ['hub', hubDesk],
    ['seat', seatDesk],
  ] as const)
    desk.core.subscribe((event, payload) => {
      if (event === 'sound.cue') heard[name].push(payload as SoundCue);
      if (event === 'notify') told[name].push(payload as OsNotice);
    });
});

afterAll(async () => {
  await studio.close();
});

async function on<T>(desk: TestCore, command: string, input: unknown = {}): Promise<T> {
  const answer = await desk.core.invoke(command, input, page);
  if (!answer.ok) throw new Error(`${command}: ${answer.error.message}`);
  return answer.data as T;
}

/** Two on-air broadcasts of the seed that are not recording, read at the hub. */
async function twoOnAir(): Promise<[Broadcast, Broadcast]> {
  const channels = await on<Fresh<Page<ChannelSummary>>>(hubDesk, 'channels.list', {
    perPage: 100,
  });
  const found: Broadcast[] = [];
  for (const channel of channels.data.items.filter((c) => c.onAir && c.type !== 'scheduled')) {
    const b = await on<Fresh<Broadcast>>(hubDesk, 'broadcast.get', {
      broadcastKey: channel.latestBroadcast?.key,
    });
    if (!b.data.recording) found.push(b.data);
  }
  const [first, second] = found;
  if (!first || !second) throw new Error('the seed has fewer than two on-air broadcasts');
  return [first, second];
}

describe('a seat’s notices and sound cues', () => {
  it('are decided at the seat with its own switches; the hub’s stay at the hub', async () => {
    const [watched, recorded] = await twoOnAir();
    // The hub's operator hears every kind; the seat's only a recording stopped by someone else.
    const all = { on: true, volume: 40 };
    await on(hubDesk, 'settings.sounds', {
      set: { unexpectedOffAir: all, recordingStopped: all },
    });
    await on(seatDesk, 'settings.sounds', { set: { recordingStopped: { on: true, volume: 90 } } });
    await on(seatDesk, 'settings.notifications', { set: { offAir: true, recordingStopped: true } });
    for (const b of [watched, recorded])
      await on(seatDesk, 'watch.subscribe', {
        spec: { kind: 'broadcast', broadcastKey: b.key, focused: true },
      });

    // The seat records a broadcast, then stops it itself: its own act, no cue at the seat;
    // at the hub it is another desk's act.
    await on(seatDesk, 'broadcast.startRecording', { broadcastKey: recorded.key });
    const stop = await seatDesk.core.invoke(
      'broadcast.stopRecording',
      { broadcastKey: recorded.key },
      { ...page, confirmation: { kind: 'again' } },
    );
    expect(stop.ok).toBe(true);
    await expect
      .poll(() => heard.hub.filter((c) => c.kind === 'recordingStopped'), { timeout: 15_000 })
      .toHaveLength(1);

    // The watched broadcast goes off air (its encoder's stream ends at the platform).
    const origin = new URL(hubDesk.sandbox.info.live_base_url).origin;
    const stopped = await fetch(`${origin}/__sandbox/broadcasts/${watched.key}/stop`, {
      method: 'POST',
    });
    expect(stopped.status).toBe(200);
    await expect
      .poll(() => heard.hub.filter((c) => c.kind === 'unexpectedOffAir'), { timeout: 15_000 })
      .toHaveLength(1);
    // The seat saw it too (its OS notice, on by default), but its off-air cue is off.
    await expect
      .poll(() => told.seat.filter((n) => n.kind === 'offAir'), { timeout: 15_000 })
      .toHaveLength(1);
    expect(heard.seat).toEqual([]);
    expect(told.seat.filter((n) => n.kind === 'recordingStopped')).toEqual([]);
    expect(heard.hub.map((c) => c.volume)).toEqual([40, 40]);
  });
});
