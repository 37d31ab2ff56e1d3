/**
 * The backup, trusted only as far as the hub says (issue 32 §3; docs/security.md "The backup"):
 * whoever holds a backup code may run any server they like, announce it, follow the hub and
 * post to it. Tried as that outsider would, on loopback TLS: seats take no address the hub did
 * not sign and send, give that server no credential that works at the hub, move to it only
 * after the hub was silent 3 s (the seat's clock is a manual one), a healthy hub does not
 * stand down for it, and revoking it cuts it off at once. 127.0.0.1 only.
 */
import { createServer } from 'node:https';
import { performance } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fetch } from 'undici';
import { hubCertificate } from './certificate';
import { failoverSeatCore, type FailoverSeatCore } from './failover-seat';
import { beatPayload, type Beat } from './heartbeat';
import { pinnedAgent } from './seat';
import { readServerSentEvents } from './link';
import { signAddresses, signTakeover, type StudioAddress } from './studio-trust';
import {
  pairWith,
  rigFolder,
  rigServer,
  statusAs,
  until,
  type RigServer,
} from './testing/backup-rig';

let folder: Awaited<ReturnType<typeof rigFolder>>;
const t = Date.parse('2026-11-20T21:00:00Z');
/** The seat's own clock: its hub's silence is counted on it. */
let seatT = t;
let hub: RigServer;
const cleanups: (() => Promise<unknown>)[] = [];

beforeEach(async () => {
  folder = await rigFolder();
  hub = await rigServer(folder.root, 'hub', () => t);
  cleanups.push(() => hub.hub.stop());
});

afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean().catch(() => undefined);
  await folder.remove();
});

/** The operator seat `name` of the hub, as either way of joining makes it (failover-seat.ts). */
async function joinSeat(name: string): Promise<{ seat: FailoverSeatCore; credential: string }> {
  const credential = await pairWith(hub, 'operator', name);
  const seat = failoverSeatCore({
    hubUrl: hub.hosting.url,
    fingerprint: hub.hosting.fingerprint,
    credential,
    seatName: name,
    role: 'operator',
    now: () => seatT,
  });
  cleanups.push(() => seat.dispose());
  return { seat, credential };
}

/** A follow stream of the backup seat `credential`: its beats, and when it ended. */
async function follow(credential: string) {
  const agent = pinnedAgent(hub.hosting.fingerprint);
  cleanups.push(() => agent.close());
  const stream = new AbortController();
  cleanups.push(() => Promise.resolve(stream.abort()));
  const response = await fetch(new URL('/studio/follow', hub.hosting.url), {
    headers: { authorization: `Seat ${credential}` },
    dispatcher: agent,
    signal: stream.signal,
  });
  if (!response.ok || !response.body) throw new Error(`follow answered ${response.status}`);
  const beats: Beat[] = [];
  let first: (beat: Beat) => void = () => undefined;
  const firstBeat = new Promise<Beat>((resolve) => (first = resolve));
  const ended = readServerSentEvents(response.body, (event, data) => {
    const beat = beatPayload.safeParse(data);
    if (event === 'beat' && beat.success) {
      beats.push(beat.data);
      first(beat.data);
    }
  }).then(
    () => performance.now(),
    () => performance.now(),
  );
  return { beats, firstBeat, ended };
}

/** A backup-code holder's server, announced to the hub, serving with the seats' hashes. */
async function announcedBackup(name: string): Promise<{ server: RigServer; credential: string }> {
  const credential = await pairWith(hub, 'backup', name);
  const server = await rigServer(folder.root, name, () => t);
  cleanups.push(() => server.hub.stop());
  // In standby (503) until it has the seats' hashes, as a backup is; then it serves at once.
  server.hub.setStandby(true);
  const mine = { url: server.hosting.url, fingerprint: server.hosting.fingerprint };
  expect(await statusAs(hub.hosting, credential, '/studio/backup', mine)).toBe(200);
  const stream = await follow(credential);
  server.hub.adoptSeats((await stream.firstBeat).seats);
  server.hub.setStandby(false);
  return { server, credential };
}

const knows = (seat: FailoverSeatCore, address: { fingerprint: string }) =>
  seat.addresses().some((a) => a.fingerprint === address.fingerprint.toUpperCase());

/** An address nobody serves (nothing is sent to it: the seat must not even take it). */
const evil: StudioAddress = {
  url: 'https://127.0.0.9:9/',
  fingerprint: Array.from({ length: 32 }, () => 'EE').join(':'),
};

describe('a forged address announcement is ignored (unsigned, another key, another link)', () => {
  it('takes addresses only from its paired hub, signed with the pinned certificate’s key', async () => {
    const { seat } = await joinSeat('Desk A');
    const { server: backup } = await announcedBackup('backup');
    // The hub's own signed announcement is taken: the seat knows the backup.
    await until(() => knows(seat, backup.hosting));

    const marker = async (from: RigServer, id: string) => {
      let seen = false;
      const off = seat.subscribe((event, payload) => {
        if (event === 'command.waiting' && (payload as { id?: string }).id === id) seen = true;
      });
      // Any event the hub passes to its seats (not a workstation's own) marks the stream.
      from.events.emit('command.waiting', { id });
      await until(() => seen);
      off();
    };
    const hubAddress = { url: hub.hosting.url, fingerprint: hub.hosting.fingerprint };
    // Unsigned, through the hub's own stream.
    hub.events.emit('studio.addresses', { addresses: [hubAddress, evil] });
    // Signed with another key (its certificate given along), through the hub's stream.
    const other = await hubCertificate(`${folder.root}/other`, t);
    hub.events.emit('studio.addresses', signAddresses(other, [hubAddress, evil], t));
    // The hub's certificate with another key's signature.
    const forged = signAddresses(other, [hubAddress, evil], t);
    hub.events.emit('studio.addresses', { ...forged, certificate: hub.key.cert });
    await marker(hub, 'after-forged-at-hub');
    expect(knows(seat, evil)).toBe(false);
    expect(knows(seat, backup.hosting)).toBe(true);

    // Through another link (the backup's, once the seat serves there), even with the hub's
    // own valid signature: only the paired hub's link gives addresses.
    await hub.hub.stop();
    seatT += 3000;
    await until(() => seat.link().hubUrl === backup.hosting.url);
    backup.events.emit('studio.addresses', signAddresses(hub.key, [hubAddress, evil], t));
    backup.events.emit('studio.addresses', signAddresses(backup.key, [hubAddress, evil], t));
    await marker(backup, 'after-forged-at-backup');
    expect(knows(seat, evil)).toBe(false);
  });
});

describe('a seat moves to the backup only after the hub has been silent for 3 s', () => {
  it('keeps commands off a serving backup until 3 s of the hub’s silence on its clock', async () => {
    const { seat } = await joinSeat('Desk A');
    const { server: backup } = await announcedBackup('backup');
    await until(() => backup.hub.status().seats.some((s) => s.name === 'Desk A' && s.connected));
    // The backup answers (it serves): the hub still speaks, so the seat stays.
    await seat.invoke('channels.list', {}, { clientId: 'page-1' });
    expect(hub.events.ran).toEqual(['channels.list']);
    expect(backup.events.ran).toEqual([]);
    // The hub goes quiet: 2.999 s later the seat still does not move.
    await hub.hub.stop();
    await until(() => seat.link().state !== 'connected');
    seatT += 2999;
    const early = await seat.invoke('channels.list', {}, { clientId: 'page-1' });
    expect(early.ok).toBe(false);
    expect(backup.events.ran).toEqual([]);
    seatT += 1;
    const moved = await seat.invoke('channels.list', {}, { clientId: 'page-1' });
    expect(moved.ok).toBe(true);
    expect(backup.events.ran).toEqual(['channels.list']);
  });
});

describe('the backup never receives a credential that works at the hub', () => {
  it('gets a credential made for its certificate from the seat, and hashes of those only', async () => {
    const { seat, credential } = await joinSeat('Desk A');
    // A backup-code holder runs its own server and announces it: the hub signs that address.
    const backupCredential = await pairWith(hub, 'backup', 'rogue');
    const own = await hubCertificate(`${folder.root}/rogue`, t);
    const heard: string[] = [];
    const rogue = createServer({ cert: own.cert, key: own.key }, (request, response) => {
      heard.push(request.headers.authorization ?? '');
      response.writeHead(503).end();
    });
    await new Promise<void>((resolve) => rogue.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => rogue.close(resolve)));
    const port = (rogue.address() as { port: number }).port;
    const address = { url: `https://127.0.0.1:${port}/`, fingerprint: own.fingerprint };
    expect(await statusAs(hub.hosting, backupCredential, '/studio/backup', address)).toBe(200);
    const stream = await follow(backupCredential);
    const beat = await stream.firstBeat;

    await until(() => heard.length >= 2);
    expect(knows(seat, address)).toBe(true);
    for (const presented of new Set(heard)) {
      expect(presented.startsWith('Seat ')).toBe(true);
      expect(presented).not.toBe(`Seat ${credential}`);
      expect(await statusAs(hub.hosting, presented.slice(5), '/studio/hello')).toBe(401);
    }
    // The hashes it follows are not the hub's verifiers either.
    const { createHash } = await import('node:crypto');
    const hubHash = createHash('sha256')
      .update(credential.split('.')[1] ?? '')
      .digest('hex');
    expect(beat.seats.map((s) => s.secretHash)).not.toContain(hubHash);
    expect(beat.seats).toHaveLength(1);
  });
});

describe('a stand-down of a healthy hub is refused', () => {
  it('keeps serving when a backup-code holder says it took over', async () => {
    const { credential: seatCredential } = await joinSeat('Desk A');
    const { server: backup, credential } = await announcedBackup('backup');
    const epoch = (await follow(credential)).firstBeat.then((beat) => beat.epoch);
    const record = {
      url: backup.hosting.url,
      fingerprint: backup.hosting.fingerprint,
      hubFingerprint: hub.hosting.fingerprint,
      takenOverAt: t,
    };
    const tries = [
      // What a backup sent before: its address and a time, nothing the hub can check.
      { url: backup.hosting.url, fingerprint: backup.hosting.fingerprint, since: t },
      // A signed record of the epoch the hub is in now.
      signTakeover(backup.key, { ...record, hubEpoch: await epoch }),
      // Of an earlier epoch, but from a backup that followed this very run of the hub.
      signTakeover(backup.key, { ...record, hubEpoch: (await epoch) - 1 }),
      // Signed by a key that is not the named certificate's.
      {
        ...signTakeover(hub.key, { ...record, hubEpoch: 0 }),
        certificate: backup.key.cert,
      },
    ];
    for (const body of tries)
      expect(await statusAs(hub.hosting, credential, '/studio/stand-down', body)).toBeGreaterThan(
        399,
      );
    expect(hub.hub.status().standing ?? null).toBeNull();
    expect(await statusAs(hub.hosting, seatCredential, '/studio/hello')).toBe(200);
  });
});

describe('a revoked backup’s streams close within 1 s, its address is withdrawn, it gets nothing more', () => {
  it('cuts the backup off at once', async () => {
    const { seat } = await joinSeat('Desk A');
    const { server: backup, credential } = await announcedBackup('backup');
    const stream = await follow(credential);
    await stream.firstBeat;
    await until(() => knows(seat, backup.hosting));
    const backupId = hub.hub.status().seats.find((s) => s.role === 'backup')?.id ?? '';

    const revokedAt = performance.now();
    expect(await hub.hub.revoke(backupId)).toBe(true);
    const endedAt = await Promise.race([
      stream.ended,
      new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 2000)),
    ]);
    expect(endedAt - revokedAt).toBeLessThan(1000);
    const beatsAtRevoke = stream.beats.length;

    // Every seat is told the addresses without it.
    await until(() => !knows(seat, backup.hosting), 1000);
    // Nothing more: no follow, no announcement, no stand-down, and no beat of a new pairing.
    expect(await statusAs(hub.hosting, credential, '/studio/follow')).toBe(401);
    expect(
      await statusAs(hub.hosting, credential, '/studio/backup', {
        url: backup.hosting.url,
        fingerprint: backup.hosting.fingerprint,
      }),
    ).toBe(401);
    await pairWith(hub, 'operator', 'Desk B');
    expect(stream.beats.length).toBe(beatsAtRevoke);
  });
});
