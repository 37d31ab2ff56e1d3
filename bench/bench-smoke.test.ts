/**
 * No bench rots (issue 34, section 5): every `npm run bench` section runs in smoke mode
 * (`BENCH_SMOKE=1`: tiny sizes, seconds; bench/section.ts `sized`) exactly as an engineer
 * would run it (`tsx bench/run.ts <id>`), and must complete and print its verdict line. The
 * figures are not asserted: in smoke mode they mean nothing (docs/dev/benchmarks.md).
 *
 * `start` runs first: it removes out/ and builds the app, so the sections that load the built
 * renderer after it are told not to build again (`BENCH_BUILT=1`).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));

interface BenchRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `tsx bench/run.ts <id>` in smoke mode; resolves with its exit code and output. */
function runBench(id: string, signal: AbortSignal, env: NodeJS.ProcessEnv = {}): Promise<BenchRun> {
  return new Promise((resolve, reject) => {
    // Its own process group, so that a test that times out ends the section's whole tree
    // (tsx, the app, a host, Chromium) rather than leaving it running beside the next one.
    const child = spawn(tsx, ['bench/run.ts', id], {
      cwd: root,
      env: { ...process.env, ...env, BENCH_SMOKE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const stop = () => {
      if (child.pid !== undefined && child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    };
    signal.addEventListener('abort', stop, { once: true });
    child.once('exit', () => signal.removeEventListener('abort', stop));
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The verdict line is the bench's last line: `<id>: PASS|MISS|FAIL (...)`. */
function expectVerdict(run: BenchRun, id: string): void {
  expect(run.stderr, run.stdout).not.toContain('bench crashed');
  expect(run.code, run.stderr).toBe(0);
  const last = run.stdout.trimEnd().split('\n').at(-1) ?? '';
  expect(last).toMatch(new RegExp(`^${id}: (PASS|MISS|FAIL) \\(`));
}

/**
 * Section ids (bench/run.ts) and the most each may take in smoke mode, ms: about three times
 * what each takes on a quiet 2-core machine, because `npm test` runs them beside the end-to-end
 * tests (scripts/test-all.mjs). A timeout only bounds a section that hangs; no figure counts.
 */
const sections: [id: string, timeoutMs: number][] = [
  ['scheduler', 60_000],
  ['sandbox-latency', 60_000],
  ['uploads', 120_000],
  ['palette', 180_000],
  ['schedule-timeline', 240_000],
  ['vod-library', 300_000],
  ['event-day', 300_000],
  ['multiview', 240_000],
  ['foreign', 180_000],
  ['studio', 300_000],
];

/**
 * Which part runs (`BENCH_SMOKE_PART`): `start` alone (it removes out/ and builds, so in
 * `npm test` it runs before package:check and the end-to-end tests drive that build),
 * `sections` alone (the others, on the app as built; `npm test` runs them beside the
 * end-to-end tests), or both, `start` first (unset: `npm run bench:smoke`).
 */
const part = process.env.BENCH_SMOKE_PART ?? 'all';
if (!['all', 'start', 'sections'].includes(part))
  throw new Error(`BENCH_SMOKE_PART must be start or sections (got "${part}").`);

describe('every bench section in smoke mode completes and prints its verdict', () => {
  it.skipIf(part === 'sections')(
    'start (fresh build, then a start that skips it)',
    { timeout: 300_000 },
    async ({ signal }) => {
      expectVerdict(await runBench('start', signal), 'start');
    },
  );
  // One at a time: each waits mostly on the sandbox's real rate limit and its own pacing, and
  // several at once beside the end-to-end tests would starve them.
  for (const [id, timeoutMs] of sections) {
    it.skipIf(part === 'start')(id, { timeout: timeoutMs }, async ({ signal }) => {
      expectVerdict(await runBench(id, signal, { BENCH_BUILT: '1' }), id);
    });
  }
});
