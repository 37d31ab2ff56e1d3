/**
 * The studio over loopback TLS, against a desk core on the sandbox: a seat pins the hub's
 * certificate, pairs with a code (one seat, 2 minutes, on the hub's injected clock; five
 * wrong codes from one address lock it for a minute), and its commands run through the hub's one pipeline with
 * `via: 'seat'` and its name in the audit record. Without a credential, from a web page, as
 * an observer changing something, or once revoked, a seat is refused. 127.0.0.1 only.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from 'undici';
import { fetch } from 'undici';
import type { Broadcast, ChannelSummary, Fresh, Page } from '../../shared/model';
import type { Result } from '../../shared/result';
import type { StudioHosting } from '../../shared/studio-model';
import type { AuditRecord } from '../core/audit-log';
import { memorySecrets, startTestCore, type TestCore } from '../app/test-support';
import { createStudioHub, type StudioHub } from './hub';
import { pairingCodeLifeMs, pairingLockMs } from './pairing';
import { hostTestHub, openTestSeat } from './testing/studio-test-support';
import {
  FingerprintMismatchError,
  JoinRefusedError,
  pairSeat,
  pinnedAgent,
  rejoinSeat,
  seatCore,
  seatSecretName,
  type SeatCore,
} from './seat';

let rig: TestCore;
let hub: StudioHub;
let hosting: StudioHosting;
let agent: Agent;
let t = Date.parse('2026-11-20T20:00:00Z');
const secrets = memorySecrets();
const seats: SeatCore[] = [];

beforeAll(async () => {
  rig = await startTestCore({ seed: 7 });
  ({ hub, hosting } = await hostTestHub({
    core: rig.core,
    deskDataDir: rig.dataDir,
    now: () => t,
  }));
  agent = pinnedAgent(hosting.fingerprint);
});

afterAll(async () => {
  for (const seat of seats) await seat.dispose();
  await agent.close();
  await hub.stop();
  await rig.close();
});

/** Pairs a seat named `name` with a fresh code of `role` and opens its core. */
async function joinSeat(name: string, role: 'operator' | 'observer'): Promise<SeatCore> {
  const { code } = hub.newPairingCode(role);
  const seat = await openTestSeat({ hosting, code, seatName: name, secrets });
  seats.push(seat);
  return seat;
}

const ctx = { clientId: 'seat-page-1' };

async function data<T>(seat: SeatCore, command: string, input: unknown): Promise<T> {
  const result = await seat.invoke(command, input, ctx);
  if (!result.ok) throw new Error(`${command}: ${result.error.message}`);
  return result.data as T;
}

/** An encoder-fed broadcast on air with timeshift on (read through `seat`). */
async function cueable(seat: SeatCore): Promise<Broadcast> {
  const page = await data<Fresh<Page<ChannelSummary>>>(seat, 'channels.list', {});
  for (const channel of page.data.items.filter((c) => c.onAir && c.type !== 'scheduled')) {
    const b = await data<Fresh<Broadcast>>(seat, 'broadcast.get', {
      broadcastKey: channel.latestBroadcast?.key,
    });
    if (b.data.useTimeshift) return b.data;
  }
  throw new Error('the seed has no on-air broadcast with timeshift');
}

/** Every audit record the hub's core wrote. */
async function auditRecords(): Promise<AuditRecord[]> {
  const root = join(rig.dataDir, 'audit');
  const out: AuditRecord[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.jsonl')) continue;
    const text = await readFile(join(entry.parentPath, entry.name), 'utf8');
    for (const line of text.split('\n').filter(Boolean)) out.push(JSON.parse(line) as AuditRecord);
  }
  return out;
}

function pairWith(code: string, seatName = 'Guess') {
  return pairSeat({ url: hosting.url, fingerprint: hosting.fingerprint, code, seatName, secrets });
}

describe('studio hub', () => {
  it('answers 401 to a request without a seat credential, or with a wrong one', async () => {
    for (const authorization of [undefined, 'Seat 0123456789abcdef.nope', 'Bearer x']) {
      const headers = authorization ? { authorization } : undefined;
      const rpc = await fetch(new URL('/rpc/channels.list', hosting.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{"input":{}}',
        dispatcher: agent,
      });
      expect(rpc.status).toBe(401);
      const events = await fetch(new URL('/events', hosting.url), { headers, dispatcher: agent });
      expect(events.status).toBe(401);
      await events.body?.cancel();
    }
  });

  it('makes a seat refuse a hub whose certificate is not the pinned one, before sending', async () => {
    const { code } = hub.newPairingCode('operator');
    const wrong = 'AB:'.repeat(31) + 'AB';
    await expect(
      pairSeat({ url: hosting.url, fingerprint: wrong, code, seatName: 'Spoofed', secrets }),
    ).rejects.toBeInstanceOf(FingerprintMismatchError);
    // Nothing reached the hub: the code is still open, no seat joined, nothing kept.
    expect(hub.status().codes.map((c) => c.code)).toContain(code);
    expect(hub.status().seats.map((s) => s.name)).not.toContain('Spoofed');
    expect(await secrets.get(seatSecretName(wrong))).toBeNull();
    const seat = seatCore({
      hubUrl: hosting.url,
      fingerprint: wrong,
      credential: 'x.y',
      seatName: 'Spoofed',
      role: 'operator',
    });
    const answer = await seat.invoke('channels.list', {}, ctx);
    await seat.dispose();
    expect(!answer.ok && answer.error.text?.key).toBe('studio.errors.fingerprintMismatch');
  });

  it('takes a pairing code for one seat only, and keeps the credential in the keychain', async () => {
    const { code } = hub.newPairingCode('operator');
    const paired = await pairWith(code, 'PD');
    expect(await secrets.get(seatSecretName(hosting.fingerprint))).toBe(paired.credential);
    const again = pairWith(code, 'Second');
    await expect(again).rejects.toBeInstanceOf(JoinRefusedError);
    await expect(again).rejects.toMatchObject({ status: 403 });
  });

  it('refuses a pairing code whose 2 minutes are over (the hub’s clock)', async () => {
    const { code } = hub.newPairingCode('operator');
    t += pairingCodeLifeMs;
    await expect(pairWith(code)).rejects.toMatchObject({ status: 403 });
  });

  it('locks pairing for a minute after five wrong codes from this address', async () => {
    // A good pairing first: wrong codes count in a row.
    await pairWith(hub.newPairingCode('observer').code, 'Reset');
    const { code } = hub.newPairingCode('operator');
    for (let i = 0; i < 4; i += 1)
      await expect(pairWith('11112222')).rejects.toMatchObject({ status: 403 });
    await expect(pairWith('11112222')).rejects.toMatchObject({ status: 429 });
    await expect(pairWith(code)).rejects.toMatchObject({ status: 429 });
    // The lock is this sending address's, not the hub's (hub.security.test.ts tries another).
    expect(hub.status().pairingLockedUntil).toBeNull();
    t += pairingLockMs;
    await expect(pairWith(code, 'After')).resolves.toMatchObject({ role: 'operator' });
  });

  it('runs an operator seat’s command in the hub’s pipeline, audited with via seat', async () => {
    const seat = await joinSeat('Main Stage op', 'operator');
    const b = await cueable(seat);
    const cued = await data<Fresh<Broadcast>>(seat, 'broadcast.setCuePoint', {
      broadcastKey: b.key,
    });
    expect(cued.data.cuePointAt).not.toBeNull();
    // At the hub's sandbox: the hub's own core reads the cue point the seat set.
    const atHub = await rig.core.invoke('broadcast.get', { broadcastKey: b.key }, ctx);
    expect(atHub.ok && (atHub.data as Fresh<Broadcast>).data.cuePointAt).toBe(cued.data.cuePointAt);
    await expect
      .poll(async () =>
        (await auditRecords()).find(
          (r) => r.command === 'broadcast.setCuePoint' && r.seat === 'Main Stage op',
        ),
      )
      .toMatchObject({
        via: 'seat',
        who: 'Main Stage op',
        answer: { ok: true },
        target: { broadcastKey: b.key },
      });
    expect(hub.status().seats.find((s) => s.name === 'Main Stage op')?.lastContactAt).toBe(t);
  });

  it('lets an observer read everything and change nothing, in the operator’s words', async () => {
    const seat = await joinSeat('Producer', 'observer');
    const b = await cueable(seat);
    const refused = await seat.invoke('broadcast.setCuePoint', { broadcastKey: b.key }, ctx);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.code).toBe('forbidden');
      expect(refused.error.text?.key).toBe('pipeline.observerSeat');
      expect(refused.error.message).toContain('observer');
    }
    const stop = await seat.invoke(
      'broadcast.stopRecording',
      { broadcastKey: b.key },
      { ...ctx, confirmation: { kind: 'again' } },
    );
    expect(!stop.ok && stop.error.code).toBe('forbidden');
    await expect
      .poll(async () =>
        (await auditRecords()).find(
          (r) => r.command === 'broadcast.setCuePoint' && r.seat === 'Producer',
        ),
      )
      .toMatchObject({ via: 'seat', answer: { ok: false, code: 'forbidden', sent: false } });
  });

  it('refuses any request from a web page (an Origin), credential or not', async () => {
    const { code } = hub.newPairingCode('operator');
    const pair = await fetch(new URL('/studio/pair', hosting.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://example.invalid' },
      body: JSON.stringify({ code, seatName: 'Page' }),
      dispatcher: agent,
    });
    expect(pair.status).toBe(403);
    const credential = (await pairWith(code, 'Real')).credential;
    const rpc = await fetch(new URL('/rpc/channels.list', hosting.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Seat ${credential}`,
        origin: 'http://127.0.0.1:1',
      },
      body: '{"input":{}}',
      dispatcher: agent,
    });
    expect(rpc.status).toBe(403);
  });

  it('keeps the studio’s own commands at the hub', async () => {
    const seat = await joinSeat('Curious', 'operator');
    const { credential } = await pairWith(hub.newPairingCode('operator').code, 'Raw');
    const raw = await fetch(new URL('/rpc/studio.newPairingCode', hosting.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Seat ${credential}` },
      body: '{"input":{}}',
      dispatcher: agent,
    });
    expect(raw.status).toBe(403);
    // The seat's own desk answers `studio.status` with its link.
    const status = await data<{ seat: { seatName: string } }>(seat, 'studio.status', {});
    expect(status.seat.seatName).toBe('Curious');
  });

  it('joins again with the credential the keychain kept, until the seat is revoked', async () => {
    const kept = memorySecrets();
    const { code } = hub.newPairingCode('observer');
    await pairSeat({
      url: hosting.url,
      fingerprint: hosting.fingerprint,
      code,
      seatName: 'Back again',
      secrets: kept,
    });
    const again = await rejoinSeat({
      url: hosting.url,
      fingerprint: hosting.fingerprint,
      secrets: kept,
    });
    expect(again).toMatchObject({ seatName: 'Back again', role: 'observer' });
    const id = hub.status().seats.find((s) => s.name === 'Back again')?.id ?? '';
    await hub.revoke(id);
    await expect(
      rejoinSeat({ url: hosting.url, fingerprint: hosting.fingerprint, secrets: kept }),
    ).rejects.toMatchObject({ status: 401 });
    await expect(
      rejoinSeat({ url: hosting.url, fingerprint: hosting.fingerprint, secrets: memorySecrets() }),
    ).rejects.toBeInstanceOf(JoinRefusedError);
  });

  it('keeps its certificate and its seats when it starts again', async () => {
    const { credential } = await pairWith(hub.newPairingCode('operator').code, 'Survivor');
    const again = await createStudioHub({
      dataDir: join(rig.dataDir, 'hub'),
      now: () => t,
      log: () => {},
    });
    again.attach(rig.core);
    const second = await again.start('127.0.0.1', 0);
    try {
      expect(second.fingerprint).toBe(hosting.fingerprint);
      expect(again.status().seats.map((s) => s.name)).toContain('Survivor');
      const hello = await fetch(new URL('/studio/hello', second.url), {
        headers: { authorization: `Seat ${credential}` },
        dispatcher: agent,
      });
      expect(hello.status).toBe(200);
    } finally {
      await again.stop();
    }
  });

  /**
   * What a newly joined seat hears while `act` runs at a page of the hub desk, up to a
   * presence report from that page sent after it: an event every page of the studio hears,
   * and the seat's stream keeps the order, so whatever `act` pushed to the seats came first.
   * @param clientId a page of its own, so its first presence report is a change the seat hears.
   */
  async function heardBySeat(
    label: string,
    clientId: string,
    act: (hubPage: { clientId: string }) => Promise<unknown>,
  ): Promise<string[]> {
    const seat = await joinSeat(label, 'operator');
    const heard: string[] = [];
    const off = seat.subscribe((event) => heard.push(event));
    try {
      await expect.poll(() => seat.link().state).toBe('connected');
      const hubPage = { clientId };
      await act(hubPage);
      await rig.core.invoke('presence.report', { channelKey: null }, hubPage);
      await expect.poll(() => heard).toContain('presence.changed');
      return heard;
    } finally {
      off();
    }
  }

  it('keeps the hub desk’s own settings from its seats (their language and theme are their own)', async () => {
    try {
      const heard = await heardBySeat('Second screen', 'hub-page', async (hubPage) => {
        await rig.core.invoke('settings.language', { language: 'ko' }, hubPage);
        await rig.core.invoke('settings.appearance', { theme: 'light' }, hubPage);
      });
      expect(heard).not.toContain('settings.changed');
    } finally {
      await rig.core.invoke('settings.language', { language: null }, { clientId: 'hub-page' });
      await rig.core.invoke('settings.appearance', { theme: 'dark' }, { clientId: 'hub-page' });
    }
  });

  it('keeps a focus asked at the hub desk (its keys, its panel) to the hub’s own control room', async () => {
    const heard = await heardBySeat('Focus screen', 'hub-focus-page', (hubPage) =>
      rig.core.invoke('channel.focus', { position: 1 }, hubPage),
    );
    expect(heard).not.toContain('channel.focusRequested');
  });

  it('cuts a revoked seat off within 1 s: its stream closes and its requests get 401', async () => {
    const seat = await joinSeat('Graphics', 'operator');
    const heard: string[] = [];
    seat.subscribe((event) => heard.push(event));
    await expect.poll(() => seat.link().state).toBe('connected');
    const id = hub.status().seats.find((s) => s.name === 'Graphics')?.id ?? '';
    expect(hub.status().seats.find((s) => s.id === id)?.connected).toBe(true);
    const revokedAt = performance.now();
    expect(await hub.revoke(id)).toBe(true);
    await expect
      .poll(() => seat.link().state, { timeout: 1000, interval: 20 })
      .not.toBe('connected');
    expect(performance.now() - revokedAt).toBeLessThan(1000);
    const answer: Result<unknown> = await seat.invoke('channels.list', {}, ctx);
    expect(!answer.ok && answer.error.code).toBe('unauthorized');
    expect(seat.link().state).toBe('revoked');
    expect(hub.status().seats.map((s) => s.id)).not.toContain(id);
  });
});

describe('joining through the desk’s commands', () => {
  it('makes a second desk a seat: its commands run at the hub until it leaves', async () => {
    const other = await startTestCore({ seed: 7 });
    const call = (command: string, input: unknown) =>
      other.core.invoke(command, input, { clientId: 'seat-desk', confirmation: { kind: 'again' } });
    try {
      const { code } = hub.newPairingCode('observer');
      const wrong = await call('studio.join', {
        url: hosting.url,
        fingerprint: 'AB'.repeat(32),
        code,
        seatName: 'Desk two',
      });
      expect(!wrong.ok && wrong.error.text?.key).toBe('studio.errors.fingerprintMismatch');
      const joined = await call('studio.join', {
        url: hosting.url,
        fingerprint: hosting.fingerprint,
        code,
        seatName: 'Desk two',
      });
      expect(joined.ok && joined.data).toMatchObject({ seatName: 'Desk two', role: 'observer' });
      // The hub's observer: reads answer from the hub, changes are refused there.
      const channels = await call('channels.list', {});
      expect(channels.ok).toBe(true);
      const refused = await call('broadcast.setCuePoint', { broadcastKey: 'k1' });
      expect(!refused.ok && refused.error.text?.key).toBe('pipeline.observerSeat');
      const status = await call('studio.status', {});
      expect(status.ok && status.data).toMatchObject({ seat: { seatName: 'Desk two' } });
      const hosting2 = await call('studio.startHosting', { address: '127.0.0.1', port: 0 });
      expect(!hosting2.ok && hosting2.error.text?.key).toBe('studio.errors.hostingWhileSeat');
      expect((await call('studio.leave', {})).ok).toBe(true);
      // Its own again: its own sandbox answers, no refusal for an observer.
      const own = await call('broadcast.setCuePoint', { broadcastKey: 'k1' });
      expect(!own.ok && own.error.text?.key).not.toBe('pipeline.observerSeat');
    } finally {
      await other.close();
    }
  });
});

describe('hosting through the desk’s commands', () => {
  it('is off by default, turns on at the chosen address, and makes pairing codes', async () => {
    const call = (command: string, input: unknown) =>
      rig.core.invoke(command, input, { clientId: 'hub-page', confirmation: { kind: 'again' } });
    const before = await call('studio.status', {});
    expect(before.ok && before.data).toMatchObject({ hosting: null, seats: [] });
    const bad = await call('studio.startHosting', { address: 'example.invalid', port: 0 });
    expect(!bad.ok && bad.error.code).toBe('invalid-input');
    const started = await call('studio.startHosting', { address: '127.0.0.1', port: 0 });
    if (!started.ok) throw new Error(started.error.message);
    const on = started.data as StudioHosting;
    expect(on.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/$/);
    expect(on.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const made = await call('studio.newPairingCode', { role: 'observer' });
    if (!made.ok) throw new Error(made.error.message);
    const paired = await pairSeat({
      url: on.url,
      fingerprint: on.fingerprint,
      code: (made.data as { code: string }).code,
      seatName: 'Desk seat',
      secrets: memorySecrets(),
    });
    expect(paired.role).toBe('observer');
    const stopped = await call('studio.stopHosting', {});
    expect(stopped.ok).toBe(true);
    const after = await call('studio.status', {});
    expect(after.ok && after.data).toMatchObject({ hosting: null });
  });
});
