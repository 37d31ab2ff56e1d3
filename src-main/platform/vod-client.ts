/**
 * The VOD API v3 operations the app uses so far: a thin layer over {@link createVodApi}
 * (api-clients.ts: typed from `resources/openapi/vod-v3.yaml`, every call through the
 * account's request scheduler). The access token rides as the `access_token` query parameter
 * of every request (spec: Authentication, VOD), added at the last moment by middleware, so no
 * caller ever builds a URL that holds it; nothing here logs it.
 */
import { createVodApi, unwrap, withPriority, type VodApi } from './api-clients';
import type { CallOptions } from './live-client';
import type { RequestScheduler } from './scheduler';

export interface VodClientOptions {
  /** `{vod_base_url}`, ending in `/api`. */
  baseUrl: string;
  /** Reads the access token when a call needs it; it never leaves main. */
  token: () => Promise<string>;
  scheduler: RequestScheduler;
}

/** VOD API v3 operations the app uses so far. Methods throw PlatformError on refusal. */
export class VodClient {
  /** Every VOD operation, typed, as this account (for what has no method here). */
  readonly api: VodApi;
  private readonly scheduler: RequestScheduler;

  constructor(options: VodClientOptions) {
    this.scheduler = options.scheduler;
    this.api = createVodApi(options);
  }

  /** GET /countries: the cheapest call, used to check an access token. */
  async countries(options: CallOptions = {}) {
    const fetch = withPriority(this.scheduler, options.priority ?? 'view', options.signal);
    return unwrap(this.api.GET('/countries', { fetch }), options.signal);
  }
}
