/**
 * The live API v1 operations the control room uses, one method each: a thin layer over
 * {@link createLiveApi} (api-clients.ts: typed from `resources/openapi/live-v1.yaml`, Bearer
 * token, form-encoded bodies, every call through the account's request scheduler). Every
 * method throws {@link PlatformError} on a refusal or when the platform cannot be reached, and
 * rejects with the abort reason when `signal` aborts. `api` reaches every other operation.
 */
import {
  createLiveApi,
  unwrap,
  withPriority,
  type LiveApi,
  type PlatformFetch,
} from './api-clients';
import type { components, paths } from './generated/live-v1';
import type { Priority, RequestScheduler } from './scheduler';

export type LiveChannel = components['schemas']['Channel'];
export type LiveBroadcast = components['schemas']['Broadcast'];
export type LiveListMeta = components['schemas']['ListMeta'];
export type LiveJoinedUsers = components['schemas']['ChattingJoinedUsers'];
export type LiveViewerPoint = components['schemas']['ViewerStatisticsPoint'];
/** A bucket of the account's viewers with each broadcast's count (live-v1.yaml, our design). */
export type LiveAccountViewerPoint = components['schemas']['AccountViewerStatisticsPoint'];
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
  /** Every live operation, typed, as this account (for what has no method here). */
  readonly api: LiveApi;
  private readonly sa: string;
  private readonly scheduler: RequestScheduler;

  constructor(options: LiveClientOptions) {
    this.sa = options.serviceAccountKey;
    this.scheduler = options.scheduler;
    this.api = createLiveApi(options);
  }

  /** GET contracts: the service account's contract (super administrator only; 403 otherwise). */
  async getContract(options: CallOptions = {}) {
    return this.call(options, (fetch) =>
      this.api.GET('/v1/live/service-accounts/{service_account_key}/contracts', {
        params: { path: { service_account_key: this.sa } },
        fetch,
      }),
    );
  }

  /** GET channels: one page of live channels (spec: Endpoints, `keyword`, `order`). */
  async listChannels(query: LiveChannelListQuery, options: CallOptions = {}) {
    return this.call(options, (fetch) =>
      this.api.GET('/v1/live/service-accounts/{service_account_key}/channels', {
        params: { path: { service_account_key: this.sa }, query },
        fetch,
      }),
    );
  }

  /** GET broadcasts/{broadcast_key}: one broadcast. */
  async getBroadcast(broadcastKey: string, options: CallOptions = {}) {
    return this.call(options, (fetch) =>
      this.api.GET('/v1/live/service-accounts/{service_account_key}/broadcasts/{broadcast_key}', {
        params: { path: { service_account_key: this.sa, broadcast_key: broadcastKey } },
        fetch,
      }),
    );
  }

  /** PUT broadcasts/{broadcast_key}: renames the broadcast. */
  async updateBroadcastTitle(broadcastKey: string, title: string, options: CallOptions = {}) {
    return this.call(options, (fetch) =>
      this.api.PUT('/v1/live/service-accounts/{service_account_key}/broadcasts/{broadcast_key}', {
        params: { path: { service_account_key: this.sa, broadcast_key: broadcastKey } },
        body: { title },
        fetch,
      }),
    );
  }

  /** POST duplicate-recording: starts manual recording (422 unless on air and not recording). */
  async startDuplicateRecording(broadcastKey: string, options: CallOptions = {}) {
    return this.call(options, (fetch) =>
      this.api.POST(
        '/v1/live/service-accounts/{service_account_key}/broadcasts/{broadcast_key}/duplicate-recording',
        { params: { path: { service_account_key: this.sa, broadcast_key: broadcastKey } }, fetch },
      ),
    );
  }

  /** DELETE duplicate-recording: stops manual recording at once (422 unless recording). */
  async stopDuplicateRecording(broadcastKey: string, options: CallOptions = {}) {
    return this.call(options, (fetch) =>
      this.api.DELETE(
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
      this.api.PUT(
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
      this.api.GET(
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
      this.api.GET(
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
   * GET broadcasts?is_onair=1: one page (at most 100, the page size's maximum, newest first)
   * of the broadcasts on air in the whole account (spec, Endpoints: "all broadcasts of the
   * service account; filterable").
   */
  async listOnAirBroadcasts(options: CallOptions = {}) {
    return this.call(options, (fetch) =>
      this.api.GET('/v1/live/service-accounts/{service_account_key}/broadcasts', {
        params: {
          path: { service_account_key: this.sa },
          query: { is_onair: 1, order: 'id_desc', page: 1, per_page: 100 },
        },
        fetch,
      }),
    );
  }

  /**
   * GET viewer statistics of all broadcasts for one UTC day in 5- or 10-minute buckets: one
   * sum over the account's broadcasts (spec, Endpoints; resources/openapi/live-v1.yaml).
   * @param startDate `YYYY-MM-DD` (UTC day).
   */
  async accountViewers(durationMinute: 5 | 10, startDate: string, options: CallOptions = {}) {
    return this.call(options, (fetch) =>
      this.api.GET(
        '/v1/live/service-accounts/{service_account_key}/statistics/viewer/{duration_minute}min-during-a-day',
        {
          params: {
            path: { service_account_key: this.sa, duration_minute: durationMinute },
            query: { start_date: startDate },
          },
          fetch,
        },
      ),
    );
  }

  /** Runs one call with a fetch bound to the scheduler at the call's priority; unwraps it. */
  private call<D>(
    options: CallOptions,
    send: (fetch: PlatformFetch) => Promise<{ data?: D; error?: unknown; response: Response }>,
  ): Promise<D> {
    const fetch = withPriority(this.scheduler, options.priority ?? 'view', options.signal);
    return unwrap(send(fetch), options.signal);
  }
}
