/**
 * One VOD media content (vod-v3.yaml, tag Media contents): detail, update, delete, move to a
 * category, enable/disable (422 when already so, spec States), poster upload and download,
 * original-file download (only with original-file storage on, else 422), and transcoding
 * progress refreshed every 10 s of virtual time. Typed from the generated OpenAPI types.
 */
import { emitCallback } from '../../callbacks/callbacks';
import { ApiError, unprocessable } from '../../state/http-error';
import type { OperationHandlers, SliceContext } from '../../kernel/operation';
import type { Schema } from '../../kernel/typed-operation';
import { typedOperations } from '../../kernel/typed-operation';
import { ok, okNull } from '../vod-envelope';
import { issueDownload } from '../vod-files';
import { filesOf, presentContentDetail, unix } from '../vod-present';
import type { VodSlice } from '../vod-state';
import { findCategory, findContent, removeContent } from '../vod-state';
import {
  contentStage,
  refreshedAtMs,
  settleVod,
  timelineDone,
  timelinePercent,
} from '../vod-timelines';

/** Largest poster, bytes (our design). */
export const posterMaxBytes = 10_000_000;

/**
 * Handlers by operationId, given their slice (the VOD records and the media contents) and the
 * callbacks (deletion reports `vod.content` `deleted` to each channel that published it).
 */
export function vodContentOperations({
  state,
  clock,
}: SliceContext<keyof VodSlice>): OperationHandlers {
  const { vod } = state;
  const settled = (params: { upload_file_key: string }) => {
    settleVod(state, clock.nowMs());
    return findContent(state, params.upload_file_key);
  };
  const detail = (params: { upload_file_key: string }) => {
    const content = settled(params);
    return ok(presentContentDetail(state, content, clock.nowMs()));
  };

  return typedOperations<'vod'>({
    getMediaContent: ({ params }) => detail(params),

    updateMediaContent: ({ params, body }) => {
      const content = settled(params);
      content.title = body.title ?? content.title;
      content.vrProjectionType = body.vr_projection_type ?? content.vrProjectionType;
      content.soundMode = body.sound_mode ?? content.soundMode;
      content.updatedAt = clock.now();
      return detail(params);
    },

    deleteMediaContent: ({ params }) => {
      const content = settled(params);
      const key = content.uploadFileKey;
      for (const link of vod.contentKeys.filter((item) => item.uploadFileKey === key)) {
        emitCallback(state, {
          type: 'vod.content',
          event: 'deleted',
          channel_key: link.channelKey,
          upload_file_key: key,
          media_content_key: link.key,
        });
        link.uploadFileKey = null;
      }
      removeContent(state.mediaContents, content);
      vod.transcodingFiles = vod.transcodingFiles.filter((file) => file.uploadFileKey !== key);
      vod.subtitles = vod.subtitles.filter((subtitle) => subtitle.uploadFileKey !== key);
      vod.aiSubtitleJobs = vod.aiSubtitleJobs.filter((job) => job.uploadFileKey !== key);
      vod.aiOutlines = vod.aiOutlines.filter((outline) => outline.uploadFileKey !== key);
      return okNull;
    },

    moveMediaContentToCategory: ({ params }) => {
      const content = settled(params);
      content.categoryKey = findCategory(vod, params.category_key).key;
      content.updatedAt = clock.now();
      return detail(params);
    },

    disableMediaContent: ({ params }) => {
      const content = settled(params);
      if (content.status === 'disabled')
        throw unprocessable(`"${content.title}" is already disabled.`);
      content.status = 'disabled';
      content.updatedAt = clock.now();
      return detail(params);
    },

    enableMediaContent: ({ params }) => {
      const content = settled(params);
      if (content.status === 'enabled')
        throw unprocessable(`"${content.title}" is already enabled.`);
      content.status = 'enabled';
      content.updatedAt = clock.now();
      return detail(params);
    },

    uploadMediaContentPoster: ({ params, body }) => {
      const content = settled(params);
      const bytes = Buffer.from(body.poster, 'base64');
      const contentType = imageType(bytes);
      if (contentType === undefined)
        throw unprocessable('The poster must be a JPEG or PNG image.', 'poster');
      if (bytes.length > posterMaxBytes)
        throw unprocessable(
          `The poster must not be larger than ${posterMaxBytes} bytes (10 MB).`,
          'poster',
        );
      const extension = contentType === 'image/png' ? 'png' : 'jpg';
      // Multipart: the part's file name (vod-multipart.ts).
      const fileName = body.file_name ?? `poster.${extension}`;
      content.poster = { base64: bytes.toString('base64'), fileName, contentType };
      content.posterUrl = `https://images.example.com/posters/${content.uploadFileKey}-${unix(clock.now())}.${extension}`;
      content.updatedAt = clock.now();
      return detail(params);
    },

    getMediaContentPosterDownload: ({ params }) => {
      const content = settled(params);
      if (content.posterUrl === null)
        throw new ApiError(404, `"${content.title}" has no poster: upload one first.`);
      const poster = content.poster ?? {
        base64: placeholderPng,
        fileName: `${content.uploadFileKey}-poster.png`,
        contentType: 'image/png',
      };
      return ok(issueDownload(vod, clock.nowMs(), poster));
    },

    getMediaContentOriginalFileDownload: ({ params }) => {
      const content = settled(params);
      if (!content.storesOriginalFile)
        throw unprocessable(
          `Original-file storage is off for "${content.title}": only transcoded files can be downloaded.`,
        );
      return ok(
        issueDownload(vod, clock.nowMs(), {
          fileName: content.originalFileName,
          contentType: 'application/octet-stream',
          base64: Buffer.from(`sandbox original of ${content.originalFileName}\n`).toString(
            'base64',
          ),
        }),
      );
    },

    getMediaContentProgress: ({ params }) => {
      const content = settled(params);
      const nowMs = clock.nowMs();
      const stage = contentStage(content, nowMs);
      return ok<Schema<'vod', 'TranscodingProgress'>>({
        upload_file_key: content.uploadFileKey,
        transcoding_stage: stage.stage,
        transcoding_stage_name: stage.name,
        transcoding_progress: stage.progress,
        refreshed_at: refreshedAtMs(nowMs) / 1000,
        files: filesOf(vod, content.uploadFileKey).map((file) => ({
          transcoding_file_id: file.id,
          media_profile_key: file.profileKey,
          transcoding_state: timelineDone(file.transcoding, nowMs) ? 'completed' : 'transcoding',
          transcoding_progress: timelinePercent(file.transcoding, nowMs),
        })),
      });
    },
  });
}

/** `image/png` or `image/jpeg` from the magic bytes; undefined for anything else. */
function imageType(bytes: Buffer): string | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

/** A 1×1 PNG served for seeded posters (their images live on another host). */
const placeholderPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
