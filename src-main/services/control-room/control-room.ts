/**
 * The control room: reads and commands on live channels and broadcasts, in the app's model.
 * Commands run at `command` priority, reads for what is on screen at `view`, the watch
 * planner's polls at `watch`. Each value reaches the views by one path (docs/dev/architecture.md,
 * "Processes and trust"): a view read only in its answer; a poll and a command's result as a
 * `watch.update` event to every window, stamped with the time main fetched it (a command
 * changes what every window of that broadcast shows, so its result is theirs too).
 */
import { maxBudgetWaitMs } from '../../platform/write-resend';
import type { MessageRef } from '../../shared/i18n/message';
import { say } from '../../shared/i18n/say';
import type { LiveClient } from '../../platform/live-client';
import type { Priority } from '../../platform/scheduler';
import type {
  Broadcast,
  ChannelOrder,
  CommandWaiting,
  WaitingCommandName,
  ChannelSummary,
  ChatParticipants,
  Fresh,
  OnAirList,
  Page,
  ViewerSeries,
  WatchUpdate,
} from '../../shared/model';
import {
  toBroadcast,
  toChannelSummary,
  toParticipants,
  toBroadcastViewerSeries,
  toViewerSeries,
} from '../core/live-mappers';
import type { WatchTask, WatchTopic } from './watch-plan';
import type { AccountContext } from '../core/account-context';
import { pageOf } from '../core/platform-call';
import { BudgetWaits, type CancelledWait } from './budget-waits';
import { CommandOrder } from './command-order';

/**
 * What the control room's channel read asks (spec: Endpoints, GET channels): the channel
 * list's watch (`WatchSpec` kind `channels`), always every type and not trashed. Not the
 * query of `channels.list` (channels/channels.ts), which filters by state and type as well.
 */
export interface ChannelWatchQuery {
  keyword?: string;
  order?: ChannelOrder;
  page?: number;
  perPage?: number;
}

export interface ControlRoomOptions {
  /** The workspace's accounts: its live client, and the clock (epoch ms UTC) reads are stamped with. */
  account: AccountContext;
  /** Publishes a fresh value to every view (the `watch.update` event). */
  publish: (update: WatchUpdate) => void;
  /**
   * Told when a command's answer brought fresh state (epoch ms UTC), so the watch planner
   * need not spend a call reading it again.
   */
  observed?: (topic: WatchTopic, subject: string, fetchedAt: number) => void;
  /**
   * Told while a command refused for budget (429) waits to be tried again, and when it
   * settles (the `command.waiting` event), so the operator sees it waiting, not failed.
   */
  waiting?: (waiting: CommandWaiting) => void;
  /**
   * How long a command refused for budget is kept trying before it fails with the last 429,
   * ms (default 60 000): past that the operator has long stopped expecting it.
   */
  maxBudgetWaitMs?: number;
}

/** Reads and commands of the live control room. Methods throw PlatformError on refusal. */
export class ControlRoom {
  private readonly live: LiveClient;
  private readonly publish: (update: WatchUpdate) => void;
  private readonly observed: (topic: WatchTopic, subject: string, fetchedAt: number) => void;
  private readonly now: () => number;
  /** Commands joined when repeated, and sent in the order pressed per broadcast. */
  private readonly order = new CommandOrder<Fresh<Broadcast>>();
  /** The last state read of each broadcast (a view, a watch or a command's answer). */
  private readonly known = new Map<string, Fresh<Broadcast>>();
  /** Commands refused for budget, waiting to be tried again. */
  private readonly budgetWaits: BudgetWaits;

  constructor(options: ControlRoomOptions) {
    const { account } = options;
    this.budgetWaits = new BudgetWaits({
      waiting: options.waiting ?? (() => undefined),
      maxBudgetWaitMs: options.maxBudgetWaitMs ?? maxBudgetWaitMs,
      retryAt: () => account.liveScheduler.commandRetryAt(),
      retryAtChanges: (listener) => account.liveScheduler.subscribe(() => listener()),
      now: () => account.clock.now(),
    });
    this.live = account.live;
    this.publish = options.publish;
    this.observed = options.observed ?? (() => undefined);
    this.now = () => account.clock.now();
  }

  /**
   * The broadcast as last read, with when (epoch ms UTC), without a platform call; undefined
   * when it was never read. The command pipeline checks preconditions against it.
   */
  knownBroadcast(key: string): Fresh<Broadcast> | undefined {
    return this.known.get(key);
  }

  /**
   * One page of channels of every type, not trashed, with their on-air tally: the first page
   * of the one channel list `channels.list` answers with its defaults (state `all`, types
   * `all`), so a watch's update replaces that page in the renderer's one cache entry
   * (docs/dev/architecture.md, "Queries"); the control room leaves scheduled channels out.
   */
  async listChannels(
    query: ChannelWatchQuery,
    priority: Priority = 'view',
    signal?: AbortSignal,
  ): Promise<Fresh<Page<ChannelSummary>>> {
    const list = await this.live.listChannels(
      {
        channel_type: 'all',
        trashed: 0,
        ...(query.keyword ? { keyword: query.keyword } : {}),
        order: query.order ?? 'id_desc',
        page: query.page ?? 1,
        per_page: query.perPage ?? 100,
      },
      { priority, ...(signal ? { signal } : {}) },
    );
    return { data: pageOf(list, toChannelSummary), fetchedAt: this.now() };
  }

  /** One broadcast, read for a view: answered to the caller only. */
  async getBroadcast(key: string, signal?: AbortSignal): Promise<Fresh<Broadcast>> {
    return this.readBroadcast(key, 'view', signal);
  }

  /** Chat participants of an on-air broadcast, read for a view. */
  async participants(key: string, signal?: AbortSignal): Promise<Fresh<ChatParticipants>> {
    return this.readParticipants(key, 'view', signal);
  }

  /** Viewer counts of today (UTC) in 5-minute buckets, read for a view; the last is now. */
  async viewers(key: string, signal?: AbortSignal): Promise<Fresh<ViewerSeries>> {
    return this.readViewers(key, 'view', signal);
  }

  /**
   * Every broadcast on air in the account (one list read at `priority`), each remembered for
   * {@link knownBroadcast} so a tile's command is checked against it.
   */
  async listOnAir(priority: Priority = 'view', signal?: AbortSignal): Promise<Fresh<OnAirList>> {
    const raw = await this.live.listOnAirBroadcasts({ priority, ...(signal ? { signal } : {}) });
    const fetchedAt = this.now();
    const broadcasts = raw.data.map(toBroadcast);
    for (const data of broadcasts) this.remember({ data, fetchedAt });
    return { data: { broadcasts, total: raw.meta.total }, fetchedAt };
  }

  /**
   * The account's viewers today (UTC) in 5-minute buckets, summed over its broadcasts, and
   * each broadcast's series from the same read (live-v1.yaml AccountViewerStatisticsPoint: one
   * call gives every broadcast's audience; broadcasts on air in no bucket are absent).
   */
  async accountViewers(
    priority: Priority = 'view',
    signal?: AbortSignal,
  ): Promise<Fresh<ViewerSeries> & { broadcasts: Map<string, ViewerSeries> }> {
    const day = new Date(this.now()).toISOString().slice(0, 10);
    const raw = await this.live.accountViewers(5, day, { priority, ...(signal ? { signal } : {}) });
    return {
      data: toViewerSeries(raw.data, 5),
      broadcasts: toBroadcastViewerSeries(raw.data, 5),
      fetchedAt: this.now(),
    };
  }

  /** Renames a broadcast (PUT broadcasts/{key}); on 429, re-reads and renames only if still needed. */
  rename(key: string, title: string, asker = ''): Promise<Fresh<Broadcast>> {
    return this.order.once(`rename:${key}:${title}`, key, () =>
      this.commandWithRecheck(
        'broadcast.rename',
        key,
        asker,
        (signal) => this.live.updateBroadcastTitle(key, title, { priority: 'command', signal }),
        (b) => (b.title === title ? 'done' : 'retry'),
        null,
      ),
    );
  }

  /**
   * Starts manual recording. A second start of the same broadcast while one is under way
   * joins it (a double click sends one request); a stop pressed meanwhile is sent once the
   * start has settled. On 429 the call is not repeated blindly: the broadcast is re-read
   * once the platform accepts calls again, and the start is sent again only if the
   * broadcast is still on air and still not recording.
   */
  startRecording(key: string, asker = ''): Promise<Fresh<Broadcast>> {
    return this.order.once(`start-recording:${key}`, key, () =>
      this.commandWithRecheck(
        'broadcast.startRecording',
        key,
        asker,
        (signal) => this.live.startDuplicateRecording(key, { priority: 'command', signal }),
        (b) => (b.recording ? 'done' : b.onAir ? 'retry' : 'refuse'),
        say('errors.offAirBeforeRecording'),
      ),
    );
  }

  /** Stops manual recording; same single-flight, ordering and 429 rules as {@link startRecording}. */
  stopRecording(key: string, asker = ''): Promise<Fresh<Broadcast>> {
    return this.order.once(`stop-recording:${key}`, key, () =>
      this.commandWithRecheck(
        'broadcast.stopRecording',
        key,
        asker,
        (signal) => this.live.stopDuplicateRecording(key, { priority: 'command', signal }),
        (b) => (b.recording ? 'retry' : 'done'),
        say('errors.recordingAlreadyStopped'),
      ),
    );
  }

  /**
   * Sets the timeshift cue point to `at` (ISO-8601) or, when omitted, to the platform's now.
   * On 429, re-reads and sets it again only while the broadcast is still on air and the
   * cue point is not already there: at `at`, or (for the platform's now) moved since the press.
   */
  setCuePoint(key: string, at?: string, asker = ''): Promise<Fresh<Broadcast>> {
    // What "already there" means for the platform's now: a cue point other than the one
    // read before the press; with nothing read before (never, in the control room: its
    // precondition needs a read of the last 15 s), one at or after the press (epoch ms UTC).
    const known = this.known.get(key);
    const pressedAt = this.now();
    const wanted = at === undefined ? null : Date.parse(at);
    const isSet = (b: Broadcast): boolean => {
      if (b.cuePointAt === null) return false;
      if (wanted !== null) return Date.parse(b.cuePointAt) === wanted;
      return known
        ? b.cuePointAt !== known.data.cuePointAt
        : Date.parse(b.cuePointAt) >= pressedAt - 1_000;
    };
    return this.order.once(`cue:${key}`, key, () =>
      this.commandWithRecheck(
        'broadcast.setCuePoint',
        key,
        asker,
        (signal) => this.live.setCueSign(key, at, { priority: 'command', signal }),
        (b) => (isSet(b) ? 'done' : b.onAir && b.useTimeshift ? 'retry' : 'refuse'),
        say('errors.offAirBeforeCuePoint'),
      ),
    );
  }

  /**
   * Cancels a command waiting for the budget (`id` from the `command.waiting` event) that
   * `asker` sent (`''` this desk, else a seat's id; {@link BudgetWaits.cancel}).
   * @returns the command called off, or null when `asker` has no such run.
   */
  cancelWaiting(id: string, asker = ''): CancelledWait | null {
    return this.budgetWaits.cancel(id, asker);
  }

  /**
   * Runs one task of the watch planner at `watch` priority and publishes what it read.
   * @returns the update it published (the caller learns, e.g., that a broadcast went off air).
   */
  async poll(task: WatchTask, signal: AbortSignal): Promise<WatchUpdate> {
    const update = await this.pollRead(task, signal);
    this.publish(update);
    return update;
  }

  private async pollRead(task: WatchTask, signal: AbortSignal): Promise<WatchUpdate> {
    switch (task.topic) {
      case 'channels': {
        const spec: ChannelWatchQuery = task.spec.kind === 'channels' ? task.spec : {};
        const fresh = await this.listChannels(
          {
            ...(spec.keyword ? { keyword: spec.keyword } : {}),
            ...(spec.order ? { order: spec.order } : {}),
          },
          'watch',
          signal,
        );
        // Named by the list's task subject: the session addresses a copy to each watch of
        // that list (watch-answers.ts).
        return { kind: 'channels', watchId: task.subject, ...fresh };
      }
      case 'broadcast':
        return {
          kind: 'broadcast',
          broadcastKey: task.subject,
          ...(await this.readBroadcast(task.subject, 'watch', signal)),
        };
      case 'participants':
        return {
          kind: 'participants',
          broadcastKey: task.subject,
          ...(await this.readParticipants(task.subject, 'watch', signal)),
        };
      case 'viewers':
        return {
          kind: 'viewers',
          broadcastKey: task.subject,
          ...(await this.readViewers(task.subject, 'watch', signal)),
        };
      case 'onair':
        return { kind: 'onair', ...(await this.listOnAir('watch', signal)) };
      case 'audience': {
        // One read is every broadcast's viewers too: each is published as its own update
        // (the Multiview's tiles, a control room watching it) and spares its own read.
        const { data, broadcasts, fetchedAt } = await this.accountViewers('watch', signal);
        for (const [broadcastKey, series] of broadcasts) {
          this.publish({ kind: 'viewers', broadcastKey, fetchedAt, data: series, via: 'audience' });
          this.observed('viewers', broadcastKey, fetchedAt);
        }
        return { kind: 'audience', data, fetchedAt };
      }
    }
  }

  private async readBroadcast(
    key: string,
    priority: Priority,
    signal?: AbortSignal,
  ): Promise<Fresh<Broadcast>> {
    const raw = await this.live.getBroadcast(key, { priority, ...(signal ? { signal } : {}) });
    return this.remember({ data: toBroadcast(raw.data), fetchedAt: this.now() });
  }

  private async readParticipants(
    key: string,
    priority: Priority,
    signal?: AbortSignal,
  ): Promise<Fresh<ChatParticipants>> {
    const raw = await this.live.chatJoinedUsers(key, { priority, ...(signal ? { signal } : {}) });
    return { data: toParticipants(raw.data), fetchedAt: this.now() };
  }

  private async readViewers(
    key: string,
    priority: Priority,
    signal?: AbortSignal,
  ): Promise<Fresh<ViewerSeries>> {
    const day = new Date(this.now()).toISOString().slice(0, 10);
    const raw = await this.live.broadcastViewers(key, 5, day, {
      priority,
      ...(signal ? { signal } : {}),
    });
    return { data: toViewerSeries(raw.data, 5), fetchedAt: this.now() };
  }

  /** Keeps the newest read of a broadcast for {@link knownBroadcast}. */
  private remember(fresh: Fresh<Broadcast>): Fresh<Broadcast> {
    const before = this.known.get(fresh.data.key);
    if (!before || before.fetchedAt <= fresh.fetchedAt) this.known.set(fresh.data.key, fresh);
    return fresh;
  }

  /** A command's result: to every window once, and to the planner so it skips a read. */
  private commandResult(broadcast: Broadcast): Fresh<Broadcast> {
    const fresh = this.remember({ data: broadcast, fetchedAt: this.now() });
    this.publish({ kind: 'broadcast', broadcastKey: broadcast.key, ...fresh });
    this.observed('broadcast', broadcast.key, fresh.fetchedAt);
    return fresh;
  }

  /**
   * Sends a command through {@link BudgetWaits.run}: re-read and decide after each 429.
   * `asker`: who alone may cancel it while it waits (`''` this desk, else a seat's id).
   */
  private commandWithRecheck(
    command: WaitingCommandName,
    key: string,
    asker: string,
    send: (signal: AbortSignal) => Promise<{ data: Parameters<typeof toBroadcast>[0] }>,
    decide: (current: Broadcast) => 'done' | 'retry' | 'refuse',
    refusal: { message: string; text: MessageRef } | null,
  ): Promise<Fresh<Broadcast>> {
    return this.budgetWaits.run(command, key, asker, {
      send: async (signal) => this.commandResult(toBroadcast((await send(signal)).data)),
      reread: (signal) => this.readBroadcast(key, 'command', signal),
      decide,
      done: (current) => this.commandResult(current),
      refusal,
    });
  }
}
