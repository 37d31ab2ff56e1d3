/**
 * The Activity view's shapes (docs/dev/architecture.md, "Activity"): one line of a workspace's
 * journal as the renderer gets it, the filters it asks with, and what an export answers.
 * Pure types (and pure readings of them: a command line's title, a batch line's step), shared
 * by main and the renderer.
 */

/** What a journal line records: a command (any way in) or an event main saw. */
export type ActivityKind =
  | 'command'
  | 'on-air'
  | 'off-air'
  | 'recording-started'
  | 'recording-stopped'
  | 'budget-429'
  | 'stale'
  | 'fresh'
  | 'upload'
  | 'fault';

/** Every kind, in the order the view's filter lists them. */
export const activityKinds = [
  'command',
  'on-air',
  'off-air',
  'recording-started',
  'recording-stopped',
  'budget-429',
  'stale',
  'fresh',
  'upload',
  'fault',
] as const satisfies readonly ActivityKind[];

/** One line of the Activity list, newest first in a page. */
export interface ActivityItem {
  /** Its place in the journal of the range read (stable while the range is the same). */
  id: number;
  kind: ActivityKind;
  /** When it happened (a command: when it reached main), ISO 8601 UTC. */
  at: string;
  /** Operator's name (commands only). */
  who: string | null;
  /** The studio seat; null at this workstation or for events. */
  seat: string | null;
  /** How a command came in (`button`, `key`, `palette`, `panel`, `seat`, `app`). */
  via: string | null;
  /** The hardware panel's name when `via` is `panel`; null otherwise. */
  panel: string | null;
  /** The command went ahead over another operator's change the operator was shown (crossing). */
  override: boolean;
  /** The command's name, e.g. `broadcast.stopRecording`; null for events. */
  command: string | null;
  /** The channel it concerns, when known. */
  channelKey: string | null;
  /** The channel's title as the platform holds it, when known. */
  channelTitle: string | null;
  /** The broadcast it concerns, when known. */
  broadcastKey: string | null;
  /** The broadcast's title, when known. */
  broadcastTitle: string | null;
  /** Other target fields of a command (keys, ids, titles), as recorded. */
  target: Record<string, string | string[]>;
  /**
   * `ok`; `refused` (by the pipeline or the platform); `unknown`: a change sent that got no
   * answer (its connection dropped, or it was cancelled on the wire), which the platform may
   * have acted on; null for events.
   */
  result: 'ok' | 'refused' | 'unknown' | null;
  /** The platform's HTTP status of the last call, when one was made. */
  status: number | null;
  /** A refusal's message, a stale poll's error, a failed upload's problem. */
  message: string | null;
  /** Whether a refused (or unknown) command reached the platform. */
  sent: boolean | null;
  /** ms the command's calls waited for the API budget. */
  budgetWaitMs: number | null;
  /** ms the platform took over the command's calls. */
  platformMs: number | null;
  /** `budget-429`: which API; `stale`/`fresh`: which watch. */
  detail: string | null;
  /** `budget-429`: when the pause ends, ISO 8601 UTC. */
  until: string | null;
  /** `on-air`: when the broadcast went on air (the platform's start), ISO 8601 UTC. */
  since: string | null;
  /** `upload`: the file's name. */
  file: string | null;
  /** `upload`: how it ended. */
  outcome: 'done' | 'failed' | null;
  /**
   * A batch's line: its start, one operation (`index` of `total`) or its end (the counts);
   * null for any other line.
   */
  batch: ActivityBatch | null;
}

/** Which line of a batch an item is (services/core/command-journal.ts). */
export interface ActivityBatch {
  id: string;
  part: 'start' | 'operation' | 'end';
  index: number | null;
  total: number;
  done: number | null;
  failed: number | null;
  skipped: number | null;
}

/**
 * Whose lines the Activity view shows: `people` (its default) the commands a person ran (any
 * way in but `app`) and what the platform did (on and off air, 429s, stale polls, uploads);
 * `app` the commands the app ran by itself (`via: 'app'`); `all` both.
 */
export type ActivityOrigin = 'people' | 'app' | 'all';

/** Every origin, in the order the view offers them. */
export const activityOrigins = [
  'people',
  'app',
  'all',
] as const satisfies readonly ActivityOrigin[];

/** A page of the Activity list with what its filters can offer. */
export interface ActivityPage {
  items: ActivityItem[];
  /** Lines matching the filters (every page). */
  total: number;
  /** Operators, seats and channels seen in the range read (for the filters). */
  operators: string[];
  seats: string[];
  channels: { key: string; title: string | null }[];
}

/** An export for the host to save: the file's suggested name, its type and its text. */
export interface ActivityExport {
  fileName: string;
  /** `text/csv;charset=utf-8` or `text/html;charset=utf-8`. */
  mime: string;
  content: string;
  /** How many lines it holds. */
  lines: number;
}

/**
 * What a command's line names as its command: `title` of its command and, after ` · `, of the
 * command it acted on when its target names one (`waitingCommand`: the command an operator's
 * `command.cancelWaiting` called off). Empty for an event's line.
 * @param title a command's title in the operator's language, from its name.
 */
export function commandLineTitle(
  item: Pick<ActivityItem, 'command' | 'target'>,
  title: (command: string) => string,
): string {
  if (item.command === null) return '';
  const acted = item.target['waitingCommand'];
  const own = title(item.command);
  return typeof acted === 'string' ? `${own} · ${title(acted)}` : own;
}

/** The catalogue keys a batch line's step is said with (`activity.batch.*`). */
export type BatchStepKey =
  'activity.batch.start' | 'activity.batch.operation' | 'activity.batch.end';

/**
 * Which line of a batch an item is, in words: its start (how many operations), one operation
 * (`index` of `total`) or its end with the counts (done, failed, not sent). The Activity view
 * and the event-day report say it after the command's title.
 * @param t the catalogue in the operator's language.
 */
export function batchStep(
  batch: ActivityBatch,
  t: (key: BatchStepKey, params: Record<string, number>) => string,
): string {
  if (batch.part === 'start') return t('activity.batch.start', { count: batch.total });
  if (batch.part === 'operation')
    return t('activity.batch.operation', { index: batch.index ?? 0, total: batch.total });
  return t('activity.batch.end', {
    done: batch.done ?? 0,
    failed: batch.failed ?? 0,
    skipped: batch.skipped ?? 0,
  });
}
