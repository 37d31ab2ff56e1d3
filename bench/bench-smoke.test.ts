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

/** Section ids (bench/run.ts) and the most each may take in smoke mode, ms. */
const sections: [id: string, timeoutMs: number][] = [
  ['scheduler', 30_000],
  ['sandbox-latency', 30_000],
  ['uploads', 60_000],
  ['palette', 120_000],
  ['schedule-timeline', 120_000],
  ['vod-library', 180_000],
  ['event-day', 180_000],
  ['multiview', 90_000],
  ['foreign', 60_000],
  ['studio', 120_000],
];

describe('every bench section in smoke mode completes and prints its verdict', () => {
  it(
    'start (fresh build, then a start that skips it)',
    { timeout: 300_000 },
    async ({ signal }) => {
      expectVerdict(await runBench('start', signal), 'start');
    },
  );
  for (const [id, timeoutMs] of sections) {
    it(id, { timeout: timeoutMs }, async ({ signal }) => {
      expectVerdict(await runBench(id, signal, { BENCH_BUILT: '1' }), id);
    });
  }
});
