/**
 * The control room's commands and events: broadcasts and their watches (services/control-room.ts,
 * services/watch-planner.ts); its channel list is `channels.list`, shared with the Channels view. Reads for what is on screen run at
 * `view` priority, the operator's buttons at `command`, watches at `watch`.
 */
import { z } from 'zod';
import {
  channelOrders,
  type Broadcast,
  type ChatParticipants,
  type CommandWaiting,
  type Fresh,
  type ViewerSeries,
  type WatchUpdate,
} from '../model';
import { anyRole, command, defineCommands, defineEvents, event, returns } from './define';
import { isoTime, key, requiredText } from './fields';

const broadcastInput = z.object({ broadcastKey: key });

/**
 * Which channel to focus in the control room: the n-th of its list as the keys 1 … 9 count it
 * (from 1, on air first), or the channel with that key.
 */
export type ChannelFocus = { position: number } | { channelKey: string };

/** Commands of the control room. */
export const controlRoomCommands = defineCommands({
  'broadcast.get': command({
    scope: 'platform',
    input: broadcastInput,
    output: returns<Fresh<Broadcast>>(),
    priority: 'view',
    category: 'controlRoom',
    effect: 'read',
    api: 'live',
    roles: anyRole,
    operations: ['live.getBroadcast'],
  }),
  'broadcast.participants': command({
    scope: 'platform',
    input: broadcastInput,
    output: returns<Fresh<ChatParticipants>>(),
    priority: 'view',
    category: 'controlRoom',
    effect: 'read',
    api: 'live',
    roles: anyRole,
    operations: ['live.getChattingJoinedUsers'],
  }),
  'broadcast.viewers': command({
    scope: 'platform',
    input: broadcastInput,
    output: returns<Fresh<ViewerSeries>>(),
    priority: 'view',
    category: 'controlRoom',
    effect: 'read',
    api: 'live',
    roles: anyRole,
    operations: ['live.getBroadcastViewerStatistics'],
  }),
  'broadcast.rename': command({
    scope: 'platform',
    input: z.object({
      broadcastKey: key,
      title: requiredText(200, 'A broadcast needs a title.', 'Titles are at most 200 characters.'),
    }),
    output: returns<Fresh<Broadcast>>(),
    priority: 'command',
    category: 'controlRoom',
    effect: 'change',
    api: 'live',
    roles: anyRole,
    operations: ['live.updateBroadcast', 'live.getBroadcast'],
    // No precondition: the spec's PUT broadcasts/{broadcast_key} renames an ended broadcast
    // too, and its title then names the archive. A panel renames only to its preset titles
    // (hosts/panel-api.ts).
    offer: { palette: true, panel: true },
  }),
  'broadcast.startRecording': command({
    scope: 'platform',
    input: broadcastInput,
    output: returns<Fresh<Broadcast>>(),
    priority: 'command',
    category: 'controlRoom',
    effect: 'change',
    api: 'live',
    roles: anyRole,
    operations: ['live.startDuplicateRecording', 'live.getBroadcast'],
    precondition: 'recordingStopped',
    offer: { keys: true, palette: true, panel: true },
    shortcut: 'KeyR',
  }),
  'broadcast.stopRecording': command({
    scope: 'platform',
    input: broadcastInput,
    output: returns<Fresh<Broadcast>>(),
    priority: 'command',
    category: 'controlRoom',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: 'live',
    roles: anyRole,
    operations: ['live.stopDuplicateRecording', 'live.getBroadcast'],
    precondition: 'recordingRunning',
    offer: { keys: true, palette: true, panel: true },
    shortcut: 'Shift+KeyR',
  }),
  'broadcast.setCuePoint': command({
    scope: 'platform',
    input: z.object({ broadcastKey: key, at: isoTime.optional() }),
    output: returns<Fresh<Broadcast>>(),
    priority: 'command',
    category: 'controlRoom',
    effect: 'change',
    api: 'live',
    roles: anyRole,
    operations: ['live.setTimeshiftCuePoint', 'live.getBroadcast'],
    precondition: 'broadcastOnAir',
    offer: { keys: true, palette: true, panel: true },
    shortcut: 'KeyC',
  }),
  /**
   * Focuses a channel in the control room of this desk's pages: the one at `position` in the
   * channel list as the keys 1 … 9 count it (on air first), or the one with `channelKey`.
   * Pushes `channel.focusRequested`; no platform call, nothing changes on the platform.
   */
  'channel.focus': command({
    // This desk's own pages: a panel on a seat focuses the seat's control room, not the hub's.
    scope: 'workstation',
    input: z
      .object({
        position: z.number().int().min(1).max(99).optional(),
        channelKey: key.optional(),
      })
      .refine(
        (input) => (input.position === undefined) !== (input.channelKey === undefined),
        'Give a channel position (1 to 99) or a channel key.',
      ),
    output: returns<ChannelFocus>(),
    priority: 'local',
    category: 'controlRoom',
    effect: 'read',
    api: null,
    roles: anyRole,
    operations: [],
    offer: { panel: true },
  }),
  /**
   * Starts a watch; the planner polls it at `watch` priority and pushes `watch.update`. The
   * answer carries `latest`: the last update of each of the watch's tasks another watch already
   * had read (a second window joining it), which the page takes as if pushed instead of
   * reading them itself (docs/dev/architecture.md, "The API budget").
   */
  'watch.subscribe': command({
    scope: 'platform',
    input: z.object({
      spec: z.discriminatedUnion('kind', [
        z.object({
          kind: z.literal('channels'),
          keyword: z.string().trim().max(100).optional(),
          order: z.enum(channelOrders).optional(),
        }),
        z.object({ kind: z.literal('broadcast'), broadcastKey: key, focused: z.boolean() }),
        z.object({ kind: z.literal('multiview'), pinned: z.array(key).max(2).optional() }),
      ]),
    }),
    output: returns<{ watchId: string; latest: WatchUpdate[] }>(),
    priority: 'watch',
    category: 'controlRoom',
    effect: 'read',
    api: 'live',
    roles: anyRole,
    // The watch planner's polls, at `watch` priority, after this answers.
    operations: [
      'live.listChannels',
      'live.getBroadcast',
      'live.getChattingJoinedUsers',
      'live.getBroadcastViewerStatistics',
      'live.listBroadcasts',
      'live.getViewerStatistics',
    ],
  }),
  /**
   * Cancels a control-room command waiting for the budget after a 429 (the `id` of its
   * `command.waiting` event): nothing more is sent for it (a resend already on the wire runs
   * on, and the command says so). A cancel that called something off is journaled, naming
   * that command (`waitingCommand`, `broadcastKey`).
   */
  'command.cancelWaiting': command({
    scope: 'platform',
    input: z.object({ id: z.string().min(1).max(64) }),
    output: returns<{ cancelled: boolean }>(),
    priority: 'local',
    category: 'controlRoom',
    effect: 'read',
    journal: 'whenActed',
    api: null,
    roles: anyRole,
    operations: [],
  }),
  'watch.unsubscribe': command({
    scope: 'platform',
    input: z.object({ watchId: z.string().min(1).max(64) }),
    output: returns<{ removed: boolean }>(),
    priority: 'local',
    category: 'controlRoom',
    effect: 'read',
    api: null,
    roles: anyRole,
    operations: [],
  }),
});

/** Events of the control room. */
export const controlRoomEvents = defineEvents({
  /** A watch fetched something new. */
  'watch.update': event<WatchUpdate>(),
  /** A command refused for budget waits to be tried again, or settled after waiting. */
  'command.waiting': event<CommandWaiting>(),
  /**
   * A panel (or another way in) asked this desk's control room to focus a channel. This desk's
   * pages only: a hub never passes it to its seats, whose control rooms are their operators'.
   */
  'channel.focusRequested': event<ChannelFocus>('workstation'),
});
