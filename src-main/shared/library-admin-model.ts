/**
 * What VOD administration's commands answer (issue "The VOD library": VOD channels, player
 * skins, media profiles, tools): the app's own camelCase shapes of VOD API v3 records.
 */

/**
 * The console's three channel kinds (guide: [Shared], [Non-shared], [Encryption]); fixed at
 * creation with the playback-token policy (spec: sharing and security policy).
 */
export type VodChannelKind = 'shared' | 'nonShared' | 'encryption';

/** Streaming format of a channel's playback. */
export type StreamingFormat = 'hls' | 'dash' | 'hls_dash';

/** Referer list mode: `none` every referer plays; `allow` only listed; `block` all but listed. */
export type RefererMode = 'none' | 'allow' | 'block';

/** Country access mode: one allow or block list per channel (guide). */
export type CountryMode = 'none' | 'allow' | 'block';

/** A VOD channel (VOD API v3 `Channel`). Times ISO-8601 UTC. */
export interface VodChannel {
  key: string;
  name: string;
  description: string;
  kind: VodChannelKind;
  active: boolean;
  streamingFormat: StreamingFormat;
  usePlaybackToken: boolean;
  usePingback: boolean;
  callbackUrl: string | null;
  downloadCallbackUrl: string | null;
  blockExternalOutput: boolean;
  referer: { mode: RefererMode; domains: string[]; refuseEmpty: boolean };
  countryAccess: { mode: CountryMode; countries: string[] };
  /** ISO 639-1 code of the subtitle language the player picks first; null: the player's. */
  subtitleLanguage: string | null;
  playerSkinId: number | null;
  contentCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A player skin and the channels wearing it. */
export interface PlayerSkin {
  id: number;
  name: string;
  channelKeys: string[];
  createdAt: string;
}

/** A media (encoding) profile's technical details. Bitrates kbit/s, sizes px, frame rate fps. */
export interface MediaProfile {
  key: string;
  name: string;
  groupKey: string;
  presetId: number;
  containerFormat: 'mp4' | 'hls' | 'dash';
  videoCodec: 'h264' | 'h265' | 'av1';
  videoBitrate: number;
  videoWidth: number;
  videoHeight: number;
  frameRate: number;
  audioCodec: 'aac' | 'opus';
  audioBitrate: number;
  categoryKeys: string[];
  updatedAt: string;
}

/** A standard video or audio format and the containers it fits. */
export interface MediaProfileFormat {
  id: number;
  kind: 'video' | 'audio';
  codec: string;
  name: string;
  containerFormats: string[];
}

/** A preset template a profile is created from. Bitrates kbit/s. */
export interface MediaProfilePreset {
  id: number;
  name: string;
  containerFormat: string;
  videoCodec: 'h264' | 'h265' | 'av1';
  videoBitrate: number;
  videoWidth: number;
  videoHeight: number;
  frameRate: number;
  audioCodec: string;
  audioBitrate: number;
}

/** A profile group and its profiles' keys. */
export interface MediaProfileGroup {
  key: string;
  name: string;
  profileKeys: string[];
}

/** A player event (advertisement); type, media and position follow the guide. */
export interface PlayerEvent {
  id: number;
  name: string;
  position: 'preroll' | 'midroll' | 'postroll';
  eventType: 'play' | 'vast' | 'vmap';
  media: 'skippable_video' | 'overlay_image';
  adUrl: string;
  enabled: boolean;
  createdAt: string;
}

/** A user key just issued: shown once, never stored by the app. */
export interface IssuedUserKey {
  userKey: string;
  createdAt: string;
}
