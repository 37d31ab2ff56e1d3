/**
 * The sandbox platform's in-memory state: what the seed creates and the operations change.
 * Times are `Date` instants (UTC); they become ISO-8601 or unix seconds only on the wire.
 */
import { notFound } from './http-error';
import type { LiveState } from './live-state';
import type { VodState } from './vod-state';

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
}

/** VOD media content (observed field names); times in ms instants, sizes in bytes. */
export interface MediaContentRecord {
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

/** Everything one sandbox serves. One service account per sandbox. */
export interface SandboxState {
  seed: number;
  serviceAccountKey: string;
  contract: ContractRecord;
  profileGroups: ProfileGroupRecord[];
  profiles: ProfileRecord[];
  channels: ChannelRecord[];
  broadcasts: BroadcastRecord[];
  mediaContents: MediaContentRecord[];
  /** The rest of the live API: creators, programs, recording files... (live-state.ts). */
  live: LiveState;
  /** VOD-only records (categories, VOD channels, subtitles...); see vod-state.ts. */
  vod: VodState;
  /** Callback URLs set by the PUT .../callback operations (spec, Events); see callbacks.ts. */
  callbackUrls?: CallbackUrls;
  /**
   * Streams that dropped and whose broadcast waits for the encoder, by channel key (encoder.ts);
   * undefined once the stream came back or the broadcast ended. Absent in a fresh seed.
   */
  encoderDrops?: Record<string, EncoderDrop | undefined>;
  /**
   * The platform's own keys (index.ts): kept with the state so that a sandbox restarted with
   * `--state` still accepts the tokens it issued and still refuses those it revoked, as a
   * real platform does across its restarts. Absent in a fresh seed (drawn at start).
   */
  credentials?: SandboxCredentials;
}

/** A dropped encoder stream whose broadcast waits for it (encoder.ts); `droppedAt` UTC. */
export interface EncoderDrop {
  broadcastKey: string;
  droppedAt: Date;
}

/** The sandbox's signing key, revoked tokens and VOD access token. */
export interface SandboxCredentials {
  /** HS256 key signing the live tokens, base64url. */
  signingKey: string;
  /** Signatures of revoked live tokens (auth.ts). */
  revokedSignatures: string[];
  /** The VOD API access token (`?access_token=`). */
  vodAccessToken: string;
}

/**
 * Callback URLs by API, then channel key: live `live` (broadcast state), `recording_file`
 * (transfer results), `playback`; VOD `channel` (content added/deleted, playback requested)
 * and `download` (download attempts).
 */
export interface CallbackUrls {
  live: Record<string, { live?: string; recording_file?: string; playback?: string }>;
  vod: Record<string, { channel?: string; download?: string }>;
}

/** The channel with `key` (trashed ones included). @throws ApiError 404 when unknown. */
export function findChannel(state: SandboxState, key: string): ChannelRecord {
  const channel = state.channels.find((candidate) => candidate.key === key);
  if (channel === undefined) throw notFound('channel', key);
  return channel;
}

/** The broadcast with `key`. @throws ApiError 404 when unknown. */
export function findBroadcast(state: SandboxState, key: string): BroadcastRecord {
  const broadcast = state.broadcasts.find((candidate) => candidate.key === key);
  if (broadcast === undefined) throw notFound('broadcast', key);
  return broadcast;
}

/** The profile group with `key`. @throws ApiError 404 when unknown. */
export function findProfileGroup(state: SandboxState, key: string): ProfileGroupRecord {
  const group = state.profileGroups.find((candidate) => candidate.key === key);
  if (group === undefined) throw notFound('encoding profile group', key);
  return group;
}

/** The channel's most recently created broadcast, or undefined when it never broadcast. */
export function latestBroadcastOf(
  state: SandboxState,
  channelKey: string,
): BroadcastRecord | undefined {
  let latest: BroadcastRecord | undefined;
  for (const broadcast of state.broadcasts) {
    if (broadcast.channelKey === channelKey && (latest === undefined || broadcast.id > latest.id)) {
      latest = broadcast;
    }
  }
  return latest;
}
