/**
 * For the upload engine's tests: a sandbox platform with an open workspace, engines on a temp
 * data folder with short waits, the events they push, and test media (real video made with
 * Debian's ffmpeg, images, random bytes). Not used by the app.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../sandbox/index';
import type { UploadChange, UploadItem, UploadState } from '../../shared/uploads';
import { openSandboxWorkspace, type Workspace } from '../workspaces/workspace';
import { UploadEngine } from './upload-engine';
import { defaultTuning, type UploadTuning } from './upload-tuning';
import { workspaceUploadPlatform, type UploadPlatform } from './upload-platform';
import { ManualClock } from '../../platform/manual-clock';
import { accountContextOf, type AccountContext } from '../core/account-context';

/** Waits short enough for tests: backoff from 100 ms, polls every 50 ms. */
export const fastTuning: Partial<UploadTuning> = {
  backoff: { firstMs: 100, capMs: 400, maxFailures: 6 },
  followUp: {
    tickMs: 50,
    transcodingPollMs: 100,
    transcodingSpacingMs: 20,
    listCheckMs: 100,
    maxChecks: 8,
  },
  eventSpacingMs: 50,
  tusChunkBytes: defaultTuning.tusChunkBytes,
};

/** A sandbox, its workspace, and engines on one temp data folder. */
export interface UploadRig {
  sandbox: SandboxHandle;
  workspace: Workspace;
  platform: UploadPlatform;
  dataDir: string;
  /** Folder for test files. */
  filesDir: string;
  changes: UploadChange[];
  notices: { level: string; message: string }[];
  /** An engine on the rig's data folder (the previous one should be disposed first). */
  open(tuning?: Partial<UploadTuning>): Promise<UploadEngine>;
  close(): Promise<void>;
}

/** Starts a sandbox (rate limit off, fast pacing) and a temp data folder under /tmp/h2-*. */
export async function startRig(options: SandboxOptions = {}): Promise<UploadRig> {
  const sandbox = await startSandbox({ port: 0, seed: 7, rateLimit: false, ...options });
  const pacing = { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0, limitPerMinute: 10_000 };
  const workspace = await openSandboxWorkspace({ sandboxInfo: sandbox.info, pacing });
  const platform = workspaceUploadPlatform(testAccount(workspace));
  const dataDir = await mkdtemp(join(tmpdir(), 'h2-data-'));
  const filesDir = await mkdtemp(join(tmpdir(), 'h2-files-'));
  const changes: UploadChange[] = [];
  const notices: { level: string; message: string }[] = [];
  const engines: UploadEngine[] = [];
  return {
    sandbox,
    workspace,
    platform,
    dataDir,
    filesDir,
    changes,
    notices,
    async open(tuning = {}) {
      const engine = await UploadEngine.open({
        dataDir,
        workspaceId: 'sandbox',
        platform,
        onChange: (change) => changes.push(change),
        notify: (level, said) =>
          notices.push({ level, message: typeof said === 'string' ? said : said.message }),
        log: () => undefined,
        tuning: { ...fastTuning, ...tuning },
      });
      engines.push(engine);
      return engine;
    },
    async close() {
      for (const engine of engines) await engine.dispose();
      await workspace.dispose();
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

/** The item `id` of `engine`'s queue. @throws Error when it is not there. */
export function itemOf(engine: UploadEngine, id: string): UploadItem {
  const item = engine.list().items.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`no upload ${id}`);
  return item;
}

/** Waits until every item of `engine` is in one of `states`. @throws after `timeoutMs`. */
export async function settle(
  engine: UploadEngine,
  states: UploadState[] = ['done', 'needs-attention', 'cancelled'],
  timeoutMs = 30_000,
): Promise<UploadItem[]> {
  return waitFor(
    () => {
      const { items } = engine.list();
      return items.every((item) => states.includes(item.state)) ? items : null;
    },
    timeoutMs,
    () => JSON.stringify(engine.list().items.map((i) => [i.name, i.state, i.problem?.message])),
  );
}

/** Polls `probe` every 20 ms until it answers non-null. @throws after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  timeoutMs = 30_000,
  describe: () => string = () => '',
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Makes a real MP4 of `seconds` s with Debian's ffmpeg (test pattern and a tone, 320×240).
 * `noisy`: moving noise, about 1.4 MB a second (big files for throttled uploads); else a
 * few tens of KB a second.
 */
export async function makeVideo(file: string, seconds: number, noisy = false): Promise<void> {
  await promisify(execFile)('/usr/bin/ffmpeg', [
    ...['-loglevel', 'error', '-f', 'lavfi', '-i'],
    `testsrc=duration=${seconds}:size=320x240:rate=25`,
    ...['-f', 'lavfi', '-i', `sine=duration=${seconds}`],
    ...(noisy ? ['-vf', 'noise=alls=60:allf=t', '-c:v', 'mpeg4', '-q:v', '6'] : []),
    ...['-shortest', '-y', file],
  ]);
}

/** A valid 1×1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** SHA-256 of a file, hex. */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/**
 * The account context of a test's workspace. Upload calls read no clock, so a manual one
 * stands in for it; the log is dropped.
 */
export function testAccount(workspace: Workspace): AccountContext {
  return accountContextOf(workspace, new ManualClock(), () => undefined);
}
