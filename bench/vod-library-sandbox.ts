/**
 * The sandbox side of bench section `vod-library`: what seeding a library of N contents costs
 * (time, heap), and how fast the sandbox answers the list operations on it (its own time,
 * rate limit off, so the app's pacing is not in these figures).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startSandbox } from '../src-main/sandbox/index';
import { seedState } from '../src-main/sandbox/index';
import { sized } from './section';
import { percentile } from './stats';

/** Seeding and raw list figures of one library size. */
export interface SandboxFigures {
  contents: number;
  /** Time to build the whole seeded state, ms (median of 3). */
  seedMs: number;
  /** Heap the seeded state holds, MB (approximate: heap growth while one state is kept). */
  seedHeapMb: number;
  /** p95 of the sandbox's answer to the first page (20), ms over HTTP on loopback. */
  firstPageP95Ms: number;
  /** p95 of the last page (per_page 100). */
  lastPageP95Ms: number;
  /** p95 of a keyword search (`lecture`, per_page 100). */
  keywordP95Ms: number;
  /** Contents the keyword search found. */
  keywordTotal: number;
}

const rounds = sized(20, 2);

/** Measures seeding and raw list answers for a library of `contents`. */
export async function measureSandbox(contents: number): Promise<SandboxFigures> {
  const start = new Date('2026-06-01T12:00:00Z');
  const times: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const began = performance.now();
    seedState(1, start, { vodContents: contents });
    times.push(performance.now() - began);
  }
  const gc = collector();
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const kept = seedState(1, start, { vodContents: contents });
  gc();
  const seedHeapMb = (process.memoryUsage().heapUsed - heapBefore) / 1_048_576;
  if (kept.mediaContents.length !== contents) throw new Error('seeded the wrong library size');

  const sandbox = await startSandbox({ seed: 1, rateLimit: false, vodContents: contents });
  try {
    const get = async (path: string): Promise<{ ms: number; total: number }> => {
      const url = new URL(`${sandbox.info.vod_base_url}${path}`);
      url.searchParams.set('access_token', sandbox.info.vod_access_token);
      const began = performance.now();
      const response = await fetch(url);
      const body = (await response.json()) as { meta?: { total: number } };
      if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
      return { ms: performance.now() - began, total: body.meta?.total ?? 0 };
    };
    const lastPage = Math.max(1, Math.ceil(contents / 100));
    const first: number[] = [];
    const last: number[] = [];
    const keyword: number[] = [];
    let keywordTotal = 0;
    // Warm-up: the first answers pay for compiling the list path, not for the library's size.
    for (let i = 0; i < 3; i += 1) {
      await get('/media-contents');
      await get('/media-contents?keyword=lecture&per_page=100');
    }
    for (let i = 0; i < rounds; i += 1) {
      first.push((await get('/media-contents')).ms);
      last.push((await get(`/media-contents?per_page=100&page=${lastPage}`)).ms);
      const found = await get('/media-contents?keyword=lecture&per_page=100');
      keyword.push(found.ms);
      keywordTotal = found.total;
    }
    return {
      contents,
      seedMs: round(percentile(times, 50)),
      seedHeapMb: round(Math.max(0, seedHeapMb)),
      firstPageP95Ms: round(percentile(first, 95)),
      lastPageP95Ms: round(percentile(last, 95)),
      keywordP95Ms: round(percentile(keyword, 95)),
      keywordTotal,
    };
  } finally {
    await sandbox.close();
  }
}

/** A full garbage collection on demand (V8's `gc`, exposed for this process only). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
