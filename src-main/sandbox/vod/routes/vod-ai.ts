/**
 * AI operations (vod-v3.yaml, tag AI; spec "AI operations"): AI subtitles, outlines (summary,
 * chapters, keywords) and AI-speed scripts as jobs that finish over the VIRTUAL clock. A job
 * lasts a tenth of the content's duration, between 30 s and 10 min. Creation answers 204.
 * 403 when the content's contract lacks the AI add-on; 409 while an outline job for the same
 * content and language runs; invalid `language_code`, `kind`, `status` are 422 (validation).
 *
 * Followed from the public service guide (https://docs.kollus.com/en/service-guide/vod/ai/subtitle/,
 * https://docs.kollus.com/en/service-guide/vod/ai/summary/), where the spec is silent: one AI
 * subtitle per content (409 while one exists or is being made: delete it to regenerate); AI
 * subtitles are refused for multi-DRM content and for audio below 16 kHz (422); an outline
 * needs subtitle data first (422 unless the content has a subtitle, one is being made, or the
 * request asks for an AI subtitle too). Typed from the generated OpenAPI types.
 */
import { scheduleCallback } from '../../callbacks/callbacks';
import { ApiError, unprocessable } from '../../state/http-error';
import type { OperationHandlers, SliceContext } from '../../kernel/operation';
import type { Schema } from '../../kernel/typed-operation';
import { defaulted, typedOperations } from '../../kernel/typed-operation';
import type { MediaContentRecord } from '../../state/state';
import { noContent, ok } from '../vod-envelope';
import { filesOf, unix } from '../vod-present';
import type { AiOutlineRecord, Timeline, VodSlice } from '../vod-state';
import { findContent } from '../vod-state';
import { settleVod, timelineDone, timelineEnd } from '../vod-timelines';

/**
 * Handlers by operationId, given their slice (the VOD records and the media contents) and the
 * callbacks (an AI-speed conversion reports `vod.ai_script` `completed` when it ends).
 */
export function vodAiOperations({ state, clock }: SliceContext<keyof VodSlice>): OperationHandlers {
  const { vod } = state;
  const aiContent = (params: { upload_file_key: string }) => {
    settleVod(state, clock.nowMs());
    const content = findContent(state, params.upload_file_key);
    if (!content.aiAllowed)
      throw new ApiError(
        403,
        `The contract covering "${content.title}" does not include the AI add-on.`,
      );
    return content;
  };
  const job = (content: MediaContentRecord): Timeline => ({
    startedAt: clock.now(),
    durationMs: Math.min(600_000, Math.max(30_000, content.durationSeconds * 100)),
  });
  /** The guide's AI subtitle limits, checked before a job is queued. */
  const requireAiSubtitleAllowed = (content: MediaContentRecord) => {
    if (content.multiDrm === true)
      throw unprocessable(
        `"${content.title}" is multi-DRM content: AI subtitles cannot be made for it.`,
      );
    if ((content.audioSampleRateHz ?? 48_000) < 16_000)
      throw unprocessable(
        `"${content.title}" has no speech audio sampled at 16 kHz or more: AI subtitles cannot be made for it.`,
      );
    const exists = vod.subtitles.some(
      (item) => item.uploadFileKey === content.uploadFileKey && item.source === 'ai',
    );
    const running = vod.aiSubtitleJobs.some((item) => item.uploadFileKey === content.uploadFileKey);
    if (exists || running)
      throw new ApiError(
        409,
        `"${content.title}" already has an AI subtitle${running ? ' being made' : ''}: a content has one AI subtitle; delete it to make a new one.`,
      );
  };
  const requireTranscoded = (content: MediaContentRecord) => {
    if (content.transcodingStage !== 21)
      throw unprocessable(`"${content.title}" is still transcoding: try again once it completes.`);
  };

  return typedOperations<'vod'>({
    createAiSubtitle: ({ params, body }) => {
      const content = aiContent(params);
      requireTranscoded(content);
      requireAiSubtitleAllowed(content);
      vod.aiSubtitleJobs.push({
        ...job(content),
        uploadFileKey: content.uploadFileKey,
        languageCode: body.language_code,
        kind: body.kind,
        status: body.status,
      });
      return noContent;
    },

    getAiOutline: ({ params, query }) => {
      settleVod(state, clock.nowMs());
      const content = findContent(state, params.upload_file_key);
      const code = defaulted(query.language_code, 'language_code');
      const outline = vod.aiOutlines.find(
        (item) => item.uploadFileKey === content.uploadFileKey && item.languageCode === code,
      );
      if (outline === undefined)
        throw new ApiError(404, `No AI outline in "${code}" was requested for "${content.title}".`);
      return ok(presentOutline(outline, content, clock.nowMs()));
    },

    createAiOutline: ({ params, body }) => {
      const content = aiContent(params);
      requireTranscoded(content);
      const code = body.language_code;
      const existing = vod.aiOutlines.find(
        (item) => item.uploadFileKey === content.uploadFileKey && item.languageCode === code,
      );
      if (existing !== undefined && !timelineDone(existing, clock.nowMs()))
        throw new ApiError(
          409,
          `An AI outline in "${code}" is already being made for "${content.title}".`,
        );
      const kind = body.ai_subtitle_kind;
      if (kind !== undefined) requireAiSubtitleAllowed(content);
      const hasSubtitleData =
        vod.subtitles.some((item) => item.uploadFileKey === content.uploadFileKey) ||
        vod.aiSubtitleJobs.some((item) => item.uploadFileKey === content.uploadFileKey);
      if (!hasSubtitleData && kind === undefined)
        throw unprocessable(
          `"${content.title}" has no subtitle yet: an AI outline is made from subtitle data. Add a subtitle or ask for an AI subtitle with the outline.`,
        );
      vod.aiOutlines = vod.aiOutlines.filter((item) => item !== existing);
      const timeline = job(content);
      vod.aiOutlines.push({
        ...timeline,
        uploadFileKey: content.uploadFileKey,
        languageCode: code,
      });
      if (kind !== undefined)
        vod.aiSubtitleJobs.push({
          ...timeline,
          uploadFileKey: content.uploadFileKey,
          languageCode: code,
          kind,
          status: defaulted(body.ai_subtitle_status, 'ai_subtitle_status'),
        });
      return noContent;
    },

    createAiScript: ({ params }) => {
      const content = aiContent(params);
      const nowMs = clock.nowMs();
      const files = filesOf(vod, content.uploadFileKey);
      if (files.some((file) => file.aiSpeed !== null && !timelineDone(file.aiSpeed, nowMs)))
        throw new ApiError(409, `An AI-speed conversion of "${content.title}" is already running.`);
      const ready = files.filter((file) => timelineDone(file.transcoding, nowMs));
      if (ready.length === 0)
        throw unprocessable(`"${content.title}" has no transcoded file to convert yet.`);
      const timeline = job(content);
      for (const file of ready) file.aiSpeed = timeline;
      // Spec, Events 4: a notification when done; to each channel holding the content.
      for (const link of vod.contentKeys.filter(
        (item) => item.uploadFileKey === content.uploadFileKey,
      ))
        scheduleCallback(state, timelineEnd(timeline).getTime(), {
          type: 'vod.ai_script',
          event: 'completed',
          channel_key: link.channelKey,
          upload_file_key: content.uploadFileKey,
          media_content_key: link.key,
        });
      return noContent;
    },
  });
}

/** `AiOutline`: text only once the job has finished. */
function presentOutline(
  outline: AiOutlineRecord,
  content: MediaContentRecord,
  nowMs: number,
): Schema<'vod', 'AiOutline'> {
  const done = timelineDone(outline, nowMs);
  const third = Math.floor(content.durationSeconds / 3);
  const ko = outline.languageCode === 'ko';
  return {
    language_code: outline.languageCode,
    state: done ? 'completed' : 'processing',
    requested_at: unix(outline.startedAt),
    completed_at: done ? unix(timelineEnd(outline)) : null,
    summary: done
      ? ko
        ? `「${content.title}」의 주요 장면을 요약한 내용입니다.`
        : `A summary of the key moments of "${content.title}".`
      : null,
    chapters: done
      ? [
          { start_seconds: 0, title: ko ? '시작' : 'Opening' },
          { start_seconds: third, title: ko ? '본론' : 'Main part' },
          { start_seconds: 2 * third, title: ko ? '마무리' : 'Closing' },
        ]
      : [],
    keywords: done ? content.title.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 3) : [],
  };
}
