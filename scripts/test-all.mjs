#!/usr/bin/env node
/**
 * `npm test`: every stage of the test suite, stopping after the first step that fails, then a
 * one-screen summary (issue 34, "CI in at most 15 minutes"; issue 33, "The desktop spec says
 * what it did"): each stage, its time, how many tests passed, and every stage not run named as
 * NOT RUN with why. The very last line is `N passed, N failed` alone (totals across stages), so
 * CI and a person read the outcome in the same place. Exits 0 only when every stage that ran
 * passed.
 *
 * A stage's count is read from its own output: Vitest's `Tests  N passed` line, Playwright's
 * `N passed` / `N failed` / `N flaky` lines (summed over e2e.sh's runs). A stage prints
 * `<stage>: NOT RUN (<why>)` when it cannot run here (test:electron without the Electron
 * runtime); that stage is then listed as NOT RUN, not as passed. A stage that fails without
 * naming failed tests (check, package:check) counts as one failure.
 *
 * Steps run one after another; the stages of one step run side by side in lanes (each lane's
 * stages in order), their output lines prefixed with the stage's name. The first step runs the
 * static checks beside the unit and security tests (lint is one process on one core, and the
 * unit tests mostly wait on real time, so together they take about the longer one's time), and
 * beside both, at the lowest CPU priority (`nice` 19), the build the end-to-end tests drive: the
 * bench's smoke `start` (it removes out/ and builds) and `package:check`. The second runs the
 * end-to-end tests beside the other bench sections (one at a time, at niceness 10), in the time
 * the end-to-end tests leave idle while they wait on the platform's rate limit.
 *
 * Measured (issue 34 §5) on a machine a third as fast as the latest: with everything beside
 * the end-to-end tests at a lower priority instead (check, unit tests, bench sections), the
 * run took longer, not shorter: the end-to-end tests were CPU-bound enough there to slow from
 * 19 to 24 min, lint starved for 25 min, and six unit tests with real-time bounds failed (a
 * 429 between two workspaces' spacing, a lock's takeover, timeouts). On the latest machine
 * (docs/dev/testing.md, "Where the end-to-end stage's time goes") the first step keeps both
 * cores busy, the second about half of them.
 *
 * `node scripts/test-all.mjs --only=test:unit,test:security` runs just those stages (the others
 * are listed as NOT RUN (not asked)).
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/**
 * The steps, in order: each a list of lanes run side by side, each lane a list of stages run in
 * order: an npm script of package.json, or `{ script, nice }` to run it at that CPU niceness
 * (`nice -n`, 0–19; children inherit it). `package:check` builds `out/`, which the end-to-end
 * tests drive.
 */
export const steps = [
  [
    ['check'],
    ['test:unit', 'test:security'],
    [
      { script: 'bench:smoke:start', nice: 19 },
      { script: 'package:check', nice: 19 },
    ],
  ],
  [['test:e2e'], [{ script: 'bench:smoke:sections', nice: 10 }]],
  [['test:electron']],
];

/** A stage's npm script name. */
const scriptOf = (stage) => (typeof stage === 'string' ? stage : stage.script);

/** Every stage, in the order of the summary. */
export const stages = steps.flat(2).map(scriptOf);

// eslint-disable-next-line no-control-regex
const ansi = /\u001b\[[0-9;]*m/g;

/**
 * What one stage's output says: tests passed, failed and flaky, and a NOT RUN reason.
 * @param {string} stage
 * @param {string} output the stage's stdout and stderr
 * @returns {{ passed: number | null, failed: number, flaky: number, notRun: string | null }}
 */
export function readCounts(stage, output) {
  const text = output.replace(ansi, '');
  let passed = null;
  let failed = 0;
  let flaky = 0;
  const add = (value) => (passed = (passed ?? 0) + value);
  for (const line of text.split('\n')) {
    // Vitest: " Tests  3 failed | 120 passed | 2 skipped (125)".
    const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
    if (vitest) {
      const part = vitest[1] ?? '';
      add(Number(/(\d+) passed/.exec(part)?.[1] ?? 0));
      failed += Number(/(\d+) failed/.exec(part)?.[1] ?? 0);
      continue;
    }
    // Playwright's list reporter: "  78 passed (8.8m)", "  1 failed", "  2 flaky".
    const playwright = /^\s*(\d+) (passed|failed|flaky)\b/.exec(line);
    if (playwright) {
      const count = Number(playwright[1]);
      if (playwright[2] === 'passed') add(count);
      else if (playwright[2] === 'failed') failed += count;
      else flaky += count;
    }
  }
  const notRun = new RegExp(`^${stage.replace(':', '\\:')}: NOT RUN \\((.*)\\)\\s*$`, 'm').exec(
    text,
  );
  return { passed, failed, flaky, notRun: notRun ? (notRun[1] ?? '') : null };
}

/**
 * Runs `npm run --silent <stage>`, its output passed through and kept. With `prefix`, each line
 * passed through starts with `[stage] ` (a stage running beside others).
 */
function runStage(stage, prefix, nice) {
  return new Promise((resolve) => {
    const npm = ['npm', 'run', '--silent', stage];
    const [command, ...args] = nice ? ['nice', '-n', String(nice), ...npm] : npm;
    const child = spawn(command, args, {
      stdio: ['inherit', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (stream, into) => {
      let partial = '';
      stream.on('data', (chunk) => {
        const text = chunk.toString();
        if (prefix) {
          const lines = (partial + text).split('\n');
          partial = lines.pop() ?? '';
          if (lines.length) into.write(lines.map((line) => `[${stage}] ${line}\n`).join(''));
        } else into.write(chunk);
        output += text;
        // Only the tail is read for counts; a long stage's log is not kept whole.
        if (output.length > 4_000_000) output = output.slice(-2_000_000);
      });
      stream.on('end', () => {
        if (prefix && partial) into.write(`[${stage}] ${partial}\n`);
      });
    };
    keep(child.stdout, process.stdout);
    keep(child.stderr, process.stderr);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/** Formats a duration as `4m 07s` or `12.3s`. */
function duration(ms) {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  return `${Math.floor(seconds / 60)}m ${String(Math.round(seconds % 60)).padStart(2, '0')}s`;
}

/**
 * Runs one stage and returns its summary row.
 * @param {string | { script: string, nice: number }} entry the stage, as in {@link steps}
 * @param {boolean} prefix whether its output lines are prefixed (it runs beside others)
 */
async function runRow(entry, prefix) {
  const stage = scriptOf(entry);
  const nice = typeof entry === 'string' ? 0 : entry.nice;
  process.stdout.write(`\n── ${stage}${nice ? ` (nice ${nice})` : ''} ──\n`);
  const begin = performance.now();
  const { code, output } = await runStage(stage, prefix, nice);
  const counts = readCounts(stage, output);
  const time = duration(performance.now() - begin);
  process.stdout.write(`── ${stage}: ${code === 0 ? 'done' : `exit ${code}`} (${time}) ──\n`);
  const failedTests = code !== 0 && counts.failed === 0 ? 1 : counts.failed;
  const count =
    counts.passed === null
      ? ''
      : `${counts.passed} passed${counts.failed ? `, ${counts.failed} failed` : ''}${counts.flaky ? `, ${counts.flaky} flaky` : ''}`;
  if (code === 0 && counts.notRun !== null) {
    return { stage, status: 'NOT RUN', time, count: '', why: counts.notRun, passed: 0, failed: 0 };
  }
  return {
    stage,
    status: code === 0 ? 'ok' : 'FAILED',
    time,
    count,
    why: code === 0 ? '' : `exit ${code}`,
    passed: counts.passed ?? 0,
    failed: code === 0 ? counts.failed : failedTests,
  };
}

async function main() {
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  const asked = only ? new Set(only.split(',')) : null;
  /** @type {Map<string, any>} */
  const rowOf = new Map();
  let failedStage = null;
  const started = performance.now();
  for (const step of steps) {
    const lanes = step
      .map((lane) => lane.filter((stage) => !asked || asked.has(scriptOf(stage))))
      .filter((lane) => lane.length > 0);
    if (failedStage) continue;
    const side = lanes.length > 1;
    await Promise.all(
      lanes.map(async (lane) => {
        for (const stage of lane) {
          const row = await runRow(stage, side);
          rowOf.set(row.stage, row);
          if (row.status === 'FAILED') {
            failedStage ??= row.stage;
            return;
          }
        }
      }),
    );
  }
  const rows = stages.map(
    (stage) =>
      rowOf.get(stage) ?? {
        stage,
        status: 'NOT RUN',
        why: asked && !asked.has(stage) ? 'not asked' : `${failedStage} failed`,
      },
  );
  const passed = rows.reduce((sum, row) => sum + (row.passed ?? 0), 0);
  const failed = rows.reduce((sum, row) => sum + (row.failed ?? 0), 0);
  const width = Math.max(...stages.map((stage) => stage.length));
  const lines = ['', `npm test: summary (${duration(performance.now() - started)})`];
  for (const row of rows) {
    const label = row.stage.padEnd(width);
    if (row.status === 'NOT RUN') lines.push(`  ${row.stage}: NOT RUN (${row.why})`);
    else
      lines.push(
        `  ${label}  ${row.status.padEnd(6)}  ${row.time.padStart(7)}  ${row.count}${row.why ? `  (${row.why})` : ''}`,
      );
  }
  lines.push(`${passed} passed, ${failed} failed`);
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exitCode = failedStage ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
