/**
 * A seat's files reach the hub over the studio link (seat-files.ts): the hub and the seat
 * each have their own data folder, the seat's file lives only in the seat's, and once the
 * seat's `upload.enqueue` is answered its file is removed from the seat's folder, so only
 * the hub's copy can be uploaded. Loopback TLS and the sandbox's upload host only.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../shared/result';
import type { StudioHosting } from '../../shared/studio-model';
import type { EnqueueResult, UploadSnapshot } from '../../shared/uploads';
import { memorySecrets, startTestCore, type TestCore } from '../app/test-support';
import { fastTuning, fileSha256, makeVideo, waitFor } from '../uploads/upload-test-support';
import { createStudioHub, type StudioHub } from './hub';
import { pairSeat, pinnedAgent, seatCore, type SeatCore } from './seat';
import { openTestSeat } from './testing/studio-test-support';

let rig: TestCore;
let hub: StudioHub;
let hosting: StudioHosting;
let hubDir: string;
let seatDir: string;
const secrets = memorySecrets();
const seats: SeatCore[] = [];
const ctx = { clientId: 'seat-page-files' };

beforeAll(async () => {
  rig = await startTestCore({ seed: 7, uploadTuning: fastTuning });
  hubDir = await mkdtemp(join(tmpdir(), 'onair-hub-files-'));
  seatDir = await mkdtemp(join(tmpdir(), 'onair-seat-files-'));
  hub = await createStudioHub({ dataDir: hubDir, now: Date.now, log: () => undefined });
  hub.attach(rig.core);
  hosting = await hub.start('127.0.0.1', 0);
});

afterAll(async () => {
  for (const seat of seats) await seat.dispose();
  await hub.stop();
  await rig.close();
  await rm(hubDir, { recursive: true, force: true });
  await rm(seatDir, { recursive: true, force: true });
});

async function joinSeat(name: string, role: 'operator' | 'observer'): Promise<SeatCore> {
  const seat = await openTestSeat({
    hosting,
    code: hub.newPairingCode(role).code,
    seatName: name,
    secrets,
  });
  seats.push(seat);
  return seat;
}

describe('a seat queues a file that exists only on its machine', () => {
  it('streams it to the hub, which uploads its own copy to the platform', async () => {
    const seat = await joinSeat('Uploads', 'operator');
    const own = join(seatDir, 'seat-only clip.mp4');
    await makeVideo(own, 2);
    const sha = await fileSha256(own);
    const answer = (await seat.invoke(
      'upload.enqueue',
      { paths: [own], target: { kind: 'vod', title: 'From the seat' } },
      ctx,
    )) as Result<EnqueueResult>;
    expect(answer).toMatchObject({ ok: true, data: { added: 1, refused: [] } });
    // Gone from the seat's folder: the hub's queue must not read the seat's path.
    await rm(own);

    let seen = '';
    const done = await waitFor(
      async () => {
        const list = (await seat.invoke('upload.list', {}, ctx)) as Result<UploadSnapshot>;
        const item = list.ok ? list.data.items.find((i) => i.name === 'seat-only clip.mp4') : null;
        seen = JSON.stringify(item ?? list);
        // Every byte sent: the platform transcodes it next (processing), then it is done.
        return item && ['processing', 'done', 'needs-attention'].includes(item.state) ? item : null;
      },
      30_000,
      () => seen,
    );
    expect(done.problem).toBeNull();
    expect(['processing', 'done']).toContain(done.state);
    expect(done.sentBytes).toBe(done.sizeBytes);
    // The queue names the hub's copy, in the hub's data folder, in a folder of this seat.
    expect(done.path.startsWith(join(hubDir, 'dropped'))).toBe(true);
    expect(done.path).toMatch(/-seat-[0-9a-f]+[\\/]seat-only clip\.mp4$/);
    expect(rig.sandbox.uploads.stored(done.uploadFileKey ?? '')?.sha256).toBe(sha);
  }, 60_000);

  it('refuses the same file queued twice while it is still on its way, with the seat’s path', async () => {
    const seat = await joinSeat('Uploads twice', 'operator');
    const own = join(seatDir, 'twice.mp4');
    await makeVideo(own, 1);
    rig.sandbox.uploads.setThrottle(1000);
    try {
      const input = { paths: [own], target: { kind: 'vod', title: 'Twice' } };
      const first = (await seat.invoke('upload.enqueue', input, ctx)) as Result<EnqueueResult>;
      expect(first).toMatchObject({ ok: true, data: { added: 1 } });
      const second = (await seat.invoke('upload.enqueue', input, ctx)) as Result<EnqueueResult>;
      if (!second.ok) throw new Error(second.error.message);
      expect(second.data.added).toBe(0);
      expect(second.data.refused).toEqual([
        expect.objectContaining({ path: own, text: { key: 'uploadProblem.alreadyQueued' } }),
      ]);
    } finally {
      rig.sandbox.uploads.setThrottle(null);
    }
  }, 30_000);

  it('answers refusals with the seat’s own paths', async () => {
    const seat = await joinSeat('Uploads 2', 'operator');
    const own = join(seatDir, 'notes.txt');
    await writeFile(own, 'not a video');
    const missing = join(seatDir, 'never-there.mp4');
    const answer = (await seat.invoke(
      'upload.enqueue',
      { paths: [own, missing], target: { kind: 'vod' } },
      ctx,
    )) as Result<EnqueueResult>;
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.data.added).toBe(0);
    expect(answer.data.refused.map((r) => r.path).sort()).toEqual([missing, own].sort());
    expect(answer.data.refused.find((r) => r.path === missing)?.text?.key).toBe(
      'studio.errors.fileNotCopied',
    );
  });
});

describe('PUT /studio/files', () => {
  it('refuses a request without a credential (401) and an observer seat (403)', async () => {
    const agent = pinnedAgent(hosting.fingerprint);
    const put = async (authorization?: string) => {
      const answer = await request(new URL('/studio/files?name=x.mp4', hosting.url), {
        method: 'PUT',
        headers: {
          'content-type': 'application/octet-stream',
          ...(authorization ? { authorization } : {}),
        },
        body: Buffer.alloc(10, 1),
        dispatcher: agent,
      });
      await answer.body.dump();
      return answer.statusCode;
    };
    expect(await put()).toBe(401);
    const observer = await pairSeat({
      url: hosting.url,
      fingerprint: hosting.fingerprint,
      code: hub.newPairingCode('observer').code,
      seatName: 'Watcher',
      secrets,
    });
    expect(await put(`Seat ${observer.credential}`)).toBe(403);
    await agent.close();
    // Nothing was kept for them.
    const kept = await readdir(join(hubDir, 'dropped')).catch(() => [] as string[]);
    expect(kept.every((name) => !name.includes(observer.seatName))).toBe(true);
  });

  it('tells the operator in words when the hub cannot keep the copy', async () => {
    const brokenDir = await mkdtemp(join(tmpdir(), 'onair-hub-broken-'));
    // The spool folder's place is taken by a file: the hub's disk refuses every copy.
    await writeFile(join(brokenDir, 'taken'), 'a file, not a folder');
    const other = await createStudioHub({
      dataDir: brokenDir,
      now: Date.now,
      log: () => undefined,
      spoolDir: join(brokenDir, 'taken'),
    });
    other.attach(rig.core);
    const there = await other.start('127.0.0.1', 0);
    const paired = await pairSeat({
      url: there.url,
      fingerprint: there.fingerprint,
      code: other.newPairingCode('operator').code,
      seatName: 'Uploads 3',
      secrets,
    });
    const seat = seatCore({ hubUrl: there.url, fingerprint: there.fingerprint, ...paired });
    seats.push(seat);
    const own = join(seatDir, 'refused.mp4');
    await makeVideo(own, 1);
    const answer = (await seat.invoke(
      'upload.enqueue',
      { paths: [own], target: { kind: 'vod' } },
      ctx,
    )) as Result<EnqueueResult>;
    await other.stop();
    await rm(brokenDir, { recursive: true, force: true });
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.data.added).toBe(0);
    const refused = answer.data.refused[0];
    expect(refused?.path).toBe(own);
    expect(refused?.text?.key).toBe('studio.errors.fileNotCopied');
    expect(refused?.reason).toMatch(/^The studio hub could not keep a copy of “refused\.mp4” \(/);
  }, 30_000);
});
