/**
 * What a complete upload becomes on the platform, with its real bytes kept on disk:
 *
 * - VOD (`POST /upload/create-url`): a media content with the URL's category and title (the
 *   file name without extension when the title was empty), `original_file_name`,
 *   `original_file_size` and the file's real `duration` (0 when it cannot be read: the VOD host
 *   takes any file, observed). Observed: the content appears asynchronously a moment after the
 *   upload, so it is created `vodArrivalDelayMs` of platform time later (`settleArrivals`, run
 *   before every VOD API call); its first transcoding then advances with the virtual clock
 *   through stages 0, 1, 12 and 21 (vod-timelines.ts), lasting 60 s plus 0.2 s per second of
 *   video.
 * - Program media (`programs/media-contents/upload-url`): listed at once with title = file name
 *   without extension and its real `duration` in whole seconds (rounded, at least 1), read from
 *   the file with music-metadata (MP4, MOV, WebM, MKV...). A file without a readable duration
 *   is refused with 415 and discarded: a program's end is derived from its media durations, so
 *   the platform cannot schedule it (our design).
 * - Waiting screen (`upload-wait-file`): listed at once under the URL's upload file key when its
 *   bytes are a PNG, JPEG, GIF or WebP image (sniffed, whatever its name or declared type); its
 *   `image_url` serves the stored image. Anything else is refused with 415 and discarded.
 */
import { newKey, nextId } from '../state/ids';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MediaContentRecord, SandboxState } from '../state/state';
import type { RunningHash } from './upload-host-receive';
import type { UploadTransfer, UploadUrl } from './upload-host-urls';
import { uploadsWithTransfers } from './upload-host-urls';
import type { VodProfileRecord, VodState } from '../vod/vod-state';
import { firstTranscodingTimeline } from '../vod/vod-timelines';

/** Platform time between a VOD upload's completion and its media content appearing, ms. */
export const vodArrivalDelayMs = 3_000;

/** Where waiting-screen images are served: `{origin}/live/wait-media/{key}`. */
export const waitMediaPrefix = '/live/wait-media';

/** A completion the platform refuses: the HTTP status and the operator-readable message. */
export interface CompletionRefusal {
  status: 415;
  message: string;
}

/**
 * Turns the complete file `filePath` of `transfer` into platform content at `now`: takes its
 * SHA-256 from `hash` (computed while the bytes arrived) when that covers the whole file, else
 * hashes the file, reads what its kind needs and records it (VOD: scheduled to appear). Marks
 * the transfer `stored`, or answers the refusal and leaves the transfer for the caller to
 * discard. Completing a transfer that is not `receiving` does nothing.
 */
export async function completeTransfer(
  state: SandboxState,
  url: UploadUrl,
  transfer: UploadTransfer,
  filePath: string,
  now: Date,
  hash?: RunningHash,
): Promise<CompletionRefusal | null> {
  if (transfer.status !== 'receiving') return null;
  const { sizeBytes, sha256 } = await hashOf(filePath, hash);
  const title = titleOf(transfer.fileName, url.record.uploadFileKey);

  if (url.kind === 'wait-media') {
    const image = await sniffImage(filePath);
    if (image === null) {
      return {
        status: 415,
        message: `"${transfer.fileName}" is not a PNG, JPEG, GIF or WebP image: a waiting screen must be one of those. Nothing was stored.`,
      };
    }
    transfer.fileType = image;
    state.live.waitMedia.push({
      key: url.record.uploadFileKey,
      title,
      imageUrl: `${state.live.origin}${waitMediaPrefix}/${url.record.uploadFileKey}`,
      createdAt: now,
    });
  } else if (url.kind === 'program-media') {
    const seconds = await readDurationSeconds(filePath);
    if (seconds === null) {
      return {
        status: 415,
        message: `The platform cannot read the duration of "${transfer.fileName}": program media must be a video file (MP4, MOV, WebM, MKV...). Nothing was stored.`,
      };
    }
    state.live.programMedia.push({
      uploadFileKey: url.record.uploadFileKey,
      title,
      durationSeconds: Math.max(1, Math.round(seconds)),
      fileSize: sizeBytes,
      createdAt: now,
    });
  } else if (url.api === 'vod') {
    transfer.durationSeconds = Math.round((await readDurationSeconds(filePath)) ?? 0);
    transfer.arrivesAt = new Date(now.getTime() + vodArrivalDelayMs);
    url.record.progress = 100;
  }
  transfer.receivedBytes = sizeBytes;
  transfer.sha256 = sha256;
  transfer.status = 'stored';
  return null;
}

/**
 * Creates the media contents of VOD uploads whose arrival time has come (platform time
 * `nowMs`). Idempotent; run before every VOD API call.
 */
export function settleArrivals(state: SandboxState, nowMs: number): void {
  for (const { url, transfer } of uploadsWithTransfers(state)) {
    if (url.api !== 'vod' || transfer.status !== 'stored' || transfer.arrivesAt === null) continue;
    if (transfer.arrivesAt.getTime() > nowMs) continue;
    const key = url.record.uploadFileKey;
    if (!state.mediaContents.some((content) => content.uploadFileKey === key))
      addVodContent(state, url.record, transfer, transfer.arrivesAt);
  }
}

/** Size and SHA-256 (hex) of a file: `hash`'s digest when it covers the file, else read. */
async function hashOf(
  filePath: string,
  hash: RunningHash | undefined,
): Promise<{ sizeBytes: number; sha256: string }> {
  const sizeBytes = (await stat(filePath)).size;
  const sha256 = hash?.digestFor(sizeBytes) ?? null;
  return sha256 === null ? hashFile(filePath) : { sizeBytes, sha256 };
}

/** Size and SHA-256 (hex) of a file, read as a stream. */
export async function hashFile(filePath: string): Promise<{ sizeBytes: number; sha256: string }> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(filePath), hash);
  return { sizeBytes: (await stat(filePath)).size, sha256: hash.digest('hex') };
}

/** Duration of a media file in seconds, or null when none can be read. */
export async function readDurationSeconds(filePath: string): Promise<number | null> {
  try {
    // Loaded on the first completed upload, not at start (npm run bench -- start).
    const { parseFile } = await import('music-metadata');
    const { format } = await parseFile(filePath, { duration: true });
    const seconds = format.duration;
    return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  } catch {
    return null;
  }
}

/** The image type of a file from its first bytes (PNG, JPEG, GIF, WebP), or null. */
export async function sniffImage(filePath: string): Promise<string | null> {
  const handle = await open(filePath, 'r');
  let head: Buffer;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(12), 0, 12, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const ascii = (from: number, to: number): string => head.subarray(from, to).toString('latin1');
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return 'image/jpeg';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** The file name without folders and extension; `fallback` when nothing is left. */
export function titleOf(fileName: string, fallback: string): string {
  const base = path.posix.basename(fileName.replaceAll('\\', '/'));
  const dot = base.lastIndexOf('.');
  const title = (dot > 0 ? base.slice(0, dot) : base).trim();
  return title === '' ? fallback : title;
}

function addVodContent(
  state: SandboxState,
  record: Extract<UploadUrl, { api: 'vod' }>['record'],
  transfer: UploadTransfer,
  arrivedAt: Date,
): void {
  const { vod } = state;
  const durationSeconds = transfer.durationSeconds ?? 0;
  const content: MediaContentRecord = {
    uploadFileKey: record.uploadFileKey,
    mediaContentKey: newKey(state, 8, 'mixed'),
    title: record.title === '' ? titleOf(transfer.fileName, record.uploadFileKey) : record.title,
    kind: record.isAudio ? 'audio' : 'video',
    durationSeconds,
    posterUrl: null,
    status: 'enabled',
    transcodingStage: 0,
    transcodingProgress: 0,
    originalFileName: path.posix.basename(transfer.fileName.replaceAll('\\', '/')),
    originalFileSize: transfer.sizeBytes,
    createdAt: arrivedAt,
    transcodedAt: null,
    updatedAt: arrivedAt,
    categoryKey: record.categoryKey,
    vrProjectionType: 'none',
    soundMode: 'stereo',
    isEncrypted: record.isEncrypted,
    storesOriginalFile: true,
    aiAllowed: true,
    transcodingStartedAt: arrivedAt,
    transcodingMs: 60_000 + 200 * durationSeconds,
    poster: null,
  };
  state.mediaContents.push(content);
  for (const profile of profilesFor(vod, record.categoryKey)) {
    vod.transcodingFiles.push({
      id: nextId(state),
      uploadFileKey: record.uploadFileKey,
      profileKey: profile.key,
      status: 'enabled',
      transcoding: firstTranscodingTimeline(content),
      aiSpeed: null,
      createdAt: arrivedAt,
    });
  }
}

/** The media profiles a new content is transcoded with: its category's, else the first group's. */
function profilesFor(vod: VodState, categoryKey: string | null): VodProfileRecord[] {
  const linked = vod.profiles.filter(
    (profile) => categoryKey !== null && profile.categoryKeys.includes(categoryKey),
  );
  if (linked.length > 0) return linked;
  const firstGroup = vod.profileGroups[0]?.key;
  return vod.profiles.filter((profile) => profile.groupKey === firstGroup);
}
