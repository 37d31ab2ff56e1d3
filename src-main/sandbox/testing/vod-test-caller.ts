/**
 * A plain-`fetch` caller of the VOD API for the sandbox's own behaviour tests (query
 * `access_token`, form-encoded or multipart bodies, empty 204 bodies). The sandbox never
 * imports the app's clients (lint layering); the contract tests, which go through the
 * clients, live in src-main/contract. Test-only; not used by the app.
 */
import type { SandboxInfo } from '../index';

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
