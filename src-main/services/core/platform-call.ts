/**
 * One platform operation from a command handler, the one way every domain calls the platform:
 * the typed openapi-fetch client of the open workspace's account ({@link AccountContext}) (every operation of
 * `resources/openapi/*.yaml`), a fetch bound to that API's request scheduler at the
 * command's priority, and {@link unwrap} of the answer. A handler writes only the operation:
 *
 *   liveCall(account, 'command', (api, fetch, sa) =>
 *     api.PUT('/v1/live/service-accounts/{service_account_key}/channels/{channel_key}/disable', {
 *       params: { path: { service_account_key: sa, channel_key: channelKey } }, fetch }))
 *
 * @throws PlatformError as the platform answered (status, its message, field errors), or
 * `api-missing` at once, nothing sent, when the workspace has no account of that API; the
 * abort reason when a `view` read's asker went away (call-signal.ts) before it was answered.
 */
import { PlatformError } from '../../platform/errors';
import {
  unwrap,
  withPriority,
  type ApiResult,
  type LiveApi,
  type PlatformFetch,
  type VodApi,
} from '../../platform/api-clients';
import type { Priority } from '../../platform/scheduler';
import { say } from '../../shared/i18n/say';
import type { Fresh, Page } from '../../shared/model';
import { callSignal } from './call-signal';
import type { AccountContext } from './account-context';

/** A handler's priority: `local` commands make no platform call, so they read at `view`. */
export type CallPriority = Priority | 'local';

/** How the scheduler may treat one call. */
export interface CallOptions {
  /**
   * false: never share an identical GET in flight (default true). For a GET that answers
   * something new each time, such as a one-time upload URL.
   */
  coalesce?: boolean;
}

/**
 * Runs one live API v1 operation as the workspace's live account at `priority`.
 * `send` gets the client, the scheduled fetch and the service account key (path parameter).
 */
export function liveCall<D>(
  account: AccountContext,
  priority: CallPriority,
  send: (api: LiveApi, fetch: PlatformFetch, serviceAccountKey: string) => Promise<ApiResult<D>>,
  signal?: AbortSignal,
  options: CallOptions = {},
): Promise<D> {
  if (!account.apis.live) return Promise.reject(missing('live'));
  const abort = signal ?? readSignal(priority);
  const fetch = withPriority(account.liveScheduler, asPriority(priority), abort, options);
  return unwrap(send(account.live.api, fetch, account.serviceAccountKey), abort);
}

/** Runs one VOD API v3 operation as the workspace's VOD account at `priority`. */
export function vodCall<D>(
  account: AccountContext,
  priority: CallPriority,
  send: (api: VodApi, fetch: PlatformFetch) => Promise<ApiResult<D>>,
  signal?: AbortSignal,
): Promise<D> {
  const { vod } = account;
  if (vod === null || !account.apis.vod) return Promise.reject(missing('vod'));
  const abort = signal ?? readSignal(priority);
  const fetch = withPriority(account.vodScheduler, asPriority(priority), abort);
  return unwrap(send(vod.api, fetch), abort);
}

/** A `view` read stops when its asker left (call-signal.ts); other calls run on. */
function readSignal(priority: CallPriority): AbortSignal | undefined {
  return asPriority(priority) === 'view' ? callSignal() : undefined;
}

/**
 * A list answer of either API (live-v1.yaml and vod-v3.yaml `ListMeta`): one page of `data`,
 * asked for with the query parameters `page` (from 1) and `per_page` (1 to 100), and `meta`
 * saying which page it is, the last page (at least 1, even for an empty list), the page size
 * and how many items match in all pages.
 */
export interface ListAnswer<W> {
  data: W[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

/** A list answer as the app's {@link Page}, each item mapped by `map`. */
export function pageOf<W, T>(answer: ListAnswer<W>, map: (item: W) => T): Page<T> {
  return {
    items: answer.data.map(map),
    page: answer.meta.current_page,
    lastPage: answer.meta.last_page,
    perPage: answer.meta.per_page,
    total: answer.meta.total,
  };
}

/**
 * Runs one VOD API v3 list operation (its `page`/`per_page` query, see {@link ListAnswer}) and
 * answers the page, each item mapped by `map`, stamped with the time it was read. `run` is
 * {@link vodCall} unless the operation is sent once more after a 429 (library-calls.ts).
 * @throws PlatformError as {@link vodCall}.
 */
export async function vodPage<W, T>(
  account: AccountContext,
  priority: CallPriority,
  send: (api: VodApi, fetch: PlatformFetch) => Promise<ApiResult<ListAnswer<W>>>,
  map: (item: W) => T,
  run: typeof vodCall = vodCall,
): Promise<Fresh<Page<T>>> {
  const answer = await run(account, priority, send);
  return { data: pageOf(answer, map), fetchedAt: account.clock.now() };
}

function asPriority(priority: CallPriority): Priority {
  return priority === 'local' ? 'view' : priority;
}

function missing(api: 'live' | 'vod'): PlatformError {
  return new PlatformError({
    code: 'api-missing',
    ...say(api === 'live' ? 'errors.noLiveApi' : 'errors.noVodApi'),
  });
}
