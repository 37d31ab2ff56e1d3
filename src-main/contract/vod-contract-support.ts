/**
 * VOD contract support: a caller built on the app's createVodApi (`access_token` added by its
 * middleware, form or multipart bodies, a real scheduler per token), and a checker that
 * validates every answer against vod-v3.yaml (ajv) and records which operations were seen
 * succeeding and failing. Test-only.
 */
import { expect } from 'vitest';
import { createVodApi, type VodApi } from '../platform/api-clients';
import type { RequestScheduler } from '../platform/scheduler';
import type { SandboxInfo } from '../sandbox/index';
import { validateResponse } from '../sandbox/index';
import { contractScheduler, send, type Method } from './contract-support';

/** One answer: HTTP status and parsed JSON body (null when empty). */
export interface VodAnswer<T = unknown> {
  status: number;
  body: T;
}

/** Request options: a form-encoded body, a multipart body, or another token (null: none). */
export interface VodRequest {
  form?: Record<string, string>;
  multipart?: FormData;
  token?: string | null;
}

/** Calls `{vod_base_url}{path}` (a concrete path, query string allowed) and answers. */
export type VodCall = <T = unknown>(
  method: Method,
  path: string,
  request?: VodRequest,
) => Promise<VodAnswer<T>>;

/**
 * A caller of the VOD API as `info`'s access token, or as `request.token` for one call; each
 * token is its own client and scheduler, as each account is in the app. `dispose()` stops
 * the schedulers.
 */
export function vodCaller(info: SandboxInfo): VodCall & { dispose: () => void } {
  const clients = new Map<string, { api: VodApi; scheduler: RequestScheduler }>();
  const clientFor = (token: string): VodApi => {
    let client = clients.get(token);
    if (client === undefined) {
      const scheduler = contractScheduler('vod');
      const api = createVodApi({
        baseUrl: info.vod_base_url,
        token: () => Promise.resolve(token),
        scheduler,
      });
      client = { api, scheduler };
      clients.set(token, client);
    }
    return client.api;
  };
  const call = async <T>(
    method: Method,
    path: string,
    request: VodRequest = {},
  ): Promise<VodAnswer<T>> => {
    const token = request.token === undefined ? info.vod_access_token : (request.token ?? '');
    const answer = await send(clientFor(token), method, path, request.multipart ?? request.form);
    // The answer's body is whatever the platform sent; the cases name the shape they expect.
    return { status: answer.status, body: (answer.body ?? null) as T };
  };
  return Object.assign(call, {
    dispose: () => {
      for (const { scheduler } of clients.values()) scheduler.dispose();
    },
  });
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
