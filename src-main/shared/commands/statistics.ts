/**
 * The Statistics view: live and VOD statistics (issues "Live administration", "The VOD library").
 * Every read runs at `view` priority: exports are made in the renderer from the data on screen,
 * so no export reads the platform again. Days are UTC `YYYY-MM-DD`, both ends inclusive as the
 * operator picks them; main turns them into each API's own period (services/statistics-*.ts).
 */
import { z } from 'zod';
import type { Fresh } from '../model';
import type {
  BroadcastChoice,
  ChatBucket,
  ContentRankRow,
  LiveDaily,
  LiveSummary,
  ScheduledDaily,
  VodChannelChoice,
  VodChannelRow,
  VodDaily,
  ViewerBucket,
} from '../statistics-model';
import { anyRole, command, defineCommands, returns } from './define';
import { channelInput, key, noInput } from './fields';

/** A UTC day, `YYYY-MM-DD`. */
const day = z.iso.date({ message: 'Give a day like 2026-11-20.' });

/** A period of whole UTC days, both inclusive. */
const period = { from: day, to: day };

/** Whose live statistics (model `LiveScope`). */
const liveTarget = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('all') }),
  z.object({ scope: z.literal('channel'), channelKey: key }),
  z.object({ scope: z.literal('broadcast'), broadcastKey: key }),
]);

/** Commands of the Statistics view. */
export const statisticsCommands = defineCommands({
  /** The latest 100 broadcasts of a live channel, newest first, to pick one (listChannelBroadcasts). */
  'statistics.broadcasts': command({
    scope: 'platform',
    input: channelInput,
    output: returns<BroadcastChoice[]>(),
    priority: 'view',
    category: 'statistics',
    effect: 'read',
    api: 'live',
    operations: ['live.listChannelBroadcasts'],
    roles: anyRole,
  }),
  /** A viewer curve of one UTC day (getViewerStatistics / getChannel… / getBroadcast…). */
  'statistics.viewers': command({
    scope: 'platform',
    input: z.object({
      target: liveTarget,
      day,
      interval: z.union([z.literal(5), z.literal(10)]),
    }),
    output: returns<Fresh<ViewerBucket[]>>(),
    priority: 'view',
    category: 'statistics',
    effect: 'read',
    api: 'live',
    operations: [
      'live.getViewerStatistics',
      'live.getChannelViewerStatistics',
      'live.getBroadcastViewerStatistics',
    ],
    roles: anyRole,
  }),
  /**
   * Key metrics of a period (getSummary / getChannelSummary), or of a whole broadcast
   * (getBroadcastSummary: the period is the broadcast's own, `from`/`to` are not sent).
   */
  'statistics.summary': command({
    scope: 'platform',
    input: z.object({ target: liveTarget, ...period }),
    output: returns<Fresh<LiveSummary>>(),
    priority: 'view',
    category: 'statistics',
    effect: 'read',
    api: 'live',
    operations: ['live.getSummary', 'live.getChannelSummary', 'live.getBroadcastSummary'],
    roles: anyRole,
  }),
  /** Key metrics per UTC day, all broadcasts (live getSummaryDaily). */
  'statistics.daily': command({
    scope: 'platform',
    input: z.object(period),
    output: returns<Fresh<LiveDaily[]>>(),
    priority: 'view',
    category: 'statistics',
    effect: 'read',
    api: 'live',
    operations: ['live.getSummaryDaily'],
    roles: anyRole,
  }),
  /** Chat use per hour or day (getChatStats). */
  'statistics.chat': command({
    scope: 'platform',
    input: z.object({ unit: z.enum(['hour', 'day']), ...period }),
    output: returns<Fresh<ChatBucket[]>>(),
    priority: 'view',
    category: 'statistics',
    effect: 'read',
    api: 'live',
    operations: ['live.getChatStats'],
    roles: anyRole,
  }),
  /** Scheduled (programmed) output per UTC day (live getVodSummaryDaily). */
  'statistics.scheduledDaily': command({
    scope: 'platform',
    input: z.object(period),
    output: returns<Fresh<ScheduledDaily[]>>(),
    priority: 'view',
    category: 'statistics',
    effect: 'read',
    api: 'live',
    operations: ['live.getVodSummaryDaily'],
    roles: anyRole,
  }),
  /** The VOD channels (first 100), to rank one channel's contents (VOD listChannels). */
  'statistics.vodChannels': command({
    scope: 'platform',
    input: noInput,
    output: returns<VodChannelChoice[]>(),
    priority: 'view',
    category: 'statistics',
    effect: 'read',
    api: 'vod',
    operations: ['vod.listChannels'],
    roles: anyRole,
  }),
  /** Most viewed contents of the account or of one VOD channel (getContentRank / getChannelContentRank). */
  'statistics.contentRank': command({
    scope: 'platform',
    input: z.object({
      channelKey: key.optional(),
      limit: z.number().int().min(1).max(100),
      ...period,
    }),
    output: returns<Fresh<ContentRankRow[]>>(),
    priority: 'view',
    category: 'statistics',
    effect: 'read',
    api: 'vod',
    operations: ['vod.getContentRank', 'vod.getChannelContentRank'],
    roles: anyRole,
  }),
  /** Totals per VOD channel (getChannelStatistics). */
  'statistics.vodChannelTotals': command({
    scope: 'platform',
    input: z.object(period),
    output: returns<Fresh<VodChannelRow[]>>(),
    priority: 'view',
    category: 'statistics',
    effect: 'read',
    api: 'vod',
    operations: ['vod.getChannelStatistics'],
    roles: anyRole,
  }),
  /** All VOD content per UTC day (VOD getSummaryDaily). */
  'statistics.vodDaily': command({
    scope: 'platform',
    input: z.object(period),
    output: returns<Fresh<VodDaily[]>>(),
    priority: 'view',
    category: 'statistics',
    effect: 'read',
    api: 'vod',
    operations: ['vod.getSummaryDaily'],
    roles: anyRole,
  }),
});
