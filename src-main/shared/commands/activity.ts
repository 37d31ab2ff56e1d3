/**
 * The activity domain (docs/dev/architecture.md, "Activity"): the open workspace's journal of
 * commands and events (services/core/audit-log.ts) read with filters, and exported as CSV or as
 * one self-contained HTML report of an event day. No platform call.
 */
import { z } from 'zod';
import type { ActivityExport, ActivityPage } from '../activity-model';
import { activityKinds, activityOrigins } from '../activity-model';
import { defineCommands, localState, returns } from './define';
import { isoDay, isoTime, key } from './fields';

/** The filters of the Activity view and of both exports; absent: everything. */
export const activityFilters = z.object({
  /** A studio seat; `''` the workstation itself. */
  seat: z.string().max(100).optional(),
  /** An operator's name, exactly as recorded. */
  operator: z.string().max(200).optional(),
  /** A channel key. */
  channelKey: key.optional(),
  /** Whose lines (`ActivityOrigin`); absent: `all`. */
  origin: z.enum(activityOrigins).optional(),
  /** Kinds of lines to keep; absent or empty: every kind. */
  kinds: z.array(z.enum(activityKinds)).max(activityKinds.length).optional(),
  /** From this instant (inclusive), ISO 8601 with offset. */
  from: isoTime.optional(),
  /** Until this instant (exclusive). */
  to: isoTime.optional(),
});

/** The language of an export's labels. */
const exportLanguage = z.enum(['en', 'ko']).default('en');

/** The activity domain's commands. */
export const activityCommands = defineCommands({
  /**
   * A page of the open workspace's journal, newest first, matching the filters (seat,
   * operator, channel, kinds, time), with the operators, seats and channels the range holds.
   */
  'activity.query': localState('read', {
    scope: 'platform',
    input: activityFilters.extend({
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(1000).default(200),
    }),
    output: returns<ActivityPage>(),
  }),
  /**
   * The matching lines as CSV (UTF-8 with a byte-order mark, so spreadsheet programs read
   * Korean; comma-separated, RFC 4180 quoting), oldest first, headers in `language`.
   */
  'activity.exportCsv': localState('read', {
    scope: 'platform',
    input: activityFilters.extend({ language: exportLanguage }),
    output: returns<ActivityExport>(),
  }),
  /**
   * One event day (UTC) as a self-contained HTML report: a timeline of on-air periods,
   * commands, refusals, 429s, stale periods and uploads drawn as inline SVG (ECharts'
   * server-side rendering), then every line; no script, no external resource.
   */
  'activity.exportReport': localState('read', {
    scope: 'platform',
    input: z.object({ day: isoDay, channelKey: key.optional(), language: exportLanguage }),
    output: returns<ActivityExport>(),
  }),
});
