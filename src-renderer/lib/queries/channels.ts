/**
 * Query keys and options of the live channels: the one channel list (pages of 100 of every
 * type, read on as the operator scrolls) that the control room, the Channels view and the
 * Schedule share, one channel's settings, the workspace's role and contract, the encoding
 * profiles. Reads keep their data while re-reading and carry the time main fetched them
 * (`fetchedAt`), shown as the list's age.
 */
import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/svelte-query';
import type {
  ChannelDetails,
  ChannelPage,
  ChannelRow,
} from '../../../src-main/shared/channels-model';
import type { Fresh } from '../../../src-main/shared/model';
import { call } from '../bridge';
import { keys, type ChannelFilter } from './keys';

export type { ChannelFilter } from './keys';

/** Channels per page: the platform's largest page. */
export const channelPageSize = 100;

/** What the control room and the Schedule ask for: the Channels view's first filter. */
export const wholeChannelList: ChannelFilter = { state: 'all', keyword: '', order: 'id_desc' };

/** Keys of the Channels view's other queries (the list's is `keys.channelList`). */
export const channelKeys = {
  all: () => ['channels-view'] as const,
  channel: (channelKey: string) => ['channels-view', 'channel', channelKey] as const,
  access: () => ['channels-view', 'access'] as const,
  profileGroups: () => ['channels-view', 'profile-groups'] as const,
  profiles: () => ['channels-view', 'profiles'] as const,
};

/** The cached pages of one channel list. */
export type ChannelListData = InfiniteData<Fresh<ChannelPage>>;

/**
 * The one live channel list (`channels.list`, every type), a page at a time; the next page is
 * read when a view asks for it. One cache entry per filter, whichever view reads it.
 */
export const channelListQuery = (filter: ChannelFilter) =>
  infiniteQueryOptions({
    queryKey: keys.channelList(filter),
    queryFn: ({ pageParam, signal }) =>
      call(
        'channels.list',
        { ...filter, types: 'all', page: pageParam, perPage: channelPageSize },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last: Fresh<ChannelPage>) =>
      last.data.page < last.data.lastPage ? last.data.page + 1 : undefined,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });

/** Every row of the pages read so far. */
export function rowsOf(data: ChannelListData | undefined): ChannelRow[] {
  return data?.pages.flatMap((page) => page.data.items) ?? [];
}

/**
 * The control room's list: the encoder-fed channels (`live`, `low_latency`) of the pages read
 * so far, as one page. `total` leaves out the scheduled channels read so far (exact once every
 * page is read, as with fewer than 100 channels).
 */
export function encoderFedPage(data: ChannelListData | undefined): Fresh<ChannelPage> | null {
  const first = data?.pages[0];
  if (!data || !first) return null;
  const rows = rowsOf(data);
  const items = rows.filter((row) => row.type !== 'scheduled');
  const last = data.pages.at(-1)?.data ?? first.data;
  return {
    data: {
      items,
      page: 1,
      lastPage: 1,
      perPage: first.data.perPage,
      total: Math.max(items.length, last.total - (rows.length - items.length)),
    },
    fetchedAt: first.fetchedAt,
  };
}

/**
 * Puts a watch's fresh first page (main's `watch.update` of a channel list) into the list's
 * cache entry, unless the entry holds a newer first page; later pages stay as read.
 */
export function putFirstPage(
  client: QueryClient,
  filter: ChannelFilter,
  fresh: Fresh<ChannelPage>,
): void {
  client.setQueryData<ChannelListData>(keys.channelList(filter), (held) => {
    if (!held || held.pages.length === 0) return { pages: [fresh], pageParams: [1] };
    const [first, ...rest] = held.pages;
    if (first && first.fetchedAt > fresh.fetchedAt) return held;
    return { pages: [fresh, ...rest], pageParams: held.pageParams };
  });
}

export const channelQuery = (channelKey: string) =>
  queryOptions({
    queryKey: channelKeys.channel(channelKey),
    queryFn: ({ signal }) => call('channels.get', { channelKey }, { signal }),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });

/** The role does not change while a workspace is open; a workspace switch clears the cache. */
export const accessQuery = () =>
  queryOptions({
    queryKey: channelKeys.access(),
    queryFn: ({ signal }) => call('channels.access', {}, { signal }),
    staleTime: Infinity,
  });

export const profileGroupsQuery = () =>
  queryOptions({
    queryKey: channelKeys.profileGroups(),
    queryFn: ({ signal }) => call('profiles.groups', {}, { signal }),
    staleTime: 60_000,
  });

export const profileOverviewQuery = () =>
  queryOptions({
    queryKey: channelKeys.profiles(),
    queryFn: ({ signal }) => call('profiles.overview', {}, { signal }),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });

/**
 * After a change to one channel: its settings are what the platform answered, and every
 * channel list (whose filters it may now leave or join) reads again: the control room's, the
 * Channels view's and the Schedule's, one cache entry per filter.
 */
export function channelChanged(client: QueryClient, channel: ChannelDetails, at: number): void {
  client.setQueryData<Fresh<ChannelDetails>>(channelKeys.channel(channel.key), {
    data: channel,
    fetchedAt: at,
  });
  void client.invalidateQueries({ queryKey: keys.channelLists() });
}
