/**
 * What goes wrong, and what the operator reads (what must hold): an expired or used
 * one-time URL, a file changed or vanished on disk, a full upload host, a dropped
 * connection. Each ends with a clear message and a next step, or recovers on its own, and
 * nothing leaves the queue. Against the sandbox platform and its upload host's faults.
 */
import { appendFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadItem } from '../../shared/uploads';
import { UploadEngine } from './upload-engine';
import {
  fileSha256,
  itemOf,
  makeVideo,
  startRig,
  waitFor,
  type UploadRig,
} from './upload-test-support';
import type { UploadPlatform } from './upload-platform';

let rig: UploadRig;
let engine: UploadEngine;

beforeAll(async () => {
  rig = await startRig();
  engine = await rig.open();
});

afterAll(async () => {
  await rig.close();
});

function settled(id: string): Promise<UploadItem> {
  return waitFor(
    () => {
      const item = itemOf(engine, id);
      return ['done', 'needs-attention', 'cancelled'].includes(item.state) ? item : null;
    },
    30_000,
    () => JSON.stringify(itemOf(engine, id)),
  );
}

async function enqueueOne(file: string): Promise<string> {
  const result = await engine.enqueue([file], { kind: 'program-media' });
  const item = engine.list().items.find((i) => i.batchId === result.batchId);
  if (!item) throw new Error(`not queued: ${JSON.stringify(result.refused)}`);
  return item.id;
}

async function expectIdentical(item: UploadItem): Promise<void> {
  const stored = rig.sandbox.uploads.stored(item.uploadFileKey ?? '');
  expect(stored?.sha256).toBe(await fileSha256(item.path));
}

/** Takes a one-time URL the way another client would: a tus creation POST. */
async function useUp(uploadUrl: string): Promise<void> {
  const response = await fetch(uploadUrl, {
    method: 'POST',
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Length': '100',
      'Upload-Metadata': `filename ${Buffer.from('other.mp4').toString('base64')}`,
    },
  });
  expect(response.status).toBe(201);
}

/** The rig's real platform, with `after` run on each new one-time URL before the engine has it. */
function platformWith(after: (url: { uploadUrl: string }) => Promise<void>): UploadPlatform {
  return {
    ...rig.platform,
    createUrl: async (file, signal) => {
      const url = await rig.platform.createUrl(file, signal);
      await after(url);
      return url;
    },
  };
}

describe('upload faults', () => {
  it('replaces a one-time URL that expired before it was used, once, and says so', async () => {
    await engine.dispose();
    let first = true;
    engine = await UploadEngine.open({
      dataDir: rig.dataDir,
      workspaceId: 'sandbox',
      platform: platformWith(async () => {
        // The file waited in the queue past its URL's expiry (platform time: 6 h).
        if (first) rig.sandbox.clock.advance(7 * 3_600_000);
        first = false;
        await Promise.resolve();
      }),
      onChange: () => undefined,
      notify: () => undefined,
      log: () => undefined,
      tuning: { backoff: { firstMs: 100, capMs: 400, maxFailures: 6 } },
    });
    const file = join(rig.filesDir, 'late.mp4');
    await makeVideo(file, 1);
    const item = await settled(await enqueueOne(file));
    expect(item.state).toBe('done');
    expect(item.note).toMatch(/one-time URL .*a new one was requested\.$/);
    await expectIdentical(item);
  });

  it('stops with a next step when the new URL is refused as well (used by someone else)', async () => {
    await engine.dispose();
    engine = await UploadEngine.open({
      dataDir: rig.dataDir,
      workspaceId: 'sandbox',
      platform: platformWith((url) => useUp(url.uploadUrl)),
      onChange: () => undefined,
      notify: () => undefined,
      log: () => undefined,
    });
    const file = join(rig.filesDir, 'contested.mp4');
    await makeVideo(file, 1);
    const item = await settled(await enqueueOne(file));
    expect(item.state).toBe('needs-attention');
    expect(item.problem).toMatchObject({
      code: 'url-used',
      nextStep: expect.stringMatching(/Retry/) as unknown,
    });
    expect(item.note).toMatch(/a new one was requested/);
    // Retry with a platform that hands out fresh URLs: it goes through, nothing was lost.
    await engine.dispose();
    engine = await rig.open();
    expect(engine.retry([item.id]).changed).toBe(1);
    const retried = await settled(item.id);
    expect(retried.state).toBe('done');
    await expectIdentical(retried);
  });

  it('flags a file that changed or vanished on disk since it was queued, and sends nothing', async () => {
    const changed = join(rig.filesDir, 'edited.mp4');
    const vanished = join(rig.filesDir, 'moved.mp4');
    await makeVideo(changed, 1);
    await makeVideo(vanished, 1);
    const result = await engine.enqueue([changed, vanished], { kind: 'program-media' });
    const ids = engine
      .list()
      .items.filter((i) => i.batchId === result.batchId)
      .map((i) => i.id);
    expect(engine.pause(ids).changed).toBe(2); // before any byte or URL
    await appendFile(changed, Buffer.alloc(10));
    await rm(vanished);
    engine.resume(ids);
    const [a, b] = await Promise.all(ids.map(settled));
    expect(a?.problem).toMatchObject({
      code: 'file-changed',
      nextStep: expect.stringMatching(/drop it again/) as unknown,
    });
    expect(b?.problem).toMatchObject({
      code: 'file-missing',
      nextStep: expect.stringMatching(/Put it back/) as unknown,
    });
    expect([a?.uploadFileKey, b?.uploadFileKey]).toEqual([null, null]); // no URL was taken
    await waitFor(() =>
      rig.notices.find((n) => /need attention in Uploads|needs attention/.test(n.message)),
    );
  });

  it('stops on a full upload host with a next step, and goes on after Retry', async () => {
    const file = join(rig.filesDir, 'full.mp4');
    await makeVideo(file, 1);
    rig.sandbox.uploads.setFaults({ storageFull: true });
    let id: string;
    try {
      id = await enqueueOne(file);
      const item = await settled(id);
      expect(item.state).toBe('needs-attention');
      expect(item.problem).toMatchObject({
        code: 'storage-full',
        nextStep: expect.stringMatching(/Free space .* then press Retry/) as unknown,
      });
    } finally {
      rig.sandbox.uploads.setFaults({ storageFull: false });
    }
    expect(engine.retry([id]).changed).toBe(1);
    const done = await settled(id);
    expect(done.state).toBe('done');
    await expectIdentical(done);
  });

  it('retries a dropped connection with backoff and resumes where the host stopped', async () => {
    const file = join(rig.filesDir, 'dropped.mp4');
    await makeVideo(file, 2, true);
    rig.sandbox.uploads.setFaults({ dropAfterBytes: 700_000 });
    const before = rig.changes.length;
    const id = await enqueueOne(file);
    const done = await settled(id);
    const states = rig.changes
      .slice(before)
      .flatMap((c) => c.items.filter((i) => i.id === id).map((i) => i.state));
    expect(states).toContain('retrying');
    expect(done.state).toBe('done');
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    expect(done.note).toMatch(/^Resumed from the upload host's offset: /);
    await expectIdentical(done);
  });
});
