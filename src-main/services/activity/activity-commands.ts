/**
 * Handlers of the activity domain (`shared/commands/activity.ts`): the open workspace's
 * journal (core/audit-log.ts) read for the Activity view and exported as CSV or as the
 * event-day report. Local: no platform call.
 */
import { activityCommands } from '../../shared/commands/activity';
import type { ActivityExport } from '../../shared/activity-model';
import { isCommandName } from '../../shared/bridge';
import { commandTextKeys } from '../../shared/command-texts';
import { createI18n, type Language } from '../../shared/i18n';
import { registerHandlers } from '../core/command-registry';
import type { AuditLog } from '../core/audit-log';
import {
  csvColumns,
  dayRange,
  matches,
  page,
  toCsv,
  toItems,
  type ActivityFilters,
} from './activity-query';
import { reportHtml } from './activity-report';
import { kindKey } from '../../shared/activity-words';

/** What the domain reads: the journal and the clock (epoch ms UTC). */
export interface ActivitySources {
  journal: Pick<AuditLog, 'lines'>;
  now: () => number;
}

/** Catalogue texts in one language, for main's exports. */
export function exportTexts(language: Language) {
  const i18n = createI18n(language);
  const t = (key: string, params?: Record<string, string | number>) =>
    (i18n.t as unknown as (k: string, p?: object) => string)(key, params);
  const commandTitle = (command: string) =>
    isCommandName(command) ? t(commandTextKeys(command).title) : command;
  const format = new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const time = (iso: string) => `${format.format(new Date(iso))} UTC`;
  return { t, commandTitle, time };
}

async function read(sources: ActivitySources, workspace: string, filters: ActivityFilters) {
  const [fromDay, toDay] = dayRange(filters);
  return toItems(await sources.journal.lines(workspace, fromDay, toDay));
}

/** The activity domain on the journal. */
export function activityHandlers(sources: ActivitySources) {
  return registerHandlers(activityCommands, {
    'activity.query': async ({ offset, limit, ...filters }, { session }) =>
      page(await read(sources, session.workspace.info.id, filters), filters, offset, limit),
    'activity.exportCsv': async (
      { language, ...filters },
      { session },
    ): Promise<ActivityExport> => {
      const items = (await read(sources, session.workspace.info.id, filters)).filter((item) =>
        matches(item, filters),
      );
      const { t, commandTitle } = exportTexts(language);
      const headings = Object.fromEntries(
        csvColumns.map((column) => [column, t(`activity.csv.${column}`)]),
      ) as Record<(typeof csvColumns)[number], string>;
      const content = toCsv(items, {
        headings,
        commandTitle,
        kind: (kind) => t(`activity.kinds.${kindKey(kind)}`),
      });
      return {
        fileName: `onair-activity-${stamp(sources.now())}.csv`,
        mime: 'text/csv;charset=utf-8',
        content,
        lines: items.length,
      };
    },
    'activity.exportReport': async ({ day, channelKey, language }, { session }) => {
      const filters: ActivityFilters = {
        from: `${day}T00:00:00Z`,
        to: new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString(),
        ...(channelKey ? { channelKey } : {}),
      };
      const all = await read(sources, session.workspace.info.id, filters);
      const items = all.filter((item) => matches(item, filters));
      const channel = channelKey
        ? (items.find((item) => item.channelKey === channelKey && item.channelTitle)
            ?.channelTitle ?? channelKey)
        : null;
      const content = reportHtml(
        {
          day,
          workspace: session.workspace.info.name,
          channel,
          items,
          now: sources.now(),
          language,
        },
        exportTexts(language),
      );
      return {
        fileName: `onair-event-day-${day}${channelKey ? `-${channelKey}` : ''}.html`,
        mime: 'text/html;charset=utf-8',
        content,
        lines: items.length,
      };
    },
  });
}

/** `20261126T150405Z` for file names. */
function stamp(now: number): string {
  return new Date(now)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}
