/**
 * Sound cues (issue 35 §4) against the sandbox platform: the whole core pushes `sound.cue`
 * once when a watched broadcast goes off air (stopped by the sandbox's
 * `/__sandbox/broadcasts/{key}/stop`, not by this desk), nothing on the watch's unchanged polls
 * before or after, nothing while the kind is off, and the kind's volume with it. Then the
 * policy at fixed virtual times: this desk's own encoder stop, a recording stopped elsewhere,
 * a refused token, and which 429 pause is long.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Broadcast, WatchUpdate } from '../../shared/model';
import { defaultSoundCues, type SoundCue, type SoundCueSettings } from '../../shared/sound-cues';
import { commandCaller, startTestCore, type TestCore } from '../app/test-support';
import { SoundCuePolicy, longPauseMs, ownEncoderStopWindowMs } from './sound-cue-policy';

/** A fixed virtual time: 2026-03-02 09:00:00 UTC. */
const t0 = Date.UTC(2026, 2, 2, 9, 0, 0);

let test: TestCore;
const call = commandCaller(() => test.core, 'sound-cue-test');
const cues: SoundCue[] = [];
/** The watch's polls of each broadcast, counted as the core publishes them. */
const polls = new Map<string, number>();
/** Each broadcast's on-air state as last published. */
const onAir = new Map<string, boolean>();

beforeAll(async () => {
  test = await startTestCore({ seed: 12 });
  test.core.subscribe((event, payload) => {
    if (event === 'sound.cue') cues.push(payload as SoundCue);
    if (event === 'watch.update') {
      const update = payload as WatchUpdate;
      if (update.kind === 'broadcast') {
        polls.set(update.broadcastKey, (polls.get(update.broadcastKey) ?? 0) + 1);
        onAir.set(update.broadcastKey, update.data.onAir);
      }
    }
  });
});

afterAll(async () => {
  await test.close();
});

/** On-air broadcasts of the seed, not recording, read through the core. */
async function onAirBroadcasts(): Promise<Broadcast[]> {
  const list = await call('channels.list', { perPage: 100 });
  const found: Broadcast[] = [];
  for (const channel of list.data.items.filter((c) => c.onAir && c.type !== 'scheduled')) {
    const key = channel.latestBroadcast?.key;
    if (!key) continue;
    const { data } = await call('broadcast.get', { broadcastKey: key });
    if (data.onAir && !data.recording) found.push(data);
  }
  return found;
}

const sandboxStop = async (key: string) => {
  const origin = new URL(test.sandbox.info.live_base_url).origin;
  const answer = await fetch(`${origin}/__sandbox/broadcasts/${key}/stop`, { method: 'POST' });
  expect(answer.status).toBe(200);
};

/** Waits until the watch has published `more` further polls of `key`. */
async function pollsPass(key: string, more: number): Promise<void> {
  const from = polls.get(key) ?? 0;
  await expect
    .poll(() => polls.get(key) ?? 0, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(from + more);
}

describe('the core pushes sound.cue', () => {
  it('keeps every kind off until the operator turns one on', async () => {
    expect(await call('settings.sounds', {})).toEqual(defaultSoundCues);
  });

  it('plays once when a watched broadcast goes off air, never on an unchanged poll', async () => {
    const [quiet, heard] = await onAirBroadcasts();
    if (!quiet || !heard) throw new Error('the seed has fewer than two on-air broadcasts');

    // Off: a broadcast that goes off air plays nothing.
    await call('watch.subscribe', {
      spec: { kind: 'broadcast', broadcastKey: quiet.key, focused: true },
    });
    await pollsPass(quiet.key, 1);
    await sandboxStop(quiet.key);
    await expect.poll(() => onAir.get(quiet.key), { timeout: 20_000 }).toBe(false);
    expect(cues).toEqual([]);

    // On, at 40 %: polls of an unchanged broadcast play nothing; its end plays once.
    const set = await call('settings.sounds', {
      set: { unexpectedOffAir: { on: true, volume: 40 } },
    });
    expect(set.unexpectedOffAir).toEqual({ on: true, volume: 40 });
    expect(set.recordingStopped).toEqual(defaultSoundCues.recordingStopped);
    await call('watch.subscribe', {
      spec: { kind: 'broadcast', broadcastKey: heard.key, focused: true },
    });
    await pollsPass(heard.key, 3);
    expect(cues).toEqual([]);
    await sandboxStop(heard.key);
    await expect.poll(() => cues.length, { timeout: 20_000 }).toBe(1);
    expect(cues[0]).toMatchObject({ kind: 'unexpectedOffAir', volume: 40 });
    // The off-air broadcast read again: still one.
    await call('broadcast.get', { broadcastKey: heard.key });
    await pollsPass(heard.key, 1);
    expect(cues).toHaveLength(1);
  }, 90_000);
});

/** A broadcast as the watch would read it (only the fields the policy looks at vary). */
function broadcast(onAir: boolean, recording = false): Broadcast {
  return {
    key: 'b-1',
    channelKey: 'ch-1',
    title: 'Matchday 3',
    onAir,
    paused: false,
    useTimeshift: true,
    startedAt: '2026-03-02T08:00:00Z',
    pausedAt: null,
    endedAt: onAir ? null : '2026-03-02T09:00:00Z',
    cuePointAt: null,
    recording,
    recordingStartedAt: recording ? '2026-03-02T08:30:00Z' : null,
  };
}

const allOn = (volume = 70): SoundCueSettings => ({
  unexpectedOffAir: { on: true, volume },
  recordingStopped: { on: true, volume },
  tokenRefused: { on: true, volume },
  longPause: { on: true, volume },
});

describe('the sound cue policy at fixed virtual times', () => {
  it("plays nothing for this desk's own encoder stop, and plays for one from elsewhere", () => {
    const policy = new SoundCuePolicy({ settings: () => allOn() });
    const seen = (at: number, b: Broadcast) =>
      policy.observe({ kind: 'broadcast', at, broadcast: b });
    const encoderOff = (at: number, seat: string | null) =>
      policy.observe({
        kind: 'command',
        at,
        command: 'rehearsal.setEncoder',
        seat,
        target: { channelKey: 'ch-1', state: 'off' },
      });
    expect(seen(t0, broadcast(true))).toEqual([]);
    expect(encoderOff(t0 + 1_000, null)).toEqual([]);
    // The sandbox ends the broadcast after its reconnect window: this desk's own act.
    expect(seen(t0 + 5 * 60_000 + 3_000, broadcast(false))).toEqual([]);

    expect(seen(t0 + 400_000, broadcast(true))).toEqual([]);
    // Another seat's stop is not this desk's.
    encoderOff(t0 + 401_000, 'studio-b');
    expect(seen(t0 + 402_000, broadcast(false)).map((c) => c.kind)).toEqual(['unexpectedOffAir']);

    // An own stop too long before does not explain it.
    expect(seen(t0 + 500_000, broadcast(true))).toEqual([]);
    encoderOff(t0 + 501_000, null);
    const late = seen(t0 + 501_000 + ownEncoderStopWindowMs + 1_000, broadcast(false));
    expect(late.map((c) => c.kind)).toEqual(['unexpectedOffAir']);
  });

  it('plays for a recording stopped elsewhere, not for this desk stop command', () => {
    const policy = new SoundCuePolicy({ settings: () => allOn(55) });
    const seen = (at: number, b: Broadcast) =>
      policy.observe({ kind: 'broadcast', at, broadcast: b });
    seen(t0, broadcast(true, true));
    policy.observe({
      kind: 'command',
      at: t0 + 500,
      command: 'broadcast.stopRecording',
      seat: null,
      target: { broadcastKey: 'b-1' },
    });
    expect(seen(t0 + 2_000, broadcast(true, false))).toEqual([]);
    seen(t0 + 3_000, broadcast(true, true));
    const heard = seen(t0 + 5_000, broadcast(true, false));
    expect(heard).toEqual([
      { id: 'sound-1', kind: 'recordingStopped', at: t0 + 5_000, volume: 55 },
    ]);
    expect(seen(t0 + 7_000, broadcast(true, false))).toEqual([]);
  });

  it('plays for a stop seen after this desk’s stop or encoder stop was refused', () => {
    const policy = new SoundCuePolicy({ settings: () => allOn(55) });
    const seen = (at: number, b: Broadcast) =>
      policy.observe({ kind: 'broadcast', at, broadcast: b });
    const ranAndRefused = (at: number, command: string, target: Record<string, unknown>) => {
      const run = { at, command, seat: null, target };
      policy.observe({ kind: 'command', ...run });
      policy.observe({
        kind: 'commandSettled',
        ...run,
        at: at + 300,
        ranAt: at,
        outcome: 'refused',
      });
    };
    seen(t0, broadcast(true, true));
    ranAndRefused(t0 + 500, 'broadcast.stopRecording', { broadcastKey: 'b-1' });
    expect(seen(t0 + 6_500, broadcast(true, false)).map((c) => c.kind)).toEqual([
      'recordingStopped',
    ]);
    ranAndRefused(t0 + 7_000, 'rehearsal.setEncoder', { channelKey: 'ch-1', state: 'off' });
    expect(seen(t0 + 60_000, broadcast(false)).map((c) => c.kind)).toEqual(['unexpectedOffAir']);
  });

  it('plays once per refused token and once per long 429 pause; a short pause is silent', () => {
    const policy = new SoundCuePolicy({ settings: () => allOn() });
    const refused = policy.observe({ kind: 'tokenRefused', at: t0, api: 'live', workspace: 'W' });
    expect(refused.map((c) => c.kind)).toEqual(['tokenRefused']);
    const budget = (at: number, until: number | null) =>
      policy.observe({ kind: 'budget', at, api: 'live', rateLimitedUntil: until });
    // 2, 4, 8 s back-offs: the scheduler's ordinary work.
    expect(budget(t0, t0 + 8_000)).toEqual([]);
    expect(budget(t0 + 8_000, null)).toEqual([]);
    expect(longPauseMs).toBe(10_000);
    expect(budget(t0 + 20_000, t0 + 20_000 + 30_000).map((c) => c.kind)).toEqual(['longPause']);
    expect(budget(t0 + 21_000, t0 + 20_000 + 30_000)).toEqual([]);
  });

  it('plays nothing of a kind switched off, and follows the switch at once', () => {
    let settings: SoundCueSettings = { ...allOn(), tokenRefused: { on: false, volume: 70 } };
    const policy = new SoundCuePolicy({ settings: () => settings });
    expect(policy.observe({ kind: 'tokenRefused', at: t0, api: 'live', workspace: 'W' })).toEqual(
      [],
    );
    settings = { ...settings, tokenRefused: { on: true, volume: 25 } };
    expect(
      policy.observe({ kind: 'tokenRefused', at: t0 + 1_000, api: 'vod', workspace: 'W' }),
    ).toEqual([{ id: 'sound-1', kind: 'tokenRefused', at: t0 + 1_000, volume: 25 }]);
  });
});
