/**
 * VOD work that finishes over the platform's VIRTUAL clock: transcoding (of a content and of
 * each file), AI subtitles, AI outlines and AI-speed conversion. Nothing runs on a timer: each
 * read derives the state from the job's start, its duration and the virtual now.
 *
 * Progress refreshes every 10 seconds (spec, Limits: "transcoding progress refresh: every 10
 * seconds"): values are computed at the virtual now rounded down to a multiple of 10 s, so they
 * stay put between two refreshes.
 */
import { nextId } from '../state/ids';
import type { MediaContentRecord } from '../state/state';
import type { Timeline, VodContentDetails, VodSlice } from './vod-state';

/** The refresh step of progress values, ms (spec, Limits). */
export const progressRefreshMs = 10_000;

/** Stages of a content's first transcoding (observed numbers: 0, 1, 12 in progress; 21 done). */
export const transcodingStages = {
  waiting: { stage: 0, name: 'Waiting' },
  preparing: { stage: 1, name: 'Preparing' },
  transcoding: { stage: 12, name: 'Transcoding' },
  completed: { stage: 21, name: 'Completed' },
} as const;

/** A stage number: 0, 1, 12 or 21 (vod-v3.yaml, TranscodingProgress). */
export type TranscodingStage = (typeof transcodingStages)[keyof typeof transcodingStages]['stage'];

const waitingMs = 10_000;
const preparingEndMs = 30_000;

/** The virtual now (ms) as of the latest progress refresh: a multiple of 10 000. */
export function refreshedAtMs(nowMs: number): number {
  return Math.floor(nowMs / progressRefreshMs) * progressRefreshMs;
}

/** Percent (0..100, whole) of `timeline` done at the latest refresh. */
export function timelinePercent(timeline: Timeline, nowMs: number): number {
  const elapsed = refreshedAtMs(nowMs) - timeline.startedAt.getTime();
  if (timeline.durationMs <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor((100 * elapsed) / timeline.durationMs)));
}

/** True once `timeline` has ended, as of the latest refresh. */
export function timelineDone(timeline: Timeline, nowMs: number): boolean {
  return refreshedAtMs(nowMs) >= timeline.startedAt.getTime() + timeline.durationMs;
}

/** When `timeline` ends (UTC instant). */
export function timelineEnd(timeline: Timeline): Date {
  return new Date(timeline.startedAt.getTime() + timeline.durationMs);
}

/** Stage, its name and percent of a content's first transcoding at `nowMs`. */
export function contentStage(
  details: VodContentDetails,
  nowMs: number,
): { stage: TranscodingStage; name: string; progress: number } {
  const elapsed = refreshedAtMs(nowMs) - details.transcodingStartedAt.getTime();
  if (elapsed >= details.transcodingMs) return { ...transcodingStages.completed, progress: 100 };
  if (elapsed < waitingMs) return { ...transcodingStages.waiting, progress: 0 };
  if (elapsed < preparingEndMs) return { ...transcodingStages.preparing, progress: 0 };
  const percent = Math.floor(
    (100 * (elapsed - preparingEndMs)) / (details.transcodingMs - preparingEndMs),
  );
  return { ...transcodingStages.transcoding, progress: Math.min(99, percent) };
}

/** The timeline of the files made by a content's first transcoding (after preparing). */
export function firstTranscodingTimeline(details: VodContentDetails): Timeline {
  return {
    startedAt: new Date(details.transcodingStartedAt.getTime() + preparingEndMs),
    durationMs: details.transcodingMs - preparingEndMs,
  };
}

/** Brings `content`'s stage, progress and `transcoded_at` up to the virtual now. */
export function settleContent(content: MediaContentRecord, nowMs: number): void {
  const { stage, progress } = contentStage(content, nowMs);
  if (content.transcodingStage !== 21 && stage === 21) {
    content.transcodedAt = new Date(content.transcodingStartedAt.getTime() + content.transcodingMs);
    content.updatedAt = content.transcodedAt;
  }
  content.transcodingStage = stage;
  content.transcodingProgress = progress;
}

/** Settles every content and turns finished AI subtitle jobs into subtitles. */
export function settleVod(state: VodSlice, nowMs: number): void {
  for (const content of state.mediaContents) {
    // Completed is final (the virtual clock never goes back): on a large library nearly every
    // content is, and settling only the others keeps each list read linear and cheap.
    if (content.transcodingStage === transcodingStages.completed.stage) continue;
    settleContent(content, nowMs);
  }
  finishAiSubtitles(state, nowMs);
}

/** AI subtitle jobs that ended become subtitles placed last (source `ai`), ids from ids.ts. */
function finishAiSubtitles(holder: VodSlice, nowMs: number): void {
  const { vod } = holder;
  const running = [];
  for (const job of vod.aiSubtitleJobs) {
    if (!timelineDone(job, nowMs)) {
      running.push(job);
      continue;
    }
    const end = timelineEnd(job);
    const siblings = vod.subtitles.filter((item) => item.uploadFileKey === job.uploadFileKey);
    vod.subtitles.push({
      id: nextId(holder),
      uploadFileKey: job.uploadFileKey,
      name: job.languageCode === 'ko' ? 'AI 자막 (한국어)' : 'AI subtitles (English)',
      languageCode: job.languageCode,
      position: siblings.length + 1,
      kind: job.kind,
      status: job.status,
      source: 'ai',
      text: aiSubtitleText(job.languageCode),
      createdAt: end,
      updatedAt: end,
    });
  }
  vod.aiSubtitleJobs = running;
}

function aiSubtitleText(language: 'ko' | 'en'): string {
  const line =
    language === 'ko' ? '안녕하세요, 방송을 시작하겠습니다.' : 'Hello and welcome to the show.';
  return `WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n${line}\n`;
}
