/**
 * VOD API v3 statistics reads of the Statistics view: content rank (all, one channel), totals
 * per channel and daily totals, mapped to the app's words (shared/statistics-model.ts). Each
 * period is checked against the spec's VOD limits before it is sent (statistics-checks.ts).
 */
import type { Fresh } from '../../shared/model';
import type {
  ContentRankRow,
  VodChannelChoice,
  VodChannelRow,
  VodDaily,
} from '../../shared/statistics-model';
import { vodCall, type CallPriority } from '../core/platform-call';
import { checkVodRange } from './statistics-checks';
import type { AccountContext } from '../core/account-context';

function fresh<T>(account: AccountContext, data: T): Fresh<T> {
  return { data, fetchedAt: account.clock.now() };
}

/** The first 100 VOD channels, to pick one. @throws PlatformError. */
export async function vodChannels(
  account: AccountContext,
  priority: CallPriority,
): Promise<VodChannelChoice[]> {
  const body = await vodCall(account, priority, (api, fetch) =>
    api.GET('/channels', { params: { query: { page: 1, per_page: 100 } }, fetch }),
  );
  return body.data.map((c) => ({ key: c.key, name: c.name }));
}

/**
 * The most viewed contents over inclusive UTC days, of the account or of one channel.
 * @throws PlatformError `invalid-input` (nothing sent) for a range beyond the limits; the
 * platform's own refusal otherwise.
 */
export async function contentRank(
  account: AccountContext,
  priority: CallPriority,
  input: { channelKey?: string | undefined; limit: number; from: string; to: string },
): Promise<Fresh<ContentRankRow[]>> {
  checkVodRange(input.from, input.to, account.clock.now());
  const query = { start_date: input.from, end_date: input.to, limit: input.limit };
  const { channelKey } = input;
  const body = await vodCall(account, priority, (api, fetch) =>
    channelKey
      ? api.GET('/channels/{channel_key}/statistics/content-rank', {
          params: { path: { channel_key: channelKey }, query },
          fetch,
        })
      : api.GET('/statistics/content-rank', { params: { query }, fetch }),
  );
  return fresh(
    account,
    body.data.map((r) => ({
      rank: r.rank,
      uploadFileKey: r.upload_file_key,
      title: r.title,
      views: r.view_count,
      playSeconds: r.play_seconds,
      uniqueViewers: r.unique_viewer_count,
    })),
  );
}

/** Totals per VOD channel over inclusive UTC days. @throws PlatformError as contentRank. */
export async function channelTotals(
  account: AccountContext,
  priority: CallPriority,
  from: string,
  to: string,
): Promise<Fresh<VodChannelRow[]>> {
  checkVodRange(from, to, account.clock.now());
  const body = await vodCall(account, priority, (api, fetch) =>
    api.GET('/statistics/channels', {
      params: { query: { start_date: from, end_date: to } },
      fetch,
    }),
  );
  return fresh(
    account,
    body.data.map((c) => ({
      channelKey: c.channel_key,
      name: c.name,
      views: c.view_count,
      playSeconds: c.play_seconds,
      uniqueViewers: c.unique_viewer_count,
    })),
  );
}

/** All VOD content per UTC day (ready days only). @throws PlatformError as contentRank. */
export async function vodDaily(
  account: AccountContext,
  priority: CallPriority,
  from: string,
  to: string,
): Promise<Fresh<VodDaily[]>> {
  checkVodRange(from, to, account.clock.now());
  const body = await vodCall(account, priority, (api, fetch) =>
    api.GET('/statistics/summary-daily', {
      params: { query: { start_date: from, end_date: to } },
      fetch,
    }),
  );
  return fresh(
    account,
    body.data.map((d) => ({
      date: d.date,
      views: d.view_count,
      playSeconds: d.play_seconds,
      uniqueViewers: d.unique_viewer_count,
      transferredBytes: d.transferred_bytes,
    })),
  );
}
