/**
 * How an edit changes the programs on screen before the platform answers (optimistic), and
 * how that is taken back when it refuses. Pure functions over one channel's program list.
 */
import type { Program, ProgramMedia, ScheduleOperation } from '../../../src-main/shared/model';
import { isoUtc } from './labels';

/** `program` starting at `startMs` instead, same length. */
export function movedTo(program: Program, startMs: number): Program {
  return {
    ...program,
    startAt: isoUtc(startMs),
    endAt: isoUtc(startMs + program.durationS * 1000),
  };
}

/** `program` playing `media` in that order; its end follows the new length. */
export function withMedia(program: Program, media: ProgramMedia[]): Program {
  const durationS = media.reduce((sum, item) => sum + item.durationS, 0);
  return {
    ...program,
    media,
    durationS,
    endAt: isoUtc(Date.parse(program.startAt) + durationS * 1000),
  };
}

/** A placeholder for a program being created (negative id until the platform answers). */
export function draftProgram(
  operation: Extract<ScheduleOperation, { op: 'create' }>,
  media: ProgramMedia[],
  id: number,
): Program {
  const startMs = Date.parse(operation.startAt);
  const durationS = media.reduce((sum, item) => sum + item.durationS, 0);
  return {
    id,
    channelKey: operation.channelKey,
    title: operation.title,
    startAt: isoUtc(startMs),
    endAt: isoUtc(startMs + durationS * 1000),
    durationS,
    status: 'scheduled',
    media,
    waitMediaContentKey: operation.waitMediaContentKey ?? null,
    // Not on the platform yet: no `updated_at` until it answers (and no edit carries it).
    updatedAt: '',
  };
}

/** `list` with `program` in place of the one with its id (or added), sorted by start. */
export function putProgram(list: readonly Program[], program: Program): Program[] {
  return [...list.filter((item) => item.id !== program.id), program].sort(
    (a, b) => Date.parse(a.startAt) - Date.parse(b.startAt),
  );
}

/** `list` without the program `id`. */
export function dropProgram(list: readonly Program[], id: number): Program[] {
  return list.filter((item) => item.id !== id);
}

/**
 * `list` as `operation` leaves it, where that can be told before the platform answers: a
 * move, a new title or waiting screen, a delete. null when it cannot (a create, or new media
 * whose lengths only the platform knows): the list is then read again after the answer.
 */
export function shownAfter(
  list: readonly Program[],
  operation: ScheduleOperation,
): Program[] | null {
  if (operation.op === 'delete') return dropProgram(list, operation.programId);
  if (operation.op !== 'update' || operation.uploadFileKeys !== undefined) return null;
  const program = list.find((item) => item.id === operation.programId);
  if (!program) return null;
  let next = program;
  if (operation.startAt !== undefined) next = movedTo(next, Date.parse(operation.startAt));
  if (operation.title !== undefined) next = { ...next, title: operation.title };
  if (operation.waitMediaContentKey !== undefined)
    next = { ...next, waitMediaContentKey: operation.waitMediaContentKey };
  return putProgram(list, next);
}
