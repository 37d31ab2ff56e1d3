/**
 * Coverage of spec/endpoints.tsv (coverage.ts): prints documented/served/tested counts out of
 * 156 and every line that lacks an OpenAPI operation, a sandbox route or a contract test.
 *
 * Every line must be documented, served and contract-tested: the test fails naming each line
 * that lacks any of the three. A contract test counts when a `src-main/contract/*.test.ts` (or
 * `src-main/sandbox/*.test.ts`) file names the operationId as a whole word (coverage.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CoverageReport } from './coverage';
import { computeCoverage, formatCoverage } from './coverage';

let report: CoverageReport;
beforeAll(async () => {
  report = await computeCoverage();
  console.info(formatCoverage(report));
});

describe('spec/endpoints.tsv coverage', () => {
  it('reads every operation of the spec: 71 live and 85 VOD', () => {
    expect(report.lines.filter((line) => line.api === 'live')).toHaveLength(71);
    expect(report.lines.filter((line) => line.api === 'vod')).toHaveLength(85);
    expect(report.total).toBe(156);
  });

  it('reports consistent figures (served and tested only count documented lines)', () => {
    expect(report.documented).toBeLessThanOrEqual(report.total);
    expect(report.served).toBeLessThanOrEqual(report.documented);
    expect(report.tested).toBeLessThanOrEqual(report.documented);
    expect(formatCoverage(report)).toMatch(
      new RegExp(`documented ${report.documented}/156, served ${report.served}/156`),
    );
  });

  it('documents no operation that the spec does not list', () => {
    expect(report.extraOperations).toEqual([]);
  });

  it('every line has an OpenAPI operation, and every OpenAPI operation a sandbox route', () => {
    const undocumented = report.lines.filter((line) => line.operationId === null);
    const unserved = report.lines.filter((line) => line.operationId !== null && !line.served);
    expect(undocumented.map((line) => `${line.api} ${line.method} ${line.path}`)).toEqual([]);
    expect(unserved.map((line) => line.operationId)).toEqual([]);
  });

  it('documents, serves and tests every line', () => {
    const lacking = formatCoverage(report).split('\n').slice(1);
    expect(lacking).toEqual([]);
    expect(report.tested).toBe(156);
  });
});
