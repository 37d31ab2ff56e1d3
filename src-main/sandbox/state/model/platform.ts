/**
 * Model of the sandbox state (docs/dev/sandbox.md, "State model"): the records both APIs share
 * (contract, live profiles, channels, broadcasts, media contents) and the account's
 * credentials. What describes one channel or broadcast (settings, chat settings, callback URLs,
 * scheduled output, an encoder drop) is kept on its record. Types only. Times are `Date`
 * instants (UTC).
 */
import type { ChannelSettings, ChatSettingsRecord, ScheduledOutput } from './live';
import type { VodContentDetails } from './vod';

/** Contract of the service account. Fields are our design (spec: not shown). */
export interface ContractRecord {
  name: string;
  plan: string;
  startedAt: Date;
  endsAt: Date | null;
  channelLimit: number;
  concurrentlyViewerLimit: number;
  activeProfileLimit: number;
  useTimeshift: boolean;
  useChattingService: boolean;
}

export interface ProfileGroupRecord {
  key: string;
  name: string;
}

/** Live encoding profile; bitrates in kbit/s. */
export interface ProfileRecord {
  id: number;
  groupKey: string;
  name: string;
  videoScreenType: 'landscape' | 'portrait';
  videoWidth: number;
  videoHeight: number;
  videoBitrate: number;
  audioBitrate: number;
  isActive: boolean;
}

export interface ChannelRecord {
  /** Creation order; `order=id_*` sorts by it. */
  id: number;
  key: string;
  title: string;
  customerCode: string;
  isShared: boolean;
  concurrentlyViewerLimit: number;
  profileGroupKey: string;
  useChattingService: boolean;
  useTimeshift: boolean;
  idleScreenUrl: string | null;
  status: 'enabled' | 'disabled';
  isTrashed: boolean;
  /**
   * `live` (encoder-fed, standard HLS), `low_latency` (encoder-fed, LL-HLS: no timeshift, no
   * cue point; public service guide) or `scheduled` (programs play uploaded media).
   */
  channelType: 'live' | 'low_latency' | 'scheduled';
  createdAt: Date;
  /** Typical peak audience of the channel's broadcasts (drives the audience curve). */
  audiencePeak: number;
  /**
   * How many regulars come and go in the chat (audience.ts), when a rehearsal scenario set it
   * (scenario.ts `chat: { joins }`); default from `audiencePeak`.
   */
  chatRegulars?: number;
  /** Observed settings; absent: the defaults (`channelSettingsOf`, live-state.ts). */
  settings?: ChannelSettings;
  /** Chat settings; created with defaults on first use (`chatSettingsOf`, live-state.ts). */
  chat?: ChatSettingsRecord;
  /** Callback URLs set by `setChannelCallbacks` (spec, Events; callbacks.ts); absent: none set. */
  callbacks?: ChannelCallbacks;
  /** What a scheduled channel shows at the last `playSchedules` (scheduled-output.ts). */
  scheduledOutput?: ScheduledOutput;
}

/** A live channel's callback URLs (absent: none) and when they last changed (UTC). */
export interface ChannelCallbacks {
  live?: string;
  recording_file?: string;
  playback?: string;
  updatedAt?: Date;
}

export interface BroadcastRecord {
  /** Creation order across the account; `order=id_*` sorts by it. */
  id: number;
  key: string;
  channelKey: string;
  title: string;
  isOnair: boolean;
  useTimeshift: boolean;
  startedAt: Date | null;
  pausedAt: Date | null;
  endedAt: Date | null;
  cueSignAt: Date | null;
  /** Start of the running manual (duplicate) recording; null when none runs. */
  duplicateRecordingStartedAt: Date | null;
  createdAt: Date;
  /**
   * When its encoder's stream dropped, while the broadcast waits for it to come back
   * (encoder.ts); absent once it came back or the broadcast ended.
   */
  encoderDroppedAt?: Date;
}

/**
 * What the upload of a VOD media content gives it (observed field names): its file, title and
 * transcoding progress. Times are `Date` instants (UTC), sizes in bytes.
 */
export interface MediaContentBase {
  uploadFileKey: string;
  mediaContentKey: string;
  title: string;
  kind: 'video' | 'audio';
  durationSeconds: number;
  posterUrl: string | null;
  status: 'enabled' | 'disabled';
  transcodingStage: number;
  transcodingProgress: number;
  originalFileName: string;
  originalFileSize: number;
  createdAt: Date;
  transcodedAt: Date | null;
  updatedAt: Date;
}

/**
 * A VOD media content: its upload (`MediaContentBase`) and, on the same record, what only the VOD
 * API knows of it (`VodContentDetails`: category, sound mode, first transcoding, poster...).
 */
export type MediaContentRecord = MediaContentBase & VodContentDetails;

/** The sandbox's signing key, revoked tokens and VOD access token. */
export interface SandboxCredentials {
  /** HS256 key signing the live tokens, base64url. */
  signingKey: string;
  /** Signatures of revoked live tokens (auth.ts). */
  revokedSignatures: string[];
  /** The VOD API access token (`?access_token=`). */
  vodAccessToken: string;
}
