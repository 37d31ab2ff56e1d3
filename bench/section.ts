/**
 * The shape every benchmark section returns, so that `run.ts` prints one table per section
 * and writes them all to `bench/results/latest.json`. Later sections (sandbox latency,
 * uploads, timeline) are separate modules exporting a `BenchSection`.
 */

/** A table of figures: one row per variant measured in the same run. */
export interface BenchTable {
  columns: string[];
  rows: (string | number)[][];
}

/** A goal the section reports on; the bench reports it, it never fails on it. */
export interface BenchGoal {
  text: string;
  pass: boolean;
  /** The measured figures the verdict is based on. */
  measured: string;
}

export interface BenchSectionResult {
  table: BenchTable;
  goals: BenchGoal[];
  /** How to read the figures: the model behind them, in one line each. */
  notes: string[];
  /** Machine-readable figures for latest.json. */
  figures: unknown;
  /** One line printed last by the bench (e.g. `event-day: PASS (...)`), if the section has one. */
  verdict?: string;
}

export interface BenchSection {
  /** Short id, usable as `npm run bench -- <id>`. */
  id: string;
  title: string;
  /** Runs only when named (`npm run bench -- <id>`): too long for a plain `npm run bench`. */
  onlyWhenNamed?: boolean;
  run(): Promise<BenchSectionResult>;
}

/**
 * Smoke mode (`BENCH_SMOKE=1` or `npm run bench -- --smoke`): every section runs with tiny
 * sizes and durations, in seconds, so that CI notices a section that no longer runs
 * (bench/bench-smoke.test.ts). Its figures mean nothing; only the verdict line counts.
 */
export function benchSmoke(): boolean {
  return process.env.BENCH_SMOKE === '1' || process.argv.includes('--smoke');
}

/** `full` for `npm run bench`, `smoke` in smoke mode (read when the module loads). */
export function sized<T>(full: T, smoke: T): T {
  return benchSmoke() ? smoke : full;
}
