/**
 * docs/security.md, "Downloads": the download folder is shared with other programs (another
 * user of the workstation, a sync client). What they put there must not make the desk write
 * through a link, continue bytes it did not write, or replace a file. Against the sandbox
 * platform's real download URLs and real files in a temp folder.
 */
import { createHash } from 'node:crypto';
import {
  mkdtemp,
  readFile,
  readdir,
  readlink,
  rm,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/scheduler';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import type { Download } from '../../shared/downloads-model';
import { safeFileName } from '../../shared/safe-file-name';
import { startSession, type Session } from '../app/session';
import { openSandboxWorkspace } from '../workspaces/workspace';
import type { DownloadList } from './download-list';

let sandbox: SandboxHandle;
let session: Session;
let dataDir: string;
let folder: string;
/** Outside the download folder: what a link points the desk at. */
let elsewhere: string;
let origin: string;
let recording: { channelKey: string; broadcastKey: string; recordingFileId: number; name: string };
let engine: DownloadList;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 11, rateLimit: false });
  origin = new URL(sandbox.info.live_base_url).origin;
  const pacing = { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0, limitPerMinute: 10_000 };
  const workspace = await openSandboxWorkspace({ sandboxInfo: sandbox.info, pacing });
  dataDir = await mkdtemp(join(tmpdir(), 'downloads-security-data-'));
  folder = await mkdtemp(join(tmpdir(), 'downloads-security-to-'));
  elsewhere = await mkdtemp(join(tmpdir(), 'downloads-security-elsewhere-'));
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
  await throttle(null);
  await engine.cancel();
  await engine.remove();
  for (const name of await readdir(folder)) await rm(join(folder, name), { force: true });
  for (const name of await readdir(elsewhere)) await rm(join(elsewhere, name), { force: true });
});

afterAll(async () => {
  await session.dispose();
  await sandbox.close();
  for (const dir of [dataDir, folder, elsewhere]) await rm(dir, { recursive: true, force: true });
});

/** The sandbox's download speed, bytes a second (null: full speed). */
async function throttle(bytesPerSecond: number | null): Promise<void> {
  await fetch(`${origin}/__sandbox/downloads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bytesPerSecond }),
  });
}

/** The SHA-256 of the file the sandbox serves for the recording. */
async function servedSha(): Promise<string> {
  const response = await fetch(`${origin}/__sandbox/downloads`);
  const { served } = (await response.json()) as { served: { fileName: string; sha256: string }[] };
  const found = served.find((file) => file.fileName === recording.name);
  if (found === undefined) throw new Error(`the sandbox never served ${recording.name}`);
  return found.sha256;
}

async function sha256(path: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}

/** Polls the list until `done` holds (a bound on tries, no wall-clock assertion). */
async function until(id: string, done: (download: Download) => boolean): Promise<Download> {
  for (let tries = 0; tries < 2000; tries += 1) {
    const download = engine.list().find((item) => item.id === id);
    if (download !== undefined && done(download)) return download;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`download ${id} never got there: ${JSON.stringify(engine.list())}`);
}

const source = () => ({ kind: 'recording-file' as const, ...recording });
const part = () => join(folder, `${recording.name}.part`);

/** Starts a slow download and pauses it with some bytes in its part file. */
async function pausedDownload(): Promise<Download> {
  await throttle(400_000);
  const id = await engine.start(source(), undefined);
  await until(id, (download) => download.receivedBytes > 50_000);
  await engine.pause([id]);
  await throttle(null);
  return until(id, (download) => download.state === 'paused');
}

describe('a symbolic link at a part file’s name is never written through', () => {
  it('a link put in place of a paused part file is left alone; its target is unchanged', async () => {
    const paused = await pausedDownload();
    const victim = join(elsewhere, 'victim.txt');
    await writeFile(victim, 'not the desk’s to write');
    await rm(part());
    await symlink(victim, part());
    await engine.resume([paused.id]);
    const done = await until(paused.id, (download) => download.state === 'done');
    expect(await readFile(victim, 'utf8')).toBe('not the desk’s to write');
    expect(await readlink(part())).toBe(victim);
    expect(await sha256(done.path ?? '')).toBe(await servedSha());
    expect(done.note).toBe('restarted');
  });

  it('a link already at a new download’s part name is not followed', async () => {
    const victim = join(elsewhere, 'victim.txt');
    await writeFile(victim, 'keep');
    await symlink(victim, part());
    const id = await engine.start(source(), undefined);
    const done = await until(id, (download) => download.state === 'done');
    expect(await readFile(victim, 'utf8')).toBe('keep');
    expect(await sha256(done.path ?? '')).toBe(await servedSha());
  });
});

describe('a part file the list did not write is not resumed', () => {
  it('a part file replaced by other bytes of the same size is left alone; the download starts over', async () => {
    const paused = await pausedDownload();
    const forged = Buffer.alloc(paused.receivedBytes, 0x41);
    await writeFile(part(), forged);
    await utimes(part(), new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
    await engine.resume([paused.id]);
    const done = await until(paused.id, (download) => download.state === 'done');
    expect(await sha256(done.path ?? '')).toBe(await servedSha());
    expect(done.note).toBe('restarted');
    // Someone else's file: neither continued, nor deleted, nor changed.
    expect((await readFile(part())).equals(forged)).toBe(true);
  });

  it('cancel does not delete a part file the list did not write', async () => {
    const paused = await pausedDownload();
    await writeFile(part(), 'someone else’s notes');
    await engine.cancel([paused.id]);
    expect(await readFile(part(), 'utf8')).toBe('someone else’s notes');
  });
});

describe('the finished file never replaces a file that appeared meanwhile', () => {
  it('a link standing at the final name stays, and the download takes the next free name', async () => {
    const planted = join(folder, recording.name);
    await symlink(join(elsewhere, 'where-the-bytes-would-go'), planted);
    const id = await engine.start(source(), undefined);
    const done = await until(id, (download) => download.state === 'done');
    expect(done.path).toBe(join(folder, recording.name.replace(/(\.[^.]+)$/, ' (2)$1')));
    expect(await readlink(planted)).toBe(join(elsewhere, 'where-the-bytes-would-go'));
    expect(await sha256(done.path ?? '')).toBe(await servedSha());
  });
});

describe('Windows device names and trailing dots are cleaned from file names', () => {
  it.each([
    ['CON', '_CON'],
    ['nul.txt', '_nul.txt'],
    ['Com1.mp4', '_Com1.mp4'],
    ['lpt9', '_lpt9'],
    ['report.mp4. . ', 'report.mp4'],
    ['..\\..\\evil.exe', 'evil.exe'],
    ['a:b|c?.mp4', 'a_b_c_.mp4'],
    ['console.mp4', 'console.mp4'],
  ])('%s → %s', (raw, safe) => {
    expect(safeFileName(raw)).toBe(safe);
  });

  it.each(['', '.', '..', '...', ' . '])('%j → nothing usable', (raw) => {
    expect(safeFileName(raw)).toBeNull();
  });
});
