/**
 * Transcoding files of a content (vod-v3.yaml, tag Transcoding files): list, download URL,
 * enable/disable/delete one file or every file of a profile, and transcoding jobs.
 *
 * Jobs (spec, States: "files already being transcoded are excluded"; our design): completed
 * files of the profile are transcoded again, a new file is queued when the content has none of
 * that profile; 422 when nothing is left to do or the first transcoding still runs. A job lasts
 * a sixth of the content's duration, at least 60 s of virtual time. Typed from the generated
 * OpenAPI types.
 */
import { nextId } from '../../state/ids';
import { ApiError, unprocessable } from '../../state/http-error';
import type { OperationHandlers, SliceContext } from '../../kernel/operation';
import type { Schema } from '../../kernel/typed-operation';
import { typedOperations } from '../../kernel/typed-operation';
import { ok, okNull } from '../vod-envelope';
import { issueDownload } from '../vod-files';
import { filesOf, presentTranscodingFile, unix } from '../vod-present';
import type { TranscodingFileRecord, VodSlice } from '../vod-state';
import { findContent, findVodProfile, found } from '../vod-state';
import { settleVod, timelineDone } from '../vod-timelines';

/** Handlers by operationId, given their slice: the VOD records and the media contents. */
export function vodTranscodingOperations({
  state,
  clock,
}: SliceContext<keyof VodSlice>): OperationHandlers {
  const { vod } = state;
  const contentOf = (params: { upload_file_key: string }) => {
    settleVod(state, clock.nowMs());
    return findContent(state, params.upload_file_key);
  };
  const fileOf = (params: {
    upload_file_key: string;
    transcoding_file_id: number;
  }): TranscodingFileRecord => {
    const content = contentOf(params);
    const id = params.transcoding_file_id;
    return found(
      filesOf(vod, content.uploadFileKey).find((file) => file.id === id),
      'transcoding file',
      id,
    );
  };
  const filesOfProfile = (params: {
    upload_file_key: string;
    profile_key: string;
  }): TranscodingFileRecord[] => {
    const content = contentOf(params);
    const profileKey = params.profile_key;
    const files = filesOf(vod, content.uploadFileKey).filter(
      (file) => file.profileKey === profileKey,
    );
    if (files.length === 0)
      throw new ApiError(
        404,
        `"${content.title}" has no transcoding file of the media profile "${profileKey}".`,
      );
    return files;
  };
  const present = (files: TranscodingFileRecord[]) =>
    ok(files.map((file) => presentTranscodingFile(state, file, clock.nowMs())));
  const setStatus = (files: TranscodingFileRecord[], status: 'enabled' | 'disabled') => {
    for (const file of files) file.status = status;
    return files;
  };

  return typedOperations<'vod'>({
    listTranscodingFiles: ({ params }) => present(filesOf(vod, contentOf(params).uploadFileKey)),

    getTranscodingFileDownload: ({ params }) => {
      const file = fileOf(params);
      if (!timelineDone(file.transcoding, clock.nowMs()))
        throw unprocessable('This file is still being transcoded: download it once it completes.');
      const wire = presentTranscodingFile(state, file, clock.nowMs());
      return ok(
        issueDownload(vod, clock.nowMs(), {
          fileName: wire.file_name,
          contentType: 'video/mp4',
          base64: Buffer.from(`sandbox transcoding file ${file.id}\n`).toString('base64'),
        }),
      );
    },

    createTranscodingJob: ({ params }) => {
      const content = contentOf(params);
      const profile = findVodProfile(vod, params.media_profile_key);
      const nowMs = clock.nowMs();
      if (content.transcodingStage !== 21)
        throw unprocessable(
          `"${content.title}" is still in its first transcoding: request more profiles once it completes.`,
        );
      const files = filesOf(vod, content.uploadFileKey).filter(
        (file) => file.profileKey === profile.key,
      );
      const excluded = files.filter((file) => !timelineDone(file.transcoding, nowMs));
      const queued = files.filter((file) => timelineDone(file.transcoding, nowMs));
      if (files.length > 0 && queued.length === 0)
        throw unprocessable(
          `Nothing to do: every file of "${profile.name}" is already being transcoded.`,
        );
      const transcoding = {
        startedAt: new Date(nowMs),
        durationMs: Math.max(60_000, Math.round((content.durationSeconds * 1000) / 6)),
      };
      for (const file of queued) file.transcoding = transcoding;
      if (files.length === 0) {
        const file: TranscodingFileRecord = {
          id: nextId(state),
          uploadFileKey: content.uploadFileKey,
          profileKey: profile.key,
          status: 'enabled',
          transcoding,
          aiSpeed: null,
          createdAt: new Date(nowMs),
        };
        vod.transcodingFiles.push(file);
        queued.push(file);
      }
      return ok<Schema<'vod', 'TranscodingJob'>>({
        media_profile_key: profile.key,
        queued_transcoding_file_ids: queued.map((file) => file.id),
        excluded_transcoding_file_ids: excluded.map((file) => file.id),
        requested_at: unix(new Date(nowMs)),
      });
    },

    enableTranscodingFile: ({ params }) => {
      const file = fileOf(params);
      file.status = 'enabled';
      return ok(presentTranscodingFile(state, file, clock.nowMs()));
    },

    disableTranscodingFile: ({ params }) => {
      const file = fileOf(params);
      file.status = 'disabled';
      return ok(presentTranscodingFile(state, file, clock.nowMs()));
    },

    enableMediaContentProfileFiles: ({ params }) =>
      present(setStatus(filesOfProfile(params), 'enabled')),

    disableMediaContentProfileFiles: ({ params }) =>
      present(setStatus(filesOfProfile(params), 'disabled')),

    deleteTranscodingFile: ({ params }) => {
      const file = fileOf(params);
      vod.transcodingFiles = vod.transcodingFiles.filter((item) => item !== file);
      return okNull;
    },

    deleteMediaContentProfileFiles: ({ params }) => {
      const files = new Set(filesOfProfile(params));
      vod.transcodingFiles = vod.transcodingFiles.filter((item) => !files.has(item));
      return okNull;
    },
  });
}
