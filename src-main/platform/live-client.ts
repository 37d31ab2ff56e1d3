/**
 * The live API v1 client: typed from `resources/openapi/live-v1.yaml` (openapi-typescript),
 * built on openapi-fetch, and sending every call through the account's request scheduler
 * (DESIGN.md, "The API budget"). Bearer token per observed-platform.md "Auth"; POST and PUT
 * bodies form-encoded. Every method throws {@link PlatformError} on a refusal or when the
 * platform cannot be reached, and rejects with the abort reason when `signal` aborts.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './generated/live-v1';
import { PlatformError, errorFromResponse, networkError } from './errors';
import type { Priority, RequestScheduler } from './scheduler';

export type LiveChannel = components['schemas']['Channel'];
export type LiveBroadcast = components['schemas']['Broadcast'];
export type LiveListMeta = components['schemas']['ListMeta'];
export type LiveJoinedUsers = components['schemas']['ChattingJoinedUsers'];
export type LiveViewerPoint = components['schemas']['ViewerStatisticsPoint'];
export type LiveChannelListQuery = NonNullable<
  paths['/v1/live/service-accounts/{service_account_key}/channels']['get']['parameters']['query']
>;

/** How a call is scheduled: its priority and the signal that cancels it while queued. */
export interface CallOptions {
  priority?: Priority;
  signal?: AbortSignal;
}

export interface LiveClientOptions {
  /** `{live_base_url}`, ending in `/api` (any host: sandbox, staging, another region). */
  baseUrl: string;
  serviceAccountKey: string;
  /** Reads the personal access token when a call needs it; it never leaves main. */
  token: () => Promise<string>;
  scheduler: RequestScheduler;
}

/** Live API v1 operations the app uses, one method each. */
export class LiveClient {
  private readonly client: Client<paths>;
  private readonly sa: string;
  private readonly scheduler: RequestScheduler;

  constructor(options: LiveClientOptions) {
    this.sa = options.serviceAccountKey;
    this.scheduler = options.scheduler;
    this.client = createClient<paths>({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      headers: { Accept: 'application/json' },
      bodySerializer: (body: unknown) => formEncode(body),
    });
    this.client.use({
      onRequest: async ({ request }) => {
        request.headers.set('Authorization', `Bearer ${await options.token()}`);
        // openapi-fetch labels every body JSON; ours are form-encoded (bodySerializer below).
        if (request.method !== 'GET' && request.method !== 'HEAD')
          request.headers.set('Content-Type', 'application/x-www-form-urlencoded');
        return request;
      },
    });
  }

  /** GET contracts: the service account's contract (super administrator only; 403 otherwise). */
  async getContract(options: CallOptions = {}) {
    return this.call(options, (fetch) =>
      this.client.GET('/v1/live/service-accounts/{service_account_key}/contracts', {
        params: { path: { service_account_key: this.sa } },
        fetch,
      }),
    );
  }

  /** GET channels: one page of live channels (spec: Endpoints, `keyword`, `order`). */
  async listChannels(query: LiveChannelListQuery, options: CallOptions = {}) {
    return this.call(options, (fetch) =>
      this.client.GET('/v1/live/service-accounts/{service_account_key}/channels', {
        params: { path: { service_account_key: this.sa }, query },
        fetch,
      }),
    );
  }

  /** GET broadcasts/{broadcast_key}: one broadcast. */
  async getBroadcast(broadcastKey: string, options: CallOptions = {}) {
    return this.call(options, (fetch) =>
      this.client.GET(
        '/v1/live/service-accounts/{service_account_key}/broadcasts/{broadcast_key}',
        {
          params: { path: { service_account_key: this.sa, broadcast_key: broadcastKey } },
          fetch,
        },
      ),
    );
  }

  /** PUT broadcasts/{broadcast_key}: renames the broadcast. */
  async updateBroadcastTitle(broadcastKey: string, title: string, options: CallOptions = {}) {
    return this.call(options, (fetch) =>
      this.client.PUT(
        '/v1/live/service-accounts/{service_account_key}/broadcasts/{broadcast_key}',
        {
          params: { path: { service_account_key: this.sa, broadcast_key: broadcastKey } },
          body: { title },
          fetch,
        },
      ),
    );
  }

  /** POST duplicate-recording: starts manual recording (422 unless on air and not recording). */
  async startDuplicateRecording(broadcastKey: string, options: CallOptions = {}) {
    return this.call(options, (fetch) =>
      this.client.POST(
        '/v1/live/service-accounts/{service_account_key}/broadcasts/{broadcast_key}/duplicate-recording',
        { params: { path: { service_account_key: this.sa, broadcast_key: broadcastKey } }, fetch },
      ),
    );
  }

  /** DELETE duplicate-recording: stops manual recording at once (422 unless recording). */
  async stopDuplicateRecording(broadcastKey: string, options: CallOptions = {}) {
    return this.call(options, (fetch) =>
      this.client.DELETE(
        '/v1/live/service-accounts/{service_account_key}/broadcasts/{broadcast_key}/duplicate-recording',
        { params: { path: { service_account_key: this.sa, broadcast_key: broadcastKey } }, fetch },
      ),
    );
  }

  /**
   * PUT cue-sign-timeshift: sets the timeshift start point. `at` is ISO-8601 with offset;
   * omitted means now. 422 unless timeshift is on and `at` lies between start and now.
   */
  async setCueSign(broadcastKey: string, at: string | undefined, options: CallOptions = {}) {
    return this.call(options, (fetch) =>
      this.client.PUT(
        '/v1/live/service-accounts/{service_account_key}/broadcasts/{broadcast_key}/cue-sign-timeshift',
        {
          params: { path: { service_account_key: this.sa, broadcast_key: broadcastKey } },
          body: at === undefined ? {} : { cue_sign_at: at },
          fetch,
        },
      ),
    );
  }

  /** GET chatting-joined-users-on-air: participant count and who they are. */
  async chatJoinedUsers(broadcastKey: string, options: CallOptions = {}) {
    return this.call(options, (fetch) =>
      this.client.GET(
        '/v1/live/service-accounts/{service_account_key}/broadcasts/{broadcast_key}/chatting-joined-users-on-air',
        { params: { path: { service_account_key: this.sa, broadcast_key: broadcastKey } }, fetch },
      ),
    );
  }

  /**
   * GET viewer statistics of one broadcast for one UTC day in 5- or 10-minute buckets.
   * @param startDate `YYYY-MM-DD` (UTC day).
   */
  async broadcastViewers(
    broadcastKey: string,
    durationMinute: 5 | 10,
    startDate: string,
    options: CallOptions = {},
  ) {
    return this.call(options, (fetch) =>
      this.client.GET(
        '/v1/live/service-accounts/{service_account_key}/broadcasts/{broadcast_key}/statistics/viewer/{duration_minute}min-during-a-day',
        {
          params: {
            path: {
              service_account_key: this.sa,
              broadcast_key: broadcastKey,
              duration_minute: durationMinute,
            },
            query: { start_date: startDate },
          },
          fetch,
        },
      ),
    );
  }

  /**
   * Runs one openapi-fetch call with a fetch bound to the scheduler at the call's priority,
   * and turns a refusal into a PlatformError.
   */
  private async call<D>(
    options: CallOptions,
    send: (
      fetch: (request: Request) => Promise<Response>,
    ) => Promise<{ data?: D; error?: unknown; response: Response }>,
  ): Promise<NonNullable<D>> {
    const scheduled = (request: Request) =>
      this.scheduler.fetch(request, {
        priority: options.priority ?? 'view',
        ...(options.signal ? { signal: options.signal } : {}),
      });
    let result: { data?: D; error?: unknown; response: Response };
    try {
      result = await send(scheduled);
    } catch (cause) {
      if (options.signal?.aborted) throw options.signal.reason;
      throw new PlatformError(networkError(cause));
    }
    const { data, error, response } = result;
    if (!response.ok || error !== undefined || data === undefined || data === null) {
      throw new PlatformError(
        errorFromResponse(response.status, error, response.headers.get('retry-after')),
      );
    }
    return data;
  }
}

/** Form-encodes a flat body (observed: POST/PUT bodies are x-www-form-urlencoded). */
function formEncode(body: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (typeof body !== 'object' || body === null) return params;
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(`${name}[]`, String(item));
    else
      params.append(
        name,
        typeof value === 'boolean' ? (value ? '1' : '0') : String(value as string | number),
      );
  }
  return params;
}
