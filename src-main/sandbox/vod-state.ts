/**
 * The VOD side of the sandbox state (vod-v3.yaml): categories, channels, media content keys,
 * media profiles, transcoding files, subtitles, player skins and events, user keys, AI jobs,
 * download links and one-time upload URLs. Media content records themselves live in
 * `SandboxState.mediaContents`, their VOD-only fields (`VodContentDetails`) on each record.
 * Times are `Date` instants (UTC); sizes in bytes; bitrates in kbit/s. Data only (no class
 * instances, no functions): persistence.ts saves it as is, so bytes are Base64 strings.
 */
import { notFound } from './http-error';
import type { MediaContentRecord } from './model/platform';
import type { SandboxState } from './model/state';
import type { VodCategoryRecord, VodChannelRecord, VodProfileRecord, VodState } from './model/vod';
import { lowerKey, mixedKey, mulberry32 } from './prng';

export type {
  VodCategoryRecord,
  VodChannelRecord,
  VodContentDetails,
  MediaContentKeyRecord,
  VodProfileRecord,
  Timeline,
  TranscodingFileRecord,
  SubtitleRecord,
  AiSubtitleJob,
  AiOutlineRecord,
  PlayerSkinRecord,
  PlayerEventRecord,
  UserKeyRecord,
  DownloadLink,
  UploadUrlRecord,
  VodState,
} from './model/vod';

/**
 * The VOD groups' slice of the state (operation.ts `SliceContext`): the VOD records and the media
 * contents. Both are changed in place, never replaced.
 */
export type VodSlice = Pick<SandboxState, 'vod' | 'mediaContents'>;

/** The media content with `uploadFileKey`. @throws ApiError 404 when unknown. */
export function findContent(
  state: Pick<SandboxState, 'mediaContents'>,
  uploadFileKey: string,
): MediaContentRecord {
  return found(
    state.mediaContents.find((item) => item.uploadFileKey === uploadFileKey),
    'media content',
    uploadFileKey,
  );
}

/** Removes the media content `content` from `contents` in place (slices keep the same list). */
export function removeContent(contents: MediaContentRecord[], content: MediaContentRecord): void {
  const index = contents.indexOf(content);
  if (index >= 0) contents.splice(index, 1);
}

/** The category with `key`. @throws ApiError 404 when unknown. */
export function findCategory(vod: VodState, key: string): VodCategoryRecord {
  return found(
    vod.categories.find((item) => item.key === key),
    'category',
    key,
  );
}

/** The VOD channel with `key`. @throws ApiError 404 when unknown. */
export function findVodChannel(vod: VodState, key: string): VodChannelRecord {
  return found(
    vod.channels.find((item) => item.key === key),
    'channel',
    key,
  );
}

/** The media profile with `key`. @throws ApiError 404 when unknown. */
export function findVodProfile(vod: VodState, key: string): VodProfileRecord {
  return found(
    vod.profiles.find((item) => item.key === key),
    'media profile',
    key,
  );
}

/** A new key of `length` lowercase alphanumerics (deterministic from `keySeed`). */
export function newLowerKey(vod: VodState, length = 16): string {
  vod.keySeed += 1;
  return lowerKey(mulberry32(vod.keySeed * 2_654_435_761), length);
}

/** A new key of `length` mixed-case alphanumerics (media content keys, user keys). */
export function newMixedKey(vod: VodState, length = 8): string {
  vod.keySeed += 1;
  return mixedKey(mulberry32(vod.keySeed * 2_654_435_761), length);
}

/** A new integer id. */
export function nextId(vod: VodState): number {
  vod.nextId += 1;
  return vod.nextId;
}

/** `value`, or a 404 naming `what` and `key`. */
export function found<T>(value: T | undefined, what: string, key: string | number): T {
  if (value === undefined) throw notFound(what, String(key));
  return value;
}
