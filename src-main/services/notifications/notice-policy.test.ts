/**
 * The notice policy against the sandbox platform: broadcasts read from the sandbox (stopped by
 * its `/__sandbox/broadcasts/{key}/stop` control, their recording stopped by another operator's
 * workspace), fed to the policy at fixed virtual times; then the whole core, where the
 * operator's own stop command gives no notice and a stop by someone else or the encoder does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Broadcast, WatchUpdate } from '../../shared/model';
import type { OsNotice, OsNoticeSwitches } from '../../shared/notifications';
import type { SoundCue } from '../../shared/sound-cues';
import { allNoticesOn } from '../../shared/notifications';
import { commandCaller, confirmedBy, startTestCore, type TestCore } from '../app/test-support';
import { openSandboxWorkspace, type Workspace } from '../workspaces/workspace';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../platform/manual-clock';
import { startSession } from '../app/session';
import { NoticePolicy } from './notice-policy';

/** A fixed virtual time: 2026-03-02 09:00:00 UTC. */
const t0 = Date.UTC(2026, 2, 2, 9, 0, 0);

let test: TestCore;
let other: Workspace;
const call = commandCaller(() => test.core, 'notice-policy-test');
const pushed: OsNotice[] = [];
const cues: SoundCue[] = [];
/** Broadcasts the core published not recording (a watch's poll or a command's answer). */
const recordingOffSeen = new Set<string>();

beforeAll(async () => {
  test = await startTestCore({ seed: 11 });
  test.core.subscribe((event, payload) => {
    if (event === 'notify') pushed.push(payload as OsNotice);
    if (event === 'sound.cue') cues.push(payload as SoundCue);
    if (event === 'watch.update') {
      const update = payload as WatchUpdate;
      if (update.kind === 'broadcast' && !update.data.recording)
        recordingOffSeen.add(update.broadcastKey);
    }
  });
  // Another operator's workstation on the same service account.
  other = await openSandboxWorkspace({
    sandboxInfo: test.sandbox.info,
    pacing: { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0, limitPerMinute: 10_000 },
  });
});

afterAll(async () => {
  await other.dispose();
  await test.close();
});

/** The first broadcast of the seed on air and not recording, read through the core. */
async function onAirBroadcast(): Promise<Broadcast> {
  const list = await call('channels.list', { perPage: 100 });
  for (const channel of list.data.items.filter((c) => c.onAir && c.type !== 'scheduled')) {
    const key = channel.latestBroadcast?.key;
    if (!key) continue;
    const { data } = await call('broadcast.get', { broadcastKey: key });
    if (data.recording) continue;
    return data;
  }
  throw new Error('the seed has no on-air broadcast that is not recording');
}

const read = async (key: string) => (await call('broadcast.get', { broadcastKey: key })).data;
const sandboxStop = async (key: string) => {
  const origin = new URL(test.sandbox.info.live_base_url).origin;
  const answer = await fetch(`${origin}/__sandbox/broadcasts/${key}/stop`, { method: 'POST' });
  expect(answer.status).toBe(200);
};
/** The broadcast the first test saw go off air: as read on air, and after the stop. */
let ended: { before: Broadcast; after: Broadcast } | null = null;

const policyWith = (switches: Partial<OsNoticeSwitches> = {}) =>
  new NoticePolicy({ switches: () => ({ ...allNoticesOn, ...switches }) });

describe('the notice policy at fixed virtual times', () => {
  it('tells once that a watched broadcast went off air, opening its channel', async () => {
    const policy = policyWith();
    const b = await onAirBroadcast();
    expect(policy.observe({ kind: 'broadcast', at: t0, broadcast: b })).toEqual([]);
    await sandboxStop(b.key);
    const after = await read(b.key);
    expect(after.onAir).toBe(false);
    const notices = policy.observe({ kind: 'broadcast', at: t0 + 4000, broadcast: after });
    expect(notices).toEqual([
      {
        id: 'notify-1',
        kind: 'offAir',
        at: t0 + 4000,
        title: { key: 'osNotice.offAir.title' },
        body: { key: 'osNotice.offAir.body', params: { title: b.title } },
        open: { view: 'control-room', channelKey: b.channelKey },
      },
    ]);
    expect(policy.observe({ kind: 'broadcast', at: t0 + 8000, broadcast: after })).toEqual([]);
    ended = { before: b, after };
  });

  it('tells once that a broadcast left the Multiview’s complete on-air list, not a list cut short', () => {
    if (!ended) throw new Error('the off-air test did not run first');
    const policy = policyWith();
    const gone = ended.before;
    const staying = { ...gone, key: `${gone.key}-b`, title: 'Studio B', channelKey: 'ch-b' };
    const list = (at: number, complete: boolean, ...broadcasts: Broadcast[]) =>
      policy.observe({ kind: 'onAirList', at, broadcasts, complete });
    expect(list(t0, true, gone, staying)).toEqual([]);
    // The platform's first page did not hold them all: nothing is said of the others.
    expect(list(t0 + 8_500, false, staying)).toEqual([]);
    expect(list(t0 + 17_000, true, gone, staying)).toEqual([]);
    expect(list(t0 + 25_500, true, staying)).toEqual([
      expect.objectContaining({
        kind: 'offAir',
        body: { key: 'osNotice.offAir.body', params: { title: gone.title } },
        open: { view: 'control-room', channelKey: gone.channelKey },
      }),
    ]);
    expect(list(t0 + 34_000, true, staying)).toEqual([]);
    // The focused read of it says the same afterwards: still one notice.
    expect(policy.observe({ kind: 'broadcast', at: t0 + 35_000, broadcast: ended.after })).toEqual(
      [],
    );
  });

  it('says nothing of what ended while no view watched it; an outage in between still tells', () => {
    if (!ended) throw new Error('the off-air test did not run first');
    const { before, after } = ended;
    const reopened = policyWith();
    expect(reopened.observe({ kind: 'broadcast', at: t0, broadcast: before })).toEqual([]);
    // An hour later the operator opens the channel again: its watch is subscribed anew.
    const later = t0 + 3_600_000;
    const subscribe = {
      kind: 'command' as const,
      at: later,
      command: 'watch.subscribe',
      seat: null,
      target: { spec: { kind: 'broadcast', broadcastKey: before.key, focused: true } },
    };
    expect(reopened.observe(subscribe)).toEqual([]);
    expect(reopened.observe({ kind: 'broadcast', at: later + 1_000, broadcast: after })).toEqual(
      [],
    );
    // Watched all along, the platform unreachable for 5 minutes: told when it answers again.
    const outage = policyWith();
    expect(outage.observe({ kind: 'broadcast', at: t0, broadcast: before })).toEqual([]);
    expect(outage.observe({ kind: 'broadcast', at: t0 + 300_000, broadcast: after })).toHaveLength(
      1,
    );
  });

  it('says nothing of a kind the operator turned off', () => {
    const policy = policyWith({ offAir: false });
    if (!ended) throw new Error('the off-air test did not run first');
    expect(policy.observe({ kind: 'broadcast', at: t0, broadcast: ended.before })).toEqual([]);
    expect(policy.observe({ kind: 'broadcast', at: t0 + 4000, broadcast: ended.after })).toEqual(
      [],
    );
  });

  it('tells of a recording stopped by another operator, not of one this seat stopped', async () => {
    const policy = policyWith();
    const b = await onAirBroadcast();
    const recording = (await call('broadcast.startRecording', { broadcastKey: b.key })).data;
    expect(policy.observe({ kind: 'broadcast', at: t0, broadcast: recording })).toEqual([]);
    // This seat's own stop, as the pipeline reports it, then the watch sees it stop.
    policy.observe({
      kind: 'command',
      at: t0 + 1000,
      command: 'broadcast.stopRecording',
      seat: null,
      target: { broadcastKey: b.key },
    });
    await other.live.stopDuplicateRecording(b.key);
    const stopped = await read(b.key);
    expect(stopped.recording).toBe(false);
    expect(policy.observe({ kind: 'broadcast', at: t0 + 2000, broadcast: stopped })).toEqual([]);

    // Recording again; another operator stops it: one notice.
    const again = (await call('broadcast.startRecording', { broadcastKey: b.key })).data;
    policy.observe({ kind: 'broadcast', at: t0 + 5000, broadcast: again });
    await other.live.stopDuplicateRecording(b.key);
    const notices = policy.observe({
      kind: 'broadcast',
      at: t0 + 9000,
      broadcast: await read(b.key),
    });
    expect(notices.map((n) => [n.kind, n.open])).toEqual([
      ['recordingStopped', { view: 'control-room', channelKey: b.channelKey }],
    ]);
    expect(notices[0]?.body).toEqual({
      key: 'osNotice.recordingStopped.body',
      params: { title: b.title },
    });
  });

  it('tells of a stop from another seat, or an own stop too long before', async () => {
    const policy = policyWith();
    const b = await onAirBroadcast();
    const recording = (await call('broadcast.startRecording', { broadcastKey: b.key })).data;
    policy.observe({ kind: 'broadcast', at: t0, broadcast: recording });
    policy.observe({
      kind: 'command',
      at: t0 + 500,
      command: 'broadcast.stopRecording',
      seat: 'studio-b',
      target: { broadcastKey: b.key },
    });
    await other.live.stopDuplicateRecording(b.key);
    const stopped = await read(b.key);
    expect(policy.observe({ kind: 'broadcast', at: t0 + 1000, broadcast: stopped })).toHaveLength(
      1,
    );

    const again = (await call('broadcast.startRecording', { broadcastKey: b.key })).data;
    policy.observe({ kind: 'broadcast', at: t0 + 2000, broadcast: again });
    policy.observe({
      kind: 'command',
      at: t0 + 3000,
      command: 'broadcast.stopRecording',
      seat: null,
      target: { broadcastKey: b.key },
    });
    await other.live.stopDuplicateRecording(b.key);
    // Seen two minutes after this seat's stop: that stop does not explain it.
    const late = policy.observe({
      kind: 'broadcast',
      at: t0 + 123_000,
      broadcast: await read(b.key),
    });
    expect(late.map((n) => n.kind)).toEqual(['recordingStopped']);
  });

  it('tells of a stop by someone else after this seat’s stop was refused, not after one of unknown outcome', async () => {
    const policy = policyWith();
    const b = await onAirBroadcast();
    const recording = (await call('broadcast.startRecording', { broadcastKey: b.key })).data;
    policy.observe({ kind: 'broadcast', at: t0, broadcast: recording });
    const stop = {
      kind: 'command' as const,
      at: t0 + 1000,
      command: 'broadcast.stopRecording',
      seat: null,
      target: { broadcastKey: b.key },
    };
    const settled = (outcome: 'refused' | 'unknown', ranAt: number) => ({
      ...stop,
      kind: 'commandSettled' as const,
      at: ranAt + 200,
      ranAt,
      outcome,
    });
    // This seat's stop, refused by the platform: the recording runs on.
    policy.observe(stop);
    policy.observe(settled('refused', t0 + 1000));
    await other.live.stopDuplicateRecording(b.key);
    const told = policy.observe({ kind: 'broadcast', at: t0 + 7000, broadcast: await read(b.key) });
    expect(told.map((n) => n.kind)).toEqual(['recordingStopped']);

    // A stop sent with no answer may have acted: still this seat's own.
    const again = (await call('broadcast.startRecording', { broadcastKey: b.key })).data;
    policy.observe({ kind: 'broadcast', at: t0 + 8000, broadcast: again });
    policy.observe({ ...stop, at: t0 + 9000 });
    policy.observe(settled('unknown', t0 + 9000));
    await other.live.stopDuplicateRecording(b.key);
    expect(
      policy.observe({ kind: 'broadcast', at: t0 + 12_000, broadcast: await read(b.key) }),
    ).toEqual([]);
  });

  it('tells of a 429 pause once it is known to last more than 10 s, once per pause', () => {
    const policy = policyWith();
    const budget = (at: number, until: number | null) =>
      policy.observe({ kind: 'budget', at, api: 'live', rateLimitedUntil: until });
    expect(budget(t0, t0 + 5_000)).toEqual([]);
    expect(budget(t0 + 4_000, t0 + 10_000)).toEqual([]);
    // A second 429 stretches the same pause past 10 s since it began.
    const told = budget(t0 + 6_000, t0 + 12_000);
    expect(told.map((n) => [n.kind, n.body])).toEqual([
      ['budgetPaused', { key: 'osNotice.budgetPaused.live', params: { seconds: 12 } }],
    ]);
    expect(budget(t0 + 7_000, t0 + 20_000)).toEqual([]);
    expect(budget(t0 + 20_000, null)).toEqual([]);
    // A new pause is a new episode.
    expect(budget(t0 + 30_000, t0 + 60_000).map((n) => n.kind)).toEqual(['budgetPaused']);
    expect(
      policyWith({ budgetPaused: false }).observe({
        kind: 'budget',
        at: t0,
        api: 'vod',
        rateLimitedUntil: t0 + 60_000,
      }),
    ).toEqual([]);
  });

  it('tells when an upload batch settles, and not of a batch the operator cancelled', () => {
    const policy = policyWith();
    const up = (
      at: number,
      items: {
        id: string;
        batchId: string;
        state: 'queued' | 'uploading' | 'done' | 'needs-attention' | 'cancelled';
      }[],
    ) => policy.observe({ kind: 'uploads', at, items });
    expect(
      up(t0, [
        { id: 'a', batchId: 'b1', state: 'uploading' },
        { id: 'b', batchId: 'b1', state: 'queued' },
      ]),
    ).toEqual([]);
    expect(up(t0 + 1000, [{ id: 'a', batchId: 'b1', state: 'done' }])).toEqual([]);
    const done = up(t0 + 2000, [{ id: 'b', batchId: 'b1', state: 'needs-attention' }]);
    expect(done.map((n) => [n.kind, n.title.key, n.body.params, n.open])).toEqual([
      [
        'transfers',
        'osNotice.uploads.failedTitle',
        { count: 2, done: 1, failed: 1 },
        { view: 'uploads' },
      ],
    ]);
    expect(up(t0 + 3000, [{ id: 'c', batchId: 'b2', state: 'queued' }])).toEqual([]);
    expect(up(t0 + 4000, [{ id: 'c', batchId: 'b2', state: 'cancelled' }])).toEqual([]);
    // A batch restored already settled (never seen at work in this run): old news.
    expect(up(t0 + 5000, [{ id: 'd', batchId: 'b0', state: 'done' }])).toEqual([]);
  });

  it('tells when the download list drains, counting the failed ones', () => {
    const policy = policyWith();
    const down = (
      at: number,
      items: { id: string; state: 'queued' | 'downloading' | 'done' | 'failed' | 'cancelled' }[],
    ) => policy.observe({ kind: 'downloads', at, items });
    expect(
      down(t0, [
        { id: 'x', state: 'downloading' },
        { id: 'y', state: 'queued' },
      ]),
    ).toEqual([]);
    expect(
      down(t0 + 1000, [
        { id: 'x', state: 'done' },
        { id: 'y', state: 'downloading' },
      ]),
    ).toEqual([]);
    const told = down(t0 + 2000, [
      { id: 'x', state: 'done' },
      { id: 'y', state: 'done' },
    ]);
    expect(told.map((n) => [n.title.key, n.body.params, n.open])).toEqual([
      ['osNotice.downloads.doneTitle', { count: 2, done: 2, failed: 0 }, { view: 'recordings' }],
    ]);
    expect(
      down(t0 + 3000, [
        { id: 'x', state: 'done' },
        { id: 'y', state: 'done' },
      ]),
    ).toEqual([]);
    expect(down(t0 + 4000, [{ id: 'z', state: 'queued' }])).toEqual([]);
    expect(down(t0 + 5000, [{ id: 'z', state: 'cancelled' }])).toEqual([]);
    expect(
      policyWith({ transfers: false }).observe({
        kind: 'downloads',
        at: t0,
        items: [{ id: 'q', state: 'failed' }],
      }),
    ).toEqual([]);
  });
});

describe('a 429 pause on the scheduler, on a manual clock', () => {
  it('tells of a pause of 30 s and not of one of 5 s', async () => {
    const clock = new ManualClock(t0);
    const workspace = await openSandboxWorkspace({
      sandboxInfo: test.sandbox.info,
      pacing: { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0, limitPerMinute: 10_000 },
      clock,
    });
    const dataDir = await mkdtemp(join(tmpdir(), 'onair-notice-pause-'));
    const policy = policyWith();
    const told: OsNotice[] = [];
    const session = startSession(
      workspace,
      () => undefined,
      clock,
      () => undefined,
      {
        dataDir,
        notify: () => undefined,
        observe: (observation) => told.push(...policy.observe(observation)),
      },
    );
    try {
      const b = await onAirBroadcast();
      const pausedFor = async (seconds: number) => {
        test.sandbox.faults.update({ burst429: 1, retryAfterS: seconds });
        let settled = false;
        const read = session.controlRoom.getBroadcast(b.key).finally(() => (settled = true));
        // The calls go over real loopback I/O; spacing and the 429 pause run on the manual
        // clock: step it, letting the I/O in between, until the read is answered.
        while (!settled) {
          await clock.advance(100);
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        await read;
        test.sandbox.faults.clear();
      };
      await pausedFor(5);
      expect(told).toEqual([]);
      await pausedFor(30);
      expect(told.map((n) => [n.kind, n.body])).toEqual([
        ['budgetPaused', { key: 'osNotice.budgetPaused.live', params: { seconds: 30 } }],
      ]);
    } finally {
      test.sandbox.faults.clear();
      await session.dispose();
      await workspace.dispose();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the core pushes notify', () => {
  it('follows the settings switch at once', async () => {
    const switches = await call('settings.notifications', { set: { recordingStopped: false } });
    expect(switches).toEqual({ ...allNoticesOn, recordingStopped: false });
    expect(await call('settings.notifications', {})).toEqual(switches);
    const b = await onAirBroadcast();
    const before = pushed.length;
    await call('watch.subscribe', {
      spec: { kind: 'broadcast', broadcastKey: b.key, focused: true },
    });
    await call('broadcast.startRecording', { broadcastKey: b.key });
    recordingOffSeen.delete(b.key);
    await other.live.stopDuplicateRecording(b.key);
    // Switched off: once the watch has seen the recording stop, still no notice.
    await expect.poll(() => recordingOffSeen.has(b.key), { timeout: 15_000 }).toBe(true);
    expect(pushed.slice(before)).toEqual([]);

    await call('settings.notifications', { set: { recordingStopped: true } });
    await call('broadcast.startRecording', { broadcastKey: b.key });
    await other.live.stopDuplicateRecording(b.key);
    await expect
      .poll(() => pushed.slice(before).map((n) => n.kind), { timeout: 15_000 })
      .toEqual(['recordingStopped']);
  });

  it('tells, and plays, a stop by someone else seconds after this seat’s stop failed', async () => {
    await call('settings.sounds', { set: { recordingStopped: { on: true, volume: 50 } } });
    const b = await onAirBroadcast();
    await call('watch.subscribe', {
      spec: { kind: 'broadcast', broadcastKey: b.key, focused: true },
    });
    await call('broadcast.startRecording', { broadcastKey: b.key });
    const before = pushed.length;
    const heard = cues.length;
    // The platform answers the operator's stop with a server error: nothing stopped.
    test.sandbox.faults.update({ errorRate: 1 });
    let answer;
    try {
      answer = await test.core.invoke(
        'broadcast.stopRecording',
        { broadcastKey: b.key },
        { clientId: 'notice-policy-test', ...confirmedBy('broadcast.stopRecording') },
      );
    } finally {
      test.sandbox.faults.clear();
    }
    expect(answer.ok).toBe(false);
    expect((await read(b.key)).recording).toBe(true);
    // Then another operator stops it: told, and heard.
    await other.live.stopDuplicateRecording(b.key);
    await expect
      .poll(() => pushed.slice(before).map((n) => n.kind), { timeout: 20_000 })
      .toEqual(['recordingStopped']);
    expect(cues.slice(heard).map((c) => c.kind)).toEqual(['recordingStopped']);
    await call('settings.sounds', { set: { recordingStopped: { on: false, volume: 50 } } });
  }, 40_000);

  it('gives no notice for the operator own stop command, and one for a stop by the encoder', async () => {
    const b = await onAirBroadcast();
    const before = pushed.length;
    // The command answers are published as watch updates: recording, then not.
    await call('broadcast.startRecording', { broadcastKey: b.key });
    await call('broadcast.stopRecording', { broadcastKey: b.key });
    await call('broadcast.startRecording', { broadcastKey: b.key });
    expect(pushed.slice(before)).toEqual([]);
    // Watch it; the encoder stops: the next poll finds it off air.
    await call('watch.subscribe', {
      spec: { kind: 'broadcast', broadcastKey: b.key, focused: true },
    });
    await sandboxStop(b.key);
    await expect
      .poll(() => pushed.slice(before).map((n) => n.kind), { timeout: 15_000 })
      .toEqual(['offAir']);
    expect(pushed.at(-1)?.open).toEqual({ view: 'control-room', channelKey: b.channelKey });
  });

  it('tells that the platform refused the token (401)', async () => {
    const before = pushed.length;
    const origin = new URL(test.sandbox.info.live_base_url).origin;
    const revoked = await fetch(`${origin}/__sandbox/tokens/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: test.sandbox.info.tokens.super_admin }),
    });
    expect(revoked.status).toBe(200);
    const answer = await test.core.invoke('channels.list', { perPage: 10 }, { clientId: 'x' });
    expect(answer.ok).toBe(false);
    await expect
      .poll(() => pushed.slice(before).map((n) => [n.kind, n.open]))
      .toEqual([['tokenRefused', { view: 'accounts' }]]);
  });
});
