/**
 * Bench section: uploads (issue "Uploads", `npm run bench -- uploads`).
 *
 * - Throughput: one 1 GB file (`BENCH_UPLOAD_MB` to change) to a sandbox in its own process,
 *   rate limit off. Baseline: `curl -F upload-file=@file` posting it to a one-time URL of the
 *   same sandbox in multipart mode. Then OnAir Desk's core, in its own process
 *   (bench/upload-app.ts), uploading it as VOD content in multipart mode and in tus mode. The
 *   app's time runs from `upload.enqueue` to the last byte, so it includes asking for the
 *   one-time URL and detecting the protocol. Best of three runs each (the machine is shared). Goal: app throughput
 *   >= 0.9 of curl's.
 * - Memory: the uploading process's peak RSS (sampled every 20 ms) over its idle RSS after
 *   start. Goal: < 100 MB above idle, whatever the file size.
 * - Enqueue: 2,000 small files checked and queued by `upload.enqueue` (stat, one small read to
 *   sniff the type, persisted queue); baseline: a plain stat and 64-byte read of each file in
 *   this process. Reported, no goal beyond "fast enough not to be noticed" (well under 2 s).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { mkdir, mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { SandboxInfo } from '../src-main/sandbox/index';
import type { BenchSection, BenchSectionResult } from './section';

const root = fileURLToPath(new URL('..', import.meta.url));
const sizeMb = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const enqueueCount = 2000;
/** The start of an MP4 (`ftyp` box), so the file sniffs as video. */
const mp4Header = Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex');

interface AppRun {
  ms: number;
  idleRssBytes: number;
  peakRssBytes: number;
  protocol: string | null;
}

export const uploadsSection: BenchSection = {
  id: 'uploads',
  title: `Uploads: a ${sizeMb} MB file vs curl, memory over idle, enqueueing ${enqueueCount} files`,
  async run(): Promise<BenchSectionResult> {
    const dir = await mkdtemp(join(tmpdir(), 'onair-bench-uploads-'));
    try {
      const big = join(dir, 'big-video.mp4');
      await makeFile(big, sizeMb * 1024 * 1024);
      const size = (await stat(big)).size;

      const curlMs: number[] = [];
      const multipart: AppRun[] = [];
      const tus: AppRun[] = [];
      for (let round = 0; round < 3; round++) {
        await withSandbox('multipart', async (info) => {
          curlMs.push(await curlUpload(info, big));
          multipart.push(await appUpload(info, big));
        });
        await withSandbox('tus', async (info) => {
          tus.push(await appUpload(info, big));
        });
      }
      const best = (runs: AppRun[]) => runs.reduce((a, b) => (b.ms < a.ms ? b : a));
      const curlBest = Math.min(...curlMs);
      const mp = best(multipart);
      const tu = best(tus);
      const mbps = (ms: number) => round((size / 1024 / 1024 / ms) * 1000);
      const overIdle = (r: AppRun) => round((r.peakRssBytes - r.idleRssBytes) / 1024 / 1024);
      const worstOverIdle = Math.max(...[...multipart, ...tus].map(overIdle));

      const files = join(dir, 'many');
      await makeSmallFiles(files, enqueueCount);
      const baselineMs = await statAndSniff(files, enqueueCount);
      const enqueue = await withSandbox('tus', (info) => appEnqueue(info, files));

      const rows: (string | number)[][] = [
        ['curl -F (multipart), baseline', round(curlBest), mbps(curlBest), 1, '—'],
        ['OnAir Desk, multipart', round(mp.ms), mbps(mp.ms), round(curlBest / mp.ms), overIdle(mp)],
        ['OnAir Desk, tus', round(tu.ms), mbps(tu.ms), round(curlBest / tu.ms), overIdle(tu)],
      ];
      return {
        table: {
          columns: ['variant', 'ms', 'MB/s', 'throughput vs curl', 'MB over idle'],
          rows: [
            ...rows,
            [`stat + sniff ${enqueueCount} files, baseline`, round(baselineMs), '', '', ''],
            [
              `upload.enqueue ${enqueueCount} files`,
              round(enqueue.ms),
              '',
              `${round(enqueue.ms / baselineMs)}× baseline`,
              '',
            ],
          ],
        },
        goals: [
          {
            text: 'multipart throughput >= 0.9 of curl',
            pass: curlBest / mp.ms >= 0.9,
            measured: `${round(curlBest / mp.ms)}`,
          },
          {
            text: 'tus throughput >= 0.9 of curl',
            pass: curlBest / tu.ms >= 0.9,
            measured: `${round(curlBest / tu.ms)}`,
          },
          {
            text: 'uploading process < 100 MB above idle',
            pass: worstOverIdle < 100,
            measured: `worst ${worstOverIdle} MB over idle (${round(mp.idleRssBytes / 1024 / 1024)} MB idle)`,
          },
          {
            text: `${enqueueCount} files enqueued (all added)`,
            pass: enqueue.added === enqueueCount,
            measured: `${enqueue.added} added in ${round(enqueue.ms)} ms`,
          },
        ],
        notes: [
          'Sandbox and app each in their own process on this machine; curl and the app share the same loopback and disk.',
          "The app's time includes asking for the one-time URL (bulk priority) and the OPTIONS protocol check.",
          'tus sends the file in chunks of the engine tuning (tusChunkBytes), each a PATCH.',
        ],
        figures: { sizeBytes: size, curlMs, multipart, tus, enqueue, baselineMs },
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};

async function makeFile(path: string, bytes: number): Promise<void> {
  const handle = await open(path, 'w');
  try {
    await handle.write(mp4Header);
    const chunk = Buffer.alloc(8 * 1024 * 1024);
    let written = mp4Header.length;
    while (written < bytes) {
      randomFillSync(chunk);
      const n = Math.min(chunk.length, bytes - written);
      await handle.write(chunk, 0, n);
      written += n;
    }
  } finally {
    await handle.close();
  }
}

async function makeSmallFiles(dir: string, count: number): Promise<void> {
  await mkdir(dir, { recursive: true });
  const body = Buffer.concat([mp4Header, Buffer.alloc(4096 - mp4Header.length, 7)]);
  for (let i = 0; i < count; i++)
    await writeFile(join(dir, `clip-${String(i).padStart(4, '0')}.mp4`), body);
}

async function statAndSniff(dir: string, count: number): Promise<number> {
  const began = performance.now();
  const head = Buffer.alloc(64);
  for (let i = 0; i < count; i++) {
    const path = join(dir, `clip-${String(i).padStart(4, '0')}.mp4`);
    await stat(path);
    const handle = await open(path, 'r');
    await handle.read(head, 0, 64, 0);
    await handle.close();
  }
  return performance.now() - began;
}

/** Runs `body` against a fresh sandbox process in `mode`, rate limit off. */
async function withSandbox<T>(
  mode: 'tus' | 'multipart',
  body: (info: SandboxInfo) => Promise<T>,
): Promise<T> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src-main/sandbox/cli.ts',
      '--port',
      '0',
      '--no-rate-limit',
      '--upload-mode',
      mode,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const line = await firstLine(child);
    return await body(JSON.parse(line) as SandboxInfo);
  } finally {
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  }
}

async function curlUpload(info: SandboxInfo, file: string): Promise<number> {
  const response = await fetch(
    `${info.vod_base_url}/upload/create-url?access_token=${info.vod_access_token}`,
    { method: 'POST', body: new URLSearchParams({ title: 'curl baseline', expire_time: '3600' }) },
  );
  const answer = (await response.json()) as { data: { upload_url: string } };
  const began = performance.now();
  const curl = spawn(
    'curl',
    ['-sS', '--fail', '-o', '/dev/null', '-F', `upload-file=@${file}`, answer.data.upload_url],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const code = await new Promise<number | null>((done) => curl.once('exit', done));
  if (code !== 0) throw new Error(`curl exited ${code}`);
  return performance.now() - began;
}

async function appUpload(info: SandboxInfo, file: string): Promise<AppRun> {
  return JSON.parse(await runApp(info, ['upload', file])) as AppRun;
}

async function appEnqueue(info: SandboxInfo, dir: string): Promise<{ ms: number; added: number }> {
  return JSON.parse(await runApp(info, ['enqueue', dir])) as { ms: number; added: number };
}

async function runApp(info: SandboxInfo, args: string[]): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'bench/upload-app.ts', ...args],
    {
      cwd: root,
      env: { ...process.env, ONAIR_SANDBOX_INFO: JSON.stringify(info) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await firstLine(child);
  await new Promise((done) => child.once('exit', done));
  return line;
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!child.stdout) return reject(new Error('no stdout'));
    const lines = createInterface({ input: child.stdout });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`process exited ${code} before answering`)));
  });
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
