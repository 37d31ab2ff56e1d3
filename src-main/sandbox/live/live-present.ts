/**
 * Live records of live-state.ts to wire objects, in the shapes of live-v1.yaml (Channel,
 * Creator, Syndication, FileTransfer, RecordingFile, Program...). Times are ISO-8601 UTC with
 * offset, whole seconds (observed). Secrets of file transfers never leave this module.
 */
import type {
  ChattingServiceRecord,
  CreatorRecord,
  FileTransferRecord,
  LiveState,
  ProgramMediaRecord,
  ProgramRecord,
  RecordingFileRecord,
  SyndicationRecord,
  WaitMediaRecord,
} from './live-state';
import { channelSettingsOf } from './live-state';
import { isoOrNull, isoUtc, presentChannel } from '../kernel/present';
import type { ScheduledOutput } from './live-state';
import type { ChannelRecord, SandboxState } from '../state/state';
import type { Schema } from '../kernel/typed-operation';

/** Live `Channel`: the base fields of present.ts plus the kind and the observed settings. */
export function presentLiveChannel(
  state: Pick<SandboxState, 'broadcasts'>,
  channel: ChannelRecord,
): Schema<'live', 'Channel'> {
  const settings = channelSettingsOf(channel);
  return {
    ...presentChannel(state, channel),
    channel_type: channel.channelType,
    // Public service guide (https://docs.kollus.com/en/service-guide/live/setting/channel/):
    // creating a channel issues an RTMP publish address and a view URL. Scheduled channels
    // play uploaded files, so they take no encoder feed.
    rtmp_publish_url:
      channel.channelType === 'scheduled'
        ? null
        : `rtmp://publish.sandbox.invalid/live/${channel.key}`,
    view_url: `https://v-live.sandbox.invalid/${channel.key}`,
    scheduled_output:
      channel.channelType === 'scheduled' ? presentScheduledOutput(channel.scheduledOutput) : null,
    recording_file_policy: settings.recordingFilePolicy,
    idle_screen_kind: settings.idleScreenKind,
    use_duplicate_block: settings.useDuplicateBlock,
    use_capture_block: settings.useCaptureBlock,
    meta_title_pattern: settings.metaTitlePattern,
    meta_description: settings.metaDescription,
    chatting_service_id: settings.chattingServiceId,
    // What setChannelCallbacks stored: the spec reads no callback URL back (our design).
    ...presentCallbackUrls(channel),
  };
}

/**
 * Live `ScheduledOutput` (scheduled-output.ts), as of the last `playSchedules`; idle when the
 * channel has not been played yet.
 */
export function presentScheduledOutput(
  output: ScheduledOutput | undefined,
): Schema<'live', 'ScheduledOutput'> {
  return {
    state: output?.state ?? 'idle',
    program_id: output?.programId ?? null,
    upload_file_key: output?.uploadFileKey ?? null,
    wait_media_content_key: output?.waitMediaKey ?? null,
    until: isoOrNull(output?.until ?? null),
  };
}

/** The live callback URLs of a channel, null for none (shared with setChannelCallbacks). */
export function presentCallbackUrls(
  channel: Pick<ChannelRecord, 'callbacks'>,
): Record<
  'live_callback_url' | 'file_transfer_callback_url' | 'playback_callback_url',
  string | null
> {
  const urls = channel.callbacks ?? {};
  return {
    live_callback_url: urls.live ?? null,
    file_transfer_callback_url: urls.recording_file ?? null,
    playback_callback_url: urls.playback ?? null,
  };
}

/** Live `ChattingService`; available until `expiresAt` (virtual `now`). */
export function presentChattingService(
  service: ChattingServiceRecord,
  now: Date,
): Schema<'live', 'ChattingService'> {
  return {
    id: service.id,
    name: service.name,
    max_participants: service.maxParticipants,
    expires_at: isoOrNull(service.expiresAt),
    is_available: service.expiresAt === null || service.expiresAt.getTime() > now.getTime(),
  };
}

/** Live `Creator`. */
export function presentCreator(creator: CreatorRecord): Schema<'live', 'Creator'> {
  return {
    creator_code: creator.code,
    channel_key: creator.channelKey,
    nickname: creator.nickname,
    email: creator.email,
    created_at: isoUtc(creator.createdAt),
  };
}

/** Live `Syndication` (observed fields). */
export function presentSyndication(syndication: SyndicationRecord): Schema<'live', 'Syndication'> {
  return {
    id: syndication.id,
    channel_key: syndication.channelKey,
    title: syndication.title,
    link: syndication.link,
    stream_name: syndication.streamName,
    status: syndication.status,
    created_at: isoUtc(syndication.createdAt),
    updated_at: isoUtc(syndication.updatedAt),
  };
}

/** Live `FileTransfer`: kind fields or null; `password_set`/`secret_access_key_set` only. */
export function presentFileTransfer(transfer: FileTransferRecord): Schema<'live', 'FileTransfer'> {
  const { kind, fields } = transfer;
  const text = (name: string): string | null =>
    typeof fields[name] === 'string' ? fields[name] : null;
  const remote = kind === 'ftp' || kind === 'sftp';
  return {
    id: transfer.id,
    channel_key: transfer.channelKey,
    kind,
    title: transfer.title,
    is_active: transfer.isActive,
    host: remote ? text('host') : null,
    port: remote && typeof fields.port === 'number' ? fields.port : null,
    username: remote ? text('username') : null,
    password_set: remote ? text('password') !== null : null,
    directory: remote ? text('directory') : null,
    passive_mode: kind === 'ftp' ? fields.passive_mode === 1 : null,
    vod_service_account_key: kind === 'service' ? text('vod_service_account_key') : null,
    vod_channel_key: kind === 'service' ? text('vod_channel_key') : null,
    vod_category_key: kind === 'service' ? text('vod_category_key') : null,
    bucket: kind === 's3' ? text('bucket') : null,
    region: kind === 's3' ? text('region') : null,
    access_key_id: kind === 's3' ? text('access_key_id') : null,
    secret_access_key_set: kind === 's3' ? text('secret_access_key') !== null : null,
    prefix: kind === 's3' ? text('prefix') : null,
    created_at: isoUtc(transfer.createdAt),
    updated_at: isoUtc(transfer.updatedAt),
  };
}

/** Live `RecordingFile`; `duration` in whole seconds. */
export function presentRecordingFile(file: RecordingFileRecord): Schema<'live', 'RecordingFile'> {
  return {
    id: file.id,
    channel_key: file.channelKey,
    broadcast_key: file.broadcastKey,
    kind: file.kind,
    file_name: file.fileName,
    file_size: file.fileSize,
    duration: Math.round((file.endedAt.getTime() - file.startedAt.getTime()) / 1000),
    started_at: isoUtc(file.startedAt),
    ended_at: isoUtc(file.endedAt),
    created_at: isoUtc(file.createdAt),
    transfers: (file.transfers ?? []).map((transfer) => ({
      file_transfer_id: transfer.fileTransferId,
      kind: transfer.kind,
      title: transfer.title,
      result: transfer.result,
      reason: transfer.reason,
      finished_at: isoUtc(transfer.finishedAt),
    })),
  };
}

/** Live `ProgramMediaContent`; `program_count` counts the programs that play it. */
export function presentProgramMedia(
  live: LiveState,
  media: ProgramMediaRecord,
): Schema<'live', 'ProgramMediaContent'> {
  return {
    upload_file_key: media.uploadFileKey,
    title: media.title,
    duration: media.durationSeconds,
    file_size: media.fileSize,
    created_at: isoUtc(media.createdAt),
    program_count: live.programs.filter((program) =>
      program.mediaKeys.includes(media.uploadFileKey),
    ).length,
  };
}

/** Live `WaitMediaContent`. */
export function presentWaitMedia(media: WaitMediaRecord): Schema<'live', 'WaitMediaContent'> {
  return {
    wait_media_content_key: media.key,
    title: media.title,
    image_url: media.imageUrl,
    created_at: isoUtc(media.createdAt),
  };
}

/** Seconds a program plays: the sum of its media durations (unknown media count 0). */
export function programSeconds(live: LiveState, program: ProgramRecord): number {
  return program.mediaKeys.reduce(
    (sum, key) =>
      sum + (live.programMedia.find((media) => media.uploadFileKey === key)?.durationSeconds ?? 0),
    0,
  );
}

/** End of a program (UTC instant): start plus the durations of its media. */
export function programEnd(live: LiveState, program: ProgramRecord): Date {
  return new Date(program.startAt.getTime() + programSeconds(live, program) * 1000);
}

/** Live `Program`, with `status` at virtual time `now`. */
export function presentProgram(
  live: LiveState,
  program: ProgramRecord,
  now: Date,
): Schema<'live', 'Program'> {
  const end = programEnd(live, program);
  const status: Schema<'live', 'Program'>['status'] =
    now.getTime() < program.startAt.getTime()
      ? 'scheduled'
      : now.getTime() < end.getTime()
        ? 'onair'
        : 'ended';
  return {
    id: program.id,
    channel_key: program.channelKey,
    title: program.title,
    start_at: isoUtc(program.startAt),
    end_at: isoUtc(end),
    duration: programSeconds(live, program),
    status,
    media_contents: program.mediaKeys.map((key) => {
      const media = live.programMedia.find((candidate) => candidate.uploadFileKey === key);
      return {
        upload_file_key: key,
        title: media?.title ?? '',
        duration: media?.durationSeconds ?? 0,
      };
    }),
    wait_media_content_key: program.waitMediaKey,
    created_at: isoUtc(program.createdAt),
    updated_at: isoUtc(program.updatedAt),
  };
}
