/**
 * The VOD API v3 client (typed from `resources/openapi/vod-v3.yaml`), sending every call
 * through the account's request scheduler. The access token rides as the `access_token`
 * query parameter on every request (spec: Authentication, VOD) and is added at the last
 * moment by middleware, so no caller ever builds a URL that holds it; logs redact it.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/vod-v3';
import { PlatformError, errorFromResponse, networkError } from './errors';
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
  private readonly client: Client<paths>;
  private readonly scheduler: RequestScheduler;

  constructor(options: VodClientOptions) {
    this.scheduler = options.scheduler;
    this.client = createClient<paths>({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      headers: { Accept: 'application/json' },
    });
    this.client.use({
      onRequest: async ({ request }) => {
        const url = new URL(request.url);
        url.searchParams.set('access_token', await options.token());
        return new Request(url, request);
      },
    });
  }

  /** GET /countries: the cheapest call, used to check an access token. */
  async countries(options: CallOptions = {}) {
    const fetch = (request: Request) =>
      this.scheduler.fetch(request, {
        priority: options.priority ?? 'view',
        ...(options.signal ? { signal: options.signal } : {}),
      });
    let result;
    try {
      result = await this.client.GET('/countries', { fetch });
    } catch (cause) {
      if (options.signal?.aborted) throw options.signal.reason;
      throw new PlatformError(networkError(cause));
    }
    const { data, error, response } = result;
    if (!response.ok || error !== undefined || !data) {
      throw new PlatformError(
        errorFromResponse(response.status, error, response.headers.get('retry-after')),
      );
    }
    return data;
  }
}
