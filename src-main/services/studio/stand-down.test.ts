/**
 * A hub standing down (docs/dev/architecture.md, "The takeover protocol", 7): once its backup
 * shows it serves the seats (its signed takeover record, of an epoch the hub has left), the
 * hub makes no platform call for watches at all, its own
 * window's included, and every figure those watches feed is pushed as not refreshed
 * (`watch.update` error with `standingDown`); turning hosting off lets them poll again.
 * Counted at the platform's door: every request the hub's sandbox workspace sends. Real time
 * on loopback TLS; the window is longer than the focused broadcast's 5 s poll.
 */
import { fetch } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Broadcast, ChannelSummary, Fresh, Page, WatchUpdate } from '../../shared/model';
import type { PairingCode, StudioHosting, StudioStatus } from '../../shared/studio-model';
import type { CallContext } from '../core/command-registry';
import { memorySecrets, startTestCore, type TestCore } from '../app/test-support';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hubCertificate } from './certificate';
import { beatPayload } from './heartbeat';
import { readServerSentEvents } from './link';
import { pairSeat, pinnedAgent } from './seat';
import { signTakeover } from './studio-trust';

let rig: TestCore;
let hosting: StudioHosting;
/** Paths of every request the hub's workspace sent to the platform, in order. */
const sent: string[] = [];
/** The `watch.update` errors the hub pushed to its own pages. */
const errors: Extract<WatchUpdate, { kind: 'error' }>[] = [];

beforeAll(async () => {
  rig = await startTestCore({
    seed: 11,
    sandboxFetch: (request) => {
      sent.push(new URL(request.url).pathname);
      return globalThis.fetch(request);
    },
  });
  rig.core.subscribe((event, payload) => {
    const update = payload as WatchUpdate;
    if (event === 'watch.update' && update.kind === 'error') errors.push(update);
  });
  hosting = await hubCommand<StudioHosting>('studio.startHosting', {
    address: '127.0.0.1',
    port: 0,
  });
});

afterAll(async () => {
  await rig.close();
});

const hubPage: CallContext = { clientId: 'hub-page' };

async function hubCommand<T>(command: string, input: unknown): Promise<T> {
  const answer = await rig.core.invoke(command, input, hubPage);
  if (!answer.ok) throw new Error(`${command}: ${answer.error.message}`);
  return answer.data as T;
}

/** Requests the hub sends during `ms` of real time from now. */
async function callsDuring(ms: number): Promise<string[]> {
  const from = sent.length;
  await new Promise((resolve) => setTimeout(resolve, ms));
  return sent.slice(from);
}

it('makes no platform call for its own window’s watches while standing down, and says so', async () => {
  const list = await hubCommand<Fresh<Page<ChannelSummary>>>('channels.list', {});
  const key = list.data.items.find((c) => c.onAir && c.latestBroadcast?.key)?.latestBroadcast?.key;
  if (!key) throw new Error('the seed has no on-air broadcast');
  await hubCommand<Fresh<Broadcast>>('broadcast.get', { broadcastKey: key });

  // The hub's own window watches the focused broadcast and the channel list.
  await hubCommand('watch.subscribe', {
    spec: { kind: 'broadcast', broadcastKey: key, focused: true },
  });
  await hubCommand('watch.subscribe', { spec: { kind: 'channels' } });
  const before = await callsDuring(7_000);
  expect(before.filter((path) => path.includes(key)).length).toBeGreaterThan(0);

  // A backup follows it (its own certificate, an address nobody is sent to).
  const backup = await pairSeat({
    url: hosting.url,
    fingerprint: hosting.fingerprint,
    code: (await hubCommand<PairingCode>('studio.newPairingCode', { role: 'backup' })).code,
    seatName: 'Backup',
    secrets: memorySecrets(),
  });
  const keyDir = await mkdtemp(join(tmpdir(), 'onair-standdown-key-'));
  const backupKey = await hubCertificate(keyDir, rig.sandbox.clock.now().getTime());
  const as = { authorization: `Seat ${backup.credential}`, 'content-type': 'application/json' };
  const address = { url: 'https://127.0.0.2:7443/', fingerprint: backupKey.fingerprint };
  let agent = pinnedAgent(hosting.fingerprint);
  const announced = await fetch(new URL('/studio/backup', hosting.url), {
    method: 'POST',
    headers: as,
    body: JSON.stringify(address),
    dispatcher: agent,
  });
  expect(announced.status).toBe(200);
  await announced.body?.cancel();
  const stream = new AbortController();
  const beats = await fetch(new URL('/studio/follow', hosting.url), {
    headers: as,
    dispatcher: agent,
    signal: stream.signal,
  });
  const hubEpoch = await new Promise<number>((resolve) => {
    if (!beats.body) throw new Error('no follow stream');
    void readServerSentEvents(beats.body, (event, data) => {
      const beat = beatPayload.safeParse(data);
      if (event === 'beat' && beat.success) resolve(beat.data.epoch);
    }).catch(() => undefined);
  });
  stream.abort();
  await agent.close();

  // The hub is away (hosting stopped and started again: its epoch grew); meanwhile its backup
  // took over, and tells it so with its signed takeover record: it stands down.
  await hubCommand('studio.stopHosting', {});
  hosting = await hubCommand<StudioHosting>('studio.startHosting', {
    address: '127.0.0.1',
    port: 0,
  });
  agent = pinnedAgent(hosting.fingerprint);
  const since = rig.sandbox.clock.now().getTime();
  try {
    const told = await fetch(new URL('/studio/stand-down', hosting.url), {
      method: 'POST',
      headers: as,
      body: JSON.stringify(
        signTakeover(backupKey, {
          ...address,
          hubFingerprint: hosting.fingerprint,
          hubEpoch,
          takenOverAt: since,
        }),
      ),
      dispatcher: agent,
    });
    expect(told.status).toBe(200);
    await told.body?.cancel();
  } finally {
    await agent.close();
    await rm(keyDir, { recursive: true, force: true });
  }
  const status = await hubCommand<StudioStatus>('studio.status', {});
  expect(status.standing).toMatchObject({ phase: 'standing-down', since });

  // Every figure of its window is said not refreshed, and for why.
  const held = errors.filter((e) => e.standingDown === true);
  expect(held.some((e) => e.topic === 'broadcast' && e.subject === key)).toBe(true);
  expect(held.some((e) => e.topic === 'channels')).toBe(true);

  // No platform call for watches at all, even for a view opened now (told at once too).
  const heldBefore = held.length;
  await hubCommand('watch.subscribe', {
    spec: { kind: 'broadcast', broadcastKey: key, focused: false },
  });
  expect(errors.filter((e) => e.standingDown === true).length).toBeGreaterThan(heldBefore);
  expect(await callsDuring(7_000)).toEqual([]);

  // Hosting turned off: this desk is its own again, and its watches poll again.
  await hubCommand('studio.stopHosting', {});
  const status2 = await hubCommand<StudioStatus>('studio.status', {});
  expect(status2.standing).toBeNull();
  const after = await callsDuring(7_000);
  expect(after.filter((path) => path.includes(key)).length).toBeGreaterThan(0);
}, 60_000);
