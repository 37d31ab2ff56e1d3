/**
 * How a batch plan reads in its preview and progress (bulk authoring): each
 * operation as a row with its action, title and UTC times, the programs already scheduled
 * that a created or moved program would run into, and the budget cost in words. Pure
 * functions; times are epoch ms UTC.
 */
import type { Program, ProgramMedia, ScheduleOperation } from '../../../src-main/shared/model';
import { clockUtc, dayLabel } from './labels';
import { t } from '../../i18n/i18n.svelte';

/** One operation of a plan, as the operator reads it. */
export interface BatchRow {
  /** Position in the plan, from 0 (the order they are sent in). */
  index: number;
  action: 'Create' | 'Change' | 'Delete';
  title: string;
  /** Start, or null when the operation does not say (an update keeping its start). */
  startMs: number | null;
  /** End, or null when a media duration is unknown. */
  endMs: number | null;
  /** A program already on the channel the result would overlap (the platform refuses it). */
  clash: { title: string; startMs: number; endMs: number } | null;
}

/**
 * The rows of `operations`. Durations come from `media` (the library), titles of programs an
 * update or delete names from `known`; `existing` are the channel's programs around the plan,
 * for the overlap check (a program the plan deletes or moves no longer counts).
 */
export function describeOperations(
  operations: readonly ScheduleOperation[],
  media: readonly ProgramMedia[],
  existing: readonly Program[],
  known: readonly Program[] = existing,
): BatchRow[] {
  const durations = new Map(media.map((item) => [item.uploadFileKey, item.durationS]));
  const leaving = new Set(operations.flatMap((op) => (op.op === 'create' ? [] : [op.programId])));
  const others = existing.filter((p) => !leaving.has(p.id));
  return operations.map((operation, index) => {
    const target =
      operation.op === 'create' ? null : known.find((p) => p.id === operation.programId);
    const title =
      operation.op === 'create'
        ? operation.title
        : operation.op === 'update' && operation.title !== undefined
          ? operation.title
          : (target?.title ?? t('bulk.programNumber', { id: operation.programId }));
    const startAt = operation.op === 'delete' ? target?.startAt : operation.startAt;
    const startMs = startAt ? Date.parse(startAt) : null;
    const keys =
      operation.op === 'delete'
        ? null
        : (operation.uploadFileKeys ?? target?.media.map((m) => m.uploadFileKey));
    const seconds = keys ? sumDurations(keys, durations) : null;
    const endMs =
      operation.op === 'delete'
        ? target
          ? Date.parse(target.endAt)
          : null
        : startMs !== null && seconds !== null
          ? startMs + seconds * 1000
          : null;
    const clash =
      operation.op === 'delete' || startMs === null || endMs === null
        ? null
        : firstOverlap(others, startMs, endMs);
    const action =
      operation.op === 'create' ? 'Create' : operation.op === 'update' ? 'Change' : 'Delete';
    return { index, action, title, startMs, endMs, clash };
  });
}

/** `Tue 24 Nov 09:00–09:25 UTC`, or what is known of it. */
export function rowTime(row: Pick<BatchRow, 'startMs' | 'endMs'>): string {
  if (row.startMs === null) return t('bulk.timeUnchanged');
  const end = row.endMs === null ? '' : `–${clockUtc(row.endMs)}`;
  return `${dayLabel(row.startMs)} ${clockUtc(row.startMs)}${end} UTC`;
}

/** `45 s`, `2 min 05 s`, `1 h 02 min`. */
export function durationWords(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  if (total < 90) return t('durations.s', { s: total });
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return t('durations.hm', { h, mm: String(m).padStart(2, '0') });
  return t('durations.ms', { m, ss: String(s).padStart(2, '0') });
}

function sumDurations(keys: readonly string[], durations: Map<string, number>): number | null {
  let total = 0;
  for (const key of keys) {
    const seconds = durations.get(key);
    if (seconds === undefined) return null;
    total += seconds;
  }
  return total;
}

function firstOverlap(programs: readonly Program[], startMs: number, endMs: number) {
  const clash = programs.find(
    (p) => Date.parse(p.startAt) < endMs && startMs < Date.parse(p.endAt),
  );
  return clash
    ? { title: clash.title, startMs: Date.parse(clash.startAt), endMs: Date.parse(clash.endAt) }
    : null;
}
