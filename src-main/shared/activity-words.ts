/**
 * The journal's event lines in words (catalogue keys `activity.kinds.*`, `activity.events.*`,
 * `activity.topics.*`): what the desk saw, no operator named. One wording for the Activity
 * view (src-renderer/lib/activity-words.ts), the CSV and the event-day report, each passing its
 * catalogue and its way of writing a UTC time.
 */
import type { ActivityItem } from './activity-model';

/** The catalogue key part of a kind (`on-air` → `onAir`). */
export function kindKey(kind: ActivityItem['kind']): string {
  return kind === 'budget-429'
    ? 'budget429'
    : kind.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());
}

/**
 * An event line in words (`activity.events.*`); a command line answers its command's name
 * (the callers say commands their own way).
 * @param t the catalogue in the operator's language.
 * @param time writes an ISO 8601 UTC time (default: as it is).
 */
export function eventText(
  item: ActivityItem,
  t: (key: string, params?: Record<string, string | number>) => string,
  time: (iso: string) => string = (iso) => iso,
): string {
  switch (item.kind) {
    case 'on-air':
      // First seen on air in this run: the platform's start is said, not the sighting's.
      return item.since && Date.parse(item.since) < Date.parse(item.at) - 60_000
        ? t('activity.events.onAirSince', { time: time(item.since) })
        : t('activity.events.onAir');
    case 'off-air':
      return t('activity.events.offAir');
    case 'recording-started':
      return item.since && Date.parse(item.since) < Date.parse(item.at) - 60_000
        ? t('activity.events.recordingStartedSince', { time: time(item.since) })
        : t('activity.events.recordingStarted');
    case 'recording-stopped':
      return t('activity.events.recordingStopped');
    case 'budget-429':
      return t('activity.events.budget429', {
        api: item.detail ?? '',
        until: item.until ? time(item.until) : '',
      });
    case 'stale':
      return t('activity.events.stale', { topic: topicText(item.detail, t) });
    case 'fresh':
      return t('activity.events.fresh', { topic: topicText(item.detail, t) });
    case 'upload':
      return t(
        item.outcome === 'failed' ? 'activity.events.uploadFailed' : 'activity.events.uploadDone',
        {
          file: item.file ?? '',
        },
      );
    case 'fault':
      return t('activity.events.fault', { detail: item.detail ?? '' });
    case 'command':
      return item.command ?? '';
  }
}

/** A watch's topic in words (`activity.topics.*`); an unknown one as recorded. */
function topicText(
  detail: string | null,
  t: (key: string, params?: Record<string, string | number>) => string,
): string {
  return detail && ['channels', 'broadcast', 'participants', 'viewers'].includes(detail)
    ? t(`activity.topics.${detail}`)
    : (detail ?? '');
}
