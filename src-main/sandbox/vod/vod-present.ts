/**
 * VOD records to wire objects, in the shapes of vod-v3.yaml components (Category, Channel,
 * MediaContentDetail, TranscodingFile, Subtitle, MediaProfile...). Times are unix seconds (UTC).
 */
import { presentMediaContent, unixOrNull } from '../kernel/present';
import type { MediaContentRecord } from '../state/state';
import type {
  MediaContentKeyRecord,
  SubtitleRecord,
  TranscodingFileRecord,
  VodCategoryRecord,
  VodChannelRecord,
  VodProfileRecord,
  VodSlice,
  VodState,
} from './vod-state';
import type { Schema } from '../kernel/typed-operation';
import { timelineDone, timelineEnd, timelinePercent } from './vod-timelines';

/** Unix seconds (UTC). */
export function unix(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** `Category`. */
export function presentCategory(
  state: VodSlice,
  category: VodCategoryRecord,
): Schema<'vod', 'Category'> {
  const { vod } = state;
  return {
    key: category.key,
    name: category.name,
    parent_category_key: category.parentKey,
    level: categoryLevel(vod, category),
    position: category.position,
    count_of_media_contents: state.mediaContents.filter(
      (content) => content.categoryKey === category.key,
    ).length,
    count_of_subcategories: vod.categories.filter((item) => item.parentKey === category.key).length,
    created_at: unix(category.createdAt),
    updated_at: unix(category.updatedAt),
  };
}

/** 1 for a top-level category, 2 for its subcategories, and so on. */
export function categoryLevel(vod: VodState, category: VodCategoryRecord): number {
  let level = 1;
  let parentKey = category.parentKey;
  while (parentKey !== null) {
    level += 1;
    parentKey = vod.categories.find((item) => item.key === parentKey)?.parentKey ?? null;
  }
  return level;
}

/** `CategoryDetail`: the category, its channels and its media profiles. */
export function presentCategoryDetail(
  state: VodSlice,
  category: VodCategoryRecord,
): Schema<'vod', 'CategoryDetail'> {
  const { vod } = state;
  return {
    ...presentCategory(state, category),
    channels: vod.channels
      .filter((channel) => category.channelKeys.includes(channel.key))
      .map((channel) => ({ key: channel.key, name: channel.name })),
    media_profile_keys: vod.profiles
      .filter((profile) => profile.categoryKeys.includes(category.key))
      .map((profile) => profile.key),
  };
}

/** `Channel`. */
export function presentVodChannel(
  vod: VodState,
  channel: VodChannelRecord,
): Schema<'vod', 'Channel'> {
  return {
    key: channel.key,
    name: channel.name,
    description: channel.description,
    kind: channel.kind,
    status: channel.status,
    streaming_format: channel.streamingFormat,
    is_shared: channel.isShared,
    use_playback_token: channel.usePlaybackToken,
    use_pingback: channel.usePingback,
    callback_url: channel.callbackUrl,
    download_callback_url: channel.downloadCallbackUrl,
    block_external_output: channel.blockExternalOutput,
    referer_policy: {
      mode: channel.refererMode,
      domains: channel.refererDomains,
      refuse_empty_referer: channel.refuseEmptyReferer,
    },
    country_access: { mode: channel.countryMode, country_codes: channel.countryCodes },
    subtitle_language: channel.subtitleLanguage,
    player_skin_id: channel.playerSkinId,
    category_keys: vod.categories
      .filter((category) => category.channelKeys.includes(channel.key))
      .map((category) => category.key),
    count_of_media_contents: vod.contentKeys.filter(
      (key) => key.channelKey === channel.key && key.uploadFileKey !== null,
    ).length,
    created_at: unix(channel.createdAt),
    updated_at: unix(channel.updatedAt),
  };
}

/** `MediaContentKey`. */
export function presentContentKey(
  vod: VodState,
  key: MediaContentKeyRecord,
): Schema<'vod', 'MediaContentKey'> {
  return {
    media_content_key: key.key,
    channel_key: key.channelKey,
    is_encryption_channel: vod.channels.find((item) => item.key === key.channelKey)?.kind === 1,
    upload_file_key: key.uploadFileKey,
    created_at: unix(key.createdAt),
  };
}

/** `MediaContentDetail` at `nowMs` (the content must be settled first). */
export function presentContentDetail(
  state: VodSlice,
  content: MediaContentRecord,
  nowMs: number,
): Schema<'vod', 'MediaContentDetail'> {
  const { vod } = state;
  const keys = vod.contentKeys.filter((key) => key.uploadFileKey === content.uploadFileKey);
  return {
    ...presentMediaContent(content),
    category_key: content.categoryKey,
    channels: keys.map((key) => ({ channel_key: key.channelKey, media_content_key: key.key })),
    media_content_keys: keys.map((key) => key.key),
    vr_projection_type: content.vrProjectionType,
    sound_mode: content.soundMode,
    is_encrypted: content.isEncrypted,
    stores_original_file: content.storesOriginalFile,
    transcoding_files: filesOf(vod, content.uploadFileKey).map((file) =>
      presentTranscodingFile(state, file, nowMs),
    ),
    subtitles: subtitlesOf(vod, content.uploadFileKey).map(presentSubtitle),
  };
}

/** The transcoding files of a content, by id. */
export function filesOf(vod: VodState, uploadFileKey: string): TranscodingFileRecord[] {
  return vod.transcodingFiles.filter((file) => file.uploadFileKey === uploadFileKey);
}

/** The subtitles of a content in player order. */
export function subtitlesOf(vod: VodState, uploadFileKey: string): SubtitleRecord[] {
  return vod.subtitles
    .filter((subtitle) => subtitle.uploadFileKey === uploadFileKey)
    .sort((a, b) => a.position - b.position);
}

/** `TranscodingFile` at `nowMs`; sizes grow with the profile's bitrate (bytes). */
export function presentTranscodingFile(
  state: VodSlice,
  file: TranscodingFileRecord,
  nowMs: number,
): Schema<'vod', 'TranscodingFile'> {
  const { vod } = state;
  const profile = vod.profiles.find((item) => item.key === file.profileKey);
  const done = timelineDone(file.transcoding, nowMs);
  return {
    id: file.id,
    media_profile_key: file.profileKey,
    media_profile_name: profile?.name ?? 'Deleted profile',
    status: file.status,
    transcoding_state: done ? 'completed' : 'transcoding',
    transcoding_progress: timelinePercent(file.transcoding, nowMs),
    file_name: `${file.uploadFileKey}-${profile?.videoHeight ?? 0}p.mp4`,
    file_size: done ? fileSize(state, file) : 0,
    video_width: profile?.videoWidth ?? 0,
    video_height: profile?.videoHeight ?? 0,
    ai_speed_status:
      file.aiSpeed === null
        ? 'none'
        : timelineDone(file.aiSpeed, nowMs)
          ? 'completed'
          : 'processing',
    created_at: unix(file.createdAt),
    transcoded_at: done ? unixOrNull(timelineEnd(file.transcoding)) : null,
  };
}

/** Bytes of a transcoded file: bitrate (kbit/s) × content duration (s) / 8. */
export function fileSize(state: VodSlice, file: TranscodingFileRecord): number {
  const profile = state.vod.profiles.find((item) => item.key === file.profileKey);
  const content = state.mediaContents.find((item) => item.uploadFileKey === file.uploadFileKey);
  const seconds = content?.durationSeconds ?? 600;
  return Math.round((((profile?.videoBitrate ?? 1000) + 128) * 1000 * seconds) / 8);
}

/** `Subtitle`. */
export function presentSubtitle(subtitle: SubtitleRecord): Schema<'vod', 'Subtitle'> {
  return {
    id: subtitle.id,
    name: subtitle.name,
    language_code: subtitle.languageCode,
    position: subtitle.position,
    kind: subtitle.kind,
    status: subtitle.status,
    format: subtitle.text.startsWith('WEBVTT') ? 'vtt' : 'srt',
    source: subtitle.source,
    file_size: Buffer.byteLength(subtitle.text, 'utf8'),
    created_at: unix(subtitle.createdAt),
    updated_at: unix(subtitle.updatedAt),
  };
}

/** `SubtitleDetail`: with the text. */
export function presentSubtitleDetail(subtitle: SubtitleRecord): Schema<'vod', 'SubtitleDetail'> {
  return { ...presentSubtitle(subtitle), content: subtitle.text };
}

/** `MediaProfile`. */
export function presentVodProfile(profile: VodProfileRecord): Schema<'vod', 'MediaProfile'> {
  return {
    key: profile.key,
    name: profile.name,
    media_profile_group_key: profile.groupKey,
    preset_id: profile.presetId,
    container_format: profile.containerFormat,
    video_codec: profile.videoCodec,
    video_bitrate: profile.videoBitrate,
    video_width: profile.videoWidth,
    video_height: profile.videoHeight,
    frame_rate: profile.frameRate,
    audio_codec: profile.audioCodec,
    audio_bitrate: profile.audioBitrate,
    category_keys: profile.categoryKeys,
    created_at: unix(profile.createdAt),
    updated_at: unix(profile.updatedAt),
  };
}
