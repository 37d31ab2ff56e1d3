/**
 * Rules of programs on scheduled channels (our design, live-v1.yaml ProgramForm): a program
 * belongs to a scheduled channel, starts in the future, plays at least one known media content,
 * may show a known waiting screen, and does not overlap another program of its channel
 * (`[start_at, end_at)` intervals, end = start + media durations).
 */
import { unprocessable } from '../state/http-error';
import { programEnd } from './live-present';
import type { LiveState, ProgramRecord } from './live-state';
import { isoUtc } from '../kernel/present';
import type { ChannelRecord } from '../state/state';
import type { Schema } from '../kernel/typed-operation';

/** The program fields a create or update asks for; undefined keeps the current value. */
export interface ProgramChanges {
  title?: string;
  startAt?: Date;
  mediaKeys?: string[];
  /** null removes the waiting screen. */
  waitMediaKey?: string | null;
}

/** Reads the validated `ProgramForm` (`upload_file_keys[]` in play order; empty values dropped). */
export function programChanges(body: Schema<'live', 'ProgramForm'>): ProgramChanges {
  const changes: ProgramChanges = {};
  if (body.title !== undefined) changes.title = body.title;
  if (body.start_at !== undefined) changes.startAt = new Date(body.start_at);
  const keys = body['upload_file_keys[]'];
  if (keys !== undefined) changes.mediaKeys = keys.filter((key) => key !== '');
  if (body.wait_media_content_key !== undefined) {
    changes.waitMediaKey = body.wait_media_content_key === '' ? null : body.wait_media_content_key;
  }
  return changes;
}

/** @throws ApiError 422 unless `channel` is a scheduled channel. */
export function requireScheduled(channel: ChannelRecord): void {
  if (channel.channelType !== 'scheduled') {
    throw unprocessable(
      `"${channel.title}" is a live channel: programs belong to scheduled channels (channel_type scheduled).`,
    );
  }
}

/**
 * The program `draft` would become, checked against the rules at `now`.
 * @param self the program being updated (it does not overlap itself); undefined on create.
 * @throws ApiError 422 with a field error naming what to fix.
 */
export function checkProgram(
  live: LiveState,
  channel: ChannelRecord,
  draft: ProgramRecord,
  self: ProgramRecord | undefined,
  now: Date,
): void {
  requireScheduled(channel);
  if (draft.title === '') throw unprocessable('The title field is required.', 'title');
  if (Number.isNaN(draft.startAt.getTime()))
    throw unprocessable('The start_at field is required.', 'start_at');
  if (draft.startAt.getTime() <= now.getTime()) {
    throw unprocessable(
      `The program must start in the future (now is ${isoUtc(now)}); ${isoUtc(draft.startAt)} has passed.`,
      'start_at',
    );
  }
  if (draft.mediaKeys.length === 0) {
    throw unprocessable(
      'A program needs at least one media content: send upload_file_keys[] in play order.',
      'upload_file_keys',
    );
  }
  const unknown = draft.mediaKeys.filter(
    (key) => !live.programMedia.some((media) => media.uploadFileKey === key),
  );
  if (unknown.length > 0) {
    throw unprocessable(
      `No program media content ${unknown.map((key) => `"${key}"`).join(', ')} exists; upload it first or check the key.`,
      'upload_file_keys',
    );
  }
  const wait = draft.waitMediaKey;
  if (wait !== null && !live.waitMedia.some((media) => media.key === wait)) {
    throw unprocessable(`No waiting screen "${wait}" exists.`, 'wait_media_content_key');
  }
  const start = draft.startAt.getTime();
  const end = programEnd(live, draft).getTime();
  const clash = live.programs.find(
    (other) =>
      other !== self &&
      other.channelKey === channel.key &&
      other.startAt.getTime() < end &&
      start < programEnd(live, other).getTime(),
  );
  if (clash !== undefined) {
    throw unprocessable(
      `The program (${isoUtc(draft.startAt)} to ${isoUtc(new Date(end))}) overlaps "${clash.title}" (${isoUtc(clash.startAt)} to ${isoUtc(programEnd(live, clash))}). Choose another start time or shorten it.`,
      'start_at',
    );
  }
}
