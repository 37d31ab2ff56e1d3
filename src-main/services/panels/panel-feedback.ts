/**
 * What a hardware panel's buttons show (`GET /api/v1/feedback`, hosts/panel-api.ts), built only
 * from state main already has: the watch planner's reads as they are pushed (`watch.update`),
 * the schedulers' budget (`budget.changed`, and the budget now), and the open workspace. It
 * never makes a platform call: a panel lights nothing the app has not read for its own views.
 * Of a broadcast it keeps the figures those reads carry (title, start, cue point, the viewer
 * count, the chat's head count), never who is in the chat.
 *
 * Reads come from the control room (the channel list, each watched broadcast's state, viewers
 * and chat) and from the Multiview (watch-plan.ts, `expand`): its on-air list (`onair`, every
 * 7 s) is a read of every on-air broadcast's state and, for each channel, whether it is on air;
 * its account viewer statistics (`audience`, every 7.5 s) arrive as each broadcast's `viewers`
 * update (`via: 'audience'`). Where two reads say different things the newest (`fetchedAt`)
 * wins. A complete on-air list that no longer holds a broadcast read on air says it went off
 * air at the list's `fetchedAt`; a list cut short by its page (`total` more than it holds)
 * says nothing of those it lacks, and their last reads go stale when overdue.
 *
 * Stale (a dark button must never look live): every button is stale from the first sign that
 * the platform is gone until a read succeeds again, and while the workspace's live token is
 * refused. The first sign is the earlier of a failed read that says so (no answer, a 5xx, a
 * refused token, the computer slept) and the reachability probe finding the API's origin
 * refusing connections (services/panels/reachability.ts: a TCP connection each second while a
 * feedback stream is open, no platform call), so buttons go stale within about 2 s, not at the
 * next read 5 to 20 s later. The probe finding the origin back does not make them live: the
 * next real read confirms it. One figure is stale when its own last read failed, or when it is
 * older than {@link overdueAfterMs} (its next read is overdue, the planner's widening
 * included). A viewer or chat count is stale when the read it came from failed since, or the
 * platform is lost; its age is its `fetchedAt` (those reads run every 7.5 s to a few minutes).
 */
import type { EventMap } from '../../shared/bridge';
import type {
  Broadcast,
  BudgetSnapshot,
  ChannelSummary,
  OnAirList,
  WatchUpdate,
} from '../../shared/model';
import type {
  BroadcastFeedback,
  ChannelTally,
  PanelBudget,
  PanelFeedback,
  PanelLamp,
} from '../../shared/panels-model';
import { maxYieldFactor, watchIntervals, yieldFactorOf } from '../control-room';

/** Room for a read's turn in the budget and its answer, ms: see {@link overdueAfterMs}. */
export const overdueRoomMs = 5_000;

/**
 * A figure read longer ago than this, ms, is stale: the longest planned interval of the reads
 * a panel draws on (the channel list, every 20 s; watch-plan.ts, docs/dev/architecture.md,
 * "The API budget"), widened as the planner widens it while the background rate is lowered
 * after 429s (`yieldFactor`, 1 to 3, yieldFactorOf), plus {@link overdueRoomMs}. A read is
 * due a full interval after the last one's answer, so a threshold of the bare interval would
 * grey every lamp for the length of each read, every 20 s.
 * @param yieldFactor how much the planner widens its intervals now (1: not at all).
 */
export function overdueAfterMs(yieldFactor = 1): number {
  return (
    watchIntervals.channels * Math.min(maxYieldFactor, Math.max(1, yieldFactor)) + overdueRoomMs
  );
}

/** Fewer calls left in the minute than this: the budget is `tight`. */
const tightBelow = 10;

interface ChannelRead {
  channel: ChannelSummary;
  fetchedAt: number;
  watchId: string;
}

/** A value as last read: when (epoch ms UTC), and the read (`topic:subject`) whose failure stales it. */
interface Read<T> {
  value: T;
  fetchedAt: number;
  from: string;
}

/** The Multiview's last on-air list. */
interface OnAirRead {
  fetchedAt: number;
  /** Each listed channel's on-air broadcast key. */
  byChannel: Map<string, string>;
  /** The list holds every on-air broadcast (`total` not more than it holds). */
  complete: boolean;
}

/** The on-air list's failure key (watch-plan.ts: subject `account`). */
const onAirFrom = 'onair:account';

/** Gathers the feedback picture from the core's events. */
export class PanelFeedbackState {
  readonly #now: () => number;
  readonly #current: () => { workspace: string; budgets: BudgetSnapshot[] };
  #channels = new Map<string, ChannelRead>();
  /** The newest read of each broadcast: its own read or the on-air list's. */
  #broadcasts = new Map<string, Read<Broadcast>>();
  /** The latest viewer count (null: no bucket yet) and chat count read, by broadcast key. */
  #viewers = new Map<string, Read<number | null>>();
  #chat = new Map<string, Read<number>>();
  #onAir: OnAirRead | null = null;
  /**
   * Channels the on-air list named, by key: the broadcast it last listed, that broadcast's
   * title (the channel's name while no channel list read has it, as the Multiview's tiles do)
   * and when that list was read, epoch ms UTC.
   */
  #listed = new Map<string, { broadcastKey: string; title: string; at: number }>();
  /** When the last read of a subject (`topic:subject`) failed, epoch ms. */
  #failedAt = new Map<string, number>();
  /** Since when the platform is lost (a read failed that way), or null. */
  #lostAt: number | null = null;
  /** Whether any read succeeded yet in this workspace. */
  #seenAnswer = false;
  #budgets: BudgetSnapshot[] | null = null;
  /** The probe last found the live API's origin refusing connections. */
  #originDown = false;
  /** The live token is refused (`workspace.changed`): every button stale until a new one. */
  #tokenRefused = false;
  #workspace: string;

  /**
   * @param now the clock, epoch ms UTC.
   * @param current the open workspace and its budgets now (no platform call).
   */
  constructor(now: () => number, current: () => { workspace: string; budgets: BudgetSnapshot[] }) {
    this.#now = now;
    this.#current = current;
    this.#workspace = current().workspace;
  }

  /** Takes one of the core's events; others are ignored. */
  observe(event: string, payload: unknown): void {
    if (event === 'watch.update') this.#update(payload as WatchUpdate);
    else if (event === 'budget.changed') this.#budgets = payload as EventMap['budget.changed'];
    else if (event === 'workspace.changed') {
      this.#switchIfNeeded();
      // The platform refused the live token: nothing the buttons show can be read any more.
      const state = payload as EventMap['workspace.changed'];
      this.#tokenRefused = state.tokens.live === 'refused';
    }
  }

  /**
   * A call the app made found the platform gone (a panel's command answered `network`): every
   * button is stale from `at` until a read succeeds again.
   */
  platformFailed(at: number): void {
    if (this.#lostAt === null) this.#lostAt = at;
  }

  /**
   * The reachability probe's finding (services/panels/reachability.ts): the origin stopped
   * taking connections (`false`: every button stale from `at`, unless already) or takes them
   * again (`true`: nothing changes until a read succeeds). Only a change counts, so a probe
   * that keeps failing while reads succeed (a proxy in between) does not flap the buttons.
   */
  originReachable(reachable: boolean, at: number): void {
    if (!reachable && !this.#originDown && this.#lostAt === null) this.#lostAt = at;
    this.#originDown = !reachable;
  }

  /** The picture now. */
  snapshot(): PanelFeedback {
    this.#switchIfNeeded();
    const at = this.#now();
    const lost = this.#lostAt !== null || this.#tokenRefused;
    const budgets = this.#budgets ?? this.#current().budgets;
    const live = liveBudget(budgets);
    const overdueAfter = overdueAfterMs(live ? yieldFactorOf(live) : 1);
    const staleOf = (from: string, fetchedAt: number) =>
      lost || (this.#failedAt.get(from) ?? -Infinity) >= fetchedAt || at - fetchedAt > overdueAfter;
    const figure = <T>(read: Read<T> | undefined) =>
      read
        ? {
            count: read.value,
            fetchedAt: read.fetchedAt,
            stale: lost || (this.#failedAt.get(read.from) ?? -Infinity) >= read.fetchedAt,
          }
        : null;
    const broadcasts: PanelFeedback['broadcasts'] = {};
    for (const [key, { value: broadcast, fetchedAt, from }] of this.#broadcasts)
      broadcasts[key] = {
        onAir: broadcast.onAir,
        recording: broadcast.recording,
        stale: staleOf(from, fetchedAt),
        fetchedAt,
        title: broadcast.title,
        startedAt: broadcast.startedAt,
        cuePointAt: broadcast.cuePointAt,
        viewers: figure(this.#viewers.get(key)),
        chatParticipants: figure(this.#chat.get(key)),
      } satisfies BroadcastFeedback;
    const keys = new Set([...this.#channels.keys(), ...this.#listed.keys()]);
    const channels: ChannelTally[] = [...keys].map((channelKey) => {
      const { title, broadcastKey, onAir, fetchedAt, named } = this.#tallyRead(channelKey);
      const read = broadcastKey ? this.#broadcasts.get(broadcastKey) : undefined;
      return {
        channelKey,
        title,
        tally: onAir ? 'onAir' : 'off',
        broadcastKey,
        recording: read ? read.value.recording : null,
        // Recording comes from the broadcast's read: stale when that is.
        stale:
          staleOf(named.from, named.fetchedAt) ||
          (read !== undefined && staleOf(read.from, read.fetchedAt)),
        fetchedAt,
      };
    });
    channels.sort(
      (a, b) => a.title.localeCompare(b.title) || a.channelKey.localeCompare(b.channelKey),
    );
    return {
      at,
      workspace: this.#workspace,
      platform: lost ? 'lost' : this.#seenAnswer ? 'reachable' : 'unknown',
      stale: lost,
      channels,
      lamps: Object.fromEntries(channels.map((c) => [c.channelKey, lampOf(c)])),
      broadcasts,
      budget: budgetOf(live, at),
    };
  }

  /**
   * Whether a channel is on air by its newest read: the channel list's, the on-air list's (when
   * newer, it names the channel's broadcast: on air if listed, off if a complete list lacks
   * it), or its broadcast's own read (when newer still). `named` is the read that said which
   * broadcast is the channel's (the channel list or the on-air list): when it is stale the
   * channel may have started another broadcast, so the tally is stale too.
   */
  #tallyRead(channelKey: string): {
    title: string;
    broadcastKey: string | null;
    onAir: boolean;
    fetchedAt: number;
    named: { from: string; fetchedAt: number };
  } {
    const channel = this.#channels.get(channelKey);
    const listed = this.#listed.get(channelKey);
    // The newer of the channel list's read and the last on-air list that listed it (on air then).
    const byList = listed && (!channel || listed.at > channel.fetchedAt);
    let tally = byList
      ? { broadcastKey: listed.broadcastKey, onAir: true, fetchedAt: listed.at }
      : {
          broadcastKey: channel?.channel.latestBroadcast?.key ?? null,
          onAir: channel?.channel.onAir ?? false,
          fetchedAt: channel?.fetchedAt ?? 0,
        };
    let named = {
      from: byList || !channel ? onAirFrom : `channels:${channel.watchId}`,
      fetchedAt: tally.fetchedAt,
    };
    const list = this.#onAir;
    if (list && list.fetchedAt > tally.fetchedAt) {
      const onAirKey = list.byChannel.get(channelKey);
      if (onAirKey !== undefined || list.complete) {
        tally = {
          broadcastKey: onAirKey ?? tally.broadcastKey,
          onAir: onAirKey !== undefined,
          fetchedAt: list.fetchedAt,
        };
        named = { from: onAirFrom, fetchedAt: list.fetchedAt };
      }
    }
    const read = tally.broadcastKey ? this.#broadcasts.get(tally.broadcastKey) : undefined;
    if (read && read.fetchedAt > tally.fetchedAt)
      tally = { ...tally, onAir: read.value.onAir, fetchedAt: read.fetchedAt };
    const title = channel?.channel.title ?? listed?.title ?? channelKey;
    return { title, ...tally, named };
  }

  #update(update: WatchUpdate): void {
    this.#switchIfNeeded();
    if (update.kind === 'error') {
      this.#failedAt.set(`${update.topic}:${update.subject}`, update.at);
      const gone =
        update.afterSleep === true ||
        update.standingDown === true ||
        update.code === 'network' ||
        update.code === 'unauthorized' ||
        (update.status !== undefined && update.status >= 500);
      if (gone && this.#lostAt === null) this.#lostAt = update.at;
      return;
    }
    this.#seenAnswer = true;
    this.#lostAt = null;
    if (update.kind === 'channels') {
      for (const [key, read] of this.#channels)
        if (read.watchId === update.watchId) this.#channels.delete(key);
      for (const channel of update.data.items)
        this.#channels.set(channel.key, {
          channel,
          fetchedAt: update.fetchedAt,
          watchId: update.watchId,
        });
    } else if (update.kind === 'broadcast') {
      const from = `broadcast:${update.broadcastKey}`;
      keepNewest(this.#broadcasts, update.broadcastKey, update.data, update.fetchedAt, from);
    } else if (update.kind === 'onair') {
      this.#takeOnAirList(update.data, update.fetchedAt);
    } else if (update.kind === 'viewers') {
      const from =
        update.via === 'audience' ? 'audience:account' : `viewers:${update.broadcastKey}`;
      keepNewest(this.#viewers, update.broadcastKey, update.data.current, update.fetchedAt, from);
    } else if (update.kind === 'participants') {
      // The count only: who is in the chat never reaches a panel.
      const from = `participants:${update.broadcastKey}`;
      keepNewest(this.#chat, update.broadcastKey, update.data.count, update.fetchedAt, from);
    }
    // `audience` itself is the account's sum: each broadcast's share came as `viewers`.
  }

  /**
   * The Multiview's on-air list read at `fetchedAt`: each listed broadcast's state, and, when
   * the list is complete, every broadcast last read on air that it lacks is off air since
   * (never left lit; recording ends with the broadcast).
   */
  #takeOnAirList(list: OnAirList, fetchedAt: number): void {
    const complete = list.total <= list.broadcasts.length;
    const byChannel = new Map<string, string>();
    const listed = new Set(list.broadcasts.map((b) => b.key));
    for (const broadcast of list.broadcasts) {
      byChannel.set(broadcast.channelKey, broadcast.key);
      this.#listed.set(broadcast.channelKey, {
        broadcastKey: broadcast.key,
        title: broadcast.title,
        at: fetchedAt,
      });
      keepNewest(this.#broadcasts, broadcast.key, broadcast, fetchedAt, onAirFrom);
    }
    if (complete)
      for (const [key, read] of this.#broadcasts)
        if (read.value.onAir && read.fetchedAt < fetchedAt && !listed.has(key))
          this.#broadcasts.set(key, {
            value: { ...read.value, onAir: false, paused: false, recording: false },
            fetchedAt,
            from: onAirFrom,
          });
    this.#onAir = { fetchedAt, byChannel, complete };
  }

  /** A switch of workspace forgets what the last one showed. */
  #switchIfNeeded(): void {
    const { workspace } = this.#current();
    if (workspace === this.#workspace) return;
    this.#workspace = workspace;
    this.#channels = new Map();
    this.#broadcasts = new Map();
    this.#viewers = new Map();
    this.#chat = new Map();
    this.#onAir = null;
    this.#listed = new Map();
    this.#failedAt = new Map();
    this.#lostAt = null;
    this.#originDown = false;
    this.#seenAnswer = false;
    this.#tokenRefused = false;
    this.#budgets = null;
  }
}

/** Sets `key` to `value` read at `fetchedAt` by `from`, unless a newer read is there. */
function keepNewest<T>(
  reads: Map<string, Read<T>>,
  key: string,
  value: T,
  fetchedAt: number,
  from: string,
): void {
  const last = reads.get(key);
  if (!last || last.fetchedAt <= fetchedAt) reads.set(key, { value, fetchedAt, from });
}

/** A channel's lamp: stale first, then recording, on air, off. */
function lampOf(tally: ChannelTally): PanelLamp {
  if (tally.stale) return 'stale';
  if (tally.tally === 'onAir') return tally.recording === true ? 'recording' : 'onAir';
  return 'off';
}

/** The live scheduler's budget (or the only one) as a panel shows it. */
/** The live API's budget (the panel's commands and tallies are live), else the first. */
function liveBudget(budgets: readonly BudgetSnapshot[]): BudgetSnapshot | undefined {
  return budgets.find((b) => b.name === 'live') ?? budgets[0];
}

function budgetOf(budget: BudgetSnapshot | undefined, at: number): PanelBudget | null {
  if (!budget) return null;
  const paused =
    budget.pausedReason !== null ||
    (budget.rateLimitedUntil !== null && budget.rateLimitedUntil > at);
  return {
    callsLastMinute: budget.callsLastMinute,
    limitPerMinute: budget.limitPerMinute,
    state: paused
      ? 'paused'
      : budget.limitPerMinute - budget.callsLastMinute < tightBelow
        ? 'tight'
        : 'ok',
  };
}
