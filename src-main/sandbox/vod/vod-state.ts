/**
 * The VOD side of the sandbox state (vod-v3.yaml): categories, channels, media content keys,
 * media profiles, transcoding files, subtitles, player skins and events, user keys, AI jobs,
 * download links and one-time upload URLs. Media content records themselves live in
 * `SandboxState.mediaContents`, their VOD-only fields (`VodContentDetails`) on each record.
 * Times are `Date` instants (UTC); sizes in bytes; bitrates in kbit/s. Data only (no class
 * instances, no functions): persistence.ts saves it as is, so bytes are Base64 strings.
 */
import { notFound } from '../state/http-error';
import type { MediaContentRecord } from '../state/model/platform';
import type { SandboxState } from '../state/model/state';
import type {
  VodCategoryRecord,
  VodChannelRecord,
  VodProfileRecord,
  VodState,
} from '../state/model/vod';

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
} from '../state/model/vod';

/**
 * The VOD groups' slice of the state (operation.ts `SliceContext`): the id scheme's counters
 * (ids.ts: every VOD id and key is minted there), the VOD records and the media contents. All
 * are changed in place, never replaced.
 */
export type VodSlice = Pick<SandboxState, 'ids' | 'vod' | 'mediaContents'>;

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

/** `value`, or a 404 naming `what` and `key`. */
export function found<T>(value: T | undefined, what: string, key: string | number): T {
  if (value === undefined) throw notFound(what, String(key));
  return value;
}
