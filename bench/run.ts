/**
 * `npm run bench [-- <section id> ...]`: runs the benchmark sections, prints one table per
 * section with its goals (PASS or MISS), and writes every figure to bench/results/latest.json.
 * It reports and never asserts: a missed goal exits 0, a crash exits 1. Every section ends with
 * one verdict line (`<id>: PASS|MISS|FAIL (...)`), printed last. `--smoke` (or `BENCH_SMOKE=1`)
 * runs each section in seconds with tiny sizes (bench/section.ts, `benchSmoke`). Figures compare
 * variants measured in the same run (docs/dev/architecture.md, "Tests": ratios against a baseline).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { eventDaySection } from './event-day';
import { multiviewSection } from './multiview';
import { paletteSection } from './palette';
import { sandboxLatencySection } from './sandbox-latency';
import { startSection } from './start';
import { studioSection } from './studio';
import { studioForeignSection } from './studio-foreign';
import { scheduleTimelineSection } from './schedule-timeline';
import { schedulerEventSection } from './scheduler-event';
import { uploadsSection } from './uploads';
import { vodLibrarySection } from './vod-library';
import { benchSmoke, type BenchSection, type BenchSectionResult, type BenchTable } from './section';

/** Every section, in print order. Add sandbox latency, uploads, timeline here. */
const sections: BenchSection[] = [
  schedulerEventSection,
  sandboxLatencySection,
  scheduleTimelineSection,
  uploadsSection,
  eventDaySection,
  vodLibrarySection,
  startSection,
  paletteSection,
  studioForeignSection,
  studioSection,
  multiviewSection,
];

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((arg) => arg !== '--smoke');
  // Processes a section starts (the app, a host) shrink too.
  if (benchSmoke()) process.env.BENCH_SMOKE = '1';
  const chosen =
    wanted.length === 0
      ? sections.filter((s) => s.onlyWhenNamed !== true)
      : sections.filter((s) => wanted.includes(s.id));
  if (chosen.length === 0) throw new Error(`no bench section named ${wanted.join(', ')}`);
  const results: Record<string, BenchSectionResult & { title: string; realMs: number }> = {};
  const verdicts: string[] = [];
  for (const section of chosen) {
    const began = performance.now();
    const result = await section.run();
    const realMs = Math.round(performance.now() - began);
    results[section.id] = { title: section.title, realMs, ...result };
    print(section, result, realMs);
    verdicts.push(result.verdict ?? verdictOf(section, result));
  }
  const output = fileURLToPath(
    new URL(benchSmoke() ? './results/smoke.json' : './results/latest.json', import.meta.url),
  );
  await mkdir(fileURLToPath(new URL('./results/', import.meta.url)), { recursive: true });
  const report = {
    generatedAt: new Date().toISOString(),
    node: process.version,
    sections: results,
  };
  await writeFile(output, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwritten: ${output}`);
  // A section's one-line verdict (event-day) is the last thing printed.
  for (const verdict of verdicts) console.log(verdict);
}

/** `<id>: PASS|MISS (k/n goals)`, for a section without a verdict of its own. */
function verdictOf(section: BenchSection, result: BenchSectionResult): string {
  const passed = result.goals.filter((goal) => goal.pass).length;
  const all = passed === result.goals.length;
  return `${section.id}: ${all ? 'PASS' : 'MISS'} (${passed}/${result.goals.length} goals${benchSmoke() ? ', smoke' : ''})`;
}

function print(section: BenchSection, result: BenchSectionResult, realMs: number): void {
  console.log(`\n== ${section.title} [${section.id}, ${realMs} ms real]`);
  console.log(formatTable(result.table));
  for (const goal of result.goals) {
    console.log(`${goal.text}: ${goal.pass ? 'PASS' : 'MISS'} (${goal.measured})`);
  }
  for (const note of result.notes) console.log(`  - ${note}`);
}

/** Left-aligned text, right-aligned numbers, columns padded to their widest cell. */
function formatTable({ columns, rows }: BenchTable): string {
  const cells = [columns, ...rows.map((row) => row.map(String))];
  const widths = columns.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: string[], raw: (string | number)[]) =>
    row
      .map((cell, i) => {
        const width = widths[i] ?? 0;
        return typeof raw[i] === 'number' ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ');
  const header = line(columns, columns);
  const body = rows.map((row) => line(row.map(String), row));
  return [header, '-'.repeat(header.length), ...body].join('\n');
}

main().catch((error: unknown) => {
  console.error('bench crashed:', error);
  process.exitCode = 1;
});
