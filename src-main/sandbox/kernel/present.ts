/**
 * Records to wire objects, in the shapes of the OpenAPI documents (live-v1.yaml, vod-v3.yaml).
 * Live times are ISO-8601 with offset, UTC, whole seconds (observed); VOD times unix seconds.
 */
import type {
  BroadcastRecord,
  ChannelRecord,
  ContractRecord,
  MediaContentRecord,
  ProfileRecord,
  SandboxState,
} from '../state/state';
import { latestBroadcastOf } from '../state/state';
import type { Schema } from './typed-operation';

/** `2024-05-01T09:00:00+00:00` for an instant (seconds truncated). */
export function isoUtc(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** `isoUtc`, or null. */
export function isoOrNull(date: Date | null): string | null {
  return date === null ? null : isoUtc(date);
}

/** Unix seconds (UTC) for an instant, truncated. */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** Unix seconds (UTC) for an instant, or null. */
export function unixOrNull(date: Date | null): number | null {
  return date === null ? null : unixSeconds(date);
}

/** Live `Contract`. */
export function presentContract(
  state: Pick<SandboxState, 'serviceAccountKey'>,
  contract: ContractRecord,
): Schema<'live', 'Contract'> {
  return {
    service_account_key: state.serviceAccountKey,
    name: contract.name,
    plan: contract.plan,
    started_at: isoUtc(contract.startedAt),
    ends_at: isoOrNull(contract.endsAt),
    channel_limit: contract.channelLimit,
    concurrently_viewer_limit: contract.concurrentlyViewerLimit,
    active_profile_limit: contract.activeProfileLimit,
    use_timeshift: contract.useTimeshift,
    use_chatting_service: contract.useChattingService,
  };
}

/** Live `Profile`. */
export function presentProfile(profile: ProfileRecord): Schema<'live', 'Profile'> {
  return {
    id: profile.id,
    name: profile.name,
    video_screen_type: profile.videoScreenType,
    video_width: profile.videoWidth,
    video_height: profile.videoHeight,
    video_bitrate: profile.videoBitrate,
    audio_bitrate: profile.audioBitrate,
    is_active: profile.isActive,
  };
}

/** The fields of live `Channel` that every channel type has (live-present.ts adds the rest). */
export type ChannelBase = Pick<
  Schema<'live', 'Channel'>,
  | 'key'
  | 'title'
  | 'customer_code'
  | 'is_shared'
  | 'concurrently_viewer_limit'
  | 'live_media_profile_group_key'
  | 'use_chatting_service'
  | 'use_timeshift'
  | 'idle_screen_url'
  | 'status'
  | 'is_trashed'
  | 'created_at'
  | 'latest_broadcast'
>;

/** Live `Channel`, with `latest_broadcast` as `{}` when the channel never broadcast (observed). */
export function presentChannel(
  state: Pick<SandboxState, 'broadcasts'>,
  channel: ChannelRecord,
): ChannelBase {
  const latest = latestBroadcastOf(state, channel.key);
  return {
    key: channel.key,
    title: channel.title,
    customer_code: channel.customerCode,
    is_shared: channel.isShared,
    concurrently_viewer_limit: channel.concurrentlyViewerLimit,
    live_media_profile_group_key: channel.profileGroupKey,
    use_chatting_service: channel.useChattingService,
    use_timeshift: channel.useTimeshift,
    idle_screen_url: channel.idleScreenUrl,
    status: channel.status,
    is_trashed: channel.isTrashed,
    created_at: isoUtc(channel.createdAt),
    latest_broadcast:
      latest === undefined
        ? {}
        : {
            key: latest.key,
            title: latest.title,
            is_onair: latest.isOnair,
            started_at: isoOrNull(latest.startedAt),
            paused_at: isoOrNull(latest.pausedAt),
            ended_at: isoOrNull(latest.endedAt),
          },
  };
}

/** Live `Broadcast`. */
export function presentBroadcast(broadcast: BroadcastRecord): Schema<'live', 'Broadcast'> {
  return {
    key: broadcast.key,
    channel_key: broadcast.channelKey,
    title: broadcast.title,
    is_onair: broadcast.isOnair,
    use_timeshift: broadcast.useTimeshift,
    started_at: isoOrNull(broadcast.startedAt),
    paused_at: isoOrNull(broadcast.pausedAt),
    ended_at: isoOrNull(broadcast.endedAt),
    cue_sign_at: isoOrNull(broadcast.cueSignAt),
    is_duplicate_recording: broadcast.duplicateRecordingStartedAt !== null,
    duplicate_recording_started_at: isoOrNull(broadcast.duplicateRecordingStartedAt),
    created_at: isoUtc(broadcast.createdAt),
  };
}

const transcodingStageNames: Record<number, string> = {
  0: 'waiting',
  1: 'transcoding',
  12: 'transcoding',
  21: 'completed',
};

/** VOD `MediaContent`. */
export function presentMediaContent(content: MediaContentRecord): Schema<'vod', 'MediaContent'> {
  return {
    upload_file_key: content.uploadFileKey,
    media_content_key: content.mediaContentKey,
    title: content.title,
    kind: content.kind,
    duration: content.durationSeconds,
    poster_url: content.posterUrl,
    status: content.status,
    transcoding_stage: content.transcodingStage,
    transcoding_stage_name: transcodingStageNames[content.transcodingStage] ?? 'unknown',
    transcoding_progress: content.transcodingProgress,
    original_file_name: content.originalFileName,
    original_file_size: content.originalFileSize,
    created_at: unixSeconds(content.createdAt),
    transcoded_at: unixOrNull(content.transcodedAt),
    updated_at: unixSeconds(content.updatedAt),
  };
}
