/**
 * Media (encoding) profiles (VOD API v3, tag Media profiles) mapped to the app's shapes, and
 * the library's categories flattened for the profile's category picker. Every call throws
 * PlatformError as the platform answered.
 */
import type { components } from '../../platform/generated/vod-v3';
import type {
  MediaProfile,
  MediaProfileFormat,
  MediaProfileGroup,
  MediaProfilePreset,
} from '../../shared/library-admin-model';
import type { CallPriority } from '../core/platform-call';
import { vodCall } from '../core/platform-call';
import type { AccountContext } from '../core/account-context';

type ApiProfile = components['schemas']['MediaProfile'];

/** The platform's profile as the app shows it (bitrates kbit/s). */
export function toMediaProfile(profile: ApiProfile): MediaProfile {
  return {
    key: profile.key,
    name: profile.name,
    groupKey: profile.media_profile_group_key,
    presetId: profile.preset_id,
    containerFormat: profile.container_format,
    videoCodec: profile.video_codec,
    videoBitrate: profile.video_bitrate,
    videoWidth: profile.video_width,
    videoHeight: profile.video_height,
    frameRate: profile.frame_rate,
    audioCodec: profile.audio_codec,
    audioBitrate: profile.audio_bitrate,
    categoryKeys: profile.category_keys,
    updatedAt: new Date(profile.updated_at * 1000).toISOString(),
  };
}

/** Standard formats. */
export async function listFormats(
  account: AccountContext,
  priority: CallPriority,
): Promise<MediaProfileFormat[]> {
  const body = await vodCall(account, priority, (api, fetch) =>
    api.GET('/media-profiles/format', { fetch }),
  );
  return body.data.map((format) => ({
    id: format.id,
    kind: format.kind,
    codec: format.codec,
    name: format.name,
    containerFormats: format.container_formats,
  }));
}

/** Preset templates. */
export async function listPresets(
  account: AccountContext,
  priority: CallPriority,
): Promise<MediaProfilePreset[]> {
  const body = await vodCall(account, priority, (api, fetch) =>
    api.GET('/media-profiles/preset', { fetch }),
  );
  return body.data.map((preset) => ({
    id: preset.id,
    name: preset.name,
    containerFormat: preset.container_format,
    videoCodec: preset.video_codec,
    videoBitrate: preset.video_bitrate,
    videoWidth: preset.video_width,
    videoHeight: preset.video_height,
    frameRate: preset.frame_rate,
    audioCodec: preset.audio_codec,
    audioBitrate: preset.audio_bitrate,
  }));
}

/** Profile groups. */
export async function listGroups(
  account: AccountContext,
  priority: CallPriority,
): Promise<MediaProfileGroup[]> {
  const body = await vodCall(account, priority, (api, fetch) =>
    api.GET('/media-profile-groups', { fetch }),
  );
  return body.data.map((group) => ({
    key: group.key,
    name: group.name,
    profileKeys: group.media_profile_keys,
  }));
}
