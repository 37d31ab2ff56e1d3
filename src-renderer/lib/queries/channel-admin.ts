/**
 * Query keys and options of a channel's administration tabs. Reads run in main at `view`
 * priority; nothing polls: a tab refetches what it shows after each change or refusal, so what
 * it shows is the platform's state. Lists keep their data while re-reading.
 */
import { keepPreviousData, queryOptions } from '@tanstack/svelte-query';
import { call } from '../bridge';

/** Every key of this area starts with the channel, so one invalidation refreshes its tabs. */
export const channelAdminKeys = {
  all: (channelKey: string) => ['channel-admin', channelKey] as const,
  callbacks: (channelKey: string) => ['channel-admin', channelKey, 'callbacks'] as const,
  creators: (channelKey: string, keyword: string) =>
    ['channel-admin', channelKey, 'creators', keyword] as const,
  syndications: (channelKey: string) => ['channel-admin', channelKey, 'syndications'] as const,
  destinations: (channelKey: string) => ['channel-admin', channelKey, 'destinations'] as const,
  chat: (channelKey: string) => ['channel-admin', channelKey, 'chat'] as const,
  chattingServices: () => ['chatting-services'] as const,
};

export const callbacksQuery = (channelKey: string) =>
  queryOptions({
    queryKey: channelAdminKeys.callbacks(channelKey),
    queryFn: ({ signal }) => call('channelAdmin.callbacks', { channelKey }, { signal }),
    staleTime: 30_000,
  });

/** Creators matching `keyword` (empty: all of them, which also counts them for the limit). */
export const creatorsQuery = (channelKey: string, keyword: string) =>
  queryOptions({
    queryKey: channelAdminKeys.creators(channelKey, keyword),
    queryFn: ({ signal }) =>
      call('channelAdmin.creators', keyword ? { channelKey, keyword } : { channelKey }, { signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const syndicationsQuery = (channelKey: string) =>
  queryOptions({
    queryKey: channelAdminKeys.syndications(channelKey),
    queryFn: ({ signal }) => call('channelAdmin.syndications', { channelKey }, { signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const destinationsQuery = (channelKey: string) =>
  queryOptions({
    queryKey: channelAdminKeys.destinations(channelKey),
    queryFn: ({ signal }) => call('channelAdmin.destinations', { channelKey }, { signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const chatQuery = (channelKey: string) =>
  queryOptions({
    queryKey: channelAdminKeys.chat(channelKey),
    queryFn: ({ signal }) => call('channelAdmin.chat', { channelKey }, { signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** The account's chatting service contracts; they change rarely. */
export const chattingServicesQuery = () =>
  queryOptions({
    queryKey: channelAdminKeys.chattingServices(),
    queryFn: ({ signal }) => call('channelAdmin.chattingServices', {}, { signal }),
    staleTime: 5 * 60_000,
  });
