/**
 * Contract-test support for the VOD API: a plain-`fetch` caller (query `access_token`,
 * form-encoded or multipart bodies, empty 204 bodies) and a checker that validates every answer
 * against vod-v3.yaml with ajv (openapi-validate.ts) and records which operations were seen
 * succeeding and failing. Test-only; not used by the app.
 */
import { expect } from 'vitest';
import type { SandboxInfo } from './index';
import { listOperations, loadOpenApiDocument } from './openapi';
import { validateResponse } from './openapi-validate';

/** One answer: HTTP status and parsed JSON body (null when empty). */
export interface VodAnswer<T = unknown> {
  status: number;
  body: T;
}

/** Request options: a form-encoded body, a multipart body, or no access token. */
export interface VodRequest {
  form?: Record<string, string>;
  multipart?: FormData;
  token?: string | null;
}

/** A caller of `{vod_base_url}{path}` as `info`'s access token. */
export function vodCaller(info: SandboxInfo) {
  return async <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    request: VodRequest = {},
  ): Promise<VodAnswer<T>> => {
    const url = new URL(`${info.vod_base_url}${path}`);
    const token = request.token === undefined ? info.vod_access_token : request.token;
    if (token !== null) url.searchParams.set('access_token', token);
    const body =
      request.multipart ??
      (request.form === undefined ? undefined : new URLSearchParams(request.form));
    const response = await fetch(url, { method, body });
    const text = await response.text();
    return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as T };
  };
}

/** Operation ids of vod-v3.yaml whose first tag is in `tags`. */
export function operationsTagged(tags: readonly string[]): string[] {
  const document = loadOpenApiDocument('vod');
  const paths = document.paths as Record<string, Record<string, { tags?: string[] }>>;
  return listOperations('vod')
    .filter((operation) => {
      const raw = paths[operation.pathTemplate]?.[operation.method.toLowerCase()];
      return tags.includes(raw?.tags?.[0] ?? '');
    })
    .map((operation) => operation.operationId)
    .sort();
}

/** Checks answers against the document and remembers the outcomes per operation. */
export class ContractChecker {
  readonly #seen = new Map<string, Set<'success' | 'error'>>();

  /**
   * Calls, expects `status`, validates the body against the operation's documented answer for
   * that status (204: documented, and empty), and answers the call's answer.
   */
  async check<T = unknown>(
    operationId: string,
    status: number,
    call: () => Promise<VodAnswer<T>>,
  ): Promise<VodAnswer<T>> {
    const answer = await call();
    expect(answer.status, `${operationId}: ${JSON.stringify(answer.body)}`).toBe(status);
    const problems = validateResponse('vod', operationId, status, answer.body);
    if (status === 204) {
      expect(answer.body, `${operationId} 204 has a body`).toBeNull();
      expect(problems, `${operationId} does not document 204`).toEqual([
        `vod ${operationId} documents no JSON body for status 204.`,
      ]);
    } else {
      expect(problems, `${operationId} ${status}`).toEqual([]);
    }
    const outcomes = this.#seen.get(operationId) ?? new Set();
    outcomes.add(status < 300 ? 'success' : 'error');
    this.#seen.set(operationId, outcomes);
    return answer;
  }

  /** Operations seen both succeeding and failing, sorted. */
  covered(): string[] {
    return [...this.#seen]
      .filter(([, outcomes]) => outcomes.size === 2)
      .map(([operationId]) => operationId)
      .sort();
  }
}
