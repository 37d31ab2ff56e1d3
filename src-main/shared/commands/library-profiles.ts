/**
 * VOD player skins, media profiles, tools (encryption, watermark), user keys and player events:
 * the second half of the VOD administration domain (library-admin.ts merges them). Reads a view
 * shows run at `view`, the operator's changes at `command`.
 */
import { z } from 'zod';
import type {
  IssuedUserKey,
  MediaProfile,
  MediaProfileFormat,
  MediaProfileGroup,
  MediaProfilePreset,
  PlayerEvent,
  PlayerSkin,
} from '../library-admin-model';
import type { Fresh } from '../model';
import { anyRole, command, defineCommands, returns } from './define';
import { key, noInput, positiveId, requiredText } from './fields';

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

const profileCategory = z.object({ profileKey: key, categoryKey: key });

/** Commands of player skins, media profiles, VOD tools, user keys and player events. */
export const libraryProfileCommands = defineCommands({
  /** Player skins (listPlayerSkins). */
  'playerSkin.list': command({
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
    reveals: true,
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
    scope: 'platform',
    reveals: true,
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
