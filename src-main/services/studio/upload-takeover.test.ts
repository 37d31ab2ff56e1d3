/**
 * A seat's upload goes on at the backup from the server's offset (docs/dev/architecture.md, "The
 * takeover protocol", item 9; services/uploads/upload-handover.ts). A hub, its backup and an
 * operator seat, each with its own data folder, on a sandbox over loopback: the seat queues
 * a file that lives only in its own folder, the hub dies once part of it reached the
 * sandbox's tus server, and the seat queues it again at the backup. The backup goes on with
 * the hub's tus upload (its one-time URL came with the hub's heartbeat): the sandbox receives
 * the file's bytes once, the rest after the takeover is the size less the offset at the
 * takeover, and no second one-time upload URL is asked for. With the upload host speaking
 * multipart, which cannot resume, the file starts anew at the backup and its note says so.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import type { Result } from '../../shared/result';
import type { StudioStatus } from '../../shared/studio-model';
import type { EnqueueResult, UploadItem, UploadSnapshot } from '../../shared/uploads';
import { createDeskCore, type DeskCoreWithPanels } from '../app/desk-core';
import { fastTestPacing, memorySecrets } from '../app/test-support';
import { uploadQueueSchema } from '../uploads/upload-record';
import { fastTuning, fileSha256, makeVideo, waitFor } from '../uploads/upload-test-support';
import { openSandboxWorkspace } from '../workspaces/workspace';
import { followHub, type BackupFollower } from './backup';
import { failoverSeatCore, type FailoverSeatCore } from './failover-seat';
import { createStudioHub } from './hub';
import { pairSeat } from './seat';

const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** A desk on the sandbox in `dataDir`, sending tus in small chunks (a kill stops it mid-way). */
async function desk(sandbox: SandboxHandle, dataDir: string): Promise<DeskCoreWithPanels> {
  await mkdir(dataDir, { recursive: true });
  const core = await createDeskCore({
    dataDir,
    secrets: memorySecrets(),
    openSandbox: () => openSandboxWorkspace({ sandboxInfo: sandbox.info, pacing: fastTestPacing }),
    workspaceOptions: { pacing: fastTestPacing },
    log: () => undefined,
    uploadTuning: { ...fastTuning, tusChunkBytes: 128 * 1024 },
  });
  cleanups.push(() => core.dispose());
  return core;
}

/** URL requests the sandbox answered for VOD uploads. */
const urlsAsked = (sandbox: SandboxHandle) => sandbox.served.asked().vod.createUploadUrl ?? 0;

/**
 * A sandbox (its upload host in `mode`), a hub, its backup and an operator seat; the seat
 * queues a file that lives only in its own folder, and the hub dies once part of it reached
 * the upload host. Answers what the test needs, with the bytes the host held at the takeover.
 */
async function killHubMidUpload(mode: 'tus' | 'multipart') {
  const sandbox = await startSandbox({ port: 0, rateLimit: false, seed: 7 });
  cleanups.push(() => sandbox.close());
  const root = await mkdtemp(join(tmpdir(), 'onair-upload-takeover-'));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  const hubCore = await desk(sandbox, join(root, 'hub'));
  const backupCore = await desk(sandbox, join(root, 'backup'));

  const hub = await createStudioHub({
    dataDir: join(root, 'hub'),
    now: Date.now,
    log: () => undefined,
  });
  hub.attach(hubCore);
  const hosting = await hub.start('127.0.0.1', 0);
  cleanups.push(() => hub.stop());

  const backupPaired = await pairSeat({
    url: hosting.url,
    fingerprint: hosting.fingerprint,
    code: hub.newPairingCode('backup').code,
    seatName: 'Backup',
    secrets: memorySecrets(),
  });
  const standby = await createStudioHub({
    dataDir: join(root, 'backup'),
    now: Date.now,
    log: () => undefined,
  });
  standby.attach(backupCore);
  const backupHosting = await standby.start('127.0.0.1', 0);
  cleanups.push(() => standby.stop());
  const follower = followHub({
    hubUrl: hosting.url,
    fingerprint: hosting.fingerprint,
    credential: backupPaired.credential,
    own: standby,
    seedBudget: () => backupCore.assumeFullMinute(),
    now: Date.now,
    log: () => undefined,
  });
  cleanups.push(() => follower.dispose());

  const paired = await pairSeat({
    url: hosting.url,
    fingerprint: hosting.fingerprint,
    code: hub.newPairingCode('operator').code,
    seatName: 'Uploads',
    secrets: memorySecrets(),
  });
  const seat = failoverSeatCore({
    hubUrl: hosting.url,
    fingerprint: hosting.fingerprint,
    credential: paired.credential,
    seatName: paired.seatName,
    role: paired.role,
  });
  cleanups.push(() => seat.dispose());
  await waitFor(() => seat.addresses().length === 2 && follower.state().seats > 0, 10_000);

  // The file lives only in the seat's folder.
  const seatDir = join(root, 'seat');
  await mkdir(seatDir);
  const file = join(seatDir, 'takeover clip.mp4');
  await makeVideo(file, 2, true);
  const sha = await fileSha256(file);
  const input = { paths: [file], target: { kind: 'vod' as const, title: 'Takeover clip' } };
  const ctx = { clientId: 'seat-page-takeover' };
  sandbox.uploads.setMode(mode);
  sandbox.uploads.setThrottle(400_000);
  // With a file the hub refuses (not a video): it is never listed as left behind.
  const notes = join(seatDir, 'notes.txt');
  await writeFile(notes, 'running order');
  const queued = (await seat.invoke(
    'upload.enqueue',
    { ...input, paths: [file, notes] },
    ctx,
  )) as Result<EnqueueResult>;
  expect(queued).toMatchObject({ ok: true, data: { added: 1, refused: [{ path: notes }] } });

  // Part of it reached the tus server, and a beat told the backup since.
  await waitFor(() => sandbox.uploads.receivedBytes() > 300_000, 20_000);
  await beatsHeard(follower, 2);
  // The hub dies: its studio server and its desk (the upload stops where it is).
  await hub.stop();
  await hubCore.dispose();
  // Bytes already on their way still land: the offset at the takeover is what the host holds.
  let last = -1;
  const atTakeover = await waitFor(async () => {
    const now = sandbox.uploads.receivedBytes();
    const stable = now === last;
    last = now;
    // Real time is the point: the bytes count as landed once 200 ms pass without a new one.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return stable ? now : null;
  }, 10_000);
  sandbox.uploads.setThrottle(null);
  return { sandbox, root, seat, follower, backupHosting, file, sha, input, ctx, atTakeover };
}

/**
 * Waits until the backup has heard `count` more of the hub's beats from now: the second
 * one left the hub after now, so it carries what the hub knew then (its uploads' offsets).
 */
async function beatsHeard(follower: BackupFollower, count: number): Promise<void> {
  const beatAt = () => {
    const state = follower.state();
    return state.phase === 'following' ? state.lastBeatAt : -1;
  };
  for (let heard = 0; heard < count; heard += 1) {
    const before = beatAt();
    await waitFor(
      () => beatAt() > before,
      10_000,
      () => 'for a beat of the hub',
    );
  }
}

/** Waits until the seat lists `name` with every byte sent (or needing attention). */
async function sentAt(seat: FailoverSeatCore, name: string, ctx: { clientId: string }) {
  let seen = '';
  return waitFor(
    async () => {
      const list = (await seat.invoke('upload.list', {}, ctx)) as Result<UploadSnapshot>;
      const item: UploadItem | undefined = list.ok
        ? list.data.items.find((i) => i.name === name)
        : undefined;
      seen = JSON.stringify(item ?? list);
      return item && ['processing', 'done', 'needs-attention'].includes(item.state) ? item : null;
    },
    20_000,
    () => seen,
  );
}

describe('a seat’s upload when the hub dies mid-way', () => {
  it('resumes at the backup from the server’s offset with the hub’s one-time URL', async () => {
    const { sandbox, root, seat, follower, backupHosting, file, sha, input, ctx, atTakeover } =
      await killHubMidUpload('tus');
    const urlsBefore = urlsAsked(sandbox);
    expect(urlsBefore).toBe(1);

    await follower.takenOver();
    await waitFor(() => seat.addresses()[0]?.fingerprint === backupHosting.fingerprint, 10_000);
    const status = (await seat.invoke('studio.status', {}, ctx)) as Result<StudioStatus>;
    expect(status.ok && status.data.uploadsLeftBehind?.[0]?.paths).toEqual([file]);

    const again = (await seat.invoke('upload.enqueue', input, ctx)) as Result<EnqueueResult>;
    expect(again).toMatchObject({ ok: true, data: { added: 1, refused: [] } });
    const sent = await sentAt(seat, 'takeover clip.mp4', ctx);
    expect(sent.problem).toBeNull();
    expect(sent.path.startsWith(join(root, 'backup', 'dropped'))).toBe(true);

    const queueFile = join(root, 'backup', 'uploads-sandbox.json');
    const record = await waitFor(async () => {
      const saved = uploadQueueSchema.parse(JSON.parse(await readFile(queueFile, 'utf8')));
      const found = saved.items.find((r) => r.id === sent.id);
      return found && found.resumedFromBytes !== null ? found : null;
    }, 5000);
    const resumedFrom = record.resumedFromBytes ?? 0;
    expect(record.noteText?.key).toBe('uploadNote.resumed');
    // The backup went on where the platform kept it: what the host held at the takeover.
    expect(resumedFrom).toBe(atTakeover);
    expect(resumedFrom).toBeGreaterThan(300_000);
    expect(resumedFrom).toBeLessThan(sent.sizeBytes);
    // The sandbox received the file's bytes once, and no second one-time upload URL was asked.
    expect(sandbox.uploads.receivedBytes() - atTakeover).toBe(sent.sizeBytes - resumedFrom);
    expect(urlsAsked(sandbox)).toBe(1);
    expect(sandbox.uploads.stored(sent.uploadFileKey ?? '')?.sha256).toBe(sha);
    // Queued again where the seat now is: it lists the file as left behind no more.
    const after = (await seat.invoke('studio.status', {}, ctx)) as Result<StudioStatus>;
    expect(after.ok && after.data.uploadsLeftBehind).toEqual([]);
  }, 60_000);

  it('starts a multipart upload anew at the backup, and says so', async () => {
    const { sandbox, seat, follower, backupHosting, sha, input, ctx, atTakeover } =
      await killHubMidUpload('multipart');
    expect(atTakeover).toBeGreaterThan(0);
    expect(urlsAsked(sandbox)).toBe(1);
    await follower.takenOver();
    await waitFor(() => seat.addresses()[0]?.fingerprint === backupHosting.fingerprint, 10_000);
    const again = (await seat.invoke('upload.enqueue', input, ctx)) as Result<EnqueueResult>;
    expect(again).toMatchObject({ ok: true, data: { added: 1, refused: [] } });
    const sent = await sentAt(seat, 'takeover clip.mp4', ctx);
    expect(sent.problem).toBeNull();
    expect(sent.noteText?.key).toBe('uploadNote.takenOverMultipart');
    expect(sent.note).toMatch(/cannot resume: it starts again from the beginning here/);
    // A used multipart URL is never reused: a new one, and the whole file again.
    expect(urlsAsked(sandbox)).toBe(2);
    expect(sandbox.uploads.receivedBytes() - atTakeover).toBe(sent.sizeBytes);
    expect(sandbox.uploads.stored(sent.uploadFileKey ?? '')?.sha256).toBe(sha);
  }, 60_000);
});
