/**
 * Model of the sandbox state (docs/dev/sandbox.md, "State model"): the VOD side (vod-v3.yaml).
 * Media content records themselves live in `SandboxState.mediaContents` and carry their VOD-only
 * fields (`VodContentDetails`) on the record itself: no map beside the records describes them.
 * Types only; vod-state.ts holds the functions.
 * Times are `Date` instants (UTC); sizes in bytes; bitrates in kbit/s. Data only (no class
 * instances, no functions): persistence.ts saves it as is, so bytes are Base64 strings.
 */
import type { UploadTransfer } from './upload';

/** A category; `position` is 1-based among its siblings. */
export interface VodCategoryRecord {
  key: string;
  name: string;
  parentKey: string | null;
  position: number;
  channelKeys: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** A VOD channel. `kind` 0 general, 1 encryption-dedicated; `status` 0 inactive, 1 active. */
export interface VodChannelRecord {
  id: number;
  key: string;
  name: string;
  description: string;
  kind: 0 | 1;
  status: 0 | 1;
  streamingFormat: 'hls' | 'dash' | 'hls_dash';
  isShared: boolean;
  usePlaybackToken: boolean;
  usePingback: boolean;
  callbackUrl: string | null;
  downloadCallbackUrl: string | null;
  blockExternalOutput: boolean;
  refererMode: 'none' | 'allow' | 'block';
  refererDomains: string[];
  /** Refuses playback requests that carry no referer (the guide's third referer mode). */
  refuseEmptyReferer: boolean;
  /** Country access (guide): an allow or a block list of ISO 3166-1 codes, never both. */
  countryMode: 'none' | 'allow' | 'block';
  countryCodes: string[];
  /** ISO 639-1 code of the subtitle language the player picks first; null: the player's. */
  subtitleLanguage: string | null;
  playerSkinId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What the VOD API knows of a content beyond its upload (`MediaContentBase`), on its record. */
export interface VodContentDetails {
  categoryKey: string | null;
  vrProjectionType: 'none' | 'equirectangular_360' | 'equirectangular_180' | 'cubemap';
  soundMode: 'stereo' | 'mono' | 'surround_5_1';
  isEncrypted: boolean;
  storesOriginalFile: boolean;
  /** False when the contract covering the content lacks the AI add-on (403 on AI creation). */
  aiAllowed: boolean;
  /**
   * Multi-DRM (PallyCon) content: AI subtitles are refused (422). Absent means false.
   * Followed from the public service guide: https://docs.kollus.com/en/service-guide/vod/ai/subtitle/
   */
  multiDrm?: boolean;
  /**
   * Sample rate of the transcoded audio, Hz; 0 when the content has no speech audio. AI
   * subtitles need 16 kHz or more (422 below). Absent means 48,000.
   * Followed from the public service guide: https://docs.kollus.com/en/service-guide/vod/ai/subtitle/
   */
  audioSampleRateHz?: number;
  /** First transcoding: starts at `transcodingStartedAt`, lasts `transcodingMs`. */
  transcodingStartedAt: Date;
  transcodingMs: number;
  /** Uploaded poster, Base64; null when none was uploaded here. */
  poster: { base64: string; fileName: string; contentType: string } | null;
}

/** A media content key, issued by a channel; `uploadFileKey` null while unassigned. */
export interface MediaContentKeyRecord {
  key: string;
  channelKey: string;
  uploadFileKey: string | null;
  createdAt: Date;
}

/** A media (encoding) profile. */
export interface VodProfileRecord {
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
  createdAt: Date;
  updatedAt: Date;
}

/** A timed job: running from `startedAt` for `durationMs` of platform time. */
export interface Timeline {
  startedAt: Date;
  durationMs: number;
}

/** A transcoding file of a content, made with one profile. */
export interface TranscodingFileRecord {
  id: number;
  uploadFileKey: string;
  profileKey: string;
  status: 'enabled' | 'disabled';
  transcoding: Timeline;
  /** AI-speed conversion (POST .../ai-scripts); null when never requested. */
  aiSpeed: Timeline | null;
  createdAt: Date;
}

/** A subtitle; `position` 1-based in the player's list of its content. */
export interface SubtitleRecord {
  id: number;
  uploadFileKey: string;
  name: string;
  languageCode: string;
  position: number;
  kind: 0 | 1;
  status: 0 | 1;
  source: 'text' | 'file' | 'ai';
  text: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A running AI subtitle job; becomes a subtitle when its timeline ends. */
export interface AiSubtitleJob extends Timeline {
  uploadFileKey: string;
  languageCode: 'ko' | 'en';
  kind: 0 | 1;
  status: 0 | 1;
}

/** An AI outline (summary, chapters, keywords), ready when its timeline ends. */
export interface AiOutlineRecord extends Timeline {
  uploadFileKey: string;
  languageCode: 'ko' | 'en';
}

export interface PlayerSkinRecord {
  id: number;
  name: string;
  createdAt: Date;
}

export interface PlayerEventRecord {
  id: number;
  name: string;
  /** Where it plays (guide positions: pre-roll, mid-roll, post-roll). */
  kind: 'preroll' | 'midroll' | 'postroll';
  /** Guide types: Event on Play, VAST, VMAP. */
  eventType: 'play' | 'vast' | 'vmap';
  /** Guide media: a skippable video or an overlay image. */
  media: 'skippable_video' | 'overlay_image';
  adUrl: string;
  isEnabled: boolean;
  createdAt: Date;
}

export interface UserKeyRecord {
  key: string;
  createdAt: Date;
}

/** A short-lived download link the sandbox serves at `/vod/files/{token}`. */
export interface DownloadLink {
  fileName: string;
  contentType: string;
  base64: string;
  expiresAt: Date;
}

/** A one-time upload URL: single use, dies at `expiresAt` (observed). */
export interface UploadUrlRecord {
  token: string;
  uploadFileKey: string;
  expiresAt: Date;
  usedAt: Date | null;
  /** Percent received, as `progress_url` reports it. */
  progress: number;
  categoryKey: string | null;
  title: string;
  isEncrypted: boolean;
  isAudio: boolean;
  /** The file this URL started receiving (upload-host-urls.ts); absent until its upload starts. */
  transfer?: UploadTransfer;
}

/** Everything VOD-only of one sandbox. */
export interface VodState {
  /** `http://127.0.0.1:PORT`, learnt from the latest VOD request (for absolute URLs). */
  publicOrigin: string;
  useHardwareEncoding: boolean;
  watermarkingCode: string;
  /** AES-256 key of `service-encrypt`, 32 bytes as hex. */
  serviceKeyHex: string;
  categories: VodCategoryRecord[];
  channels: VodChannelRecord[];
  contentKeys: MediaContentKeyRecord[];
  profileGroups: { key: string; name: string }[];
  profiles: VodProfileRecord[];
  transcodingFiles: TranscodingFileRecord[];
  subtitles: SubtitleRecord[];
  aiSubtitleJobs: AiSubtitleJob[];
  aiOutlines: AiOutlineRecord[];
  skins: PlayerSkinRecord[];
  events: PlayerEventRecord[];
  userKeys: UserKeyRecord[];
  downloads: Map<string, DownloadLink>;
  uploads: Map<string, UploadUrlRecord>;
}
