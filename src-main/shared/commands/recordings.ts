/**
 * Broadcast history and recording files (issue "Live administration"): the broadcasts of the
 * account or of one channel, a past broadcast with its summary statistics, and recording files
 * by account, channel or broadcast. Reads for a view, at `view` priority.
 */
import { z } from 'zod';
import type { Fresh } from '../model';
import type { BroadcastSummary, PageOf, PastBroadcast, RecordingFile } from '../recordings-model';
import { anyRole, command, defineCommands, returns } from './define';
import { isoDay, key, noInput } from './fields';

const order = z.enum(['id_desc', 'id_asc']).optional();
const page = z.number().int().min(1, 'Pages are numbered from 1.').optional();
const perPage = z
  .number()
  .int()
  .min(1, 'Show at least 1 item a page.')
  .max(100, 'Show at most 100 items a page.')
  .optional();

/** A channel a filter may pick. `scheduled`: it makes no recordings (guide fact). */
export interface RecordingChannel {
  key: string;
  title: string;
  scheduled: boolean;
}

/** Commands of broadcast history and recording files. */
export const recordingCommands = defineCommands({
  /** Channels for the filters: the first 100 live and the first 100 scheduled channels. */
  'recording.channels': command({
    scope: 'platform',
    input: noInput,
    output: returns<Fresh<RecordingChannel[]>>(),
    priority: 'view',
    category: 'recordings',
    effect: 'read',
    api: 'live',
    operations: ['live.listChannels'],
    roles: anyRole,
  }),
  /**
   * Broadcasts, newest first by default: of one channel (`scope: channel`, listChannelBroadcasts)
   * or of the account (listBroadcasts, optionally filtered by channel and on-air state).
   */
  'broadcast.history': command({
    scope: 'platform',
    input: z.discriminatedUnion('scope', [
      z.object({ scope: z.literal('channel'), channelKey: key, order, page, perPage }),
      z.object({
        scope: z.literal('account'),
        channelKey: key.optional(),
        onAir: z.boolean().optional(),
        order,
        page,
        perPage,
      }),
    ]),
    output: returns<Fresh<PageOf<PastBroadcast>>>(),
    priority: 'view',
    category: 'recordings',
    effect: 'read',
    api: 'live',
    operations: ['live.listChannelBroadcasts', 'live.listBroadcasts'],
    roles: anyRole,
  }),
  /** One broadcast (getBroadcast). */
  'broadcast.detail': command({
    scope: 'platform',
    input: z.object({ broadcastKey: key }),
    output: returns<Fresh<PastBroadcast>>(),
    priority: 'view',
    category: 'recordings',
    effect: 'read',
    api: 'live',
    operations: ['live.getBroadcast'],
    roles: anyRole,
  }),
  /**
   * Key metrics of one broadcast over its own start and end (getBroadcastSummary); refused
   * with the platform's reason while on air and until about 30 minutes after it ended.
   */
  'broadcast.summary': command({
    scope: 'platform',
    input: z.object({ broadcastKey: key }),
    output: returns<Fresh<BroadcastSummary>>(),
    priority: 'view',
    category: 'recordings',
    effect: 'read',
    api: 'live',
    operations: ['live.getBroadcastSummary'],
    roles: anyRole,
  }),
  /**
   * Recording files, filtered: of one broadcast (needs its channel), of one channel, or all;
   * `from`/`to` are UTC days on the file's start (`to` inclusive).
   */
  'recording.list': command({
    scope: 'platform',
    input: z
      .object({
        channelKey: key.optional(),
        broadcastKey: key.optional(),
        kind: z.enum(['segment', 'duplicate']).optional(),
        from: isoDay.optional(),
        to: isoDay.optional(),
        order,
        page,
        perPage,
      })
      .refine((input) => input.broadcastKey === undefined || input.channelKey !== undefined, {
        message: "Pick the broadcast's channel too.",
      })
      .refine(
        (input) => input.from === undefined || input.to === undefined || input.from <= input.to,
        { message: 'The first day must not be after the last day.' },
      ),
    output: returns<Fresh<PageOf<RecordingFile>>>(),
    priority: 'view',
    category: 'recordings',
    effect: 'read',
    api: 'live',
    operations: [
      'live.listBroadcastRecordingFiles',
      'live.listChannelRecordingFiles',
      'live.listRecordingFiles',
    ],
    roles: anyRole,
  }),
});
