/**
 * Query keys and options of the Channels view: the channel list (pages of 100,
 * read on as the operator scrolls), one channel's settings, the workspace's role and
 * contract, the encoding profiles. Reads keep their data while re-reading and carry the time
 * main fetched them (`fetchedAt`), shown as the list's age.
 */
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/svelte-query';
import type { ChannelDetails, ChannelStateFilter } from '../../../src-main/shared/channels-model';
import type { ChannelOrder, Fresh } from '../../../src-main/shared/model';
import { call } from '../bridge';

/** What the channel list shows. */
export interface ChannelFilter {
  state: ChannelStateFilter;
  keyword: string;
  order: ChannelOrder;
}

/** Channels per page: the platform's largest page. */
export const channelPageSize = 100;

/** Keys of the Channels view's queries. */
export const channelKeys = {
  all: () => ['channels-view'] as const,
  lists: () => ['channels-view', 'list'] as const,
  list: (filter: ChannelFilter) => ['channels-view', 'list', filter] as const,
  channel: (channelKey: string) => ['channels-view', 'channel', channelKey] as const,
  access: () => ['channels-view', 'access'] as const,
  profileGroups: () => ['channels-view', 'profile-groups'] as const,
  profiles: () => ['channels-view', 'profiles'] as const,
};

/** The channel list, a page at a time; the next page is read when the list nears its end. */
export const channelListQuery = (filter: ChannelFilter) =>
  infiniteQueryOptions({
    queryKey: channelKeys.list(filter),
    queryFn: ({ pageParam }) =>
      call('channels.list', { ...filter, page: pageParam, perPage: channelPageSize }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.data.page < last.data.lastPage ? last.data.page + 1 : undefined,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });

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
 * list (whose filters it may now leave or join) and the control room's list read again.
 */
export function channelChanged(client: QueryClient, channel: ChannelDetails, at: number): void {
  client.setQueryData<Fresh<ChannelDetails>>(channelKeys.channel(channel.key), {
    data: channel,
    fetchedAt: at,
  });
  void client.invalidateQueries({ queryKey: channelKeys.lists() });
  void client.invalidateQueries({ queryKey: ['channels'] });
}
