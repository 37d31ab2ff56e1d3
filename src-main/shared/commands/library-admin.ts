/**
 * VOD channels, player skins, media profiles, tools and the platform's reference data
 * (issue "The VOD library"). Reference data is read once per session (main keeps it) at
 * `view` priority; reads a view shows run at `view`, the operator's changes at `command`.
 */
import { z } from 'zod';
import type { ContentSummary, Country, Language, Timezone } from '../library-model';
import type {
  IssuedUserKey,
  MediaProfile,
  MediaProfileFormat,
  MediaProfileGroup,
  MediaProfilePreset,
  PlayerEvent,
  PlayerSkin,
  VodChannel,
} from '../library-admin-model';
import type { Fresh, Page } from '../model';
import { anyRole, command, defineCommands, returns } from './define';
import { key, noInput, positiveId, requiredText, searchKeyword } from './fields';

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

/** A user key as the platform issues it: 32 letters and digits. */
const userKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{32}$/, 'A user key is 32 letters and digits.');

const profileName = requiredText(
  100,
  'A profile needs a name.',
  'Profile names are at most 100 characters.',
);

const contentPair = z.object({ channelKey, uploadFileKey: key });
const profileCategory = z.object({ profileKey: key, categoryKey: key });

/** Commands of VOD administration. */
export const libraryAdminCommands = defineCommands({
  /** Supported countries (VOD GET /countries), read once per session. */
  'reference.countries': command({
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
    input: z.object({ channelKey }),
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.detachChannelPlayerSkin'],
    roles: anyRole,
  }),

  /** Player skins (listPlayerSkins). */
  'playerSkin.list': command({
    input: noInput,
    output: returns<Fresh<PlayerSkin[]>>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.listPlayerSkins'],
    roles: anyRole,
  }),
  /** deletePlayerSkin: channels wearing it are left without a skin. */
  'playerSkin.delete': command({
    input: z.object({ skinId: positiveId }),
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: 'vod',
    operations: ['vod.deletePlayerSkin'],
    roles: anyRole,
  }),

  /** Standard formats (listMediaProfileFormats). */
  'mediaProfile.formats': command({
    input: noInput,
    output: returns<MediaProfileFormat[]>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.listMediaProfileFormats'],
    roles: anyRole,
  }),
  /** Presets (listMediaProfilePresets). */
  'mediaProfile.presets': command({
    input: noInput,
    output: returns<MediaProfilePreset[]>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.listMediaProfilePresets'],
    roles: anyRole,
  }),
  /** Profile groups (listMediaProfileGroups). */
  'mediaProfile.groups': command({
    input: noInput,
    output: returns<MediaProfileGroup[]>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.listMediaProfileGroups'],
    roles: anyRole,
  }),
  /** Profiles (listMediaProfiles). */
  'mediaProfile.list': command({
    input: noInput,
    output: returns<Fresh<MediaProfile[]>>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.listMediaProfiles'],
    roles: anyRole,
  }),
  /** A profile's technical details (getMediaProfile). */
  'mediaProfile.get': command({
    input: z.object({ profileKey: key }),
    output: returns<Fresh<MediaProfile>>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.getMediaProfile'],
    roles: anyRole,
  }),
  /** createMediaProfile from a preset; applies to uploads from then on (guide). */
  'mediaProfile.create': command({
    input: z.object({
      presetId: positiveId,
      name: profileName.optional(),
      groupKey: key.optional(),
    }),
    output: returns<MediaProfile>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.createMediaProfile'],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** updateMediaProfile: H.265 and AV1 can be refused (hardware encoding, spec). */
  'mediaProfile.update': command({
    input: z.object({
      profileKey: key,
      name: profileName.optional(),
      containerFormat: z.enum(['mp4', 'hls', 'dash']).optional(),
      videoCodec: z.enum(['h264', 'h265', 'av1']).optional(),
      videoBitrate: z
        .number()
        .int()
        .min(100, 'Video bitrate is 100 to 50,000 kbit/s.')
        .max(50000, 'Video bitrate is 100 to 50,000 kbit/s.')
        .optional(),
      videoWidth: z
        .number()
        .int()
        .min(128, 'Width is 128 to 7,680 px.')
        .max(7680, 'Width is 128 to 7,680 px.')
        .optional(),
      videoHeight: z
        .number()
        .int()
        .min(128, 'Height is 128 to 4,320 px.')
        .max(4320, 'Height is 128 to 4,320 px.')
        .optional(),
      frameRate: z
        .number()
        .int()
        .min(1, 'Frame rate is 1 to 120 fps.')
        .max(120, 'Frame rate is 1 to 120 fps.')
        .optional(),
      audioCodec: z.enum(['aac', 'opus']).optional(),
      audioBitrate: z
        .number()
        .int()
        .min(32, 'Audio bitrate is 32 to 512 kbit/s.')
        .max(512, 'Audio bitrate is 32 to 512 kbit/s.')
        .optional(),
    }),
    output: returns<MediaProfile>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.updateMediaProfile'],
    roles: anyRole,
  }),
  /** attachMediaProfileCategory. */
  'mediaProfile.attachCategory': command({
    input: profileCategory,
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.attachMediaProfileCategory'],
    roles: anyRole,
  }),
  /** detachMediaProfileCategory. */
  'mediaProfile.detachCategory': command({
    input: profileCategory,
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.detachMediaProfileCategory'],
    roles: anyRole,
  }),

  /** serviceEncrypt: Base64 ciphertext of `plaintext` for player-server communication. */
  'vodTool.encrypt': command({
    input: z.object({
      plaintext: z
        .string()
        .min(1, 'Enter the text to encrypt.')
        .max(4096, 'At most 4,096 characters.'),
    }),
    output: returns<{ encryptedText: string }>(),
    priority: 'command',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.serviceEncrypt'],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** createUserKey: the key is answered once and never kept by the app. */
  'userKey.create': command({
    input: noInput,
    output: returns<IssuedUserKey>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.createUserKey'],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** reissueUserKey: the old key is invalid at once; the new one is answered once. */
  'userKey.reissue': command({
    input: z.object({ userKey }),
    output: returns<IssuedUserKey>(),
    priority: 'command',
    category: 'library',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: 'vod',
    operations: ['vod.reissueUserKey'],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** deleteUserKey: invalid and removed at once. */
  'userKey.delete': command({
    input: z.object({ userKey }),
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: 'vod',
    operations: ['vod.deleteUserKey'],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** getWatermarkingCode. */
  'vodTool.watermark': command({
    input: noInput,
    output: returns<Fresh<{ code: string }>>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.getWatermarkingCode'],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** Player events (listPlayerEvents). */
  'playerEvent.list': command({
    input: noInput,
    output: returns<Fresh<PlayerEvent[]>>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.listPlayerEvents'],
    roles: anyRole,
  }),
  /** deletePlayerEvent: permanent. */
  'playerEvent.delete': command({
    input: z.object({ eventId: positiveId }),
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: 'vod',
    operations: ['vod.deletePlayerEvent'],
    roles: anyRole,
  }),
});
