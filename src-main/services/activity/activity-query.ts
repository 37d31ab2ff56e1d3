/**
 * Reading the journal for the Activity view and the CSV export (docs/dev/architecture.md,
 * "Activity"): journal lines become {@link ActivityItem}s, filtered by seat, operator,
 * channel, kind and time, newest first. Pure over the lines read from disk.
 */
import type { z } from 'zod';
import {
  commandLineTitle,
  type ActivityItem,
  type ActivityKind,
  type ActivityPage,
} from '../../shared/activity-model';
import type { activityFilters } from '../../shared/commands/activity';
import { isCommandLine, type JournalLine } from '../core/audit-log';

/** The filters as main parsed them. */
export type ActivityFilters = z.output<typeof activityFilters>;

/**
 * The UTC days a filter's time range touches, for the journal's reader: `[from, to]` as
 * `YYYY-MM-DD` (null: unbounded).
 */
export function dayRange(filters: ActivityFilters): [string | null, string | null] {
  const day = (iso: string | undefined) =>
    iso === undefined ? null : new Date(iso).toISOString().slice(0, 10);
  return [day(filters.from), day(filters.to)];
}

/**
 * The lines as items, oldest first, with the channel of a command that named only its
 * broadcast filled in from the events of the same lines (an on-air line names both).
 */
export function toItems(lines: readonly JournalLine[]): ActivityItem[] {
  const channelOf = new Map<string, { key: string; title: string | null }>();
  // A channel's title from any line that named it (a line written before its title was known).
  const titleOf = new Map<string, string>();
  for (const line of lines) {
    const key = isCommandLine(line) ? line.target['channelKey'] : line.channelKey;
    const title = isCommandLine(line) ? line.target['channelTitle'] : line.channelTitle;
    if (typeof key === 'string' && typeof title === 'string') titleOf.set(key, title);
    if (isCommandLine(line)) continue;
    if (line.broadcastKey && line.channelKey)
      channelOf.set(line.broadcastKey, { key: line.channelKey, title: line.channelTitle ?? null });
  }
  return lines.map((line, id) => {
    if (isCommandLine(line)) {
      const text = (field: string) => {
        const value = line.target[field];
        return typeof value === 'string' ? value : null;
      };
      const broadcastKey = text('broadcastKey');
      const known = broadcastKey ? channelOf.get(broadcastKey) : undefined;
      const channelKey = text('channelKey') ?? known?.key ?? null;
      return {
        ...blank(id, 'command', line.at),
        who: line.who,
        seat: line.seat,
        via: line.via,
        panel: line.panel ?? null,
        override: line.override === true,
        command: line.command,
        channelKey,
        channelTitle:
          text('channelTitle') ??
          (known?.key === channelKey ? known?.title : null) ??
          (channelKey ? titleOf.get(channelKey) : undefined) ??
          null,
        broadcastKey,
        broadcastTitle: text('broadcastTitle'),
        target: line.target,
        result: line.answer.ok ? 'ok' : line.answer.unknown ? 'unknown' : 'refused',
        status: line.answer.status,
        message: line.answer.ok ? null : line.answer.message,
        sent: line.answer.ok ? true : line.answer.sent,
        budgetWaitMs: line.budgetWaitMs,
        platformMs: line.platformMs,
        batch: line.batch
          ? {
              id: line.batch.id,
              part: line.batch.part,
              index: line.batch.index ?? null,
              total: line.batch.total,
              done: line.batch.done ?? null,
              failed: line.batch.failed ?? null,
              skipped: line.batch.skipped ?? null,
            }
          : null,
      };
    }
    return {
      ...blank(id, line.kind, line.at),
      channelKey: line.channelKey ?? null,
      channelTitle:
        line.channelTitle ?? (line.channelKey ? titleOf.get(line.channelKey) : undefined) ?? null,
      broadcastKey: line.broadcastKey ?? null,
      broadcastTitle: line.broadcastTitle ?? null,
      via: line.via ?? null,
      message: line.message ?? null,
      detail: line.api ?? line.topic ?? null,
      until: line.until ?? null,
      since: line.since ?? null,
      file: line.file ?? null,
      outcome: line.outcome ?? null,
    };
  });
}

function blank(id: number, kind: ActivityKind, at: string): ActivityItem {
  return {
    id,
    kind,
    at,
    who: null,
    seat: null,
    via: null,
    panel: null,
    override: false,
    command: null,
    channelKey: null,
    channelTitle: null,
    broadcastKey: null,
    broadcastTitle: null,
    target: {},
    result: null,
    status: null,
    message: null,
    sent: null,
    budgetWaitMs: null,
    platformMs: null,
    detail: null,
    until: null,
    since: null,
    file: null,
    outcome: null,
    batch: null,
  };
}

/** True when an item passes every filter given. */
export function matches(item: ActivityItem, filters: ActivityFilters): boolean {
  // The app's own: the commands it ran by itself, and its faults (both `via: 'app'`).
  const byApp = item.via === 'app';
  if (filters.origin === 'people' && byApp) return false;
  if (filters.origin === 'app' && !byApp) return false;
  if (filters.kinds && filters.kinds.length > 0 && !filters.kinds.includes(item.kind)) return false;
  if (filters.seat !== undefined && (item.seat ?? '') !== filters.seat) return false;
  if (filters.operator !== undefined && item.who !== filters.operator) return false;
  if (filters.channelKey !== undefined && item.channelKey !== filters.channelKey) return false;
  const at = Date.parse(item.at);
  if (filters.from !== undefined && at < Date.parse(filters.from)) return false;
  if (filters.to !== undefined && at >= Date.parse(filters.to)) return false;
  return true;
}

/** One page, newest first, with the operators, seats and channels of every item read. */
export function page(
  items: readonly ActivityItem[],
  filters: ActivityFilters,
  offset: number,
  limit: number,
): ActivityPage {
  const kept = items.filter((item) => matches(item, filters)).reverse();
  const operators = new Set<string>();
  const seats = new Set<string>();
  const channels = new Map<string, string | null>();
  for (const item of items) {
    if (item.who !== null) operators.add(item.who);
    if (item.seat !== null) seats.add(item.seat);
    if (item.channelKey !== null)
      channels.set(item.channelKey, item.channelTitle ?? channels.get(item.channelKey) ?? null);
  }
  return {
    items: kept.slice(offset, offset + limit),
    total: kept.length,
    operators: [...operators].sort(),
    seats: [...seats].sort(),
    channels: [...channels].map(([key, title]) => ({ key, title })),
  };
}

/** The texts a CSV needs in the operator's language. */
export interface CsvTexts {
  /** Column headings, in {@link csvColumns} order. */
  headings: Record<(typeof csvColumns)[number], string>;
  /** A command's title from the catalogue, or its name when unknown. */
  commandTitle: (command: string) => string;
  /** A kind in words. */
  kind: (kind: ActivityKind) => string;
}

/** The CSV's columns, in order. */
export const csvColumns = [
  'at',
  'kind',
  'operator',
  'seat',
  'via',
  'command',
  'commandTitle',
  'channel',
  'broadcast',
  'result',
  'status',
  'message',
  'budgetWaitMs',
  'platformMs',
  'detail',
] as const;

/**
 * The items as CSV (RFC 4180: comma-separated, CRLF lines, a field quoted when it holds a comma,
 * a quote, a line break or leading/trailing space, quotes doubled), preceded by a UTF-8 byte
 * order mark so spreadsheet programs read Korean text. A field starting with `=`, `+`, `-` or
 * `@` is prefixed with `'` so no spreadsheet runs it as a formula. Times ISO 8601 UTC.
 */
export function toCsv(items: readonly ActivityItem[], texts: CsvTexts): string {
  const rows = [
    csvColumns.map((column) => texts.headings[column]),
    ...items.map((item) => [
      item.at,
      texts.kind(item.kind),
      item.who ?? '',
      item.seat ?? '',
      item.via === 'panel' && item.panel ? `panel: ${item.panel}` : (item.via ?? ''),
      item.command ?? '',
      commandLineTitle(item, texts.commandTitle),
      item.channelTitle ?? item.channelKey ?? '',
      item.broadcastTitle ?? item.broadcastKey ?? '',
      item.result ?? item.outcome ?? '',
      item.status === null ? '' : String(item.status),
      item.message ?? item.file ?? '',
      item.budgetWaitMs === null ? '' : String(item.budgetWaitMs),
      item.platformMs === null ? '' : String(item.platformMs),
      item.detail ?? item.until ?? batchDetail(item.batch),
    ]),
  ];
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/**
 * A batch line's detail for the CSV: `batch <id> start of <total>`, `batch <id> <index>/<total>`,
 * `batch <id> end: <done> done, <failed> failed, <skipped> skipped`; empty for other lines.
 */
export function batchDetail(batch: ActivityItem['batch']): string {
  if (!batch) return '';
  if (batch.part === 'start') return `batch ${batch.id} start of ${batch.total}`;
  if (batch.part === 'operation') return `batch ${batch.id} ${batch.index ?? '?'}/${batch.total}`;
  return `batch ${batch.id} end: ${batch.done ?? 0} done, ${batch.failed ?? 0} failed, ${batch.skipped ?? 0} skipped`;
}

/** One CSV field, quoted when needed and kept from being read as a formula. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
