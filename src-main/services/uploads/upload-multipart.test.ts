/**
 * The real upload host's protocol (docs/platform-facts.md: one `multipart/form-data`
 * POST, no tus), served by the sandbox in multipart mode: the engine detects it by asking the
 * URL (`OPTIONS` without tus headers), streams the file, and after a restart or a dropped
 * connection starts the file again, cleanly, with a new one-time URL, saying so.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadQueueSchema } from './upload-record';
import {
  fileSha256,
  itemOf,
  makeVideo,
  settle,
  startRig,
  waitFor,
  type UploadRig,
} from './upload-test-support';

let rig: UploadRig;

beforeAll(async () => {
  rig = await startRig({ uploadMode: 'multipart' });
});

afterAll(async () => {
  await rig.close();
});

describe('uploads over multipart', () => {
  it('detects multipart and uploads program media and VOD byte-identical', async () => {
    const engine = await rig.open();
    const files = [join(rig.filesDir, 'a.mp4'), join(rig.filesDir, 'b.mp4')];
    await Promise.all(files.map((f, i) => makeVideo(f, i + 1)));
    const program = await engine.enqueue(files, { kind: 'program-media' });
    const vod = await engine.enqueue([files[0] ?? ''], { kind: 'vod' });
    const ticker = setInterval(() => rig.sandbox.clock.advance(5_000), 50);
    try {
      await settle(engine);
    } finally {
      clearInterval(ticker);
    }
    const items = engine
      .list()
      .items.filter((i) => i.batchId === program.batchId || i.batchId === vod.batchId);
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(item).toMatchObject({ state: 'done', protocol: 'multipart', problem: null });
      const stored = rig.sandbox.uploads.stored(item.uploadFileKey ?? '');
      expect(stored?.sha256).toBe(await fileSha256(item.path));
    }
    await engine.dispose();
  });

  it('starts a multipart upload cut by a restart again from the beginning, with a new URL', async () => {
    const file = join(rig.filesDir, 'interview.mp4');
    // ~23 MB: far more than the sockets can hold. A file the kernel's send and receive buffers
    // take whole (a 3 s clip, 4.3 MB, failed in CI) is all on its way when the engine closes,
    // and a socket closed gracefully still delivers it: the host completes the "cut" upload.
    await makeVideo(file, 16, true);
    const first = await rig.open();
    rig.sandbox.uploads.setThrottle(500_000);
    const result = await first.enqueue([file], { kind: 'program-media' });
    const id = first.list().items.find((i) => i.batchId === result.batchId)?.id ?? '';
    await waitFor(() => rig.sandbox.uploads.receivedBytes() > 500_000);
    const usedKey = itemOf(first, id).uploadFileKey;
    await first.dispose();
    const saved = uploadQueueSchema.parse(JSON.parse(await readFile(first.queueFile, 'utf8')));
    expect(saved.items.find((r) => r.id === id)).toMatchObject({
      state: 'uploading',
      protocol: 'multipart',
      url: { usedAt: expect.any(String) as unknown },
    });

    rig.sandbox.uploads.setThrottle(null);
    const second = await rig.open();
    const done = await waitFor(() => {
      const item = itemOf(second, id);
      return item.state === 'done' || item.state === 'needs-attention' ? item : null;
    });
    expect(done.state).toBe('done');
    expect(done.note).toBe(
      'A multipart upload cannot resume: it started again from the beginning with a new one-time URL.',
    );
    expect(done.uploadFileKey).not.toBe(usedKey);
    expect(rig.sandbox.uploads.stored(done.uploadFileKey ?? '')?.sha256).toBe(
      await fileSha256(file),
    );
    expect(rig.sandbox.uploads.stored(usedKey ?? '')).toBeUndefined();
    await second.dispose();
  });

  it('does not send a file again when the host completed it as the app closed', async () => {
    const file = join(rig.filesDir, 'closing-titles.mp4');
    await makeVideo(file, 2, true);
    const first = await rig.open();
    const result = await first.enqueue([file], { kind: 'vod' });
    const id = first.list().items.find((i) => i.batchId === result.batchId)?.id ?? '';
    const sent = await waitFor(() => {
      const item = itemOf(first, id);
      return item.state === 'processing' || item.state === 'done' ? item : null;
    });
    await first.dispose();
    // The app closed while the last bytes were on their way and never saw the host's answer:
    // its queue file still says "uploading", with the URL it had started.
    const saved = uploadQueueSchema.parse(JSON.parse(await readFile(first.queueFile, 'utf8')));
    const record = saved.items.find((r) => r.id === id);
    if (!record) throw new Error('record missing');
    Object.assign(record, {
      state: 'uploading',
      phase: 'sending',
      sentBytes: Math.floor(record.sizeBytes / 2),
      transcodingPercent: null,
      note: null,
      noteText: null,
      finishedAt: null,
    });
    await writeFile(first.queueFile, JSON.stringify(saved));
    const receivedBefore = rig.sandbox.uploads.receivedBytes();

    const second = await rig.open();
    const after = await waitFor(() => {
      const item = itemOf(second, id);
      return ['processing', 'done', 'needs-attention'].includes(item.state) ? item : null;
    });
    expect(after).toMatchObject({ state: expect.stringMatching(/^(processing|done)$/) as unknown });
    expect(after.note).toBe(
      'The upload host had received the whole file before the upload broke off: it was not sent again.',
    );
    expect(after.uploadFileKey).toBe(sent.uploadFileKey);
    expect(rig.sandbox.uploads.receivedBytes()).toBe(receivedBefore);
    await second.dispose();
  });

  it('retries a dropped connection with a new URL and completes', async () => {
    const engine = await rig.open();
    const file = join(rig.filesDir, 'dropped.mp4');
    await makeVideo(file, 2, true);
    rig.sandbox.uploads.setFaults({ dropAfterBytes: 600_000 });
    const result = await engine.enqueue([file], { kind: 'program-media' });
    const id = engine.list().items.find((i) => i.batchId === result.batchId)?.id ?? '';
    const done = await waitFor(() => {
      const item = itemOf(engine, id);
      return item.state === 'done' || item.state === 'needs-attention' ? item : null;
    });
    expect(done).toMatchObject({ state: 'done', protocol: 'multipart' });
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    expect(rig.sandbox.uploads.stored(done.uploadFileKey ?? '')?.sha256).toBe(
      await fileSha256(file),
    );
    await engine.dispose();
  });
});
