/**
 * What the event-day report counts (docs/dev/architecture.md, "Activity"): a batch is one
 * command, its refused (or unanswered) operations refusals (or unknown outcomes) at their
 * times, its end line only the counts; the summary and the timeline's rows count the same.
 */
import type { ActivityItem } from '../../shared/activity-model';

/**
 * Whether a line counts as a command in the summary and the timeline's Commands row: a command
 * outside a batch, or a batch's start (a batch is one command).
 */
export function isCommand(item: ActivityItem): boolean {
  return item.kind === 'command' && (item.batch === null || item.batch.part === 'start');
}

/**
 * Whether a line counts as a refusal or an unknown outcome (a change sent that got no answer):
 * a command outside a batch or one operation of a batch, each at its time. A batch's end line
 * only carries the counts: its failures are its operations'. null: neither.
 */
export function outcomeTally(item: ActivityItem): 'refusal' | 'unknown' | null {
  if (item.kind !== 'command' || item.batch?.part === 'end') return null;
  return item.result === 'refused' ? 'refusal' : item.result === 'unknown' ? 'unknown' : null;
}

/** The summary's figures of a day's lines. */
export function summaryCounts(items: readonly ActivityItem[]) {
  const commands = items.filter(isCommand);
  const ends = items.flatMap((item) => (item.batch?.part === 'end' ? [item.batch] : []));
  const sum = (field: 'done' | 'failed' | 'skipped') =>
    ends.reduce((total, end) => total + (end[field] ?? 0), 0);
  return {
    commands: commands.length,
    refusals: items.filter((item) => outcomeTally(item) === 'refusal').length,
    unknown: items.filter((item) => outcomeTally(item) === 'unknown').length,
    batches: commands.filter((item) => item.batch !== null).length,
    done: sum('done'),
    failed: sum('failed'),
    skipped: sum('skipped'),
  };
}
