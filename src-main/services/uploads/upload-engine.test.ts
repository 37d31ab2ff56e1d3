/**
 * The upload engine end to end against the sandbox platform (tus, its default): real video
 * made by ffmpeg and an image go up through one-time URLs, arrive byte-identical on the
 * upload host, and become platform content (program media with its real duration, VOD
 * through transcoding, a waiting screen); the operator's controls and the concurrency hold.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadItem } from '../../shared/uploads';
import type { UploadEngine } from './upload-engine';
import {
  fileSha256,
  itemOf,
  makeVideo,
  settle,
  startRig,
  tinyPng,
  waitFor,
  type UploadRig,
} from './upload-test-support';

let rig: UploadRig;
let engine: UploadEngine;
const videos: string[] = [];

beforeAll(async () => {
  rig = await startRig();
  engine = await rig.open();
  for (const [i, seconds] of [2, 3, 5].entries()) {
    const file = join(rig.filesDir, `segment-${i + 1}.mp4`);
    await makeVideo(file, seconds);
    videos.push(file);
  }
}, 60_000);

afterAll(async () => {
  await rig.close();
});

async function expectStoredIdentical(item: UploadItem): Promise<void> {
  expect(item.uploadFileKey).not.toBeNull();
  const stored = rig.sandbox.uploads.stored(item.uploadFileKey ?? '');
  expect(stored, `${item.name} stored on the upload host`).toBeDefined();
  expect(stored?.sizeBytes).toBe(item.sizeBytes);
  expect(stored?.sha256).toBe(await fileSha256(item.path));
}

describe('uploads over tus', () => {
  it('uploads three videos as program media: byte-identical, listed with their real durations', async () => {
    const result = await engine.enqueue(videos, { kind: 'program-media' });
    expect(result).toMatchObject({ added: 3, refused: [] });
    const items = (await settle(engine)).filter((i) => i.batchId === result.batchId);
    for (const item of items) {
      expect(item).toMatchObject({ state: 'done', protocol: 'tus', problem: null });
      expect(item.sentBytes).toBe(item.sizeBytes);
      await expectStoredIdentical(item);
    }
    const listed = await rig.workspace.live.api.GET(
      '/v1/live/service-accounts/{service_account_key}/programs/media-contents',
      { params: { path: { service_account_key: rig.sandbox.info.service_account_key } } },
    );
    const durations = Object.fromEntries(
      (listed.data?.data ?? []).map((m) => [m.upload_file_key, m.duration]),
    );
    expect(items.map((i) => durations[i.uploadFileKey ?? ''])).toEqual([2, 3, 5]);
    await waitFor(() =>
      rig.notices.find((n) => n.message === '3 files uploaded to Program media.'),
    );
    // Progress went out while bytes flowed, and every event carried the summary.
    const last = rig.changes.at(-1);
    expect(last?.summary.byState.done).toBeGreaterThanOrEqual(3);
  });

  it('uploads a waiting-screen image and a VOD video, followed through transcoding', async () => {
    const png = join(rig.filesDir, 'slate.png');
    await writeFile(png, tinyPng);
    const screen = await engine.enqueue([png], { kind: 'waiting-screen' });
    const vod = await engine.enqueue([videos[0] ?? ''], { kind: 'vod', title: 'Opening' });
    expect(vod.added).toBe(1);
    // Transcoding runs on the platform's clock: move it on while the engine polls.
    const ticker = setInterval(() => rig.sandbox.clock.advance(5_000), 50);
    const percents = new Set<number>();
    try {
      await waitFor(() => {
        for (const change of rig.changes)
          for (const item of change.items)
            if (item.transcodingPercent !== null && item.state === 'processing')
              percents.add(item.transcodingPercent);
        return engine.list().items.every((i) => i.state === 'done' || i.state === 'cancelled');
      });
    } finally {
      clearInterval(ticker);
    }
    const [image] = engine.list().items.filter((i) => i.batchId === screen.batchId);
    const [content] = engine.list().items.filter((i) => i.batchId === vod.batchId);
    if (!image || !content) throw new Error('items missing');
    await expectStoredIdentical(image);
    await expectStoredIdentical(content);
    expect(content.state).toBe('done');
    expect(percents.size).toBeGreaterThan(0); // the operator saw transcoding move
    const detail = await rig.workspace.vod?.api.GET('/media-contents/{upload_file_key}', {
      params: { path: { upload_file_key: content.uploadFileKey ?? '' } },
    });
    expect(detail?.data?.data.title).toBe('Opening');
    const waits = await rig.workspace.live.api.GET(
      '/v1/live/service-accounts/{service_account_key}/programs/wait-media-contents',
      { params: { path: { service_account_key: rig.sandbox.info.service_account_key } } },
    );
    expect(waits.data?.data.map((w) => w.wait_media_content_key)).toContain(image.uploadFileKey);
  });

  it('keeps to the concurrency setting', async () => {
    rig.sandbox.uploads.setThrottle(400_000);
    try {
      const files = await Promise.all(
        Array.from({ length: 5 }, async (_, i) => {
          const file = join(rig.filesDir, `burst-${i}.mp4`);
          await makeVideo(file, 2);
          return file;
        }),
      );
      engine.setConcurrency(2);
      let most = 0;
      const result = await engine.enqueue(files, { kind: 'program-media' });
      await waitFor(() => {
        const items = engine.list().items.filter((i) => i.batchId === result.batchId);
        most = Math.max(most, items.filter((i) => i.state === 'uploading').length);
        return items.every((i) => i.state === 'done' || i.state === 'needs-attention');
      });
      expect(most).toBe(2);
      expect(engine.list().summary.concurrency).toBe(2);
    } finally {
      rig.sandbox.uploads.setThrottle(null);
      engine.setConcurrency(3);
    }
  });

  it('pauses, resumes from the server offset, and cancels', async () => {
    const big = join(rig.filesDir, 'long-take.mp4');
    // ~14 MB: more than the sockets' buffers hold (~4.4 MB here), so stopping it mid-way leaves
    // a real remainder to resume rather than a file already all on its way.
    await makeVideo(big, 10, true);
    const other = join(rig.filesDir, 'short-take.mp4');
    await makeVideo(other, 2, true);
    rig.sandbox.uploads.setThrottle(500_000);
    try {
      const result = await engine.enqueue([big, other], { kind: 'program-media' });
      const [first, second] = engine.list().items.filter((i) => i.batchId === result.batchId);
      if (!first || !second) throw new Error('items missing');
      await waitFor(() => itemOf(engine, first.id).sentBytes > 1_000_000);
      expect(engine.pause([first.id])).toEqual({ changed: 1 });
      const paused = itemOf(engine, first.id);
      expect(paused.state).toBe('paused');
      expect(engine.cancel([second.id])).toEqual({ changed: 1 });
      expect(itemOf(engine, second.id).state).toBe('cancelled');
      rig.sandbox.uploads.setThrottle(null);
      expect(engine.resume([first.id])).toEqual({ changed: 1 });
      const done = await waitFor(() => {
        const item = itemOf(engine, first.id);
        return item.state === 'done' ? item : null;
      });
      expect(done.note).toMatch(/^Resumed from the upload host's offset: /);
      await expectStoredIdentical(done);
      expect(engine.clearFinished().changed).toBeGreaterThanOrEqual(2);
      expect(engine.list().items.find((i) => i.id === second.id)).toBeUndefined();
    } finally {
      rig.sandbox.uploads.setThrottle(null);
    }
  });
});
