/**
 * Hostile input never makes the sandbox fail: for EVERY operation of both OpenAPI documents
 * (read at test time, so new operations are covered without edits), fast-check sends calls
 * with wrong types, missing fields, unknown enum values, 100 kB strings, impossible dates,
 * unknown keys and random path segments, authenticated and with the rate limit and faults
 * off, and the answer must not be 5xx. Path parameters are drawn from real keys and ids
 * (harvested from the list operations) as well as junk, so handlers are reached, not only
 * the 404 of an unknown key. Seeded: a failure prints its seed and shrunk counterexample.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from './index';
import { startSandbox } from './index';
import type { ApiName, JsonObject, OperationSpec } from './kernel/openapi';
import { isObject, listOperations } from './kernel/openapi';

const runsPerOperation = 4;
const huge = 'x'.repeat(100_000);
const hostileText = [
  '',
  ' ',
  'abc',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  '1e309',
  'NaN',
  'null',
  'true',
  'sideways',
  '2024-13-45',
  '2024-02-30T25:61:00+99:00',
  '../../etc/passwd',
  "' OR 1=1 --",
  '%00\u0000',
  '🎥'.repeat(50),
  '<script>alert(1)</script>',
];

let sandbox: SandboxHandle;
const harvested = new Map<string, Set<string>>();

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  for (const api of ['live', 'vod'] as const) {
    for (const operation of listOperations(api)) {
      const params = Object.keys(operation.schema.params?.properties ?? {});
      if (operation.method !== 'GET' || params.some((name) => name !== 'service_account_key'))
        continue;
      const answer = await send(api, operation, operation.pathTemplate, {}, undefined);
      if (answer.status === 200) harvest(await answer.json().catch(() => null));
    }
  }
}, 60_000);
afterAll(() => sandbox.close());

describe.each(['live', 'vod'] as const)('hostile input to every %s operation', (api) => {
  it.each(listOperations(api).map((operation) => [operation.operationId, operation] as const))(
    '%s never answers 5xx',
    async (_operationId, operation) => {
      await fc.assert(
        fc.asyncProperty(callArbitrary(operation), async (call) => {
          const answer = await send(api, operation, call.path, call.query, call.body);
          await answer.arrayBuffer();
          expect(answer.status, `${operation.method} ${call.path.slice(0, 200)}`).toBeLessThan(500);
        }),
        { numRuns: runsPerOperation, seed: seedOf(operation.operationId), endOnFailure: true },
      );
    },
  );
});

interface Call {
  path: string;
  query: Record<string, string>;
  body: { form: boolean; fields: JsonObject } | undefined;
}

function callArbitrary(operation: OperationSpec): fc.Arbitrary<Call> {
  const paramNames = [...operation.pathTemplate.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
  const pathArb = fc.tuple(...paramNames.map(pathValue)).map((values) => {
    let index = 0;
    return operation.pathTemplate.replace(/\{[^}]+\}/g, () =>
      encodeURIComponent(values[index++] ?? ''),
    );
  });
  const queryArb = fieldsArbitrary(operation.schema.querystring).map((fields) =>
    Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, textOf(value)])),
  );
  const bodyArb =
    operation.method === 'GET'
      ? fc.constant(undefined)
      : fc.record({ form: fc.boolean(), fields: fieldsArbitrary(operation.schema.body) });
  return fc.record({ path: pathArb, query: queryArb, body: bodyArb });
}

/** Some documented fields (valid-looking or hostile values, some left out) plus unknown keys. */
function fieldsArbitrary(schema: JsonObject | undefined): fc.Arbitrary<JsonObject> {
  const properties = isObject(schema?.properties) ? schema.properties : {};
  const documented = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [
      name,
      fc.oneof(validLooking(isObject(property) ? property : {}), hostileValue()),
    ]),
  );
  return fc
    .tuple(
      fc.record(documented, { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 12 }), hostileValue(), { maxKeys: 2 }),
    )
    .map(([known, unknown]) => ({ ...unknown, ...known }));
}

function validLooking(schema: JsonObject): fc.Arbitrary<unknown> {
  const values: unknown[] = Array.isArray(schema.enum) ? schema.enum : [];
  if (values.length > 0) return fc.constantFrom(...values);
  if (schema.type === 'integer' || schema.type === 'number')
    return fc.integer({ min: -3, max: 500 });
  if (schema.type === 'boolean') return fc.constantFrom(0, 1, true, false);
  if (schema.format === 'date') return fc.constant('2024-05-01');
  if (schema.format === 'date-time') return fc.constant('2024-05-01T09:00:00+00:00');
  return fc.string({ maxLength: 40 });
}

function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(...hostileText),
    fc.constant(huge),
    fc.string(),
    fc.double(),
    fc.constantFrom(null, true, [], {}, ['a', 'b'], { nested: { deeper: [1] } }),
  );
}

function pathValue(name: string): fc.Arbitrary<string> {
  if (name === 'service_account_key') {
    return fc.oneof(
      { weight: 9, arbitrary: fc.constant(sandbox.info.service_account_key) },
      { weight: 1, arbitrary: fc.constantFrom('other-account', huge.slice(0, 3000)) },
    );
  }
  const real = [...(harvested.get(name) ?? []), ...(harvested.get('*') ?? [])];
  return fc.oneof(
    ...(real.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom(...real) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...hostileText.filter((text) => text.trim() !== '')) },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 30 }) },
  );
}

async function send(
  api: ApiName,
  operation: OperationSpec,
  path: string,
  query: Record<string, string>,
  body: Call['body'],
): Promise<Response> {
  const info = sandbox.info;
  const base = api === 'live' ? info.live_base_url : info.vod_base_url;
  const url = new URL(base + path.replace('{service_account_key}', info.service_account_key));
  for (const [key, value] of Object.entries(query)) url.searchParams.append(key, value);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (api === 'live') headers.Authorization = `Bearer ${info.tokens.super_admin}`;
  else url.searchParams.set('access_token', info.vod_access_token);
  let payload: string | undefined;
  if (body !== undefined) {
    headers['Content-Type'] = body.form ? 'application/x-www-form-urlencoded' : 'application/json';
    payload = body.form
      ? new URLSearchParams(
          Object.entries(body.fields).map(([key, value]) => [key, textOf(value)]),
        ).toString()
      : JSON.stringify(body.fields);
  }
  return fetch(url, { method: operation.method, headers, body: payload });
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** Collects key and id values by field name (`key` under everything: `*`). */
function harvest(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node.slice(0, 20)) harvest(item);
    return;
  }
  if (!isObject(node)) return;
  for (const [name, value] of Object.entries(node)) {
    if (
      (typeof value === 'string' || typeof value === 'number') &&
      /(^|_)(key|id|code)$/.test(name)
    ) {
      const bucket = name === 'key' || name === 'id' ? '*' : name;
      const set = harvested.get(bucket) ?? new Set<string>();
      if (set.size < 40) set.add(String(value));
      harvested.set(bucket, set);
    } else {
      harvest(value);
    }
  }
}

function seedOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619) >>> 0;
  return hash;
}
