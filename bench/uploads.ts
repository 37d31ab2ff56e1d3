/**
 * Bench section: uploads (issue "Uploads", `npm run bench -- uploads`).
 *
 * - Throughput: one 1 GB file (`BENCH_UPLOAD_MB` to change) to a sandbox in its own process,
 *   rate limit off, in {@link rounds} rounds. Each round measures three uploads, each into a
 *   fresh sandbox (so no upload finds the disk, the storage folder or the page cache dirtied by
 *   another one), in an order that rotates from round to round: the baseline `curl -F
 *   upload-file=@file` to a one-time URL in multipart mode, then OnAir Desk's core in its own
 *   process (bench/upload-app.ts) uploading the file as VOD content in multipart mode and in
 *   tus mode. Every timed upload, curl's too, comes 3 s after an untimed warm-up upload of a
 *   small file by the same client into the same sandbox (a fresh process's first upload pays
 *   compilation costs an app open all day does not, and that holds for the receiving sandbox
 *   as much as for the app), and just after the file was read through (page-cache.ts). The app's
 *   time runs from `upload.enqueue` to the host's answer to the last byte, so it includes
 *   asking for the one-time URL and detecting the protocol; curl's runs from its
 *   start to the host's answer. Each round's ratio is curl's time over the app's (1 = as fast
 *   as curl); the goal is a median ratio >= 0.9. The machine may be shared: ratios within a
 *   round are what count, the median over rounds smooths the rest.
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
import { readThrough } from './page-cache';
import { sized, type BenchSection, type BenchSectionResult } from './section';

const root = fileURLToPath(new URL('..', import.meta.url));
const sizeMb = Number(process.env.BENCH_UPLOAD_MB ?? sized(1024, 8));
const enqueueCount = sized(2000, 50);
/** Rounds of curl, multipart and tus uploads; the goals are on the median ratio. */
const rounds = sized(5, 1);
/**
 * The untimed warm-up upload before each timed one, bytes (bench/upload-app.ts): the app's
 * process is fresh for each upload, and its first upload pays one-time costs (code compiled on
 * first use, tsx transpiling, Node's fetch loaded) that an app open all day paid long before.
 */
const warmUpBytes = sized(8, 1) * 1024 * 1024;
/**
 * Wait after curl's warm-up upload, ms: the app's (bench/upload-app.ts `warmUpSettleMs`), so
 * curl's sandbox is as old and as warm as the app's when the timed upload starts.
 */
const curlWarmUpSettleMs = sized(3000, 200);
/** The start of an MP4 (`ftyp` box), so the file sniffs as video. */
const mp4Header = Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex');

interface AppRun {
  ms: number;
  idleRssBytes: number;
  peakRssBytes: number;
  protocol: string | null;
}

/** One round: curl's time and the app's runs, each into its own fresh sandbox. */
interface Round {
  order: Variant[];
  curlMs: number;
  multipart: AppRun;
  tus: AppRun;
}

type Variant = 'curl' | 'multipart' | 'tus';
const variants: readonly Variant[] = ['curl', 'multipart', 'tus'];

export const uploadsSection: BenchSection = {
  id: 'uploads',
  title: `Uploads: a ${sizeMb} MB file vs curl, memory over idle, enqueueing ${enqueueCount} files`,
  async run(): Promise<BenchSectionResult> {
    const dir = await mkdtemp(join(tmpdir(), 'onair-bench-uploads-'));
    try {
      const big = join(dir, 'big-video.mp4');
      await makeFile(big, sizeMb * 1024 * 1024);
      const warmUp = join(dir, 'warm-up.mp4');
      await makeFile(warmUp, warmUpBytes);
      const size = (await stat(big)).size;

      const runs: Round[] = [];
      for (let round = 0; round < rounds; round++)
        runs.push(await measureRound(round, big, warmUp));
      const ratios = (mode: 'multipart' | 'tus') => runs.map((r) => r.curlMs / r[mode].ms);
      const multipartRatio = median(ratios('multipart'));
      const tusRatio = median(ratios('tus'));
      const mbps = (ms: number) => round((size / 1024 / 1024 / ms) * 1000);
      const overIdle = (r: AppRun) => round((r.peakRssBytes - r.idleRssBytes) / 1024 / 1024);
      const apps = runs.flatMap((r) => [r.multipart, r.tus]);
      const worstOverIdle = Math.max(...apps.map(overIdle));
      const idleMb = round(median(apps.map((r) => r.idleRssBytes)) / 1024 / 1024);

      const files = join(dir, 'many');
      await makeSmallFiles(files, enqueueCount);
      const baselineMs = await statAndSniff(files, enqueueCount);
      const enqueue = await withSandbox('tus', (info) => appEnqueue(info, files));

      const perRound = runs.map((r, i): (string | number)[] => [
        `round ${i + 1} (${r.order.join(', ')})`,
        round(r.curlMs),
        round(r.multipart.ms),
        round(r.curlMs / r.multipart.ms),
        round(r.tus.ms),
        round(r.curlMs / r.tus.ms),
        `${overIdle(r.multipart)} / ${overIdle(r.tus)}`,
      ]);
      const medianMs = (pick: (r: Round) => number) => median(runs.map(pick));
      return {
        table: {
          columns: [
            'upload',
            'curl ms',
            'multipart ms',
            'multipart vs curl',
            'tus ms',
            'tus vs curl',
            'MB over idle (mp / tus)',
          ],
          rows: [
            ...perRound,
            [
              `median of ${rounds}`,
              round(medianMs((r) => r.curlMs)),
              round(medianMs((r) => r.multipart.ms)),
              round(multipartRatio),
              round(medianMs((r) => r.tus.ms)),
              round(tusRatio),
              `worst ${worstOverIdle}`,
            ],
            [
              'MB/s at the median',
              mbps(medianMs((r) => r.curlMs)),
              mbps(medianMs((r) => r.multipart.ms)),
              '',
              mbps(medianMs((r) => r.tus.ms)),
              '',
              '',
            ],
            [`stat + sniff ${enqueueCount} files, baseline`, round(baselineMs), '', '', '', '', ''],
            [
              `upload.enqueue ${enqueueCount} files`,
              round(enqueue.ms),
              '',
              '',
              '',
              '',
              `${round(enqueue.ms / baselineMs)}× baseline`,
            ],
          ],
        },
        goals: [
          {
            text: `multipart throughput >= 0.9 of curl (median of ${rounds} rounds)`,
            pass: multipartRatio >= 0.9,
            measured: `${round(multipartRatio)}; rounds ${ratios('multipart').map(round).join(', ')}`,
          },
          {
            text: `tus throughput >= 0.9 of curl (median of ${rounds} rounds)`,
            pass: tusRatio >= 0.9,
            measured: `${round(tusRatio)}; rounds ${ratios('tus').map(round).join(', ')}`,
          },
          {
            text: 'uploading process < 100 MB above idle',
            pass: worstOverIdle < 100,
            measured: `worst ${worstOverIdle} MB over idle (${idleMb} MB idle)`,
          },
          {
            text: `${enqueueCount} files enqueued (all added)`,
            pass: enqueue.added === enqueueCount,
            measured: `${enqueue.added} added in ${round(enqueue.ms)} ms`,
          },
        ],
        notes: [
          'Sandbox and app each in their own process on this machine; curl and the app share the same loopback and disk.',
          'Every upload goes to a fresh sandbox; the order of the three rotates from round to round.',
          "The app's time includes asking for the one-time URL (bulk priority) and the OPTIONS protocol check.",
          `Each client (the app's process, and curl) first uploads an ${warmUpBytes / 1024 / 1024} MB file into the same sandbox, untimed, 3 s before the timed upload (warm-up: an app open all day, and a platform serving all day, have their code compiled and HTTP clients loaded).`,
          'Just before each timed upload (curl and the app alike) the file is read through once, untimed: this machine pages out file pages left idle for seconds (bench/page-cache.ts).',
          'tus sends the file in one PATCH (engine default; tusChunkBytes in the tuning sets a size).',
        ],
        figures: { sizeBytes: size, runs, multipartRatio, tusRatio, enqueue, baselineMs },
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};

/** Round `index`: the three uploads, starting with variant `index % 3`. */
async function measureRound(index: number, file: string, warmUp: string): Promise<Round> {
  const order = variants.map((_, i) => variants[(index + i) % variants.length] as Variant);
  let curlMs = Number.NaN;
  const apps: Partial<Record<'multipart' | 'tus', AppRun>> = {};
  for (const variant of order) {
    if (variant === 'curl')
      curlMs = await withSandbox('multipart', (info) => curlUpload(info, file, warmUp));
    else apps[variant] = await withSandbox(variant, (info) => appUpload(info, file, warmUp));
  }
  const { multipart, tus } = apps;
  if (multipart === undefined || tus === undefined) throw new Error('a variant did not run');
  return { order, curlMs, multipart, tus };
}

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
      'src-main/sandbox/cli/cli.ts',
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

/**
 * curl's upload of `file` to a fresh one-time URL, ms from curl's start to its exit; first, when
 * `warmUp` is given, the same for that file (untimed) and {@link curlWarmUpSettleMs} of rest.
 * @throws Error when curl fails
 */
async function curlUpload(info: SandboxInfo, file: string, warmUp?: string): Promise<number> {
  if (warmUp !== undefined) {
    await curlUpload(info, warmUp);
    await new Promise((done) => setTimeout(done, curlWarmUpSettleMs));
  }
  const response = await fetch(
    `${info.vod_base_url}/upload/create-url?access_token=${info.vod_access_token}`,
    { method: 'POST', body: new URLSearchParams({ title: 'curl baseline', expire_time: '3600' }) },
  );
  const answer = (await response.json()) as { data: { upload_url: string } };
  await readThrough(file); // untimed, as the app does before its upload (page-cache.ts)
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

async function appUpload(info: SandboxInfo, file: string, warmUp: string): Promise<AppRun> {
  return JSON.parse(await runApp(info, ['upload', file, warmUp])) as AppRun;
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

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? Number.NaN) + (sorted[mid] ?? Number.NaN)) / 2;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
