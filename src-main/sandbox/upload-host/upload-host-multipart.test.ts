import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index';
import { startSandbox } from '../index';
import { liveCaller, vodGet } from '../testing/test-support';
import type { FileSource } from '../testing/upload-host-test-support';
import {
  bufferSource,
  liveUploadUrl,
  makeVideo,
  multipartPost,
  randomData,
  sha256,
  tinyPng,
  tusUpload,
  vodUploadUrl,
} from '../testing/upload-host-test-support';

let sandbox: SandboxHandle;
let origin: string;
let dir: string;
let video: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'onair-upload-multipart-'));
  const file = path.join(dir, 'Opening Titles.mp4');
  await makeVideo(file, 7);
  video = readFileSync(file);
  sandbox = await startSandbox({ rateLimit: false, seed: 11, uploadMode: 'multipart' });
  origin = new URL(sandbox.info.vod_base_url).origin;
}, 60_000);

afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  sandbox.uploads.setMode('multipart');
});

afterEach(() => {
  sandbox.uploads.reset();
});

interface HostAnswer {
  error: number;
  message: string;
}

const answer = async (response: Response): Promise<HostAnswer> =>
  (await response.json()) as HostAnswer;

const tusHeaders = (response: Response): string[] =>
  [...response.headers.keys()].filter((name) => name.toLowerCase().startsWith('tus-'));

/** The storage directory's entries (none before the first upload). */
const storageEntries = (): string[] => {
  try {
    return readdirSync(sandbox.uploads.storageDir).sort();
  } catch {
    return [];
  }
};

/**
 * `blocks` times one random block of 256 KiB, fed to `hash` as it is sent. The same block every
 * time: fresh client-side buffers would be garbage of this process too (V8 is in no hurry to
 * collect it) and would be measured with the host's memory.
 */
const block = randomData(256 * 1024);
const repeatedSource = (blocks: number, hash?: ReturnType<typeof createHash>): FileSource => ({
  size: blocks * block.length,
  chunks: function* () {
    for (let index = 0; index < blocks; index += 1) {
      hash?.update(block);
      yield block;
    }
  },
});

const waitFor = async (check: () => boolean, what: string): Promise<void> => {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Timed out waiting for ${what}.`);
};

describe('the upload host in multipart mode', () => {
  it('starts in the mode asked for and says so in its info line', () => {
    expect(sandbox.info.upload_mode).toBe('multipart');
    expect(sandbox.uploads.mode).toBe('multipart');
  });

  it('answers OPTIONS without any tus header in multipart mode, with them in tus mode', async () => {
    const url = await vodUploadUrl(sandbox.info);
    const control = `${origin}/__sandbox/uploads/mode`;
    const multipart = await fetch(url.upload_url, { method: 'OPTIONS' });
    expect(multipart.status).toBe(204);
    expect(multipart.headers.get('Allow')).toBe('POST, OPTIONS');
    expect(tusHeaders(multipart)).toEqual([]);

    const switched = await fetch(control, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'tus' }),
    });
    expect(await switched.json()).toEqual({ mode: 'tus' });
    expect(sandbox.uploads.mode).toBe('tus');
    const tus = await fetch(url.upload_url, { method: 'OPTIONS' });
    expect(tus.status).toBe(204);
    expect(tus.headers.get('Tus-Resumable')).toBe('1.0.0');

    const bad = await fetch(control, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'ftp' }),
    });
    expect(bad.status).toBe(422);
    expect(await (await fetch(control)).json()).toEqual({ mode: 'tus' });
    await fetch(control, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'mode=multipart',
    });
    expect(sandbox.uploads.mode).toBe('multipart');
    expect(() => sandbox.uploads.setMode('ftp' as 'tus')).toThrow(RangeError);
  });

  it('stores a streamed POST byte for byte while progress_url rises in whole percents', async () => {
    const url = await vodUploadUrl(sandbox.info, { title: 'Streamed clip' });
    const data = randomData(1_500_000);
    sandbox.uploads.setThrottle(1_000_000);
    const receivedBefore = sandbox.uploads.receivedBytes();
    const seen: number[] = [];
    let done = false;
    const polling = (async () => {
      while (!done) {
        const progress = (await (await fetch(url.progress_url ?? '')).json()) as {
          result: { progress: number };
        };
        seen.push(progress.result.progress);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    let response: Response;
    try {
      // The file before the optional accept field: any order is taken.
      response = await multipartPost(url.upload_url, bufferSource(data), {
        fileName: 'clip.mp4',
        fileType: 'video/mp4',
        accept: 'after',
      });
    } finally {
      done = true;
      await polling;
    }
    expect(response.status).toBe(200);
    expect(tusHeaders(response)).toEqual([]);
    const body = await answer(response);
    expect(body.error).toBe(0);
    expect(body.message).toMatch(/clip\.mp4/);
    expect(sandbox.uploads.receivedBytes() - receivedBefore).toBe(data.length);
    expect(sandbox.uploads.stored(url.upload_file_key)).toMatchObject({
      sizeBytes: data.length,
      sha256: sha256(data),
    });
    const stored = sandbox.uploads.stored(url.upload_file_key);
    expect(sha256(readFileSync(stored?.path ?? ''))).toBe(sha256(data));
    const final = (await (await fetch(url.progress_url ?? '')).json()) as {
      result: { progress: number };
    };
    expect(final.result.progress).toBe(100);
    expect(seen.every((value, i) => Number.isInteger(value) && value >= (seen[i - 1] ?? 0))).toBe(
      true,
    );
    expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
  });

  it('takes one POST per URL: a second one answers 404 { error: 1 }', async () => {
    const url = await liveUploadUrl(sandbox.info, 'wait-media');
    const first = await multipartPost(url.upload_url, bufferSource(tinyPng), {
      fileName: 'Back soon.png',
      fileType: 'image/png',
    });
    expect(first.status).toBe(200);
    const second = await multipartPost(url.upload_url, bufferSource(tinyPng));
    expect(second.status).toBe(404);
    const refusal = await answer(second);
    expect(refusal.error).toBe(1);
    expect(refusal.message).toMatch(/already been used/);
    const unknown = await multipartPost(`${origin}/live/uploads/nope`, bufferSource(tinyPng));
    expect(unknown.status).toBe(404);
    expect((await answer(unknown)).message).toMatch(/does not exist/);
  });

  it('answers 404 for a URL past its expired_at (virtual clock)', async () => {
    const url = await vodUploadUrl(sandbox.info, { expire_time: '60' });
    sandbox.clock.advance(61_000);
    const response = await multipartPost(url.upload_url, bufferSource(randomData(1000)));
    expect(response.status).toBe(404);
    const refusal = await answer(response);
    expect(refusal.error).toBe(1);
    expect(refusal.message).toMatch(/expired at/);
  });

  it('refuses a tus creation, which tus-js-client reports as failed, leaving the URL unused', async () => {
    const url = await vodUploadUrl(sandbox.info);
    const creation = await fetch(url.upload_url, {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '10',
        'Upload-Metadata': `filename ${Buffer.from('a.mp4').toString('base64')}`,
      },
    });
    expect(creation.status).toBe(415);
    expect(tusHeaders(creation)).toEqual([]);
    const refusal = await answer(creation);
    expect(refusal).toMatchObject({ error: 1 });
    expect(refusal.message).toMatch(/does not speak tus/);
    await expect(tusUpload(url.upload_url, randomData(100))).rejects.toThrow(/415/);
    const plain = await fetch(url.upload_url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: new Uint8Array(randomData(100)),
    });
    expect(plain.status).toBe(415);
    expect((await answer(plain)).message).toMatch(/multipart\/form-data.*upload-file/);
    const noBoundary = await fetch(url.upload_url, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data' },
      body: 'x',
    });
    expect(noBoundary.status).toBe(400);
    expect((await answer(noBoundary)).message).toMatch(/boundary/);
    expect((await multipartPost(url.upload_url, bufferSource(randomData(100)))).status).toBe(200);
  });

  it('answers 400 for a body without the upload-file field, and the URL is then used', async () => {
    const url = await vodUploadUrl(sandbox.info);
    const response = await multipartPost(url.upload_url, bufferSource(randomData(1000)), {
      field: 'file',
    });
    expect(response.status).toBe(400);
    const refusal = await answer(response);
    expect(refusal.error).toBe(1);
    expect(refusal.message).toMatch(/no "upload-file" part/);
    expect((await multipartPost(url.upload_url, bufferSource(randomData(10)))).status).toBe(404);
    expect(sandbox.uploads.stored(url.upload_file_key)).toBeUndefined();
  });

  it('cuts the connection after the armed number of bytes: URL used, nothing stored', async () => {
    const url = await vodUploadUrl(sandbox.info);
    const before = storageEntries();
    sandbox.uploads.setFaults({ dropAfterBytes: 300_000 });
    await expect(
      multipartPost(url.upload_url, bufferSource(randomData(2_000_000))),
    ).rejects.toThrow();
    expect(sandbox.uploads.faults.dropAfterBytes).toBeNull();
    await waitFor(
      () => storageEntries().join() === before.join(),
      'the partial file to be discarded',
    );
    expect(sandbox.uploads.stored(url.upload_file_key)).toBeUndefined();
    const again = await multipartPost(url.upload_url, bufferSource(randomData(10)));
    expect(again.status).toBe(404);
    expect((await answer(again)).message).toMatch(/already been used/);
  });

  it('discards a body the client abandons half way; the URL stays used', async () => {
    const url = await vodUploadUrl(sandbox.info);
    const before = storageEntries();
    sandbox.uploads.setThrottle(1_000_000);
    const start = sandbox.uploads.receivedBytes();
    const abort = new AbortController();
    // Far more than the loopback socket buffers hold, so the abort does cut the body short.
    const file = repeatedSource(160);
    const posting = multipartPost(url.upload_url, file, { signal: abort.signal });
    await waitFor(() => sandbox.uploads.receivedBytes() - start > 200_000, 'bytes to arrive');
    abort.abort();
    await expect(posting).rejects.toThrow();
    // The host sees the closed connection once it has read what the socket still held.
    sandbox.uploads.setThrottle(null);
    await waitFor(
      () => storageEntries().join() === before.join(),
      'the partial file to be discarded',
    );
    expect(sandbox.uploads.receivedBytes() - start).toBeLessThan(file.size);
    expect(sandbox.uploads.stored(url.upload_file_key)).toBeUndefined();
    expect((await multipartPost(url.upload_url, bufferSource(randomData(10)))).status).toBe(404);
  });

  it('answers 507 while storage is full, without using the URL', async () => {
    const url = await vodUploadUrl(sandbox.info);
    sandbox.uploads.setFaults({ storageFull: true });
    const refused = await multipartPost(url.upload_url, bufferSource(randomData(50_000)));
    expect(refused.status).toBe(507);
    const refusal = await answer(refused);
    expect(refusal.error).toBe(1);
    expect(refusal.message).toMatch(/^The upload host is out of storage/);
    sandbox.uploads.setFaults({ storageFull: false });
    expect((await multipartPost(url.upload_url, bufferSource(randomData(50_000)))).status).toBe(
      200,
    );
  });

  it('lists a real video as program media with its true duration', async () => {
    const url = await liveUploadUrl(sandbox.info, 'program-media');
    const response = await multipartPost(url.upload_url, bufferSource(video), {
      fileName: 'Opening Titles.mp4',
      fileType: 'video/mp4',
    });
    expect(response.status).toBe(200);
    const live = liveCaller(sandbox.info, sandbox.info.tokens.super_admin);
    const list = await live.get<{
      data: { upload_file_key: string; title: string; duration: number; file_size: number }[];
    }>('/programs/media-contents?keyword=Opening%20Titles');
    const media = list.body.data.find((item) => item.upload_file_key === url.upload_file_key);
    expect(media).toMatchObject({ title: 'Opening Titles', duration: 7, file_size: video.length });
    expect(sandbox.uploads.stored(url.upload_file_key)?.sha256).toBe(sha256(video));
  });

  it('refuses with 415 a complete file the platform cannot use, and discards it', async () => {
    const media = await liveUploadUrl(sandbox.info, 'program-media');
    const notVideo = await multipartPost(media.upload_url, bufferSource(randomData(50_000)), {
      fileName: 'notes.txt',
    });
    expect(notVideo.status).toBe(415);
    expect((await answer(notVideo)).message).toMatch(/cannot read the duration of "notes\.txt"/);
    const screen = await liveUploadUrl(sandbox.info, 'wait-media');
    const notImage = await multipartPost(screen.upload_url, bufferSource(video), {
      fileName: 'fake.png',
      fileType: 'image/png',
    });
    expect(notImage.status).toBe(415);
    expect((await answer(notImage)).message).toMatch(/not a PNG, JPEG, GIF or WebP image/);
    expect(sandbox.uploads.stored(media.upload_file_key)).toBeUndefined();
    expect(sandbox.uploads.stored(screen.upload_file_key)).toBeUndefined();
  });

  it('makes a VOD media content appear a moment later, with its real duration', async () => {
    const url = await vodUploadUrl(sandbox.info, { title: 'Keynote recap' });
    const response = await multipartPost(url.upload_url, bufferSource(video), {
      fileName: 'keynote.mp4',
      fileType: 'video/mp4',
    });
    expect(response.status).toBe(200);
    sandbox.clock.advance(3_000);
    const detail = await vodGet<{
      data: {
        title: string;
        original_file_name: string;
        original_file_size: number;
        duration: number;
      };
    }>(sandbox.info, `/media-contents/${url.upload_file_key}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      title: 'Keynote recap',
      original_file_name: 'keynote.mp4',
      original_file_size: video.length,
      duration: 7,
    });
  });

  it('lets a tus upload created before the switch to multipart finish at its Location', async () => {
    sandbox.uploads.setMode('tus');
    const url = await vodUploadUrl(sandbox.info);
    const data = randomData(2_000_000);
    const tus = { 'Tus-Resumable': '1.0.0' };
    const created = await fetch(url.upload_url, {
      method: 'POST',
      headers: {
        ...tus,
        'Upload-Length': String(data.length),
        'Upload-Metadata': `filename ${Buffer.from('switch.mov').toString('base64')}`,
        'Content-Type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(data.subarray(0, 700_000)),
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('Location') ?? '';
    sandbox.uploads.setMode('multipart');
    const head = await fetch(location, { method: 'HEAD', headers: tus });
    expect(head.headers.get('Upload-Offset')).toBe('700000');
    const rest = await fetch(location, {
      method: 'PATCH',
      headers: {
        ...tus,
        'Upload-Offset': '700000',
        'Content-Type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(data.subarray(700_000)),
    });
    expect(rest.status).toBe(204);
    expect(sandbox.uploads.stored(url.upload_file_key)?.sha256).toBe(sha256(data));
    // The one-time URL itself is used, in either protocol.
    expect((await multipartPost(url.upload_url, bufferSource(data))).status).toBe(404);
  });

  it('streams a 200 MB upload without the process memory growing with it', async () => {
    // A warm-up upload through the same path first, so the baseline holds its code and buffers.
    const warm = await vodUploadUrl(sandbox.info);
    expect((await multipartPost(warm.upload_url, repeatedSource(80))).status).toBe(200);

    const blocks = 800; // 200 MB
    const url = await vodUploadUrl(sandbox.info);
    const hash = createHash('sha256');
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    let response: Response;
    try {
      response = await multipartPost(url.upload_url, repeatedSource(blocks, hash), {
        fileName: 'big.bin',
      });
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(response.status).toBe(200);
    expect(sandbox.uploads.stored(url.upload_file_key)).toMatchObject({
      sizeBytes: blocks * 256 * 1024,
      sha256: hash.digest('hex'),
    });
    const growthMb = (peak - baseline) / (1024 * 1024);
    console.info(`200 MB multipart upload: peak RSS growth ${growthMb.toFixed(1)} MB`);
    expect(growthMb, `RSS grew by ${growthMb.toFixed(1)} MB`).toBeLessThan(40);
  }, 120_000);
});
