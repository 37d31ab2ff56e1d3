/**
 * A plain-fetch caller of the live API for the sandbox's own behaviour tests, speaking the
 * platform's wire (form-encoded bodies with repeated `name[]` fields, 204 without a body).
 * The sandbox never imports the app's clients (lint layering); the contract tests, which go
 * through the clients, live in src-main/contract. Not used by the app.
 */
import type { SandboxInfo } from '../index';

/** A platform answer: status, headers and the parsed JSON body (undefined when empty). */
export interface LiveAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Form fields; an array is sent as the same field repeated. */
export type Form = Record<string, string | string[]>;

/**
 * A caller of the live API as `token` (null: none). Paths starting with `/v1/` or `http` are
 * taken as they are; others are relative to `<LIVE>` of the sandbox's service account.
 */
export function liveClient(info: SandboxInfo, token: string | null) {
  const live = `/v1/live/service-accounts/${info.service_account_key}`;
  const call = async (method: string, path: string, form?: Form): Promise<LiveAnswer> => {
    const url = path.startsWith('http')
      ? path
      : `${info.live_base_url}${path.startsWith('/v1/') ? path : live + path}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (form !== undefined) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(form)) {
        for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
      }
      body = params.toString();
    }
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, form?: Form) => call('POST', path, form ?? {}),
    put: (path: string, form?: Form) => call('PUT', path, form ?? {}),
    delete: (path: string) => call('DELETE', path),
  };
}

/** `data` of a JSON answer, as a record (empty when absent). */
export function dataOf(answer: LiveAnswer): Record<string, unknown> {
  const body = answer.body as { data?: unknown } | undefined;
  const data = body?.data;
  return typeof data === 'object' && data !== null && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : {};
}

/** `data` of a list answer. */
export function listOf(answer: LiveAnswer): Record<string, unknown>[] {
  const data = (answer.body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? (data as Record<string, unknown>[]) : [];
}
