/**
 * How much of the spec the sandbox covers: for each line of `spec/endpoints.tsv` (copied into
 * the repo as `resources/spec/endpoints.tsv`), whether it is
 * - documented: an operation of resources/openapi/*.yaml with the same API, method and path
 *   (`<LIVE>` read as `/v1/live/service-accounts/{service_account_key}`; parameter names
 *   ignored: `{a}` and `{b}` compare equal);
 * - served: a sandbox handler exists for that operationId, i.e. a resource group of
 *   `operationGroups(context)` (operation-groups.ts) holds it AND server.ts calls
 *   `operationGroups` (each group is registered there as one plugin);
 * - tested: the operationId appears as a word in a `src-main/contract/*.test.ts` file (the
 *   contract suites, which call through the app's clients) or a test file under
 *   `src-main/sandbox/` other than the cross-cutting ones (fuzz, coverage, faults, callbacks, persistence,
 *   openapi-validate, served-operations): contract tests are named after, or call out, the
 *   operationIds they cover. The files are read as text; nothing of src-main/contract is
 *   imported.
 *
 * `npx tsx src-main/sandbox/testing/coverage.ts` prints the report. (What the interface reached, the
 * UI coverage, is served-operations.ts: operations answered 2xx to the app's own calls.)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { VirtualClock } from '../kernel/clock';
import type { ApiName } from '../kernel/openapi';
import { listOperations } from '../kernel/openapi';
import type { SandboxContext } from '../kernel/operation';
import { operationGroups } from '../operation-groups';
import { seedState } from '../seed/seed';

/** One line of endpoints.tsv and what covers it. */
export interface CoverageLine {
  api: ApiName;
  method: string;
  path: string;
  /** The OpenAPI operation, or null when the documents lack it. */
  operationId: string | null;
  served: boolean;
  tested: boolean;
}

/** The whole report; counts are out of `total` lines. */
export interface CoverageReport {
  total: number;
  documented: number;
  served: number;
  tested: number;
  lines: CoverageLine[];
  /** Document operations that match no line of endpoints.tsv. */
  extraOperations: string[];
}

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const sandboxDir = fileURLToPath(new URL('../', import.meta.url));
const contractDir = fileURLToPath(new URL('../../contract/', import.meta.url));
const livePrefix = '/v1/live/service-accounts/{service_account_key}';
const crossCuttingTests = new Set([
  'fuzz.test.ts',
  'coverage.test.ts',
  'faults.test.ts',
  'callbacks.test.ts',
  'persistence.test.ts',
  'openapi-validate.test.ts',
  'served-operations.test.ts',
]);

/**
 * The repo's copy of the spec's operation list, `resources/spec/endpoints.tsv`, so a clone
 * alone can run this check; spec-copy.test.ts keeps it equal to `../shared/spec/` when present.
 */
export const endpointsFile = path.resolve(repoRoot, 'resources/spec/endpoints.tsv');

/** Computes the report. @throws Error when endpoints.tsv cannot be read. */
export async function computeCoverage(file = endpointsFile): Promise<CoverageReport> {
  const served = await servedOperationIds();
  const testText = [
    ...testFiles(contractDir, new Set()),
    ...testFiles(sandboxDir, crossCuttingTests),
  ]
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const byKey = new Map<string, string>();
  for (const api of ['live', 'vod'] as const) {
    for (const operation of listOperations(api)) {
      byKey.set(endpointKey(api, operation.method, operation.pathTemplate), operation.operationId);
    }
  }
  const lines: CoverageLine[] = [];
  const matched = new Set<string>();
  for (const row of readFileSync(file, 'utf8').split('\n')) {
    if (row.trim() === '' || row.startsWith('#')) continue;
    const [apiText = '', method = '', rawPath = ''] = row.split('\t').map((cell) => cell.trim());
    const api: ApiName = apiText === 'vod' ? 'vod' : 'live';
    const specPath = rawPath.replace('<LIVE>', livePrefix);
    const key = endpointKey(api, method, specPath);
    const operationId = byKey.get(key) ?? null;
    if (operationId !== null) matched.add(key);
    lines.push({
      api,
      method: method.toUpperCase(),
      path: specPath,
      operationId,
      served: operationId !== null && served[api].has(operationId),
      tested: operationId !== null && new RegExp(`\\b${operationId}\\b`).test(testText),
    });
  }
  return {
    total: lines.length,
    documented: lines.filter((line) => line.operationId !== null).length,
    served: lines.filter((line) => line.served).length,
    tested: lines.filter((line) => line.tested).length,
    lines,
    extraOperations: [...byKey]
      .filter(([key]) => !matched.has(key))
      .map(([key, id]) => `${id} (${key})`),
  };
}

/** The report as text: the counts, then every line that lacks something. */
export function formatCoverage(report: CoverageReport): string {
  const { total } = report;
  const out = [
    `endpoints.tsv coverage: documented ${report.documented}/${total}, served ${report.served}/${total}, tested ${report.tested}/${total}`,
  ];
  for (const line of report.lines) {
    const missing = [
      line.operationId === null ? 'OpenAPI operation' : '',
      line.served ? '' : 'sandbox route',
      line.tested ? '' : 'contract test',
    ].filter((what) => what !== '');
    if (missing.length === 0) continue;
    const id = line.operationId ?? '?';
    out.push(`  ${line.api} ${line.method} ${line.path} [${id}]: no ${missing.join(', no ')}`);
  }
  for (const extra of report.extraOperations) out.push(`  not in endpoints.tsv: ${extra}`);
  return out.join('\n');
}

/** Live and VOD operationIds that have a registered handler (see the module comment). */
export function servedOperationIds(): Promise<Record<ApiName, Set<string>>> {
  const serverText = readFileSync(path.join(sandboxDir, 'server.ts'), 'utf8');
  const clock = new VirtualClock(new Date('2025-01-01T00:00:00Z'));
  const context: SandboxContext = { state: seedState(1, clock.now()), clock };
  const served: Record<ApiName, Set<string>> = { live: new Set(), vod: new Set() };
  if (/\boperationGroups\(/.test(serverText)) {
    for (const group of operationGroups(context))
      for (const id of Object.keys(group.handlers)) served[group.api].add(id);
  }
  return Promise.resolve(served);
}

/** `*.test.ts` files directly in `dir` except `skip`; none when `dir` does not exist. */
/** The `*.test.ts` files under `dir`, its folders included, but those named in `skip`. */
function testFiles(dir: string, skip: ReadonlySet<string>): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts') && !skip.has(path.basename(name)))
    .map((name) => path.join(dir, name));
}

function endpointKey(api: ApiName, method: string, template: string): string {
  return `${api} ${method.toUpperCase()} ${template.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '')}`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  computeCoverage().then(
    (report) => console.log(formatCoverage(report)),
    (error: unknown) => {
      console.error(`coverage: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
