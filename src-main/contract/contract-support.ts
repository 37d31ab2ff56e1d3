/**
 * Contract-test support shared by both APIs: every call goes through the app's own clients
 * (createLiveApi / createVodApi of platform/api-clients.ts) over a real RequestScheduler, so
 * auth, form encoding and scheduling are what the app does; answers are checked against the
 * OpenAPI documents with ajv (sandbox/kernel/openapi-validate.ts). Test-only.
 */
import { beforeEach, expect } from 'vitest';
import type { ApiResult, LiveApi, VodApi } from '../platform/api-clients';
import { RequestScheduler } from '../platform/scheduler';
import type { ApiName } from '../sandbox/index';
import { listOperations, loadOpenApiDocument } from '../sandbox/index';
import { validateResponse } from '../sandbox/index';

/** A platform answer: status, headers and the parsed JSON body (undefined when empty). */
export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Form fields (an array is sent as `name[]` repeated), or a multipart body as it is. */
export type Body = Record<string, string | string[]> | FormData;

/**
 * A scheduler paced for tests against a sandbox started with `rateLimit: false`: call starts
 * 5 ms apart, no margin, no per-minute cap worth the name. Dispose it after the file.
 */
export function contractScheduler(name: string): RequestScheduler {
  return new RequestScheduler({
    name,
    fetch: (request) => fetch(request),
    minSpacingMs: 5,
    marginMs: 0,
    maxMarginMs: 0,
    limitPerMinute: 100_000,
  });
}

/**
 * openapi-fetch's `request` with the path loosened to a string. The table-driven cases name
 * concrete paths (keys filled in, query strings inline) that the generated template types
 * cannot express; everything else (middleware, body serializer, fetch) is the client's own.
 */
type LooseRequest = (
  method: Method,
  path: string,
  init: { body?: Body; parseAs: 'json' },
) => Promise<ApiResult<unknown>>;

/**
 * Sends `method path` through `api` (`body` form-encoded by the client, or multipart) and
 * answers the status, headers and JSON body. Never throws for a refusal: the contract wants it.
 */
export async function send(
  api: LiveApi | VodApi,
  method: Method,
  path: string,
  body?: Body,
): Promise<Answer> {
  const loose = api as unknown as { request: LooseRequest };
  const init =
    body === undefined ? { parseAs: 'json' as const } : { body, parseAs: 'json' as const };
  const { data, error, response } = await loose.request(method, path, init);
  const parsed = response.ok ? data : error;
  return {
    status: response.status,
    headers: response.headers,
    body: parsed === '' || parsed === null ? undefined : parsed,
  };
}

/**
 * Asserts that `answer` has `status` and a body as documented for `operationId` of `api`: the
 * JSON schema of that status, or no body for a 204 (which documents none).
 */
export function expectDocumented(
  api: ApiName,
  operationId: string,
  answer: Answer,
  status: number,
): void {
  const what = `${operationId} ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 300)}`;
  expect(answer.status, what).toBe(status);
  const problems = validateResponse(api, operationId, status, answer.body);
  if (status === 204) {
    expect(answer.body, `${what}: 204 has a body`).toBeUndefined();
    expect(problems, `${operationId} does not document 204`).toEqual([
      `${api} ${operationId} documents no JSON body for status 204.`,
    ]);
    return;
  }
  expect(problems, what).toEqual([]);
}

/** Operation ids of `api`'s document whose first tag is in `tags`, sorted. */
export function operationsTagged(api: ApiName, tags: readonly string[]): string[] {
  const document = loadOpenApiDocument(api);
  const paths = document.paths as Record<string, Record<string, { tags?: string[] }>>;
  return listOperations(api)
    .filter((operation) => {
      const raw = paths[operation.pathTemplate]?.[operation.method.toLowerCase()];
      return tags.includes(raw?.tags?.[0] ?? '');
    })
    .map((operation) => operation.operationId)
    .sort();
}

/** Every first tag of `api`'s document, sorted. */
export function documentTags(api: ApiName): string[] {
  const document = loadOpenApiDocument(api);
  const tags = new Set<string>();
  for (const item of Object.values(document.paths as Record<string, Record<string, unknown>>)) {
    for (const raw of Object.values(item)) {
      const first = (raw as { tags?: unknown }).tags;
      if (Array.isArray(first) && typeof first[0] === 'string') tags.add(first[0]);
    }
  }
  return [...tags].sort();
}

/**
 * Every test of the calling file must make at least one assertion: contract tests assert
 * through helpers (`expectDocumented`, a checker's cases), so a test whose loop or helper never
 * reached an `expect` would pass without checking anything. Call once at the file's top level
 * (or from a suite's setup helper).
 */
export function everyTestAsserts(): void {
  beforeEach(() => {
    expect.hasAssertions();
  });
}
