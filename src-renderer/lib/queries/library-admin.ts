/**
 * Query keys and options of VOD administration (the Library's VOD channels, media profiles
 * and tools). Reads run in main at `view` priority; nothing polls: a view refetches what an
 * edit or a refusal touched, so what it shows equals the platform's state. Lists keep their
 * rows while re-reading. User keys are never read through a query: they are shown once.
 */
import { keepPreviousData, queryOptions } from '@tanstack/svelte-query';
import { call } from '../bridge';

/** Keys, all under `['library-admin', …]` so an edit can invalidate a whole family. */
export const adminKeys = {
  all: ['library-admin'] as const,
  channels: (filter: ChannelFilter) => ['library-admin', 'channels', filter] as const,
  channel: (channelKey: string) => ['library-admin', 'channel', channelKey] as const,
  channelContents: (channelKey: string, keyword: string) =>
    ['library-admin', 'channel-contents', channelKey, keyword] as const,
  contentSearch: (keyword: string) => ['library-admin', 'content-search', keyword] as const,
  skins: () => ['library-admin', 'skins'] as const,
  formats: () => ['library-admin', 'profile-formats'] as const,
  presets: () => ['library-admin', 'profile-presets'] as const,
  groups: () => ['library-admin', 'profile-groups'] as const,
  profiles: () => ['library-admin', 'profiles'] as const,
  profile: (profileKey: string) => ['library-admin', 'profile', profileKey] as const,
  watermark: () => ['library-admin', 'watermark'] as const,
  events: () => ['library-admin', 'player-events'] as const,
};

/** What the channel list is narrowed to: a keyword, a kind, a status. */
export interface ChannelFilter {
  keyword: string;
  kind: 'all' | 'general' | 'encryption';
  status: 'all' | 'active' | 'inactive';
}

/** VOD channels, newest first, by keyword, kind and status. */
export const vodChannelsQuery = (filter: ChannelFilter) =>
  queryOptions({
    queryKey: adminKeys.channels(filter),
    queryFn: ({ signal }) =>
      call(
        'vodChannel.list',
        {
          ...(filter.keyword ? { keyword: filter.keyword } : {}),
          ...(filter.kind === 'all' ? {} : { kind: filter.kind }),
          ...(filter.status === 'all' ? {} : { active: filter.status === 'active' }),
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/** One VOD channel. */
export const vodChannelQuery = (channelKey: string) =>
  queryOptions({
    queryKey: adminKeys.channel(channelKey),
    queryFn: ({ signal }) => call('vodChannel.get', { channelKey }, { signal }),
  });

/** A channel's contents, by keyword. */
export const channelContentsQuery = (channelKey: string, keyword: string) =>
  queryOptions({
    queryKey: adminKeys.channelContents(channelKey, keyword),
    queryFn: ({ signal }) =>
      call('vodChannel.contents', keyword ? { channelKey, keyword } : { channelKey }, { signal }),
    placeholderData: keepPreviousData,
  });

/** Library contents to pick from, by keyword. */
export const contentSearchQuery = (keyword: string) =>
  queryOptions({
    queryKey: adminKeys.contentSearch(keyword),
    queryFn: ({ signal }) =>
      call('vodChannel.findContents', keyword ? { keyword } : {}, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** Player skins. */
export const skinsQuery = () =>
  queryOptions({
    queryKey: adminKeys.skins(),
    queryFn: ({ signal }) => call('playerSkin.list', {}, { signal }),
  });

/** Standard formats; they do not change during a session. */
export const formatsQuery = () =>
  queryOptions({
    queryKey: adminKeys.formats(),
    queryFn: ({ signal }) => call('mediaProfile.formats', {}, { signal }),
    staleTime: Infinity,
  });

/** Preset templates; they do not change during a session. */
export const presetsQuery = () =>
  queryOptions({
    queryKey: adminKeys.presets(),
    queryFn: ({ signal }) => call('mediaProfile.presets', {}, { signal }),
    staleTime: Infinity,
  });

/** Profile groups. */
export const groupsQuery = () =>
  queryOptions({
    queryKey: adminKeys.groups(),
    queryFn: ({ signal }) => call('mediaProfile.groups', {}, { signal }),
  });

/** Media profiles. */
export const profilesQuery = () =>
  queryOptions({
    queryKey: adminKeys.profiles(),
    queryFn: ({ signal }) => call('mediaProfile.list', {}, { signal }),
    placeholderData: keepPreviousData,
  });

/** One profile's technical details. */
export const profileQuery = (profileKey: string) =>
  queryOptions({
    queryKey: adminKeys.profile(profileKey),
    queryFn: ({ signal }) => call('mediaProfile.get', { profileKey }, { signal }),
  });

/** The watermarking code. */
export const watermarkQuery = () =>
  queryOptions({
    queryKey: adminKeys.watermark(),
    queryFn: ({ signal }) => call('vodTool.watermark', {}, { signal }),
  });

/** Player events. */
export const playerEventsQuery = () =>
  queryOptions({
    queryKey: adminKeys.events(),
    queryFn: ({ signal }) => call('playerEvent.list', {}, { signal }),
  });
