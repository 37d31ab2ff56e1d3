/**
 * The uploading process of the uploads bench: OnAir Desk's core (the same as the app's main
 * process, on the sandbox named by `ONAIR_SANDBOX_INFO`) in its own process, so its memory is
 * measured alone. Commands on stdin-less argv, one JSON line on stdout:
 *
 * - `upload <file> [warm-up file]`: uploads the warm-up file first when given (untimed), reads
 *   `file` through (untimed, bench/page-cache.ts), then idle RSS (after start and GC), then
 *   enqueues `file` as VOD content and samples RSS every 20 ms until every byte is on the
 *   upload host; prints
 *   `{ ms, idleRssBytes, peakRssBytes, protocol }` (ms from enqueue to the last byte).
 * - `enqueue <dir>`: enqueues every file of `dir` (concurrency 1, paused first) and prints
 *   `{ ms, added }`, the time the `upload.enqueue` command took.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeskCore, type DeskCore } from '../src-main/services/app/desk-core';
import { memorySecrets } from '../src-main/services/app/test-support';
import {
  openSandboxWorkspace,
  sandboxInfoFromEnv,
} from '../src-main/services/workspaces/workspace';
import type { UploadChange } from '../src-main/shared/uploads';
import type { Result } from '../src-main/shared/result';
import type { Confirmation } from '../src-main/shared/commands/define';
import { readThrough } from './page-cache';
import { sized } from './section';

/**
 * Wait after the warm-up upload, ms: past its first transcoding check (about 1 s after it).
 * bench/uploads.ts waits as long after curl's warm-up, so both sandboxes are as warm.
 */
const warmUpSettleMs = sized(3000, 200);

async function main(): Promise<void> {
  const [command, target, warmUp] = process.argv.slice(2);
  const sandboxInfo = sandboxInfoFromEnv(process.env);
  if (!sandboxInfo || !target)
    throw new Error('usage: ONAIR_SANDBOX_INFO=… upload-app.ts upload|enqueue PATH [WARM-UP FILE]');
  const dataDir = await mkdtemp(join(tmpdir(), 'onair-bench-app-'));
  const core = await createDeskCore({
    dataDir,
    secrets: memorySecrets(),
    openSandbox: () => openSandboxWorkspace({ sandboxInfo }),
    log: () => undefined,
  });
  const invoke = async <T>(
    name: string,
    input: unknown,
    confirmation?: Confirmation,
  ): Promise<T> => {
    const result = (await core.invoke(name, input, {
      clientId: 'bench',
      confirmation,
    })) as Result<T>;
    if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
    return result.data;
  };
  try {
    if (command === 'upload') {
      if (warmUp !== undefined) {
        // An app open all day has its code compiled and its HTTP clients loaded; this process is
        // fresh (under tsx, which also transpiles on first use). A small upload first pays
        // those one-time costs untimed. Then the wait lets the warm-up's first transcoding check
        // (watch priority, the VOD budget) pass, so the timed upload's one-time URL request
        // does not queue behind it: the next check comes 10 s later (follow-up.ts).
        await uploadOnce(core, invoke, warmUp);
        await new Promise((done) => setTimeout(done, warmUpSettleMs));
      }
      // The file read through just before, as the bench does before curl's upload (page-cache.ts).
      await readThrough(target);
      await new Promise((done) => setTimeout(done, 300));
      global.gc?.();
      const idleRssBytes = process.memoryUsage().rss;
      let peakRssBytes = idleRssBytes;
      const sampler = setInterval(() => {
        peakRssBytes = Math.max(peakRssBytes, process.memoryUsage().rss);
      }, 20);
      const { ms, protocol } = await uploadOnce(core, invoke, target);
      clearInterval(sampler);
      peakRssBytes = Math.max(peakRssBytes, process.memoryUsage().rss);
      process.stdout.write(`${JSON.stringify({ ms, idleRssBytes, peakRssBytes, protocol })}\n`);
    } else if (command === 'enqueue') {
      await invoke('upload.setConcurrency', { value: 1 });
      const files = (await readdir(target)).map((name) => join(target, name));
      const began = performance.now();
      const result = await invoke<{ added: number }>('upload.enqueue', {
        paths: files,
        target: { kind: 'program-media' },
      });
      const ms = performance.now() - began;
      // Cancelling every upload asks first (its declaration: confirm again); the bench answers
      // it as the operator's second press would.
      await invoke('upload.cancel', {}, { kind: 'again' });
      process.stdout.write(`${JSON.stringify({ ms, added: result.added })}\n`);
    } else {
      throw new Error(`unknown command ${command}`);
    }
  } finally {
    await core.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Enqueues `file` as VOD content and waits until the upload host holds every byte.
 * @returns ms from `upload.enqueue` to the last byte, and the protocol the upload used.
 * @throws Error with the upload's problem when it needs the operator's attention.
 */
async function uploadOnce(
  core: DeskCore,
  invoke: <T>(name: string, input: unknown) => Promise<T>,
  file: string,
): Promise<{ ms: number; protocol: string | null }> {
  let protocol: string | null = null;
  let unsubscribe = (): void => undefined;
  const sent = new Promise<void>((resolve, reject) => {
    unsubscribe = core.subscribe((event, payload) => {
      if (event !== 'upload.changed') return;
      for (const item of (payload as UploadChange).items) {
        if (item.path !== file) continue;
        protocol = item.protocol ?? protocol;
        if (item.state === 'processing' || item.state === 'done') resolve();
        if (item.state === 'needs-attention')
          reject(new Error(item.problem?.message ?? 'needs attention'));
      }
    });
  });
  const began = performance.now();
  try {
    await invoke('upload.enqueue', { paths: [file], target: { kind: 'vod' } });
    await sent;
    return { ms: performance.now() - began, protocol };
  } finally {
    unsubscribe();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`upload-app: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
