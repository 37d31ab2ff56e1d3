import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index';
import { startSandbox } from '../index';
import {
  liveUploadUrl,
  randomData,
  sha256,
  startTusUpload,
  tusUpload,
  vodUploadUrl,
} from '../testing/upload-host-test-support';

let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, seed: 5 });
});

afterAll(async () => {
  await sandbox.close();
});

const tus = { 'Tus-Resumable': '1.0.0' };
const metadata = (fileName: string): string =>
  `filename ${Buffer.from(fileName).toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`;

/** A tus creation POST without body. */
function create(uploadUrl: string, length: number, headers: Record<string, string> = tus) {
  return fetch(uploadUrl, {
    method: 'POST',
    headers: { ...headers, 'Upload-Length': String(length), 'Upload-Metadata': metadata('a.mp4') },
  });
}

function patch(location: string, offset: number, body: Buffer) {
  return fetch(location, {
    method: 'PATCH',
    headers: {
      ...tus,
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(body),
  });
}

async function headOffset(location: string): Promise<number> {
  const response = await fetch(location, { method: 'HEAD', headers: tus });
  expect(response.status).toBe(200);
  return Number(response.headers.get('Upload-Offset'));
}

describe('the upload host in tus mode', () => {
  it('answers OPTIONS on every kind of one-time upload URL with the tus capabilities', async () => {
    const urls = [
      await vodUploadUrl(sandbox.info),
      await liveUploadUrl(sandbox.info, 'program-media'),
      await liveUploadUrl(sandbox.info, 'wait-media'),
    ];
    for (const url of urls) {
      const response = await fetch(url.upload_url, { method: 'OPTIONS' });
      expect(response.status).toBe(204);
      expect(response.headers.get('Tus-Resumable')).toBe('1.0.0');
      expect(response.headers.get('Tus-Version')).toBe('1.0.0');
      expect(response.headers.get('Tus-Extension')?.split(',')).toEqual(
        expect.arrayContaining(['creation', 'creation-with-upload', 'expiration']),
      );
    }
  });

  it('stores a VOD file byte for byte while its progress_url rises in whole percents to 100', async () => {
    const url = await vodUploadUrl(sandbox.info, { title: 'Throttled clip' });
    const data = randomData(1_500_000);
    sandbox.uploads.setThrottle(1_000_000);
    const seen: number[] = [];
    let done = false;
    const polling = (async () => {
      while (!done) {
        const answer = (await (await fetch(url.progress_url ?? '')).json()) as {
          error: number;
          result: { progress: number };
        };
        expect(answer.error).toBe(0);
        seen.push(answer.result.progress);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    try {
      const location = await tusUpload(url.upload_url, data, { fileName: 'clip.mp4' });
      expect(location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/uploads\/tus\/[0-9a-f]{32}$/);
    } finally {
      sandbox.uploads.setThrottle(null);
      done = true;
      await polling;
    }
    const final = (await (await fetch(url.progress_url ?? '')).json()) as {
      result: { progress: number };
    };
    expect(final.result.progress).toBe(100);
    expect(seen.every((value, i) => Number.isInteger(value) && value >= (seen[i - 1] ?? 0))).toBe(
      true,
    );
    expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
    expect(sandbox.uploads.stored(url.upload_file_key)).toMatchObject({
      sizeBytes: data.length,
      sha256: sha256(data),
    });
    const control = await fetch(
      `${new URL(url.upload_url).origin}/__sandbox/uploads/${url.upload_file_key}`,
    );
    expect(await control.json()).toEqual(sandbox.uploads.stored(url.upload_file_key));
  });

  it('resumes an aborted upload from the offset the server holds', async () => {
    const url = await liveUploadUrl(sandbox.info, 'program-media');
    // Large enough that what sits in the loopback socket buffers at the abort is not all of it.
    const data = randomData(20_000_000);
    sandbox.uploads.setThrottle(1_000_000);
    const start = sandbox.uploads.receivedBytes();
    const { upload } = startTusUpload(url.upload_url, data, { fileName: 'resume.bin' });
    while (sandbox.uploads.receivedBytes() - start < 1_000_000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await upload.abort();
    sandbox.uploads.setThrottle(null);
    const first = { location: upload.url ?? '' };
    // The aborted PATCH lets go of the upload once its body ends.
    let offset = 0;
    for (let attempt = 0; attempt < 50 && offset === 0; attempt += 1) {
      offset = await headOffset(first.location);
      if (offset === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(data.length);
    const before = sandbox.uploads.receivedBytes();

    // Not a readable video: the resumed upload completes and is then refused (415).
    await expect(
      tusUpload(url.upload_url, data, { fileName: 'resume.bin', uploadUrl: first.location }),
    ).rejects.toThrow(/415/);
    expect(sandbox.uploads.receivedBytes() - before).toBe(data.length - offset);
  });

  it('resumes into a byte-identical file', async () => {
    const url = await vodUploadUrl(sandbox.info);
    const data = randomData(2_000_000);
    const created = await create(url.upload_url, data.length);
    const location = created.headers.get('Location') ?? '';
    expect((await patch(location, 0, data.subarray(0, 700_000))).status).toBe(204);
    expect(await headOffset(location)).toBe(700_000);
    const conflict = await patch(location, 0, data.subarray(0, 10));
    expect(conflict.status).toBe(409);
    expect(await tusUpload(url.upload_url, data, { uploadUrl: location })).toBe(location);
    expect(sandbox.uploads.stored(url.upload_file_key)?.sha256).toBe(sha256(data));
  });

  it('takes one upload per URL: a second creation answers 404 with a plain message', async () => {
    const url = await vodUploadUrl(sandbox.info);
    const first = await create(url.upload_url, 10);
    expect(first.status).toBe(201);
    expect(first.headers.get('Upload-Expires')).not.toBeNull();
    const second = await create(url.upload_url, 10);
    expect(second.status).toBe(404);
    const refusal = (await second.json()) as { error: number; message: string };
    expect(refusal.error).toBe(1);
    expect(refusal.message).toMatch(/already been used.*new one/);
    const unknown = await create(`${new URL(url.upload_url).origin}/vod/upload/nope`, 10);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toMatch(/does not exist/);
  });

  it('refuses a creation without tus headers or length, and the URL stays unused', async () => {
    const url = await liveUploadUrl(sandbox.info, 'wait-media');
    const plain = await create(url.upload_url, 10, {});
    expect(plain.status).toBe(412);
    expect(((await plain.json()) as { message: string }).message).toMatch(/tus 1\.0\.0/);
    const noLength = await fetch(url.upload_url, {
      method: 'POST',
      headers: { ...tus, 'Upload-Metadata': metadata('a.png') },
    });
    expect(noLength.status).toBe(400);
    expect((await create(url.upload_url, 10)).status).toBe(201);
  });

  it('answers 404 for a URL past its expired_at (virtual clock), unused', async () => {
    const url = await vodUploadUrl(sandbox.info, { expire_time: '60' });
    sandbox.clock.advance(61_000);
    const response = await create(url.upload_url, 10);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toMatch(/expired at/);
  });

  it('keeps a Location resumable after the URL expires, for 24 h of platform time', async () => {
    const url = await vodUploadUrl(sandbox.info, { expire_time: '60' });
    const created = await create(url.upload_url, 10);
    const location = created.headers.get('Location') ?? '';
    const expires = Date.parse(created.headers.get('Upload-Expires') ?? '');
    expect(expires - sandbox.clock.nowMs()).toBeGreaterThan(23.9 * 3_600_000);
    sandbox.clock.advance(600_000);
    expect((await patch(location, 0, Buffer.from('hello'))).status).toBe(204);
    expect(await headOffset(location)).toBe(5);
    sandbox.clock.advance(24 * 3_600_000);
    const gone = await fetch(location, { method: 'HEAD', headers: tus });
    expect(gone.status).toBe(410);
    const late = await patch(location, 5, Buffer.from('world'));
    expect(late.status).toBe(410);
    expect(((await late.json()) as { message: string }).message).toMatch(/24 h/);
  });

  it('answers 507 while storage is full, without using the URL', async () => {
    const url = await vodUploadUrl(sandbox.info);
    const control = `${new URL(url.upload_url).origin}/__sandbox/uploads/faults`;
    const set = await fetch(control, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ storageFull: true }),
    });
    expect(await set.json()).toEqual({ storageFull: true, dropAfterBytes: null });
    try {
      const refused = await create(url.upload_url, 10);
      expect(refused.status).toBe(507);
      const refusal = (await refused.json()) as { error: number; message: string };
      expect(refusal.error).toBe(1);
      expect(refusal.message).toMatch(/^The upload host is out of storage/);
    } finally {
      await fetch(control, { method: 'DELETE' });
    }
    const created = await create(url.upload_url, 10);
    expect(created.status).toBe(201);
    sandbox.uploads.setFaults({ storageFull: true });
    try {
      const write = await patch(created.headers.get('Location') ?? '', 0, Buffer.from('x'));
      expect(write.status).toBe(507);
    } finally {
      sandbox.uploads.setFaults({ storageFull: false });
    }
  });

  it('cuts the connection after the armed number of bytes; the URL stays used', async () => {
    const url = await vodUploadUrl(sandbox.info);
    sandbox.uploads.setFaults({ dropAfterBytes: 300_000 });
    const data = randomData(1_000_000);
    const created = await create(url.upload_url, data.length);
    const location = created.headers.get('Location') ?? '';
    await expect(patch(location, 0, data)).rejects.toThrow();
    expect(sandbox.uploads.faults.dropAfterBytes).toBeNull();
    let offset = 0;
    for (let attempt = 0; attempt < 50 && offset !== 300_000; attempt += 1) {
      offset = await headOffset(location);
      if (offset !== 300_000) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBe(300_000);
    expect((await create(url.upload_url, 10)).status).toBe(404);
  });

  it('refuses control input out of range with field errors', async () => {
    const origin = new URL(sandbox.info.vod_base_url).origin;
    const response = await fetch(`${origin}/__sandbox/uploads/throttle`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ bytesPerSecond: 0 }),
    });
    expect(response.status).toBe(422);
    const answer = (await response.json()) as { errors: Record<string, string[]> };
    expect(answer.errors.bytesPerSecond?.[0]).toMatch(/at least 1/);
    const unknown = await fetch(`${origin}/__sandbox/uploads/20990101-nothing`);
    expect(unknown.status).toBe(404);
  });
});
