/**
 * Bulk schedule authoring, planned without calling the platform: copying a day and filling a
 * range back to back become a {@link BatchPlan} of ordinary create operations, previewed by
 * the operator before anything is sent (bulk authoring). Times are epoch ms UTC
 * inside, ISO-8601 UTC in the plan; the budget cost is one call per operation, at 1 call a
 * second.
 */
import type { MessageRef } from '../../shared/i18n/message';
import { englishText } from '../../shared/i18n/say';
import type { BatchPlan, Program, ProgramMedia, ScheduleOperation } from '../../shared/model';

/** At most this many operations in one plan (the bridge refuses longer batches). */
export const maxBatchOperations = 1000;

/**
 * Create operations copying every program that starts on `fromDay` (UTC) to the same times
 * on `toDay`, with the same title, media and waiting screen. Copies that would start at or
 * before `nowMs` are left out (the platform refuses a start in the past); copies that overlap
 * a program already in `existing` are kept and the summary warns that the batch will stop at
 * the first of them.
 * @param source programs read around `fromDay`; only those starting on it are copied.
 * @param existing programs of the channel around `toDay` (at least `[toDay, toDay + 2 days)`).
 * @param fromDay `YYYY-MM-DD`; @param toDay `YYYY-MM-DD`.
 */
export function planCopyDay(
  channelKey: string,
  source: Program[],
  existing: Program[],
  fromDay: string,
  toDay: string,
  nowMs: number,
): BatchPlan {
  const shiftMs = Date.parse(toDay) - Date.parse(fromDay);
  const onFromDay = source
    .filter((p) => p.startAt.slice(0, 10) === fromDay)
    .sort((a, b) => a.startAt.localeCompare(b.startAt));
  const copies = onFromDay
    .map((p) => ({ program: p, startMs: Date.parse(p.startAt) + shiftMs }))
    .filter((c) => c.startMs > nowMs);
  const operations: ScheduleOperation[] = copies.map(({ program, startMs }) => ({
    op: 'create',
    channelKey,
    title: program.title,
    startAt: iso(startMs),
    uploadFileKeys: program.media.map((m) => m.uploadFileKey),
    waitMediaContentKey: program.waitMediaContentKey,
  }));
  const clashes = copies.filter(({ program, startMs }) =>
    overlapsAny(existing, startMs, startMs + program.durationS * 1000),
  ).length;
  const parts: MessageRef[] =
    onFromDay.length === 0
      ? [{ key: 'plans.nothingToCopy', params: { day: fromDay } }]
      : [
          {
            key: 'plans.copies',
            params: { count: operations.length, from: fromDay, to: toDay },
          },
        ];
  const past = onFromDay.length - copies.length;
  if (past > 0) parts.push({ key: 'plans.inPast', params: { count: past } });
  if (clashes > 0) parts.push({ key: 'plans.clashes', params: { count: clashes, day: toDay } });
  return plan(operations, parts);
}

/**
 * Create operations filling `[fromMs, toMs)` back to back, one program per media item in
 * order, repeating the list, each titled after its media, until the next would end after
 * `toMs`. Nothing is skipped: when the next program would overlap one in `existing`, the
 * plan stops before it and the summary names it. At most {@link maxBatchOperations}.
 * @param media the items to play, in order (durations in seconds, at least 1).
 * @param existing programs of the channel overlapping the range.
 */
export function planFill(
  channelKey: string,
  media: ProgramMedia[],
  existing: Program[],
  fromMs: number,
  toMs: number,
): BatchPlan {
  const operations: ScheduleOperation[] = [];
  let cursor = fromMs;
  let stop: MessageRef = { key: 'plans.stopEnd', params: { time: clock(toMs) } };
  for (let index = 0; media.length > 0; index += 1) {
    const item = media[index % media.length];
    if (!item) break;
    const end = cursor + item.durationS * 1000;
    if (end > toMs) break;
    const blocker = existing
      .filter((p) => Date.parse(p.startAt) < end && cursor < Date.parse(p.endAt))
      .sort((a, b) => a.startAt.localeCompare(b.startAt))[0];
    if (blocker) {
      stop = {
        key: 'plans.stopBlocker',
        params: {
          time: clock(cursor),
          title: blocker.title,
          from: clock(Date.parse(blocker.startAt)),
          to: clock(Date.parse(blocker.endAt)),
        },
      };
      break;
    }
    if (operations.length === maxBatchOperations) {
      stop = { key: 'plans.stopMax', params: { max: maxBatchOperations } };
      break;
    }
    operations.push({
      op: 'create',
      channelKey,
      title: item.title.trim().slice(0, 200) || item.uploadFileKey,
      startAt: iso(cursor),
      uploadFileKeys: [item.uploadFileKey],
    });
    cursor = end;
  }
  const left = Math.max(0, Math.round((toMs - cursor) / 60_000));
  return plan(operations, [
    {
      key: 'plans.fills',
      params: { from: clock(fromMs), to: clock(toMs), count: operations.length },
    },
    { key: stop.key, params: { ...stop.params, left } },
  ]);
}

/** ISO-8601 UTC with whole seconds, e.g. `2026-11-20T21:05:00Z`. */
export function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The plan with its summary: English for main's log, catalogue messages for the operator. */
function plan(operations: ScheduleOperation[], parts: MessageRef[]): BatchPlan {
  const calls = operations.length;
  parts.push({ key: 'plans.cost', params: { count: calls } });
  return {
    operations,
    calls,
    seconds: calls,
    summary: parts.map((part) => englishText(part.key, part.params)).join(' '),
    summaryTexts: parts,
  };
}

function overlapsAny(programs: Program[], startMs: number, endMs: number): boolean {
  return programs.some((p) => Date.parse(p.startAt) < endMs && startMs < Date.parse(p.endAt));
}

function clock(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}
