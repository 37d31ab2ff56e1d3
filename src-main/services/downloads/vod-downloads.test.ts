/**
 * The download list's VOD sources (the Library's buttons call `downloads.start` with them):
 * an original file, a transcoding file and a poster, each asked for through the workspace's
 * VOD account and written to disk as the sandbox served it; a refusal keeps the platform's
 * own message.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/scheduler';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import type { Download, DownloadSource } from '../../shared/downloads-model';
import { startSession, type Session } from '../app/session';
import { openSandboxWorkspace } from '../workspaces/workspace';

let sandbox: SandboxHandle;
let session: Session;
let dataDir: string;
let folder: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 7, rateLimit: false });
  const pacing = { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0, limitPerMinute: 10_000 };
  const workspace = await openSandboxWorkspace({ sandboxInfo: sandbox.info, pacing });
  dataDir = await mkdtemp(join(tmpdir(), 'h2-vod-downloads-data-'));
  folder = await mkdtemp(join(tmpdir(), 'h2-vod-downloads-to-'));
  session = startSession(
    workspace,
    () => undefined,
    systemClock,
    () => undefined,
    {
      dataDir,
      notify: () => undefined,
    },
  );
  await session.downloadFolder.set(folder);
});

afterAll(async () => {
  await session.dispose();
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(folder, { recursive: true, force: true });
});

async function vod<T>(path: string): Promise<T> {
  const url = new URL(`${sandbox.info.vod_base_url}${path}`);
  url.searchParams.set('access_token', sandbox.info.vod_access_token);
  url.searchParams.set('per_page', '100');
  return ((await (await fetch(url)).json()) as { data: T }).data;
}

/** Downloads `source` to the end (done or failed). */
async function download(source: DownloadSource): Promise<Download> {
  const engine = await session.downloads();
  const id = await engine.start(source, undefined);
  for (let tries = 0; tries < 2000; tries += 1) {
    const item = engine.list().find((item) => item.id === id);
    if (item?.state === 'done' || item?.state === 'failed') return item;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the download never ended');
}

async function servedSha(fileName: string): Promise<string | undefined> {
  const origin = new URL(sandbox.info.vod_base_url).origin;
  const body = (await (await fetch(`${origin}/__sandbox/downloads`)).json()) as {
    served: { fileName: string; sha256: string }[];
  };
  return body.served.find((file) => file.fileName === fileName)?.sha256;
}

async function sha(path: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}

interface Content {
  upload_file_key: string;
  title: string;
  poster_url: string | null;
}

describe('VOD downloads through the download list', () => {
  it('writes an original file, a transcoding file and a poster as the sandbox served them', async () => {
    const contents = await vod<Content[]>('/media-contents');
    const lecture = contents.find((item) => item.title === 'Data Structures, Lecture 6: Trees');
    if (lecture === undefined) throw new Error('the seed has no lecture with its original kept');
    const original = await download({
      kind: 'vod-original',
      uploadFileKey: lecture.upload_file_key,
    });
    expect(original.state).toBe('done');
    expect(await sha(original.path ?? '')).toBe(await servedSha(original.fileName ?? ''));

    const files = await vod<{ id: number; transcoding_state: string }[]>(
      `/media-contents/${lecture.upload_file_key}/transcoding-files`,
    );
    const ready = files.find((file) => file.transcoding_state === 'completed');
    if (ready === undefined) throw new Error('the lecture has no finished transcoding file');
    const transcoded = await download({
      kind: 'vod-transcoding',
      uploadFileKey: lecture.upload_file_key,
      transcodingFileId: ready.id,
    });
    expect(transcoded.state).toBe('done');
    expect(await sha(transcoded.path ?? '')).toBe(await servedSha(transcoded.fileName ?? ''));

    const withPoster = contents.find((item) => item.poster_url !== null);
    if (withPoster === undefined) throw new Error('the seed has no poster');
    const poster = await download({
      kind: 'vod-poster',
      uploadFileKey: withPoster.upload_file_key,
    });
    expect(poster.state).toBe('done');
    expect((await readFile(poster.path ?? '')).subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it("fails with the platform's own reason when the original is not kept", async () => {
    const contents = await vod<Content[]>('/media-contents');
    const other = contents.find((item) => item.title !== 'Data Structures, Lecture 6: Trees');
    if (other === undefined) throw new Error('the seed has one content only');
    const failed = await download({ kind: 'vod-original', uploadFileKey: other.upload_file_key });
    expect(failed.state).toBe('failed');
    expect(failed.error?.message).toContain('Original-file storage is off');
  });
});
