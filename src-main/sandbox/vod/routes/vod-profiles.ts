/**
 * Media profiles (vod-v3.yaml, tag Media profiles): formats, presets, groups, list, create from
 * a preset, detail, update, category attach/detach. H.265 and AV1 need hardware encoding, off
 * for the sandbox account: 422 (spec: "can be restricted depending on hardware encoding use").
 * Typed from the generated OpenAPI types.
 */
import { newKey } from '../../state/ids';
import { unprocessable } from '../../state/http-error';
import type { OperationHandlers, SliceContext } from '../../kernel/operation';
import type { Op, Schema } from '../../kernel/typed-operation';
import { typedOperations } from '../../kernel/typed-operation';
import { noContent, ok } from '../vod-envelope';
import { presentVodProfile } from '../vod-present';
import type { VodProfileRecord, VodState } from '../vod-state';
import { findCategory, findVodProfile } from '../vod-state';

type Preset = Pick<
  VodProfileRecord,
  | 'containerFormat'
  | 'videoCodec'
  | 'videoBitrate'
  | 'videoWidth'
  | 'videoHeight'
  | 'frameRate'
  | 'audioCodec'
  | 'audioBitrate'
> & { id: number; name: string };

/** Preset templates (our design). */
export const presets: readonly Preset[] = [
  preset(1, '1080p H.264 (HLS)', 'hls', 'h264', 5000, 1920, 1080),
  preset(2, '720p H.264 (HLS)', 'hls', 'h264', 2800, 1280, 720),
  preset(3, '480p H.264 (HLS)', 'hls', 'h264', 1400, 854, 480),
  preset(4, '360p H.264 (MP4 download)', 'mp4', 'h264', 800, 640, 360),
  preset(5, '2160p H.265 (HLS)', 'hls', 'h265', 16000, 3840, 2160),
  preset(6, '1080p AV1 (DASH)', 'dash', 'av1', 3000, 1920, 1080),
];

const formats: readonly Schema<'vod', 'MediaProfileFormat'>[] = [
  {
    id: 1,
    kind: 'video',
    codec: 'h264',
    name: 'H.264 / AVC',
    container_formats: ['mp4', 'hls', 'dash'],
  },
  {
    id: 2,
    kind: 'video',
    codec: 'h265',
    name: 'H.265 / HEVC (hardware encoding)',
    container_formats: ['mp4', 'hls', 'dash'],
  },
  {
    id: 3,
    kind: 'video',
    codec: 'av1',
    name: 'AV1 (hardware encoding)',
    container_formats: ['mp4', 'dash'],
  },
  { id: 4, kind: 'audio', codec: 'aac', name: 'AAC-LC', container_formats: ['mp4', 'hls', 'dash'] },
  { id: 5, kind: 'audio', codec: 'opus', name: 'Opus', container_formats: ['dash'] },
];

/** Handlers by operationId, given their slice: the id counters and the VOD records. */
export function vodProfileOperations({
  state,
  clock,
}: SliceContext<'ids' | 'vod'>): OperationHandlers {
  const { vod } = state;
  const pair = (params: Op<'vod', 'attachMediaProfileCategory'>['params']) => ({
    profile: findVodProfile(vod, params.media_profile_key),
    category: findCategory(vod, params.category_key),
  });

  return typedOperations<'vod'>({
    listMediaProfileFormats: () => ok([...formats]),

    listMediaProfilePresets: () =>
      ok(
        presets.map((item): Schema<'vod', 'MediaProfilePreset'> => ({
          id: item.id,
          name: item.name,
          container_format: item.containerFormat,
          video_codec: item.videoCodec,
          video_bitrate: item.videoBitrate,
          video_width: item.videoWidth,
          video_height: item.videoHeight,
          frame_rate: item.frameRate,
          audio_codec: item.audioCodec,
          audio_bitrate: item.audioBitrate,
        })),
      ),

    listMediaProfileGroups: () =>
      ok(
        vod.profileGroups.map((group): Schema<'vod', 'MediaProfileGroup'> => ({
          key: group.key,
          name: group.name,
          media_profile_keys: vod.profiles
            .filter((profile) => profile.groupKey === group.key)
            .map((profile) => profile.key),
        })),
      ),

    listMediaProfiles: ({ query }) => {
      const group = query.media_profile_group_key;
      return ok(
        vod.profiles
          .filter((profile) => group === undefined || profile.groupKey === group)
          .map(presentVodProfile),
      );
    },

    createMediaProfile: ({ body }) => {
      const presetId = body.preset_id;
      const template = presets.find((item) => item.id === presetId);
      if (template === undefined)
        throw unprocessable(
          `There is no preset ${presetId}: see GET /media-profiles/preset.`,
          'preset_id',
        );
      requireCodec(vod, template.videoCodec, 'preset_id');
      const groupKey = body.media_profile_group_key ?? vod.profileGroups[0]?.key ?? '';
      if (!vod.profileGroups.some((group) => group.key === groupKey))
        throw unprocessable(
          'The selected profile group does not exist.',
          'media_profile_group_key',
        );
      const { id, name, ...technical } = template;
      const now = clock.now();
      const profile: VodProfileRecord = {
        ...technical,
        key: newKey(state),
        name: body.name ?? name,
        groupKey,
        presetId: id,
        categoryKeys: [],
        createdAt: now,
        updatedAt: now,
      };
      vod.profiles.push(profile);
      return ok(presentVodProfile(profile));
    },

    getMediaProfile: ({ params }) =>
      ok(presentVodProfile(findVodProfile(vod, params.media_profile_key))),

    updateMediaProfile: ({ params, body }) => {
      const profile = findVodProfile(vod, params.media_profile_key);
      const codec = body.video_codec;
      if (codec !== undefined) requireCodec(vod, codec, 'video_codec');
      profile.name = body.name ?? profile.name;
      profile.containerFormat = body.container_format ?? profile.containerFormat;
      profile.videoCodec = codec ?? profile.videoCodec;
      profile.videoBitrate = body.video_bitrate ?? profile.videoBitrate;
      profile.videoWidth = body.video_width ?? profile.videoWidth;
      profile.videoHeight = body.video_height ?? profile.videoHeight;
      profile.frameRate = body.frame_rate ?? profile.frameRate;
      profile.audioCodec = body.audio_codec ?? profile.audioCodec;
      profile.audioBitrate = body.audio_bitrate ?? profile.audioBitrate;
      profile.updatedAt = clock.now();
      return ok(presentVodProfile(profile));
    },

    attachMediaProfileCategory: ({ params }) => {
      const { profile, category } = pair(params);
      if (profile.categoryKeys.includes(category.key))
        throw unprocessable(`"${profile.name}" is already connected to "${category.name}".`);
      profile.categoryKeys.push(category.key);
      return noContent;
    },

    detachMediaProfileCategory: ({ params }) => {
      const { profile, category } = pair(params);
      if (!profile.categoryKeys.includes(category.key))
        throw unprocessable(`"${profile.name}" is not connected to "${category.name}".`);
      profile.categoryKeys = profile.categoryKeys.filter((key) => key !== category.key);
      return noContent;
    },
  });
}

/** @throws ApiError 422 for H.265 or AV1 while the account has hardware encoding off. */
function requireCodec(vod: VodState, codec: VodProfileRecord['videoCodec'], field: string): void {
  if (codec !== 'h264' && !vod.useHardwareEncoding)
    throw unprocessable(
      `${codec === 'h265' ? 'H.265' : 'AV1'} needs hardware encoding, which is off for this account: use H.264.`,
      field,
    );
}

function preset(
  id: number,
  name: string,
  containerFormat: VodProfileRecord['containerFormat'],
  videoCodec: VodProfileRecord['videoCodec'],
  videoBitrate: number,
  videoWidth: number,
  videoHeight: number,
): Preset {
  return {
    id,
    name,
    containerFormat,
    videoCodec,
    videoBitrate,
    videoWidth,
    videoHeight,
    frameRate: 30,
    audioCodec: 'aac',
    audioBitrate: 128,
  };
}
