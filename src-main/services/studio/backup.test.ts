/**
 * The takeover (docs/dev/architecture.md, "The takeover protocol"): the silence rule on an
 * injected clock, and the drill against the sandbox on loopback with its rate limit on: the
 * hub dies in the middle of a workload, just after the platform took a rename and before the
 * seat got its answer. The backup takes over, accepts commands within 5 s, and no rename
 * reaches the platform twice (counted at the sandbox); the command in flight is reported to
 * its seat as "unknown: re-read" and not sent again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetch } from 'undici';
import { describe, expect, it } from 'vitest';
import { memorySecrets } from '../app/test-support';
import { createStudioHub } from './hub';
import { PairingBook } from './pairing';
import { pairSeat, pinnedAgent } from './seat';
import { silenceBeforeTakeoverMs, SilenceWatch, takeoverWithinMs } from './heartbeat';
import { runTakeoverDrill } from './testing/backup-harness';
import { followHub } from './backup';
import { backupSecretHash, credentialForBackup } from './studio-trust';

/** A backup's certificate fingerprint (for tests that need one but no server). */
const backupPin = Array.from({ length: 32 }, () => 'AB').join(':');

describe('heartbeat', () => {
  it('counts the hub silent only after 3 s without a beat', () => {
    let t = Date.parse('2026-11-20T20:00:00Z');
    const watch = new SilenceWatch(() => t);
    t += silenceBeforeTakeoverMs - 1;
    expect(watch.silent()).toBe(false);
    watch.beat({ at: t, epoch: 1, version: 0, seats: [], uploads: [] });
    t += 2999;
    expect(watch.silent()).toBe(false);
    t += 1;
    expect(watch.silent()).toBe(true);
    expect(watch.silentForMs()).toBe(3000);
  });
});

describe('the registry at the backup', () => {
  it('accepts the credentials the hub seats present there (never their hub ones), and forgets a seat the hub revoked', () => {
    const t = Date.parse('2026-11-20T20:00:00Z');
    const hubBook = new PairingBook(() => t);
    const paired = hubBook.pair(hubBook.newCode('operator').code, 'Desk A');
    const other = hubBook.pair(hubBook.newCode('observer').code, 'Desk B');
    if (!paired.ok || !other.ok) throw new Error('pairing failed');
    const backupBook = new PairingBook(() => t);
    // What the hub's beats carry: each hash made for the backup's certificate (follow-routes.ts).
    const handed = () =>
      hubBook
        .stored()
        .map((seat) => ({ ...seat, secretHash: backupSecretHash(seat.secretHash, backupPin) }));
    backupBook.adopt(handed());
    const atBackup = (credential: string) => credentialForBackup(credential, backupPin);
    expect(backupBook.check(atBackup(paired.credential))?.name).toBe('Desk A');
    expect(backupBook.check(paired.credential)).toBeNull();
    expect(backupBook.check(`${paired.seat.id}.wrong`)).toBeNull();
    hubBook.revoke(other.seat.id);
    backupBook.adopt(handed());
    expect(backupBook.check(atBackup(other.credential))).toBeNull();
    expect(backupBook.check(atBackup(paired.credential))?.name).toBe('Desk A');
  });
});

describe('following', () => {
  it('gives a backup the seat registry as hashes only, and runs no command of it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'onair-follow-'));
    const t = Date.parse('2026-11-20T20:00:00Z');
    const hub = await createStudioHub({ dataDir: dir, now: () => t, log: () => {} });
    const hosting = await hub.start('127.0.0.1', 0);
    const agent = pinnedAgent(hosting.fingerprint);
    const pair = (role: 'operator' | 'backup', seatName: string) =>
      pairSeat({
        url: hosting.url,
        fingerprint: hosting.fingerprint,
        code: hub.newPairingCode(role).code,
        seatName,
        secrets: memorySecrets(),
      });
    try {
      const operator = await pair('operator', 'Desk A');
      const backup = await pair('backup', 'Backup');
      const as = (credential: string) => ({ authorization: `Seat ${credential}` });
      // A seat that is not a backup may not follow; a backup may not run commands.
      const follow = await fetch(new URL('/studio/follow', hosting.url), {
        headers: as(operator.credential),
        dispatcher: agent,
      });
      expect(follow.status).toBe(403);
      await follow.body?.cancel();
      const rpc = await fetch(new URL('/rpc/channels.list', hosting.url), {
        method: 'POST',
        headers: { ...as(backup.credential), 'content-type': 'application/json' },
        body: '{"input":{}}',
        dispatcher: agent,
      });
      expect(rpc.status).toBe(403);
      // It announces its address first: the hashes it gets are made for that certificate.
      const announced = await fetch(new URL('/studio/backup', hosting.url), {
        method: 'POST',
        headers: { ...as(backup.credential), 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'https://127.0.0.2:7443/', fingerprint: backupPin }),
        dispatcher: agent,
      });
      expect(announced.status).toBe(200);
      await announced.body?.cancel();
      // The backup's first beat: the operator's hash, never its credential, never the backup.
      const beats = await fetch(new URL('/studio/follow', hosting.url), {
        headers: as(backup.credential),
        dispatcher: agent,
      });
      expect(beats.status).toBe(200);
      const reader = beats.body?.getReader();
      const chunk: ReadableStreamReadResult<Uint8Array> | undefined = await reader?.read();
      await reader?.cancel();
      const text = new TextDecoder().decode(chunk?.value);
      expect(text.startsWith('event: beat\n')).toBe(true);
      const beat = JSON.parse(text.split('data: ')[1] ?? '{}') as {
        seats: { name: string; secretHash: string }[];
      };
      expect(beat.seats.map((seat) => seat.name)).toEqual(['Desk A']);
      expect(beat.seats[0]?.secretHash).toMatch(/^[0-9a-f]{64}$/);
      expect(text).not.toContain(operator.credential.split('.')[1]);
      // In standby, a hub answers 503 to everyone, so no seat takes it for a revocation.
      hub.setStandby(true);
      const standby = await fetch(new URL('/studio/hello', hosting.url), {
        headers: as(operator.credential),
        dispatcher: agent,
      });
      expect(standby.status).toBe(503);
      await standby.body?.cancel();
    } finally {
      await agent.close();
      await hub.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a backup hub takes over', () => {
  it('serves the seat within 5 s of the hub dying, and no operation reaches the platform twice', async () => {
    const report = await runTakeoverDrill({ commandsBeforeKill: 3, commandsAfterKill: 6 });
    const byOutcome = (outcome: string) => report.commands.filter((c) => c.outcome === outcome);

    // The hub answered the first renames; one was in flight when it died.
    expect(report.commands.slice(0, 3).every((c) => c.outcome === 'ok' && c.by === 'hub')).toBe(
      true,
    );
    const inFlight = report.commands[3];
    expect(inFlight?.outcome).toBe('unknown');
    expect(inFlight?.errorKey).toBe('studio.errors.outcomeUnknown');
    // It reached the platform once (the hub died after the platform's answer), never again.
    expect(report.perTitle[inFlight?.title ?? '']).toBe(1);

    // The backup took over after 3 s of silence, within 5 s, and accepted commands in 5 s.
    expect(report.takenOverAt - report.lastBeatAt).toBeGreaterThanOrEqual(silenceBeforeTakeoverMs);
    expect(report.takenOverAt - report.killedAt).toBeLessThanOrEqual(takeoverWithinMs);
    expect(report.acceptedWithinMs).not.toBeNull();
    expect(report.acceptedWithinMs ?? Infinity).toBeLessThanOrEqual(takeoverWithinMs);
    expect(byOutcome('ok').filter((c) => c.by === 'backup').length).toBeGreaterThan(0);
    // Nothing was refused but for the hub being gone (nothing sent then).
    expect(byOutcome('refused')).toEqual([]);

    // No duplicates: each title reached the platform at most once, and the sandbox's own
    // count of renames is the wire's.
    expect(report.duplicates).toEqual([]);
    const wired = Object.values(report.perTitle).reduce((sum, count) => sum + count, 0);
    expect(report.renamesAtPlatform).toBe(wired);
    for (const command of report.commands) {
      const reached = report.perTitle[command.title] ?? 0;
      if (command.outcome === 'ok') expect(reached).toBe(1);
      if (command.outcome === 'not-sent') expect(reached).toBe(0);
    }
    // Its budget started as if the last minute were full: the platform never said 429.
    expect(report.throttled).toBe(0);
    // The page's watch, subscribed once at the hub, goes on with its id at the backup.
    expect(report.watchUpdatesBeforeKill).toBeGreaterThan(0);
    expect(report.watchUpdatesAfterTakeover).toBeGreaterThan(0);
  }, 60_000);
});

describe('files a seat queued at a hub that died', () => {
  it('are listed by the seat as staying on its machine, and queued again at the backup', async () => {
    const report = await runTakeoverDrill({
      commandsBeforeKill: 1,
      commandsAfterKill: 2,
      uploadBeforeKill: true,
    });
    const left = report.uploads?.leftBehind ?? [];
    expect(left).toHaveLength(1);
    expect(left[0]?.paths).toHaveLength(1);
    expect(left[0]?.paths[0]).toMatch(/drill-clip\.mp4$/);
    expect(left[0]?.target).toEqual({ kind: 'vod', title: 'Takeover drill clip' });
    // Queued again where the seat now is: the backup took it, and the seat lists it no more.
    expect(report.uploads?.requeuedOk).toBe(true);
    expect(report.uploads?.leftAfter).toBe(0);
    expect(report.duplicates).toEqual([]);
  }, 90_000);
});

describe('a hub that freezes with its sockets open', () => {
  it('answers the command stuck there "unknown: re-read" at the seat, which moves to the backup', async () => {
    const report = await runTakeoverDrill({
      commandsBeforeKill: 2,
      commandsAfterKill: 4,
      hubStops: 'freezes',
    });
    const stuck = report.commands[2];
    expect(report.commands.slice(0, 2).every((c) => c.outcome === 'ok' && c.by === 'hub')).toBe(
      true,
    );
    // The hub took it and the platform renamed once; its answer never came back.
    expect(stuck?.outcome).toBe('unknown');
    expect(stuck?.errorKey).toBe('studio.errors.outcomeUnknown');
    expect(report.perTitle[stuck?.title ?? '']).toBe(1);
    // It was given up when the seat moved to the backup: within the takeover's 5 s.
    expect((stuck?.answeredAt ?? Infinity) - report.killedAt).toBeLessThanOrEqual(
      takeoverWithinMs + 1000,
    );
    const after = report.commands.slice(3);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((c) => c.outcome === 'ok' && c.by === 'backup')).toBe(true);
    expect(report.duplicates).toEqual([]);
    expect(report.acceptedWithinMs ?? Infinity).toBeLessThanOrEqual(takeoverWithinMs);
  }, 90_000);
});

/** Waits (real time, bounded) until `done` holds; the clocks under test are injected. */
async function until(done: () => boolean, withinMs = 8000): Promise<void> {
  for (let waited = 0; !done(); waited += 50) {
    if (waited > withinMs) throw new Error('Not within the time allowed.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a hub that comes back after its backup took over', () => {
  it('is told by the backup that it serves, stands down, and answers seats 503', async () => {
    const hubDir = await mkdtemp(join(tmpdir(), 'onair-standdown-hub-'));
    const backupDir = await mkdtemp(join(tmpdir(), 'onair-standdown-backup-'));
    let t = Date.parse('2026-11-20T21:00:00Z');
    const now = () => t;
    const log: string[] = [];
    let hub = await createStudioHub({ dataDir: hubDir, now, log: () => {} });
    const hosting = await hub.start('127.0.0.1', 0);
    const port = Number(new URL(hosting.url).port);
    const backupHub = await createStudioHub({ dataDir: backupDir, now, log: () => {} });
    await backupHub.start('127.0.0.1', 0);
    const agent = pinnedAgent(hosting.fingerprint);
    const pair = (role: 'operator' | 'backup', seatName: string) =>
      pairSeat({
        url: hosting.url,
        fingerprint: hosting.fingerprint,
        code: hub.newPairingCode(role).code,
        seatName,
        secrets: memorySecrets(),
      });
    const hello = async (url: string, credential: string, fingerprint: string) => {
      const via = pinnedAgent(fingerprint);
      try {
        const response = await fetch(new URL('/studio/hello', url), {
          headers: { authorization: `Seat ${credential}` },
          dispatcher: via,
        });
        await response.body?.cancel();
        return response.status;
      } finally {
        await via.close();
      }
    };
    const operator = await pair('operator', 'Desk A');
    const backupSeat = await pair('backup', 'Backup');
    let seeded = 0;
    const follower = followHub({
      hubUrl: hosting.url,
      fingerprint: hosting.fingerprint,
      credential: backupSeat.credential,
      own: backupHub,
      seedBudget: () => (seeded += 1),
      now,
      log: (line) => log.push(line),
    });
    const backupAddress = backupHub.hostingAddress();
    try {
      if (!backupAddress) throw new Error('The backup does not listen.');
      await until(() => follower.state().phase === 'following' && follower.state().seats === 1);
      expect(backupHub.status().standing).toMatchObject({ phase: 'following', connected: true });
      // At the backup, the seat presents the credential made for its certificate.
      const atBackup = credentialForBackup(operator.credential, backupAddress.fingerprint);
      expect(await hello(backupAddress.url, atBackup, backupAddress.fingerprint)).toBe(503);

      // The hub dies; 3 s of silence on the backup's clock and it serves.
      await hub.stop();
      t += 3000;
      const takenOverAt = await follower.takenOver();
      expect(seeded).toBe(1);
      expect(await hello(backupAddress.url, atBackup, backupAddress.fingerprint)).toBe(200);
      expect(await hello(backupAddress.url, operator.credential, backupAddress.fingerprint)).toBe(
        401,
      );

      // The hub restarts on its address with its certificate and seats: before serving
      // anyone in parallel, it hears from the backup and stands down.
      hub = await createStudioHub({ dataDir: hubDir, now, log: () => {} });
      const again = await hub.start('127.0.0.1', port);
      expect(again.fingerprint).toBe(hosting.fingerprint);
      await until(() => hub.status().standing?.phase === 'standing-down');
      expect(hub.status().standing).toEqual({
        phase: 'standing-down',
        backupUrl: backupAddress.url,
        since: takenOverAt,
      });
      expect(await hello(hosting.url, operator.credential, hosting.fingerprint)).toBe(503);
      // The backup still serves, and says the hub stood down.
      expect(await hello(backupAddress.url, atBackup, backupAddress.fingerprint)).toBe(200);
      expect(await hello(backupAddress.url, operator.credential, backupAddress.fingerprint)).toBe(
        401,
      );
      await until(() => {
        const state = follower.state();
        return state.phase === 'serving' && state.hubStoodDownAt !== null;
      });
      expect(backupHub.status().standing).toMatchObject({ phase: 'serving', since: takenOverAt });
      expect(log.some((line) => line.includes('stood down'))).toBe(true);
    } finally {
      await follower.dispose();
      await agent.close();
      await hub.stop();
      await backupHub.stop();
      await rm(hubDir, { recursive: true, force: true });
      await rm(backupDir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('a seat paired just before the hub died', () => {
  it('is known to the backup: the hub answered its pairing only once the backup had its registry', async () => {
    const hubDir = await mkdtemp(join(tmpdir(), 'onair-lastpair-hub-'));
    const backupDir = await mkdtemp(join(tmpdir(), 'onair-lastpair-backup-'));
    let t = Date.parse('2026-11-20T21:00:00Z');
    const now = () => t;
    const hub = await createStudioHub({ dataDir: hubDir, now, log: () => {} });
    const hosting = await hub.start('127.0.0.1', 0);
    const backupHub = await createStudioHub({ dataDir: backupDir, now, log: () => {} });
    await backupHub.start('127.0.0.1', 0);
    const pair = (role: 'operator' | 'backup', seatName: string) =>
      pairSeat({
        url: hosting.url,
        fingerprint: hosting.fingerprint,
        code: hub.newPairingCode(role).code,
        seatName,
        secrets: memorySecrets(),
      });
    const backupSeat = await pair('backup', 'Backup');
    const follower = followHub({
      hubUrl: hosting.url,
      fingerprint: hosting.fingerprint,
      credential: backupSeat.credential,
      own: backupHub,
      seedBudget: () => undefined,
      now,
      log: () => {},
    });
    const backupAddress = backupHub.hostingAddress();
    try {
      if (!backupAddress) throw new Error('The backup does not listen.');
      await until(() => follower.state().phase === 'following' && hub.status().seats.length > 0);
      await until(() => {
        const state = follower.state();
        return state.phase === 'following' && state.connected;
      });
      // A seat pairs, and the hub dies right after its answer: no regular beat in between.
      const late = await pair('operator', 'Late desk');
      await hub.stop();
      t += silenceBeforeTakeoverMs;
      await follower.takenOver();
      const via = pinnedAgent(backupAddress.fingerprint);
      try {
        const response = await fetch(new URL('/studio/hello', backupAddress.url), {
          headers: {
            authorization: `Seat ${credentialForBackup(late.credential, backupAddress.fingerprint)}`,
          },
          dispatcher: via,
        });
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ ok: true, data: { seatName: 'Late desk' } });
      } finally {
        await via.close();
      }
    } finally {
      await follower.dispose();
      await hub.stop();
      await backupHub.stop();
      await rm(hubDir, { recursive: true, force: true });
      await rm(backupDir, { recursive: true, force: true });
    }
  }, 20_000);

  it('waits about 2 s for a silent backup once, then answers pairings at once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'onair-silentbackup-'));
    const t = Date.parse('2026-11-20T21:00:00Z');
    const hub = await createStudioHub({ dataDir: dir, now: () => t, log: () => {} });
    const hosting = await hub.start('127.0.0.1', 0);
    const agent = pinnedAgent(hosting.fingerprint);
    const pair = (seatName: string, role: 'operator' | 'backup' = 'operator') =>
      pairSeat({
        url: hosting.url,
        fingerprint: hosting.fingerprint,
        code: hub.newPairingCode(role).code,
        seatName,
        secrets: memorySecrets(),
      });
    try {
      const backup = await pair('Backup', 'backup');
      // A backup that follows but never acknowledges (a hung process with its stream open).
      const announced = await fetch(new URL('/studio/backup', hosting.url), {
        method: 'POST',
        headers: { authorization: `Seat ${backup.credential}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'https://127.0.0.2:7443/', fingerprint: backupPin }),
        dispatcher: agent,
      });
      expect(announced.status).toBe(200);
      await announced.body?.cancel();
      const beats = await fetch(new URL('/studio/follow', hosting.url), {
        headers: { authorization: `Seat ${backup.credential}` },
        dispatcher: agent,
      });
      expect(beats.status).toBe(200);
      const timed = async (seatName: string) => {
        const started = performance.now();
        await pair(seatName);
        return performance.now() - started;
      };
      // The first pairing waits for it (about 2 s), the next ones no more.
      expect(await timed('Desk A')).toBeGreaterThanOrEqual(1900);
      expect(await timed('Desk B')).toBeLessThan(1500);
      // An operator seat may not acknowledge in a backup's place.
      const desk = await pair('Desk C');
      const forged = await fetch(new URL('/studio/ack', hosting.url), {
        method: 'POST',
        headers: { authorization: `Seat ${desk.credential}`, 'content-type': 'application/json' },
        body: JSON.stringify({ version: 99 }),
        dispatcher: agent,
      });
      expect(forged.status).toBe(403);
      await forged.body?.cancel();
      await beats.body?.cancel();
    } finally {
      await hub.stop();
      await agent.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 20_000);
});
