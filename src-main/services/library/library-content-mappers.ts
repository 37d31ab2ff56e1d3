/**
 * The VOD API's snake_case records of a content's transcoding files, subtitles, AI outline
 * and media content keys, as the app's own shapes (shared/content-model.ts). Unix seconds
 * become ISO-8601 UTC; the platform's 0/1 codes become words.
 */
import type { components } from '../../platform/generated/vod-v3';
import type {
  AiOutline,
  ContentKey,
  ContentKeyCheck,
  ProfileChoice,
  Subtitle,
  SubtitleDetail,
  SubtitleKind,
  SubtitleVisibility,
  TranscodingFile,
  TranscodingJob,
  TranscodingProgress,
} from '../../shared/content-model';
import { isoFromUnix } from './library-mappers';

type Schemas = components['schemas'];

function isoFromUnixOrNull(seconds: number | null | undefined): string | null {
  return seconds === null || seconds === undefined ? null : isoFromUnix(seconds);
}

/** `TranscodingFile` → {@link TranscodingFile}. */
export function toTranscodingFile(file: Schemas['TranscodingFile']): TranscodingFile {
  return {
    id: file.id,
    profileKey: file.media_profile_key,
    profileName: file.media_profile_name,
    status: file.status,
    state: file.transcoding_state,
    progress: file.transcoding_progress,
    fileName: file.file_name,
    fileSize: file.file_size,
    width: file.video_width,
    height: file.video_height,
    aiSpeed: file.ai_speed_status,
    createdAt: isoFromUnix(file.created_at),
    transcodedAt: isoFromUnixOrNull(file.transcoded_at),
  };
}

/** `TranscodingProgress` → {@link TranscodingProgress}. */
export function toProgress(progress: Schemas['TranscodingProgress']): TranscodingProgress {
  return {
    stage: progress.transcoding_stage,
    stageName: progress.transcoding_stage_name,
    progress: progress.transcoding_progress,
    refreshedAt: isoFromUnix(progress.refreshed_at),
    files: progress.files.map((file) => ({
      id: file.transcoding_file_id,
      profileKey: file.media_profile_key,
      state: file.transcoding_state,
      progress: file.transcoding_progress,
    })),
  };
}

/** `TranscodingJob` → {@link TranscodingJob}. */
export function toJob(job: Schemas['TranscodingJob']): TranscodingJob {
  return {
    profileKey: job.media_profile_key,
    queuedFileIds: job.queued_transcoding_file_ids,
    excludedFileIds: job.excluded_transcoding_file_ids,
    requestedAt: isoFromUnix(job.requested_at),
  };
}

/** `MediaProfile` → the picker's {@link ProfileChoice}. */
export function toProfileChoice(profile: Schemas['MediaProfile']): ProfileChoice {
  return {
    key: profile.key,
    name: profile.name,
    container: profile.container_format,
    videoCodec: profile.video_codec,
    width: profile.video_width,
    height: profile.video_height,
    videoBitrateKbps: profile.video_bitrate,
  };
}

/** Platform `kind` 0 main, 1 sub. */
export const kindCode = (kind: SubtitleKind): 0 | 1 => (kind === 'sub' ? 1 : 0);
/** Platform `status` 0 private, 1 public. */
export const visibilityCode = (visibility: SubtitleVisibility): 0 | 1 =>
  visibility === 'public' ? 1 : 0;

/** `Subtitle` → {@link Subtitle}. */
export function toSubtitle(subtitle: Schemas['Subtitle']): Subtitle {
  return {
    id: subtitle.id,
    name: subtitle.name,
    languageCode: subtitle.language_code,
    position: subtitle.position,
    kind: subtitle.kind === 1 ? 'sub' : 'main',
    visibility: subtitle.status === 1 ? 'public' : 'private',
    format: subtitle.format,
    source: subtitle.source,
    fileSize: subtitle.file_size,
    createdAt: isoFromUnix(subtitle.created_at),
    updatedAt: isoFromUnix(subtitle.updated_at),
  };
}

/** `SubtitleDetail` → {@link SubtitleDetail}. */
export function toSubtitleDetail(subtitle: Schemas['SubtitleDetail']): SubtitleDetail {
  return { ...toSubtitle(subtitle), text: subtitle.content };
}

/** `AiOutline` → {@link AiOutline}. */
export function toOutline(outline: Schemas['AiOutline']): AiOutline {
  return {
    languageCode: outline.language_code,
    state: outline.state,
    requestedAt: isoFromUnix(outline.requested_at),
    completedAt: isoFromUnixOrNull(outline.completed_at),
    summary: outline.summary ?? null,
    chapters: outline.chapters.map((chapter) => ({
      startS: chapter.start_seconds,
      title: chapter.title,
    })),
    keywords: outline.keywords,
  };
}

/** `MediaContentKey` → {@link ContentKey}. */
export function toContentKey(key: Schemas['MediaContentKey']): ContentKey {
  return {
    key: key.media_content_key,
    channelKey: key.channel_key,
    isEncryptionChannel: key.is_encryption_channel,
    uploadFileKey: key.upload_file_key ?? null,
    createdAt: isoFromUnix(key.created_at),
  };
}

/** `MediaContentKeyValidation` → {@link ContentKeyCheck}. */
export function toKeyCheck(check: Schemas['MediaContentKeyValidation']): ContentKeyCheck {
  return { key: check.media_content_key, valid: check.is_valid, reason: check.reason ?? null };
}
