/**
 * Enqueueing: what the operator drops is checked on this workstation before anything is
 * sent: type by content (not by name), folders walked, empty and unreadable files refused in
 * plain words, and a drop of 2,000 files queued in one go. Against the sandbox platform;
 * concurrency 1 and a paused queue keep the platform out of it where it does not matter.
 */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLiveAccountWorkspace } from '../workspaces/workspace';
import { UploadEngine } from './upload-engine';
import { workspaceUploadPlatform } from './upload-platform';
import { startRig, testAccount, tinyPng, type UploadRig } from './upload-test-support';

let rig: UploadRig;
let engine: UploadEngine;

/** Random bytes behind an MP4 `ftyp` box: a video by its content. */
function mp4Like(size: number): Buffer {
  const data = Buffer.alloc(size, 7);
  data.writeUInt32BE(24, 0);
  data.write('ftypisom', 4, 'latin1');
  return data;
}

beforeAll(async () => {
  rig = await startRig();
  engine = await rig.open();
  engine.setConcurrency(1);
});

afterAll(async () => {
  await rig.close();
});

describe('upload.enqueue', () => {
  it('takes files by their content, not their name, and says why it refuses the others', async () => {
    const dir = join(rig.filesDir, 'mixed');
    await mkdir(dir);
    await writeFile(join(dir, 'real-video.bin'), mp4Like(4096)); // a video, whatever its name
    await writeFile(join(dir, 'picture.mp4'), tinyPng); // an image named like a video
    await writeFile(join(dir, 'notes.mov'), 'not a video at all, just text\n');
    await writeFile(join(dir, 'empty.mp4'), '');
    const result = await engine.enqueue(
      ['real-video.bin', 'picture.mp4', 'notes.mov', 'empty.mp4', 'missing.mp4'].map((n) =>
        join(dir, n),
      ),
      { kind: 'program-media' },
    );
    const reasons = Object.fromEntries(
      result.refused.map((r) => [r.path.slice(dir.length + 1), r.reason]),
    );
    expect(result.added).toBe(1);
    expect(reasons['picture.mp4']).toMatch(/^Not a video .*: it is a PNG image\.$/);
    expect(reasons['notes.mov']).toMatch(/no format OnAir Desk knows/);
    expect(reasons['empty.mp4']).toBe('The file is empty.');
    expect(reasons['missing.mp4']).toMatch(/does not exist/);
    const item = engine.list().items.find((i) => i.batchId === result.batchId);
    expect(item).toMatchObject({ name: 'real-video.bin', kind: 'program-media', sizeBytes: 4096 });
    engine.cancel(item ? [item.id] : []);
  });

  it('takes images only as waiting screens, and audio only as VOD', async () => {
    const dir = join(rig.filesDir, 'kinds');
    await mkdir(dir);
    const png = join(dir, 'slate.png');
    const mp3 = join(dir, 'voice.mp3');
    await writeFile(png, tinyPng);
    await writeFile(
      mp3,
      Buffer.concat([Buffer.from('ID3\x04\x00\x00', 'latin1'), Buffer.alloc(500)]),
    );
    const screens = await engine.enqueue([png, mp3], { kind: 'waiting-screen' });
    expect(screens.added).toBe(1);
    expect(screens.refused).toMatchObject([
      {
        path: mp3,
        reason: expect.stringMatching(/^Not an image .*: it is an MP3 audio\.$/) as unknown,
      },
    ]);
    const program = await engine.enqueue([mp3], { kind: 'program-media' });
    expect(program.refused[0]?.reason).toMatch(/^Not a video/);
    engine.pause();
    const vod = await engine.enqueue([mp3], { kind: 'vod' });
    expect(vod.added).toBe(1);
    engine.cancel();
    engine.clearFinished();
  });

  it('walks folders, skips hidden files, refuses unreadable ones and what is already queued', async () => {
    const dir = join(rig.filesDir, 'show');
    await mkdir(join(dir, 'act 1', 'b-roll'), { recursive: true });
    await mkdir(join(dir, '.cache'));
    await writeFile(join(dir, 'act 1', 'opening.mp4'), mp4Like(2048));
    await writeFile(join(dir, 'act 1', 'b-roll', 'crowd.mp4'), mp4Like(2048));
    await writeFile(join(dir, 'closing.mp4'), mp4Like(2048));
    await writeFile(join(dir, '.DS_Store'), 'junk');
    await writeFile(join(dir, '.cache', 'thumb.mp4'), mp4Like(2048));
    const locked = join(dir, 'locked.mp4');
    await writeFile(locked, mp4Like(2048));
    await chmod(locked, 0o000);
    engine.pause();
    const result = await engine.enqueue([dir], { kind: 'program-media' });
    const names = engine
      .list()
      .items.filter((i) => i.batchId === result.batchId)
      .map((i) => i.name);
    const root = process.getuid?.() === 0; // root reads anything
    expect(names.sort()).toEqual(
      ['closing.mp4', 'crowd.mp4', 'opening.mp4', ...(root ? ['locked.mp4'] : [])].sort(),
    );
    if (!root)
      expect(result.refused).toMatchObject([
        { path: locked, reason: 'OnAir Desk may not read this file.' },
      ]);
    const again = await engine.enqueue([join(dir, 'closing.mp4')], { kind: 'program-media' });
    expect(again.refused).toEqual([
      {
        path: join(dir, 'closing.mp4'),
        reason: 'Already in the upload queue.',
        // The renderer shows the same refusal in the operator's language.
        text: { key: 'uploadProblem.alreadyQueued' },
      },
    ]);
    engine.cancel();
    engine.clearFinished();
  });

  it('queues a drop of 2,000 files in one go, without a platform call per file', async () => {
    const dir = join(rig.filesDir, 'many');
    await mkdir(dir);
    const file = mp4Like(1024);
    await Promise.all(
      Array.from({ length: 2000 }, (_, i) =>
        writeFile(join(dir, `clip-${String(i).padStart(4, '0')}.mp4`), file),
      ),
    );
    const before = rig.workspace.liveScheduler.state().callsLastMinute;
    const result = await engine.enqueue([dir], { kind: 'program-media' });
    engine.pause();
    expect(result.added).toBe(2000);
    expect(result.refused).toEqual([]);
    const { items, summary } = engine.list();
    expect(items.filter((i) => i.batchId === result.batchId)).toHaveLength(2000);
    expect(summary.totalBytes).toBeGreaterThanOrEqual(2000 * 1024);
    // At most the one file that took the single free slot asked for a URL.
    expect(rig.workspace.liveScheduler.state().callsLastMinute - before).toBeLessThanOrEqual(1);
    engine.cancel();
    expect(engine.clearFinished().changed).toBe(2000);
  });

  it('refuses VOD uploads in a workspace without a VOD account (live-only), as not available', async () => {
    const live = openLiveAccountWorkspace({
      id: 'acc-live-only',
      name: 'Live only',
      baseUrl: rig.sandbox.info.live_base_url,
      serviceAccountKey: rig.sandbox.info.service_account_key,
      token: () => Promise.resolve(rig.sandbox.info.tokens.super_admin),
    });
    const liveEngine = await UploadEngine.open({
      dataDir: rig.dataDir,
      workspaceId: 'acc-live-only',
      platform: workspaceUploadPlatform(testAccount(live)),
      onChange: () => undefined,
      notify: () => undefined,
      log: () => undefined,
    });
    try {
      const file = join(rig.filesDir, 'vod.mp4');
      await writeFile(file, mp4Like(4096));
      const result = await liveEngine.enqueue([file], { kind: 'vod' });
      expect(result.added).toBe(0);
      expect(result.refused[0]?.reason).toMatch(/no VOD account.*not available/);
    } finally {
      await liveEngine.dispose();
      await live.dispose();
    }
  });
});
