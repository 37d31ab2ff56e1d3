/**
 * Query keys and options of the Statistics view. Statistics change slowly (the live ones about
 * 30 minutes after a broadcast, the VOD ones up to 36 hours late), so a read stays fresh for a
 * minute and is not repeated on every visit; a new choice keeps the previous chart on screen
 * while it is read (`keepPreviousData`).
 */
import { keepPreviousData, queryOptions } from '@tanstack/svelte-query';
import type { CommandInput } from '../../../src-main/shared/bridge';
import { call } from '../bridge';

const staleTime = 60_000;

/** Every key starts with `statistics`, so a workspace switch or a refresh drops them together. */
export const statisticsKeys = {
  all: ['statistics'] as const,
  broadcasts: (channelKey: string) => ['statistics', 'broadcasts', channelKey] as const,
  viewers: (input: CommandInput<'statistics.viewers'>) => ['statistics', 'viewers', input] as const,
  summary: (input: CommandInput<'statistics.summary'>) => ['statistics', 'summary', input] as const,
  daily: (input: CommandInput<'statistics.daily'>) => ['statistics', 'daily', input] as const,
  chat: (input: CommandInput<'statistics.chat'>) => ['statistics', 'chat', input] as const,
  scheduled: (input: CommandInput<'statistics.scheduledDaily'>) =>
    ['statistics', 'scheduled', input] as const,
  vodChannels: () => ['statistics', 'vod-channels'] as const,
  rank: (input: CommandInput<'statistics.contentRank'>) => ['statistics', 'rank', input] as const,
  vodChannelTotals: (input: CommandInput<'statistics.vodChannelTotals'>) =>
    ['statistics', 'vod-channel-totals', input] as const,
  vodDaily: (input: CommandInput<'statistics.vodDaily'>) =>
    ['statistics', 'vod-daily', input] as const,
};

export const statisticsBroadcastsQuery = (channelKey: string | null) =>
  queryOptions({
    queryKey: statisticsKeys.broadcasts(channelKey ?? ''),
    queryFn: ({ signal }) =>
      call('statistics.broadcasts', { channelKey: channelKey ?? '' }, { signal }),
    enabled: channelKey !== null,
    staleTime,
  });

export const viewersQuery = (input: CommandInput<'statistics.viewers'>) =>
  queryOptions({
    queryKey: statisticsKeys.viewers(input),
    queryFn: ({ signal }) => call('statistics.viewers', input, { signal }),
    placeholderData: keepPreviousData,
    staleTime,
  });

export const summaryQuery = (input: CommandInput<'statistics.summary'>) =>
  queryOptions({
    queryKey: statisticsKeys.summary(input),
    queryFn: ({ signal }) => call('statistics.summary', input, { signal }),
    placeholderData: keepPreviousData,
    staleTime,
  });

export const dailyQuery = (input: CommandInput<'statistics.daily'>) =>
  queryOptions({
    queryKey: statisticsKeys.daily(input),
    queryFn: ({ signal }) => call('statistics.daily', input, { signal }),
    placeholderData: keepPreviousData,
    staleTime,
  });

export const chatQuery = (input: CommandInput<'statistics.chat'>) =>
  queryOptions({
    queryKey: statisticsKeys.chat(input),
    queryFn: ({ signal }) => call('statistics.chat', input, { signal }),
    placeholderData: keepPreviousData,
    staleTime,
  });

export const scheduledQuery = (input: CommandInput<'statistics.scheduledDaily'>) =>
  queryOptions({
    queryKey: statisticsKeys.scheduled(input),
    queryFn: ({ signal }) => call('statistics.scheduledDaily', input, { signal }),
    placeholderData: keepPreviousData,
    staleTime,
  });

export const vodChannelsQuery = () =>
  queryOptions({
    queryKey: statisticsKeys.vodChannels(),
    queryFn: ({ signal }) => call('statistics.vodChannels', {}, { signal }),
    staleTime,
  });

export const rankQuery = (input: CommandInput<'statistics.contentRank'>) =>
  queryOptions({
    queryKey: statisticsKeys.rank(input),
    queryFn: ({ signal }) => call('statistics.contentRank', input, { signal }),
    placeholderData: keepPreviousData,
    staleTime,
  });

export const vodChannelTotalsQuery = (input: CommandInput<'statistics.vodChannelTotals'>) =>
  queryOptions({
    queryKey: statisticsKeys.vodChannelTotals(input),
    queryFn: ({ signal }) => call('statistics.vodChannelTotals', input, { signal }),
    placeholderData: keepPreviousData,
    staleTime,
  });

export const vodDailyQuery = (input: CommandInput<'statistics.vodDaily'>) =>
  queryOptions({
    queryKey: statisticsKeys.vodDaily(input),
    queryFn: ({ signal }) => call('statistics.vodDaily', input, { signal }),
    placeholderData: keepPreviousData,
    staleTime,
  });
