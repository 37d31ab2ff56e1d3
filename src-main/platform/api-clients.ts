/**
 * Typed clients for every operation of both platform APIs: openapi-fetch `Client<paths>` over
 * the types generated from `resources/openapi/live-v1.yaml` and `vod-v3.yaml`, each call sent
 * through the account's {@link RequestScheduler} (docs/dev/architecture.md, "The API budget").
 *
 * What the wire wants (docs/platform-facts.md):
 * - live: `Authorization: Bearer <personal access token>` ("Auth");
 * - VOD: `access_token=<token>` in the query string of every request (spec: Authentication,
 *   VOD). It is added by middleware at the last moment, so no caller ever builds a URL that
 *   holds it, and it never reaches a log, the scheduler's state or a PlatformError message;
 * - POST and PUT bodies are `application/x-www-form-urlencoded` ("Envelopes"): arrays as
 *   `name[]` repeated, booleans as `1`/`0`. A body that is already `FormData`,
 *   `URLSearchParams` or a `Blob` (posters, subtitle files) is sent untouched.
 *
 * A call's priority is the client's default (`view` unless given); pass
 * `fetch: withPriority(scheduler, 'command', signal)` to override it for one call, and
 * {@link unwrap} the result to get its data or a thrown {@link PlatformError}.
 */
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths as LivePaths } from './generated/live-v1';
import type { paths as VodPaths } from './generated/vod-v3';
import { PlatformError, errorFromResponse, networkError } from './errors';
import type { Priority, RequestScheduler } from './scheduler';
import { recordRefusal } from './refusals';

export type { LivePaths, VodPaths };
/**
 * The `User-Agent` of every platform call: the platform's logs can tell the app's calls from
 * other clients', and so does the sandbox's UI coverage (`sandbox/kernel/served-operations.ts`).
 */
export const appUserAgent = 'OnAirDesk/0.1.0';

/** Every live API v1 operation, typed. */
export type LiveApi = Client<LivePaths>;
/** Every VOD API v3 operation, typed. */
export type VodApi = Client<VodPaths>;

/** The fetch openapi-fetch calls: one Request in, its Response out. */
export type PlatformFetch = (request: Request) => Promise<Response>;

/** How to reach one API as one account. */
export interface ApiClientOptions {
  /** `{live_base_url}` or `{vod_base_url}`, ending in `/api`; a trailing slash is ignored. */
  baseUrl: string;
  /**
   * Reads the token when a request is about to be queued; it never leaves main. An empty
   * string sends no credentials at all (the platform answers 401).
   */
  token: () => Promise<string>;
  /** The account's scheduler for this API: every request goes through its `fetch`. */
  scheduler: RequestScheduler;
  /** Priority of calls that do not choose one; default `view`. */
  priority?: Priority;
}

/** What an openapi-fetch call resolves to (`data` on success, `error` on refusal). */
export interface ApiResult<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/** The live API v1 as `token` (Bearer header), every call through `scheduler`. */
export function createLiveApi(options: ApiClientOptions): LiveApi {
  const api = createClient<LivePaths>(clientOptions(options));
  api.use({
    onRequest: async ({ request }) => withLiveCredential(request, await options.token()),
  });
  return api;
}

/** The VOD API v3 as `token` (`access_token` query parameter), every call through `scheduler`. */
export function createVodApi(options: ApiClientOptions): VodApi {
  const api = createClient<VodPaths>(clientOptions(options));
  api.use({
    onRequest: async ({ request }) => withVodCredential(request, await options.token()),
  });
  return api;
}

/**
 * `request` carrying the live API's credential (spec: Authentication, "Auth"):
 * `Authorization: Bearer <token>`, replacing one it had; unchanged for an empty token.
 */
export function withLiveCredential(request: Request, token: string): Request {
  if (token !== '') request.headers.set('Authorization', `Bearer ${token}`);
  return request;
}

/**
 * `request` carrying the VOD API's credential (spec: Authentication): the `access_token`
 * query parameter, replacing one it had; unchanged for an empty token.
 */
export function withVodCredential(request: Request, token: string): Request {
  if (token === '') return request;
  const url = new URL(request.url);
  url.searchParams.set('access_token', token);
  return new Request(url, request);
}

/**
 * A fetch that queues each request on `scheduler` at `priority`, cancelled by `signal` while
 * queued (default: the request's own signal). Pass it as the `fetch` option of one call.
 * `options.coalesce: false` for a GET that creates something (see ScheduleOptions).
 */
export function withPriority(
  scheduler: RequestScheduler,
  priority: Priority,
  signal?: AbortSignal,
  options: { coalesce?: boolean } = {},
): PlatformFetch {
  return (request) =>
    scheduler.fetch(request, signal ? { priority, signal, ...options } : { priority, ...options });
}

/**
 * Awaits an openapi-fetch call and answers its data: the parsed JSON body, or `undefined` for
 * a 204 (no content, spec: Errors). @throws PlatformError for any non-2xx answer (status, the
 * platform's message and field errors, `Retry-After` of a 429), for a 2xx other than 204
 * without a body, and when the platform cannot be reached; rethrows `signal`'s abort reason
 * when the call was cancelled.
 */
export async function unwrap<D>(pending: Promise<ApiResult<D>>, signal?: AbortSignal): Promise<D> {
  let result: ApiResult<D>;
  try {
    result = await pending;
  } catch (cause) {
    if (signal?.aborted) throw signal.reason;
    if (cause instanceof PlatformError) throw cause; // refused before sending (scheduler pause)
    const unreachable = networkError(cause);
    recordRefusal(unreachable, null);
    throw new PlatformError(unreachable);
  }
  const { data, error, response } = result;
  if (response.status === 204 && error === undefined) return data as D;
  if (!response.ok || error !== undefined || data === undefined || data === null) {
    const refused = errorFromResponse(response.status, error, response.headers.get('retry-after'));
    recordRefusal(refused, response.url || null);
    throw new PlatformError(refused);
  }
  return data;
}

/**
 * Form-encodes a request body (observed: POST and PUT bodies are
 * `application/x-www-form-urlencoded`). A flat record becomes URLSearchParams: `undefined`
 * and `null` fields are left out, arrays become `name[]` repeated (a name already ending in
 * `[]` is kept), booleans `1`/`0`, numbers their decimal text. FormData, URLSearchParams and
 * Blob bodies pass through untouched. @throws TypeError for a nested object (the platform's
 * forms are flat).
 */
export function formEncode(body: unknown): URLSearchParams | FormData | Blob {
  if (body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob) {
    return body;
  }
  const params = new URLSearchParams();
  if (typeof body !== 'object' || body === null) return params;
  for (const [name, value] of Object.entries(body)) {
    if (Array.isArray(value)) {
      const field = name.endsWith('[]') ? name : `${name}[]`;
      for (const item of value) params.append(field, formValue(field, item));
    } else if (value !== undefined && value !== null) {
      params.append(name, formValue(name, value));
    }
  }
  return params;
}

/**
 * Lets a multipart body stand where a typed body is expected: the generated types describe a
 * multipart body's fields (`poster: string`), while the wire takes the FormData itself, which
 * {@link formEncode} passes through. Use as `body: multipart(form)`.
 */
export function multipart<T>(form: FormData): NonNullable<T> {
  return form as unknown as NonNullable<T>;
}

function formValue(name: string, value: unknown): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    return String(value);
  }
  throw new TypeError(`Form field ${name} is not a string, number or boolean.`);
}

function clientOptions(options: ApiClientOptions): ClientOptions {
  const priority = options.priority ?? 'view';
  return {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    // No Content-Type of our own: the body decides it (URLSearchParams: form-urlencoded;
    // FormData: multipart with its boundary; Blob: its type). openapi-fetch would say JSON.
    headers: { Accept: 'application/json', 'Content-Type': null, 'User-Agent': appUserAgent },
    bodySerializer: formEncode,
    fetch: withPriority(options.scheduler, priority),
  };
}
