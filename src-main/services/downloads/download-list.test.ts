/**
 * The download list against the sandbox platform: real download URLs asked for through the
 * workspace's scheduler, real bytes on disk checked against what the sandbox served (SHA-256),
 * resume with `Range` after a dropped connection, pause, cancel, retry, expired links, and a
 * restart in the middle of a download.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, mkdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/scheduler';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import type { Download, DownloadChange } from '../../shared/downloads-model';
import { startSession, type Session } from '../app/session';
import { openSandboxWorkspace } from '../workspaces/workspace';
import type { DownloadList } from './download-list';

interface Served {
  fileName: string;
  sizeBytes: number;
  sha256: string;
  answers: { status: number; start: number }[];
}

let sandbox: SandboxHandle;
let session: Session;
let dataDir: string;
let folder: string;
let origin: string;
let recording: { channelKey: string; broadcastKey: string; recordingFileId: number; name: string };
let engine: DownloadList;
/** What the engine pushed as `downloads.changed`, oldest first. */
const pushed: DownloadChange[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 7, rateLimit: false });
  origin = new URL(sandbox.info.live_base_url).origin;
  const pacing = { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0, limitPerMinute: 10_000 };
  const workspace = await openSandboxWorkspace({ sandboxInfo: sandbox.info, pacing });
  dataDir = await mkdtemp(join(tmpdir(), 'h2-downloads-data-'));
  folder = await mkdtemp(join(tmpdir(), 'h2-downloads-to-'));
  session = startSession(
    workspace,
    (event, payload) => {
      if (event === 'downloads.changed') pushed.push(payload as DownloadChange);
    },
    systemClock,
    () => undefined,
    {
      dataDir,
      notify: () => undefined,
    },
  );
  await session.downloadFolder.set(folder);
  engine = await session.downloads();
  const response = await fetch(
    `${sandbox.info.live_base_url}/v1/live/service-accounts/${sandbox.info.service_account_key}/recording-files?per_page=1`,
    { headers: { Authorization: `Bearer ${sandbox.info.tokens.super_admin}` } },
  );
  const body = (await response.json()) as {
    data: { id: number; channel_key: string; broadcast_key: string; file_name: string }[];
  };
  const file = body.data[0];
  if (file === undefined) throw new Error('the sandbox seed has no recording file');
  recording = {
    channelKey: file.channel_key,
    broadcastKey: file.broadcast_key,
    recordingFileId: file.id,
    name: file.file_name,
  };
});

afterEach(async () => {
  await control('DELETE');
  await engine.cancel();
  await engine.remove();
  for (const name of await readdir(folder)) await rm(join(folder, name), { force: true });
});

afterAll(async () => {
  await session.dispose();
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(folder, { recursive: true, force: true });
});

async function control(
  method: 'GET' | 'POST' | 'DELETE',
  body?: object,
): Promise<{ served: Served[] }> {
  const response = await fetch(`${origin}/__sandbox/downloads`, {
    method,
    ...(body
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
      : {}),
  });
  return (await response.json()) as { served: Served[] };
}

async function served(fileName: string): Promise<Served> {
  const found = (await control('GET')).served.find((file) => file.fileName === fileName);
  if (found === undefined) throw new Error(`the sandbox never served ${fileName}`);
  return found;
}

async function sha256(path: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}

/** Polls the engine until `done` holds for the download (no wall-clock assertion: a bound on tries). */
async function until(id: string, done: (download: Download) => boolean): Promise<Download> {
  for (let tries = 0; tries < 2000; tries += 1) {
    const download = engine.list().find((item) => item.id === id);
    if (download !== undefined && done(download)) return download;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`download ${id} never got there: ${JSON.stringify(engine.list())}`);
}

const recordingSource = () => ({ kind: 'recording-file' as const, ...recording });

describe('download list', () => {
  it('downloads a recording file byte for byte, under its own name, leaving no part file', async () => {
    const id = await engine.start(recordingSource(), 'Keynote');
    const done = await until(id, (download) => download.state === 'done');
    expect(done.path).toBe(join(folder, recording.name));
    const file = await served(recording.name);
    expect(await sha256(join(folder, recording.name))).toBe(file.sha256);
    expect(done.receivedBytes).toBe(file.sizeBytes);
    expect(await readdir(folder)).toEqual([recording.name]);
  });

  it('pushes the whole list as it changes: each state at once, the last push as a read says', async () => {
    pushed.length = 0;
    const id = await engine.start(recordingSource(), 'Pushed');
    await until(id, (download) => download.state === 'done');
    const states = pushed.map((change) => change.items.find((item) => item.id === id)?.state);
    expect(states[0]).toBe('queued');
    expect(states).toContain('downloading');
    expect(states.at(-1)).toBe('done');
    const versions = pushed.map((change) => change.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    const last = pushed.at(-1);
    expect(last?.workspaceId).toBe(session.workspace.info.id);
    expect(engine.snapshot()).toMatchObject({ listId: last?.listId, version: last?.version });
  });

  it('names a second copy " (2)" instead of overwriting the first', async () => {
    const first = await engine.start(recordingSource(), undefined);
    await until(first, (download) => download.state === 'done');
    const second = await engine.start(recordingSource(), undefined);
    const done = await until(second, (download) => download.state === 'done');
    expect(done.path).toBe(join(folder, recording.name.replace(/\.mp4$/, ' (2).mp4')));
    expect((await readdir(folder)).sort()).toHaveLength(2);
  });

  it('resumes with Range after a dropped connection', async () => {
    await control('POST', { dropAfterBytes: 300_000 });
    const id = await engine.start(recordingSource(), undefined);
    const done = await until(id, (download) => download.state === 'done');
    const file = await served(recording.name);
    const [first, second] = file.answers.slice(-2);
    expect(first).toEqual({ status: 200, start: 0 });
    // It goes on from the bytes that reached the part file (up to the 300 000 sent).
    expect(second?.status).toBe(206);
    expect(second?.start).toBeGreaterThan(0);
    expect(second?.start).toBeLessThanOrEqual(300_000);
    expect(done.note).toBeNull();
    expect(await sha256(join(folder, recording.name))).toBe(file.sha256);
  });

  it('says it started again from zero when the server cannot resume', async () => {
    await control('POST', { dropAfterBytes: 300_000, ranges: false });
    const id = await engine.start(recordingSource(), undefined);
    const done = await until(id, (download) => download.state === 'done');
    expect(done.note).toBe('restarted');
    const file = await served(recording.name);
    expect(file.answers.slice(-2).map((answer) => answer.status)).toEqual([200, 200]);
    expect(await sha256(join(folder, recording.name))).toBe(file.sha256);
  });

  it('pauses with the part file kept beside the target, then resumes where it stopped', async () => {
    await control('POST', { bytesPerSecond: 400_000 });
    const id = await engine.start(recordingSource(), undefined);
    await until(id, (download) => download.receivedBytes > 100_000);
    await engine.pause([id]);
    const paused = await until(id, (download) => download.state === 'paused');
    const part = join(folder, `${recording.name}.part`);
    expect((await stat(part)).size).toBe(paused.receivedBytes);
    expect(await readdir(folder)).toEqual([`${recording.name}.part`]);
    await control('POST', { bytesPerSecond: null });
    await engine.resume([id]);
    await until(id, (download) => download.state === 'done');
    const file = await served(recording.name);
    expect(file.answers.at(-1)).toEqual({ status: 206, start: paused.receivedBytes });
    expect(await sha256(join(folder, recording.name))).toBe(file.sha256);
  });

  it('cancels: nothing is left on disk', async () => {
    await control('POST', { bytesPerSecond: 400_000 });
    const id = await engine.start(recordingSource(), undefined);
    await until(id, (download) => download.receivedBytes > 50_000);
    await engine.cancel([id]);
    await until(id, (download) => download.state === 'cancelled');
    expect(await readdir(folder)).toEqual([]);
  });

  it('asks for a new URL when the one it had expired', async () => {
    await control('POST', { bytesPerSecond: 400_000 });
    const id = await engine.start(recordingSource(), undefined);
    await until(id, (download) => download.receivedBytes > 50_000);
    await engine.pause([id]);
    sandbox.clock.advance(6 * 60_000);
    await control('POST', { bytesPerSecond: null });
    await engine.resume([id]);
    const done = await until(id, (download) => download.state === 'done');
    expect(done.note).toBe('new-url');
    expect(await sha256(join(folder, recording.name))).toBe((await served(recording.name)).sha256);
  });

  it("fails with the platform's message, and a retry goes through once the cause is gone", async () => {
    const gone = join(folder, 'gone');
    await mkdir(gone);
    await session.downloadFolder.set(gone);
    await rm(gone, { recursive: true });
    const id = await engine.start(recordingSource(), undefined);
    const failed = await until(id, (download) => download.state === 'failed');
    expect(failed.error?.message).toBe(`The folder ${gone} does not exist.`);
    await mkdir(gone);
    await engine.retry([id]);
    const done = await until(id, (download) => download.state === 'done');
    expect(done.path).toBe(join(gone, recording.name));
    await rm(gone, { recursive: true });
    await session.downloadFolder.set(folder);
  });

  it('keeps the list across a restart, without any URL, and goes on from the part file', async () => {
    await control('POST', { bytesPerSecond: 400_000 });
    const id = await engine.start(recordingSource(), 'Across a restart');
    await until(id, (download) => download.receivedBytes > 100_000);
    await engine.pause([id]);
    const before = await until(id, (download) => download.state === 'paused');
    await engine.dispose();
    const stored = await readFile(engine.storePath, 'utf8');
    expect(stored).not.toContain('http');
    expect(stored).toContain('Across a restart');

    const { DownloadList } = await import('./download-list');
    const { resolveDownload } = await import('./download-sources');
    engine = await DownloadList.open({
      dataDir,
      workspaceId: session.workspace.info.id,
      resolve: (source, signal) => resolveDownload(session.account, source, signal),
      folder: session.downloadFolder,
      log: () => undefined,
      now: () => systemClock.now(),
    });
    const reopened = engine.list().find((item) => item.id === id);
    expect(reopened).toMatchObject({ state: 'paused', receivedBytes: before.receivedBytes });
    await control('POST', { bytesPerSecond: null });
    await engine.resume([id]);
    await until(id, (download) => download.state === 'done');
    const file = await served(recording.name);
    expect(file.answers.at(-1)).toEqual({ status: 206, start: before.receivedBytes });
    expect(await sha256(join(folder, recording.name))).toBe(file.sha256);
  });

  it('downloads the like data of a broadcast as CSV', async () => {
    const likes = await engine.start({ kind: 'likes', broadcastKey: recording.broadcastKey }, '');
    const done = await until(
      likes,
      (download) => download.state === 'done' || download.state === 'failed',
    );
    expect(done.state).toBe('done');
    const text = await readFile(done.path ?? '', 'utf8');
    expect(text.split('\n')[0]).toBe('minute_started_at,like_count');
  });
});
