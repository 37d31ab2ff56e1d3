/**
 * The UI coverage of the end-to-end suite (issues "Live administration" and "The VOD
 * library"): which platform operations the sandbox served to the app's interface, the
 * browser host's calls only (its `User-Agent`, `sandbox/kernel/served-operations.ts`), never a
 * test's own probe calls. Each test's sandbox writes its part when it closes
 * ({@link writeCoveragePart}); after each Playwright run the parts so far are joined into
 * `test-results/ui-coverage.json` ({@link joinCoverage}, the config's global teardown), so
 * `npm run test:e2e`'s three runs (e2e.sh) end with their union:
 *
 *   {"live":{"reached":["createChannel", ...],"total":71},"vod":{"reached":[...],"total":85}}
 *
 * and print `ui coverage: live N/71, vod M/85`.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { listOperations } from '../src-main/sandbox/index';
import type { ServedOperationsReport } from '../src-main/sandbox/index';

/** Where the parts are kept: inside test-results, which the first Playwright run empties. */
const partsDir = join('test-results', 'ui-coverage-parts');
/** The joined report. */
export const coverageFile = join('test-results', 'ui-coverage.json');

/** Writes one sandbox's served operations as a part (nothing when it served none). */
export function writeCoveragePart(served: ServedOperationsReport): void {
  if (served.live.length === 0 && served.vod.length === 0) return;
  mkdirSync(partsDir, { recursive: true });
  // Written aside, then renamed: a run joining the parts meanwhile never reads half a file.
  const part = join(partsDir, `${randomUUID()}.json`);
  writeFileSync(`${part}.tmp`, JSON.stringify(served));
  renameSync(`${part}.tmp`, part);
}

/** One API's figure in the report. */
export interface CoverageFigure {
  reached: string[];
  total: number;
  /** Operations of the API not reached yet (not in the shape; for whoever reads). */
  missing: string[];
}

/** Joins every part into `test-results/ui-coverage.json`; answers the printed line. */
export function joinCoverage(): string {
  const reached = { live: new Set<string>(), vod: new Set<string>() };
  let parts: string[] = [];
  try {
    parts = readdirSync(partsDir).filter((name) => name.endsWith('.json'));
  } catch {
    // No test served anything yet.
  }
  for (const name of parts) {
    const part = JSON.parse(readFileSync(join(partsDir, name), 'utf8')) as ServedOperationsReport;
    for (const id of part.live) reached.live.add(id);
    for (const id of part.vod) reached.vod.add(id);
  }
  const figure = (api: 'live' | 'vod'): CoverageFigure => {
    const all = listOperations(api).map((operation) => operation.operationId);
    return {
      reached: all.filter((id) => reached[api].has(id)),
      total: all.length,
      missing: all.filter((id) => !reached[api].has(id)),
    };
  };
  const report = { live: figure('live'), vod: figure('vod') };
  mkdirSync('test-results', { recursive: true });
  // Two runs may join at once (e2e.sh runs the clock reruns side by side): write aside, rename.
  const aside = `${coverageFile}.${randomUUID()}.tmp`;
  writeFileSync(aside, JSON.stringify(report, null, 2) + '\n');
  renameSync(aside, coverageFile);
  return `ui coverage: live ${report.live.reached.length}/${report.live.total}, vod ${report.vod.reached.length}/${report.vod.total}`;
}
