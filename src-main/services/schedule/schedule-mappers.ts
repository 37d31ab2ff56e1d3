/**
 * Maps the live API v1 program objects (snake_case, resources/openapi/live-v1.yaml: Program,
 * ProgramMediaContent, WaitMediaContent) to the schedule model
 * (src-main/shared/model.ts), and schedule operations back to the `ProgramForm` body.
 */
import type { components } from '../../platform/generated/live-v1';
import type { Program, ProgramMedia, ScheduleOperation, WaitingScreen } from '../../shared/model';
import { time } from '../core/live-mappers';

export type LiveProgram = components['schemas']['Program'];
export type LiveProgramMediaContent = components['schemas']['ProgramMediaContent'];
export type LiveWaitMediaContent = components['schemas']['WaitMediaContent'];
export type LiveProgramForm = components['schemas']['ProgramForm'];

/**
 * A program in the app's words. `endAt` and `durationS` are the platform's (derived there:
 * start + the sum of the media durations, seconds); times become ISO UTC.
 */
export function toProgram(raw: LiveProgram): Program {
  const startAt = time(raw.start_at) ?? raw.start_at;
  const endAt = time(raw.end_at) ?? raw.end_at;
  return {
    id: raw.id,
    channelKey: raw.channel_key,
    title: raw.title,
    startAt,
    endAt,
    durationS: raw.duration,
    status: raw.status,
    media: raw.media_contents.map((item) => ({
      uploadFileKey: item.upload_file_key,
      title: item.title,
      durationS: item.duration,
    })),
    // An empty string means absent (docs/platform-facts.md, "Live objects").
    waitMediaContentKey: raw.wait_media_content_key || null,
    updatedAt: time(raw.updated_at) ?? raw.updated_at,
  };
}

/** A program media content (its `duration` is in seconds). */
export function toProgramMedia(raw: LiveProgramMediaContent): ProgramMedia {
  return { uploadFileKey: raw.upload_file_key, title: raw.title, durationS: raw.duration };
}

/** A waiting screen. */
export function toWaitingScreen(raw: LiveWaitMediaContent): WaitingScreen {
  return { key: raw.wait_media_content_key, title: raw.title };
}

/**
 * The `ProgramForm` body of a create or update (form-encoded by api-clients.ts: the keys as
 * `upload_file_keys[]` repeated in play order). Omitted fields keep their value on update;
 * a `null` waiting screen is sent as an empty string, which removes it (spec: ProgramForm).
 */
export function toProgramForm(
  operation: Exclude<ScheduleOperation, { op: 'delete' }>,
): LiveProgramForm {
  const form: LiveProgramForm = {};
  if (operation.title !== undefined) form.title = operation.title;
  if (operation.startAt !== undefined) form.start_at = operation.startAt;
  if (operation.uploadFileKeys !== undefined) form['upload_file_keys[]'] = operation.uploadFileKeys;
  if (operation.waitMediaContentKey === null) {
    if (operation.op === 'update') form.wait_media_content_key = '';
  } else if (operation.waitMediaContentKey !== undefined) {
    form.wait_media_content_key = operation.waitMediaContentKey;
  }
  return form;
}
