/**
 * The control room's commands against the sandbox platform, with its faults switched on:
 * a stop pressed while a start is still on the wire, and the 429 path that re-reads the
 * broadcast before deciding to send a command again (docs/dev/architecture.md, "The API budget"). What
 * went over the wire is read from the workspace's own network, not from our code.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/clock';
import { ManualClock } from '../../platform/manual-clock';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import type { Broadcast, CommandWaiting, WatchUpdate } from '../../shared/model';
import { accountContextOf } from '../core/account-context';
import { ControlRoom } from './control-room';
import { startSession } from '../app/session';
import { openSandboxWorkspace, type Workspace } from '../workspaces/workspace';

/** One request the workspace sent: method, path and the status it got. */
interface Sent {
  method: string;
  path: string;
  status: number | null;
}

let sandbox: SandboxHandle;
let workspace: Workspace;
let other: Workspace;
const sent: Sent[] = [];
const published: WatchUpdate[] = [];
const observed: string[] = [];
let room: ControlRoom;

beforeAll(async () => {
  // The platform's rate limit is off: the 429s here come from the fault burst alone.
  sandbox = await startSandbox({ port: 0, seed: 7, rateLimit: false });
  const pacing = { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0, limitPerMinute: 10_000 };
  workspace = await openSandboxWorkspace({
    sandboxInfo: sandbox.info,
    pacing,
    fetch: async (request) => {
      const entry: Sent = {
        method: request.method,
        path: new URL(request.url).pathname,
        status: null,
      };
      sent.push(entry);
      const response = await fetch(request);
      // Read whole before answering: a request counts as in flight until its body is here.
      const body = [204, 304].includes(response.status) ? null : await response.arrayBuffer();
      entry.status = response.status;
      return new Response(body, response);
    },
  });
  // A second operator on the same service account (another workstation).
  other = await openSandboxWorkspace({ sandboxInfo: sandbox.info, pacing });
  room = new ControlRoom({
    account: accountContextOf(workspace, systemClock, () => undefined),
    publish: (update) => published.push(update),
    observed: (topic, subject) => observed.push(`${topic}:${subject}`),
  });
});

afterEach(() => {
  sandbox.faults.clear();
});

afterAll(async () => {
  await workspace.dispose();
  await other.dispose();
  await sandbox.close();
});

/** An on-air broadcast of the seed that is not recording (timeshift on or off if asked). */
async function onAirBroadcast(timeshift?: boolean): Promise<Broadcast> {
  const list = await room.listChannels({ perPage: 100 });
  // The list holds every type; scheduled channels' broadcasts are not recorded (programs play).
  for (const channel of list.data.items.filter((c) => c.onAir && c.type !== 'scheduled')) {
    const key = channel.latestBroadcast?.key;
    if (!key) continue;
    const { data } = await room.getBroadcast(key);
    if (data.recording || (timeshift !== undefined && data.useTimeshift !== timeshift)) continue;
    return data;
  }
  throw new Error('the seed has no on-air broadcast that is not recording');
}

const recordingPath = (key: string) =>
  `/live/api/v1/live/service-accounts/${sandbox.info.service_account_key}/broadcasts/${key}/duplicate-recording`;
const sentFor = (key: string) => sent.filter((s) => s.path.includes(`/broadcasts/${key}`));

describe('commands refused for budget are kept, not dropped', () => {
  const waits: CommandWaiting[] = [];
  const mine: Sent[] = [];
  /** Told of each of the desk's answered calls (a test sets it to react on the wire). */
  let answered: (entry: Sent) => void = () => undefined;
  // A desk of its own: the rate policy it lowers here is not the other tests' workspace's.
  let desk: Workspace;
  beforeAll(async () => {
    desk = await openSandboxWorkspace({
      sandboxInfo: sandbox.info,
      pacing: { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0, limitPerMinute: 10_000 },
      fetch: async (request) => {
        const entry: Sent = {
          method: request.method,
          path: new URL(request.url).pathname,
          status: null,
        };
        mine.push(entry);
        const response = await fetch(request);
        entry.status = response.status;
        answered(entry);
        return response;
      },
    });
  });
  afterAll(async () => {
    await desk.dispose();
  });
  const keeping = () =>
    new ControlRoom({
      account: accountContextOf(desk, systemClock, () => undefined),
      publish: () => undefined,
      waiting: (waiting) => waits.push(waiting),
    });
  const sentFor = (key: string) => mine.filter((s) => s.path.includes(`/broadcasts/${key}`));

  it('re-reads a cue point refused by a 429 burst and sends it again until answered', async () => {
    const room = keeping();
    const b = (await room.getBroadcast((await onAirBroadcast(true)).key)).data;
    mine.length = 0;
    waits.length = 0;
    // Three refusals in a row: the cue point, then its re-read (twice).
    sandbox.faults.update({ burst429: 3, retryAfterS: 1 });
    const set = await room.setCuePoint(b.key);
    expect(set.data.cuePointAt).not.toBeNull();
    expect(set.data.cuePointAt).not.toBe(b.cuePointAt);
    const calls = sentFor(b.key).map((s) => `${s.method} ${s.status}`);
    expect(calls[0]).toBe('PUT 429');
    expect(calls.at(-1)).toBe('PUT 200');
    // Never sent again without a re-read answered in between.
    expect(calls.at(-2)).toBe('GET 200');
    expect(calls.filter((c) => c === 'PUT 429').length + 1).toBe(
      calls.filter((c) => c.startsWith('PUT')).length,
    );
    // The operator was told it waits for the platform, then that it settled.
    expect(waits[0]).toMatchObject({
      command: 'broadcast.setCuePoint',
      broadcastKey: b.key,
      state: 'waiting',
      status: 429,
      attempt: 1,
    });
    // Each of the three pauses is told, with its own later time (the re-read's 429s too).
    const told = waits.filter((w) => w.state === 'waiting');
    expect(told.map((w) => w.attempt)).toEqual([1, 2, 3]);
    expect(told.every((w, i) => i === 0 || w.retryAt > (told[i - 1]?.retryAt ?? 0))).toBe(true);
    expect(waits.at(-1)?.state).toBe('settled');
    expect((await other.live.getBroadcast(b.key)).data.cue_sign_at).not.toBeNull();
  });

  it('resends a cue point refused again right after its re-read without reading again', async () => {
    const room = keeping();
    const b = (await room.getBroadcast((await onAirBroadcast(true)).key)).data;
    mine.length = 0;
    // The cue point is refused; once its re-read is answered, the resend is refused too (as if
    // another client had taken the slot between them).
    let refuseResend = true;
    answered = (entry) => {
      if (refuseResend && entry.method === 'GET' && entry.status === 200) {
        refuseResend = false;
        sandbox.faults.update({ burst429: 1, retryAfterS: 1 });
      }
    };
    sandbox.faults.update({ burst429: 1, retryAfterS: 1 });
    try {
      const set = await room.setCuePoint(b.key);
      expect(set.data.cuePointAt).not.toBe(b.cuePointAt);
    } finally {
      answered = () => undefined;
    }
    // The re-read a moment ago still stands: a 429 is a refusal before acting.
    expect(sentFor(b.key).map((s) => `${s.method} ${s.status}`)).toEqual([
      'PUT 429',
      'GET 200',
      'PUT 429',
      'PUT 200',
    ]);
  });

  it('stops a command waiting for the budget when the operator cancels it', async () => {
    const room = keeping();
    const b = await onAirBroadcast(true);
    mine.length = 0;
    waits.length = 0;
    sandbox.faults.update({ burst429: 1000, retryAfterS: 1 });
    const cue = room.setCuePoint(b.key);
    await expect.poll(() => waits.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const first = waits[0];
    expect(first?.state).toBe('waiting');
    expect(room.cancelWaiting(first?.id ?? '')).toEqual({
      command: 'broadcast.setCuePoint',
      broadcastKey: b.key,
    });
    await expect(cue).rejects.toThrow('Cancelled while waiting for the platform');
    const after = sentFor(b.key).length;
    sandbox.faults.clear();
    await expect.poll(() => waits.at(-1)?.state).toBe('settled');
    // Real time is the point: past the 1 s Retry-After a call still queued would have left.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    // Nothing more was sent for it once cancelled.
    expect(sentFor(b.key).length).toBe(after);
    expect(waits.at(-1)?.state).toBe('settled');
    expect(room.cancelWaiting(first?.id ?? '')).toBeNull();
  });
});

describe('control room commands', () => {
  it('sends a stop pressed while the start is still on the wire, after the start', async () => {
    const b = await onAirBroadcast();
    // Every platform call now takes 600 ms: the stop is pressed while the start is in flight.
    sandbox.faults.update({ latencyMs: 600 });
    const start = room.startRecording(b.key);
    await expect
      .poll(() => sentFor(b.key).some((s) => s.method === 'POST' && s.status === null))
      .toBe(true);
    const stop = room.stopRecording(b.key);
    const [started, stopped] = await Promise.all([start, stop]);
    expect(started.data.recording).toBe(true);
    expect(stopped.data.recording).toBe(false);
    expect(
      sentFor(b.key)
        .filter((s) => s.path === recordingPath(b.key))
        .map((s) => `${s.method} ${s.status}`),
    ).toEqual(['POST 200', 'DELETE 200']);
    sandbox.faults.clear();
    expect((await other.live.getBroadcast(b.key)).data.is_duplicate_recording).toBe(false);
  });

  it('on 429, re-reads the broadcast and sends the start again while it is still needed', async () => {
    const b = await onAirBroadcast();
    sent.length = 0;
    sandbox.faults.update({ burst429: 1, retryAfterS: 1 });
    const started = await room.startRecording(b.key);
    expect(started.data.recording).toBe(true);
    expect(sentFor(b.key).map((s) => `${s.method} ${s.status}`)).toEqual([
      'POST 429',
      'GET 200',
      'POST 200',
    ]);
    await room.stopRecording(b.key);
  });

  it('on 429, does not send the start again once someone else started recording', async () => {
    const b = await onAirBroadcast();
    sent.length = 0;
    sandbox.faults.update({ burst429: 1, retryAfterS: 2 });
    const start = room.startRecording(b.key);
    await expect.poll(() => sentFor(b.key).map((s) => s.status)).toEqual([429]);
    // While this desk waits out Retry-After, another operator starts the recording.
    await other.live.startDuplicateRecording(b.key, { priority: 'command' });
    const started = await start;
    expect(started.data.recording).toBe(true);
    // Re-read, found recording, nothing more sent (a second start would have been a 422).
    expect(sentFor(b.key).map((s) => `${s.method} ${s.status}`)).toEqual(['POST 429', 'GET 200']);
    await room.stopRecording(b.key);
  });

  it('on 429, refuses the cue point in plain words once the broadcast went off air', async () => {
    const b = await onAirBroadcast(true);
    sent.length = 0;
    sandbox.faults.update({ burst429: 1, retryAfterS: 2 });
    const cue = room.setCuePoint(b.key);
    await expect.poll(() => sentFor(b.key).map((s) => s.status)).toEqual([429]);
    // The encoder stops while this desk waits out Retry-After.
    const origin = new URL(sandbox.info.live_base_url).origin;
    const ended = await fetch(`${origin}/__sandbox/broadcasts/${b.key}/stop`, { method: 'POST' });
    expect(ended.status).toBe(200);
    await expect(cue).rejects.toThrow(
      'The broadcast went off air before the cue point could be set.',
    );
    expect(sentFor(b.key).map((s) => `${s.method} ${s.status}`)).toEqual(['PUT 429', 'GET 200']);
  });

  it('answers a view read to the caller only, and pushes a command result once', async () => {
    const b = await onAirBroadcast();
    published.length = 0;
    observed.length = 0;
    await room.getBroadcast(b.key);
    await room.participants(b.key);
    await room.viewers(b.key);
    // The view that asked gets the answer; other windows have their own watches.
    expect(published).toEqual([]);
    const renamed = await room.rename(b.key, `${b.title} (2)`);
    expect(published).toEqual([
      { kind: 'broadcast', broadcastKey: b.key, data: renamed.data, fetchedAt: renamed.fetchedAt },
    ]);
    // The planner is told, so it does not spend a call reading the same state again.
    expect(observed).toEqual([`broadcast:${b.key}`]);
  });
});

describe('the Multiview: every broadcast’s viewers from one read', () => {
  it("publishes each on-air broadcast's viewers from the account's viewer statistics, one call", async () => {
    const onAir = await room.listOnAir();
    expect(onAir.data.broadcasts.length).toBeGreaterThan(1);
    sandbox.clock.pause();
    try {
      published.length = 0;
      observed.length = 0;
      const before = sent.length;
      const task = {
        id: 'audience:account',
        topic: 'audience' as const,
        subject: 'account',
        spec: { kind: 'multiview' as const },
        intervalMs: 7_500,
        focused: true,
      };
      const update = await room.poll(task, new AbortController().signal);
      const calls = sent.slice(before).map((s) => s.path);
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatch(/\/service-accounts\/[^/]+\/statistics\/viewer\/5min-during-a-day$/);
      expect(update.kind).toBe('audience');
      for (const b of onAir.data.broadcasts) {
        const pushed = published.find(
          (u): u is Extract<WatchUpdate, { kind: 'viewers' }> =>
            u.kind === 'viewers' && u.broadcastKey === b.key,
        );
        expect(pushed, b.key).toBeDefined();
        // The same figures as the broadcast's own read.
        const own = await room.viewers(b.key);
        expect(pushed?.data).toEqual(own.data);
        expect(observed).toContain(`viewers:${b.key}`);
      }
      const sum = onAir.data.broadcasts.reduce(
        (total, b) =>
          total +
          (published.find(
            (u): u is Extract<WatchUpdate, { kind: 'viewers' }> =>
              u.kind === 'viewers' && u.broadcastKey === b.key,
          )?.data.current ?? 0),
        0,
      );
      expect(update.kind === 'audience' ? update.data.current : null).toBeGreaterThanOrEqual(sum);
    } finally {
      sandbox.clock.resume();
    }
  });
});

describe('the session: control room and watch planner through callbacks', () => {
  it('stops reading participants and viewers of a broadcast that went off air', async () => {
    const b = await onAirBroadcast();
    const dataDir = await mkdtemp(join(tmpdir(), 'onair-session-'));
    const updates: WatchUpdate[] = [];
    // The session's timers run on a manual clock: the planner's 5 s polls come when the test
    // moves time on, and each poll's request still goes over loopback to the sandbox.
    const clock = new ManualClock();
    const session = startSession(
      workspace,
      (event, payload) => {
        if (event === 'watch.update') updates.push(payload as WatchUpdate);
      },
      clock,
      () => undefined,
      { dataDir, notify: () => undefined },
    );
    /**
     * Moves the session's clock on 250 ms at a time, each step only once the workspace has
     * nothing queued or in flight (its fetch reads every answer whole), until `done()`; fails
     * past `limitMs` of session time.
     */
    const advanceUntil = async (done: () => boolean, limitMs: number): Promise<void> => {
      const until = clock.now() + limitMs;
      for (;;) {
        await settled();
        if (done()) return;
        if (clock.now() >= until) throw new Error(`not done within ${limitMs} ms of session time`);
        await clock.advance(250);
      }
    };
    const settled = async (): Promise<void> => {
      for (let quiet = 0; quiet < 2;) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        const state = workspace.liveScheduler.state();
        const queued = Object.values(state.queued).reduce((sum, n) => sum + n, 0);
        quiet = state.inFlight === 0 && queued === 0 ? quiet + 1 : 0;
      }
    };
    try {
      const about = (kind: string) =>
        updates.filter((u) => u.kind === kind && 'broadcastKey' in u && u.broadcastKey === b.key);
      session.planner.subscribe({ kind: 'broadcast', broadcastKey: b.key, focused: true }, 'c');
      await advanceUntil(() => about('participants').length === 1, 15_000);
      // The encoder stops; the next poll of the broadcast finds it off air.
      const origin = new URL(sandbox.info.live_base_url).origin;
      await fetch(`${origin}/__sandbox/broadcasts/${b.key}/stop`, { method: 'POST' });
      const offAir = () =>
        about('broadcast').filter((u) => u.kind === 'broadcast' && !u.data.onAir).length;
      await advanceUntil(() => offAir() >= 1, 15_000);
      const readsAfter = sent.length;
      // Two more polls of the broadcast (5 s apart): nothing else about it was read.
      await advanceUntil(() => offAir() >= 3, 20_000);
      const later = sent.slice(readsAfter).filter((s) => s.path.includes(`/broadcasts/${b.key}`));
      expect(later.map((s) => s.path.split(`/broadcasts/${b.key}`)[1])).toEqual(['', '']);
    } finally {
      await session.dispose();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
