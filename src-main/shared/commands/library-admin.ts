/**
 * VOD channels and the platform's reference data; player skins, media profiles, tools, user
 * keys and player events are declared in library-profiles.ts (the same domain). Reference data
 * is read once per session (main keeps it) at `view` priority; reads a view shows run at
 * `view`, the operator's changes at `command`.
 */
import { z } from 'zod';
import type { ContentSummary, Country, Language, Timezone } from '../library-model';
import type { VodChannel } from '../library-admin-model';
import type { Fresh, Page } from '../model';
import { anyRole, command, defineCommands, returns } from './define';
import { key, noInput, positiveId, requiredText, searchKeyword } from './fields';
import { libraryProfileCommands } from './library-profiles';

const channelKey = key;

const channelName = requiredText(
  100,
  'A channel needs a name.',
  'Channel names are at most 100 characters.',
);

const description = z.string().trim().max(1000, 'Descriptions are at most 1,000 characters.');

const streamingFormat = z.enum(['hls', 'dash', 'hls_dash']);

/** An http(s) URL, or empty to clear it (vod-v3.yaml: `^(https?://.+)?$`, 2,048 characters). */
const callbackUrl = z
  .string()
  .trim()
  .max(2048, 'Addresses are at most 2,048 characters.')
  .regex(
    /^(https?:\/\/\S+)?$/,
    'Give an address like https://example.com/callback, or leave it empty.',
  );

/** A host name, optionally with a leading `*.` (the referer list). */
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'Give domains like example.com or *.example.com.');

const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Country codes are two letters, e.g. KR.');

const contentPair = z.object({ channelKey, uploadFileKey: key });

/** Commands of VOD channels and the platform's reference data. */
const vodChannelCommands = defineCommands({
  /** Supported countries (VOD GET /countries), read once per session. */
  'reference.countries': command({
    scope: 'platform',
    input: noInput,
    output: returns<Country[]>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.listCountries'],
    roles: anyRole,
  }),
  /** Languages (VOD GET /languages); `subtitles: true` only those subtitles can use. */
  'reference.languages': command({
    scope: 'platform',
    input: z.object({ subtitles: z.boolean().optional() }),
    output: returns<Language[]>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.listLanguages'],
    roles: anyRole,
  }),
  /** Standard timezones (VOD GET /timezones), read once per session. */
  'reference.timezones': command({
    scope: 'platform',
    input: noInput,
    output: returns<Timezone[]>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.listTimezones'],
    roles: anyRole,
  }),

  /** VOD channels (listChannels), newest first, up to 100. */
  'vodChannel.list': command({
    scope: 'platform',
    input: z.object({
      keyword: searchKeyword.optional(),
      /** `encryption`: encryption-only channels; `general`: the others (spec filter `kind`). */
      kind: z.enum(['general', 'encryption']).optional(),
      /** Spec filter `status`. */
      active: z.boolean().optional(),
    }),
    output: returns<Fresh<VodChannel[]>>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.listChannels'],
    roles: anyRole,
  }),
  /** One channel (getChannel). */
  'vodChannel.get': command({
    scope: 'platform',
    input: z.object({ channelKey }),
    output: returns<Fresh<VodChannel>>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.getChannel'],
    roles: anyRole,
  }),
  /** createChannel: kind and playback token are fixed afterwards (spec; guide kinds). */
  'vodChannel.create': command({
    scope: 'platform',
    input: z.object({
      name: channelName,
      description: description.optional(),
      kind: z.enum(['shared', 'nonShared', 'encryption']),
      streamingFormat,
      usePlaybackToken: z.boolean(),
    }),
    output: returns<VodChannel>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.createChannel'],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** updateChannel: name, description, streaming format, the player's subtitle language. */
  'vodChannel.update': command({
    scope: 'platform',
    input: z.object({
      channelKey,
      name: channelName.optional(),
      description: description.optional(),
      streamingFormat: streamingFormat.optional(),
      /** ISO 639-1, or empty to leave it to the player. */
      subtitleLanguage: z
        .string()
        .trim()
        .regex(/^([a-z]{2})?$/, 'Pick a language from the list.')
        .optional(),
    }),
    output: returns<VodChannel>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.updateChannel'],
    roles: anyRole,
  }),
  /** deleteChannel: permanent; its media content keys stop working. */
  'vodChannel.delete': command({
    scope: 'platform',
    input: z.object({ channelKey }),
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: 'vod',
    operations: ['vod.deleteChannel'],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** A channel's contents (listChannelMediaContents), first 100 matching. */
  'vodChannel.contents': command({
    scope: 'platform',
    input: z.object({
      channelKey,
      keyword: searchKeyword.optional(),
    }),
    output: returns<Fresh<Page<ContentSummary>>>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.listChannelMediaContents'],
    roles: anyRole,
  }),
  /** Contents to pick from by keyword (listMediaContents), first 20. */
  'vodChannel.findContents': command({
    scope: 'platform',
    input: z.object({
      keyword: searchKeyword.optional(),
    }),
    output: returns<ContentSummary[]>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.listMediaContents'],
    roles: anyRole,
  }),
  /** attachChannelMediaContent: the channel issues a media content key for it. */
  'vodChannel.attachContent': command({
    scope: 'platform',
    input: contentPair,
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.attachChannelMediaContent'],
    roles: anyRole,
  }),
  /** detachChannelMediaContent: that link's media content key is released. */
  'vodChannel.detachContent': command({
    scope: 'platform',
    input: contentPair,
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: 'vod',
    operations: ['vod.detachChannelMediaContent'],
    roles: anyRole,
  }),
  /** updateChannelCallback: called on content add/delete and, with pingback, playback requests. */
  'vodChannel.setCallback': command({
    scope: 'platform',
    input: z.object({ channelKey, callbackUrl, usePingback: z.boolean() }),
    output: returns<VodChannel>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.updateChannelCallback'],
    roles: anyRole,
  }),
  /** updateChannelDownloadCallback: called on download attempts on PC and mobile. */
  'vodChannel.setDownloadCallback': command({
    scope: 'platform',
    input: z.object({ channelKey, downloadCallbackUrl: callbackUrl }),
    output: returns<VodChannel>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.updateChannelDownloadCallback'],
    roles: anyRole,
  }),
  /** updateChannelSecurity: external output (TV-OUT) blocking and country access (guide). */
  'vodChannel.setSecurity': command({
    scope: 'platform',
    input: z
      .object({
        channelKey,
        blockExternalOutput: z.boolean(),
        countryMode: z.enum(['none', 'allow', 'block']),
        countries: z.array(countryCode).max(250, 'At most 250 countries.'),
      })
      .refine((value) => value.countryMode === 'none' || value.countries.length > 0, {
        message: 'Pick at least one country for the list.',
        path: ['countries'],
      }),
    output: returns<VodChannel>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.updateChannelSecurity'],
    roles: anyRole,
  }),
  /** updateChannelReferer: the guide's three modes (allow list, block list, no referer). */
  'vodChannel.setReferer': command({
    scope: 'platform',
    input: z
      .object({
        channelKey,
        mode: z.enum(['none', 'allow', 'block']),
        domains: z.array(domain).max(100, 'At most 100 domains.'),
        refuseEmpty: z.boolean(),
      })
      .refine((value) => value.mode === 'none' || value.domains.length > 0, {
        message: 'List at least one domain.',
        path: ['domains'],
      }),
    output: returns<VodChannel>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.updateChannelReferer'],
    roles: anyRole,
  }),
  /** attachChannelPlayerSkin: replaces the skin the channel wears. */
  'vodChannel.attachSkin': command({
    scope: 'platform',
    input: z.object({ channelKey, skinId: positiveId }),
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.attachChannelPlayerSkin'],
    roles: anyRole,
  }),
  /** detachChannelPlayerSkin. */
  'vodChannel.detachSkin': command({
    scope: 'platform',
    input: z.object({ channelKey }),
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.detachChannelPlayerSkin'],
    roles: anyRole,
  }),
});

/** Commands of VOD administration: VOD channels and reference data, then library-profiles.ts. */
export const libraryAdminCommands = { ...vodChannelCommands, ...libraryProfileCommands };
