/**
 * The VOD API's snake_case library shapes as the app's own (shared/library-model.ts): unix
 * seconds become ISO-8601 UTC, keys and counts get the app's names.
 */
import type { components } from '../../platform/generated/vod-v3';
import type {
  ContentOverview,
  ContentSummary,
  LibraryCategory,
  LibraryCategoryDetail,
  VodChannelRef,
} from '../../shared/library-model';

type MediaContent = components['schemas']['MediaContent'];
type MediaContentDetail = components['schemas']['MediaContentDetail'];
type Category = components['schemas']['Category'];
type CategoryDetail = components['schemas']['CategoryDetail'];
type Channel = components['schemas']['Channel'];

/** Unix seconds (UTC) as ISO-8601 UTC: the one conversion of the VOD API's times. */
export function isoFromUnix(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}

/** The platform's media content as the Library lists it. */
export function toContentSummary(content: MediaContent): ContentSummary {
  return {
    uploadFileKey: content.upload_file_key,
    mediaContentKey: content.media_content_key,
    title: content.title,
    kind: content.kind,
    durationS: content.duration,
    status: content.status,
    transcodingStage: content.transcoding_stage_name,
    transcodingProgress: content.transcoding_progress,
    originalFileName: content.original_file_name,
    originalFileSize: content.original_file_size,
    createdAt: isoFromUnix(content.created_at),
  };
}

/** A content's detail as its overview shows it. */
export function toContentOverview(content: MediaContentDetail): ContentOverview {
  return {
    ...toContentSummary(content),
    categoryKey: content.category_key,
    vrProjectionType: content.vr_projection_type,
    soundMode: content.sound_mode,
    posterUrl: content.poster_url,
    isEncrypted: content.is_encrypted,
    storesOriginalFile: content.stores_original_file,
    channelKeys: content.channels.map((channel) => channel.channel_key),
    updatedAt: isoFromUnix(content.updated_at),
  };
}

/** A category of the tree. */
export function toCategory(category: Category): LibraryCategory {
  return {
    key: category.key,
    name: category.name,
    parentKey: category.parent_category_key,
    level: category.level,
    position: category.position,
    contentCount: category.count_of_media_contents,
    subcategoryCount: category.count_of_subcategories,
  };
}

/** A category with its connected channels. */
export function toCategoryDetail(category: CategoryDetail): LibraryCategoryDetail {
  return {
    ...toCategory(category),
    channels: category.channels.map((channel) => ({ key: channel.key, name: channel.name })),
  };
}

/** A VOD channel as a picker names it. */
export function toChannelRef(channel: Channel): VodChannelRef {
  return {
    key: channel.key,
    name: channel.name,
    kind: channel.kind,
    contentCount: channel.count_of_media_contents,
  };
}
