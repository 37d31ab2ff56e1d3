/**
 * Helpers for the sandbox's own tests: a small live and VOD caller over plain `fetch`, the
 * way any client would talk to the platform. Not used by the app.
 */
import type { SandboxInfo } from '../index';

/** A platform answer: status, headers and parsed JSON body. */
export interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** Calls the live API of `info` as `token` (or without a token when null). */
export function liveCaller(info: SandboxInfo, token: string | null) {
  const base = `${info.live_base_url}/v1/live/service-accounts/${info.service_account_key}`;
  const call = async <T = Record<string, unknown>>(
    method: string,
    path: string,
    form?: Record<string, string>,
  ): Promise<Answer<T>> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    if (form !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(path.startsWith('http') ? path : `${base}${path}`, {
      method,
      headers,
      body: form === undefined ? undefined : new URLSearchParams(form).toString(),
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as T,
    };
  };
  return {
    base,
    get: <T = Record<string, unknown>>(path: string) => call<T>('GET', path),
    put: <T = Record<string, unknown>>(path: string, form: Record<string, string> = {}) =>
      call<T>('PUT', path, form),
    post: <T = Record<string, unknown>>(path: string) => call<T>('POST', path),
    delete: <T = Record<string, unknown>>(path: string) => call<T>('DELETE', path),
  };
}

/** Calls `GET {vod_base_url}{path}` with `access_token` (omitted when null). */
export async function vodGet<T = Record<string, unknown>>(
  info: SandboxInfo,
  path: string,
  accessToken: string | null = info.vod_access_token,
): Promise<Answer<T>> {
  const url = new URL(`${info.vod_base_url}${path}`);
  if (accessToken !== null) url.searchParams.set('access_token', accessToken);
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

/** Live wire shapes the tests read (see live-v1.yaml). */
export interface WireChannel {
  key: string;
  title: string;
  customer_code: string;
  status: string;
  is_trashed: boolean;
  use_timeshift: boolean;
  use_chatting_service: boolean;
  latest_broadcast: { key?: string; title?: string; is_onair?: boolean };
}

export interface WireBroadcast {
  key: string;
  channel_key: string;
  title: string;
  is_onair: boolean;
  use_timeshift: boolean;
  started_at: string | null;
  ended_at: string | null;
  cue_sign_at: string | null;
  is_duplicate_recording: boolean;
  duplicate_recording_started_at: string | null;
}

export interface WireMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export interface WireList<T> {
  data: T[];
  meta: WireMeta;
}
