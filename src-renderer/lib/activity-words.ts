/**
 * The words of one Activity line (docs/dev/architecture.md, "Activity"): what happened (the
 * command's title or the event), the result and the way in, in the operator's language
 * (catalogue keys `activity.*`); times through formatUtc, UTC.
 */
import {
  batchStep,
  commandLineTitle,
  type ActivityItem,
} from '../../src-main/shared/activity-model';
import { eventText } from '../../src-main/shared/activity-words';
import { commandTextKeys } from '../../src-main/shared/command-texts';
import { isCommandName } from '../../src-main/shared/bridge';
import type { MessageKey } from '../../src-main/shared/i18n/message';
import { t, tMessage } from '../i18n/i18n.svelte';
import { formatUtc } from './format';

/** The catalogue key of each kind of line. */
export const kindKeys: Record<ActivityItem['kind'], MessageKey> = {
  command: 'activity.kinds.command',
  'on-air': 'activity.kinds.onAir',
  'off-air': 'activity.kinds.offAir',
  'recording-started': 'activity.kinds.recordingStarted',
  'recording-stopped': 'activity.kinds.recordingStopped',
  'budget-429': 'activity.kinds.budget429',
  stale: 'activity.kinds.stale',
  fresh: 'activity.kinds.fresh',
  upload: 'activity.kinds.upload',
  fault: 'activity.kinds.fault',
};

/** What happened, in the operator's words: the command's title or the event. */
export function what(item: ActivityItem): string {
  switch (item.kind) {
    case 'command': {
      const title = commandLineTitle(item, (command) =>
        isCommandName(command) ? t(commandTextKeys(command).title as MessageKey) : command,
      );
      return item.batch
        ? `${title} · ${batchStep(item.batch, (key, params) => tMessage({ key, params }))}`
        : title;
    }
    default:
      return eventText(
        item,
        (key, params) => tMessage({ key: key as MessageKey, ...(params ? { params } : {}) }),
        formatUtc,
      );
  }
}

/**
 * The result in words: done (with the status), refused with the platform's words, unknown (a
 * change sent that got no answer), or the event's message.
 */
export function outcome(item: ActivityItem): string {
  if (item.result === 'ok') {
    const done =
      item.status === null ? t('activity.done') : t('activity.doneStatus', { status: item.status });
    return item.override ? `${done} (${t('activity.overrode')})` : done;
  }
  if (item.result === 'refused') {
    const text =
      item.status === null
        ? t('activity.refused', { message: item.message ?? '' })
        : t('activity.refusedStatus', { status: item.status, message: item.message ?? '' });
    return item.sent === false ? `${text} (${t('activity.notSent')})` : text;
  }
  if (item.result === 'unknown') return t('activity.unknown', { message: item.message ?? '' });
  return item.kind === 'upload' || item.kind === 'stale' ? (item.message ?? '') : '';
}

/** The way in (palette, shortcut, panel “Companion”...) in words; empty when not known. */
export function via(item: ActivityItem): string {
  if (!item.via) return '';
  const way = t(`activity.via.${item.via}` as MessageKey);
  return item.via === 'panel' && item.panel ? `${way} “${item.panel}”` : way;
}
