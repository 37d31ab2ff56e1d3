/**
 * Nothing lost across a restart: the engine is closed in the middle of
 * a throttled upload, as when the app quits, and a new engine on the same data folder goes
 * on: tus from the upload host's offset (not from zero), byte-identical at the end. The queue
 * file holds no secret for the renderer, and a damaged one is set aside without stopping
 * anything.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadQueueSchema } from './upload-record';
import {
  fileSha256,
  itemOf,
  makeVideo,
  startRig,
  waitFor,
  type UploadRig,
} from './upload-test-support';

let rig: UploadRig;

beforeAll(async () => {
  rig = await startRig();
});

afterAll(async () => {
  await rig.close();
});

describe('restart', () => {
  it('resumes a tus upload from the server offset after the engine was closed mid-way', async () => {
    const file = join(rig.filesDir, 'keynote.mp4');
    // ~14 MB: more than the sockets' buffers hold (~4.4 MB here), so stopping it mid-way leaves
    // a real remainder to resume rather than a file already all on its way.
    await makeVideo(file, 10, true);
    const first = await rig.open();
    rig.sandbox.uploads.setThrottle(500_000);
    const result = await first.enqueue([file], { kind: 'program-media' });
    const id = first.list().items.find((i) => i.batchId === result.batchId)?.id ?? '';
    await waitFor(() => rig.sandbox.uploads.receivedBytes() > 1_000_000);
    await first.dispose(); // the app quits mid-upload

    const saved = uploadQueueSchema.parse(JSON.parse(await readFile(first.queueFile, 'utf8')));
    const record = saved.items.find((r) => r.id === id);
    expect(record).toMatchObject({ state: 'uploading', protocol: 'tus' });
    expect(record?.location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);

    rig.sandbox.uploads.setThrottle(null);
    // Bytes already in the socket when the engine closed still land: wait until they did.
    let last = -1;
    const atReopen = await waitFor(async () => {
      const now = rig.sandbox.uploads.receivedBytes();
      const stable = now === last;
      last = now;
      await new Promise((resolve) => setTimeout(resolve, 200));
      return stable ? now : null;
    });
    const second = await rig.open();
    const done = await waitFor(() => {
      const item = itemOf(second, id);
      return item.state === 'done' || item.state === 'needs-attention' ? item : null;
    });
    expect(done.state).toBe('done');
    expect(done.note).toMatch(/^Resumed from the upload host's offset: /);
    // The queue file is written just after the state changes in memory: wait for it.
    const after = await waitFor(async () => {
      const file = uploadQueueSchema.parse(JSON.parse(await readFile(second.queueFile, 'utf8')));
      return file.items.find((r) => r.id === id && r.state === 'done') ?? null;
    });
    const resumedFrom = after.resumedFromBytes ?? 0;
    expect(resumedFrom).toBeGreaterThan(1_000_000);
    // The second engine sent only what the host did not hold.
    expect(rig.sandbox.uploads.receivedBytes() - atReopen).toBe(done.sizeBytes - resumedFrom);
    const stored = rig.sandbox.uploads.stored(done.uploadFileKey ?? '');
    expect(stored?.sha256).toBe(await fileSha256(file));
    // The renderer's view carries no URL or location.
    expect(JSON.stringify(second.list())).not.toMatch(/https?:\/\//);
    await second.dispose();
  });

  it('sets a damaged queue file aside with a notice and starts with an empty queue', async () => {
    const dataDir = rig.dataDir;
    await writeFile(join(dataDir, 'uploads-sandbox.json'), '{ "version": 1, "items": [ broken');
    const before = rig.notices.length;
    const engine = await rig.open();
    expect(engine.list().items).toEqual([]);
    expect(rig.notices.slice(before).map((n) => n.message)).toEqual([
      expect.stringMatching(
        /upload queue file was damaged .* set aside as uploads-sandbox\.json\.corrupt-/,
      ),
    ]);
    expect(
      (await readdir(dataDir)).some((name) => name.startsWith('uploads-sandbox.json.corrupt-')),
    ).toBe(true);
    await engine.dispose();
  });
});
