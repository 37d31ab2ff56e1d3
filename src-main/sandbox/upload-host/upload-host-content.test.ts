import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index';
import { startSandbox } from '../index';
import { liveCaller, vodGet } from '../testing/test-support';
import {
  liveUploadUrl,
  makeVideo,
  randomData,
  sha256,
  tinyPng,
  tusUpload,
  vodUploadUrl,
} from '../testing/upload-host-test-support';

let sandbox: SandboxHandle;
let dir: string;
let video: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'onair-upload-content-'));
  const file = path.join(dir, 'Opening Titles.mp4');
  await makeVideo(file, 7);
  video = readFileSync(file);
  sandbox = await startSandbox({ rateLimit: false, seed: 9 });
}, 60_000);

afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

interface ProgramMedia {
  upload_file_key: string;
  title: string;
  duration: number;
  file_size: number;
}

interface WaitMedia {
  wait_media_content_key: string;
  title: string;
  image_url: string;
}

describe('what a complete upload becomes', () => {
  it('lists program media with its file name as title and its real duration', async () => {
    const url = await liveUploadUrl(sandbox.info, 'program-media');
    await tusUpload(url.upload_url, video, {
      fileName: 'Opening Titles.mp4',
      fileType: 'video/mp4',
    });
    const live = liveCaller(sandbox.info, sandbox.info.tokens.super_admin);
    const list = await live.get<{ data: ProgramMedia[] }>(
      '/programs/media-contents?keyword=Opening%20Titles',
    );
    const media = list.body.data.find((item) => item.upload_file_key === url.upload_file_key);
    expect(media).toMatchObject({ title: 'Opening Titles', file_size: video.length });
    expect(Math.abs((media?.duration ?? 0) - 7)).toBeLessThanOrEqual(0.5);
    expect(sandbox.uploads.stored(url.upload_file_key)?.sha256).toBe(sha256(video));
  });

  it('refuses program media whose duration cannot be read, with 415, and discards it', async () => {
    const url = await liveUploadUrl(sandbox.info, 'program-media');
    await expect(
      tusUpload(url.upload_url, randomData(50_000), { fileName: 'notes.txt' }),
    ).rejects.toThrow(/response code: 415.*cannot read the duration of \\"notes\.txt\\"/);
    const live = liveCaller(sandbox.info, sandbox.info.tokens.super_admin);
    const list = await live.get<{ data: ProgramMedia[] }>('/programs/media-contents?per_page=100');
    expect(list.body.data.some((item) => item.upload_file_key === url.upload_file_key)).toBe(false);
    expect(sandbox.uploads.stored(url.upload_file_key)).toBeUndefined();
  });

  it('lists a waiting screen under the URL key and serves its image; refuses a non-image', async () => {
    const url = await liveUploadUrl(sandbox.info, 'wait-media');
    await tusUpload(url.upload_url, tinyPng, { fileName: 'Back soon.png', fileType: 'image/png' });
    const live = liveCaller(sandbox.info, sandbox.info.tokens.super_admin);
    const list = await live.get<{ data: WaitMedia[] }>('/programs/wait-media-contents');
    const screen = list.body.data.find(
      (item) => item.wait_media_content_key === url.upload_file_key,
    );
    expect(screen).toMatchObject({ title: 'Back soon' });
    const image = await fetch(screen?.image_url ?? '');
    expect(image.headers.get('Content-Type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(tinyPng)).toBe(true);

    const other = await liveUploadUrl(sandbox.info, 'wait-media');
    await expect(
      tusUpload(other.upload_url, video, { fileName: 'fake.png', fileType: 'image/png' }),
    ).rejects.toThrow(/response code: 415.*not a PNG, JPEG, GIF or WebP image/);
  });

  it('makes a VOD media content appear a moment later, whose transcoding then runs to done', async () => {
    const category = (await vodGet<{ data: { key: string }[] }>(sandbox.info, '/categories')).body
      .data[0]?.key;
    const url = await vodUploadUrl(sandbox.info, {
      title: 'Keynote recap',
      ...(category === undefined ? {} : { category_key: category }),
    });
    await tusUpload(url.upload_url, video, { fileName: 'keynote.mp4', fileType: 'video/mp4' });
    const detail = () =>
      vodGet<{
        data: {
          title: string;
          category_key: string | null;
          original_file_name: string;
          original_file_size: number;
          duration: number;
          transcoding_stage: number;
          transcoding_progress: number;
        };
      }>(sandbox.info, `/media-contents/${url.upload_file_key}`);
    expect((await detail()).status).toBe(404);
    sandbox.clock.advance(3_000);
    const appeared = await detail();
    expect(appeared.status).toBe(200);
    expect(appeared.body.data).toMatchObject({
      title: 'Keynote recap',
      category_key: category ?? null,
      original_file_name: 'keynote.mp4',
      original_file_size: video.length,
      duration: 7,
    });
    const stages = [appeared.body.data.transcoding_stage];
    for (let step = 0; step < 10; step += 1) {
      sandbox.clock.advance(10_000);
      stages.push((await detail()).body.data.transcoding_stage);
    }
    expect([...new Set(stages)]).toEqual([0, 1, 12, 21]);
    expect((await detail()).body.data.transcoding_progress).toBe(100);
  });
});

describe('a sandbox restarted on the same state file', () => {
  it('keeps a partial tus upload, which then completes byte for byte', async () => {
    const stateFile = path.join(dir, 'state.json');
    const data = randomData(1_000_000);
    const first = await startSandbox({ rateLimit: false, stateFile });
    const url = await vodUploadUrl(first.info);
    const created = await fetch(url.upload_url, {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(data.length),
        'Upload-Metadata': `filename ${Buffer.from('big.mov').toString('base64')}`,
        'Content-Type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(data.subarray(0, 400_000)),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('Upload-Offset')).toBe('400000');
    const locationPath = new URL(created.headers.get('Location') ?? '').pathname;
    await first.close();

    const second = await startSandbox({ rateLimit: false, stateFile });
    try {
      const origin = new URL(second.info.vod_base_url).origin;
      const head = await fetch(`${origin}${locationPath}`, {
        method: 'HEAD',
        headers: { 'Tus-Resumable': '1.0.0' },
      });
      expect(head.headers.get('Upload-Offset')).toBe('400000');
      const rest = await fetch(`${origin}${locationPath}`, {
        method: 'PATCH',
        headers: {
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': '400000',
          'Content-Type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(data.subarray(400_000)),
      });
      expect(rest.status).toBe(204);
      expect(second.uploads.stored(url.upload_file_key)).toMatchObject({
        sizeBytes: data.length,
        sha256: sha256(data),
      });
      expect(second.uploads.storageDir).toBe(`${stateFile}.uploads`);
    } finally {
      await second.close();
    }
  });
});
