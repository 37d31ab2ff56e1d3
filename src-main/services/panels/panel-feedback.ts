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
 * says nothing of those it lacks, and their last reads go stale when overdue. How the reads
 * are taken and kept is panel-reads.ts; this file draws the buttons from them.
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
import type { BudgetSnapshot, WatchUpdate } from '../../shared/model';
import type {
  BroadcastFeedback,
  ChannelTally,
  PanelBudget,
  PanelFeedback,
  PanelLamp,
} from '../../shared/panels-model';
import { maxYieldFactor, watchIntervals, yieldFactorOf } from '../control-room';
import { onAirFrom, PanelReads, type Read } from './panel-reads';

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

/** Gathers the feedback picture from the core's events. */
export class PanelFeedbackState {
  readonly #now: () => number;
  readonly #current: () => { workspace: string; budgets: BudgetSnapshot[] };
  /** The open workspace's reads (panel-reads.ts), and whether they say the platform is lost. */
  #reads = new PanelReads();
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
    if (event === 'watch.update') {
      this.#switchIfNeeded();
      this.#reads.take(payload as WatchUpdate);
    } else if (event === 'budget.changed') this.#budgets = payload as EventMap['budget.changed'];
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
    this.#reads.platformLost(at);
  }

  /**
   * The reachability probe's finding (services/panels/reachability.ts): the origin stopped
   * taking connections (`false`: every button stale from `at`, unless already) or takes them
   * again (`true`: nothing changes until a read succeeds). Only a change counts, so a probe
   * that keeps failing while reads succeed (a proxy in between) does not flap the buttons.
   */
  originReachable(reachable: boolean, at: number): void {
    if (!reachable && !this.#originDown) this.#reads.platformLost(at);
    this.#originDown = !reachable;
  }

  /** The picture now. */
  snapshot(): PanelFeedback {
    this.#switchIfNeeded();
    const at = this.#now();
    const reads = this.#reads;
    const lost = reads.lost || this.#tokenRefused;
    const budgets = this.#budgets ?? this.#current().budgets;
    const live = liveBudget(budgets);
    const overdueAfter = overdueAfterMs(live ? yieldFactorOf(live) : 1);
    const staleOf = (from: string, fetchedAt: number) =>
      lost || reads.failedSince(from, fetchedAt) || at - fetchedAt > overdueAfter;
    const figure = <T>(read: Read<T> | undefined) =>
      read
        ? {
            count: read.value,
            fetchedAt: read.fetchedAt,
            stale: lost || reads.failedSince(read.from, read.fetchedAt),
          }
        : null;
    const broadcasts: PanelFeedback['broadcasts'] = {};
    for (const [key, { value: broadcast, fetchedAt, from }] of reads.broadcasts)
      broadcasts[key] = {
        onAir: broadcast.onAir,
        recording: broadcast.recording,
        stale: staleOf(from, fetchedAt),
        fetchedAt,
        title: broadcast.title,
        startedAt: broadcast.startedAt,
        cuePointAt: broadcast.cuePointAt,
        viewers: figure(reads.viewers.get(key)),
        chatParticipants: figure(reads.chat.get(key)),
      } satisfies BroadcastFeedback;
    const keys = new Set([...reads.channels.keys(), ...reads.listed.keys()]);
    const channels: ChannelTally[] = [...keys].map((channelKey) => {
      const { title, broadcastKey, onAir, fetchedAt, named } = this.#tallyRead(channelKey);
      const read = broadcastKey ? reads.broadcasts.get(broadcastKey) : undefined;
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
      platform: lost ? 'lost' : reads.seenAnswer ? 'reachable' : 'unknown',
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
    const channel = this.#reads.channels.get(channelKey);
    const listed = this.#reads.listed.get(channelKey);
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
    const list = this.#reads.onAir;
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
    const read = tally.broadcastKey ? this.#reads.broadcasts.get(tally.broadcastKey) : undefined;
    if (read && read.fetchedAt > tally.fetchedAt)
      tally = { ...tally, onAir: read.value.onAir, fetchedAt: read.fetchedAt };
    const title = channel?.channel.title ?? listed?.title ?? channelKey;
    return { title, ...tally, named };
  }

  /** A switch of workspace forgets what the last one showed. */
  #switchIfNeeded(): void {
    const { workspace } = this.#current();
    if (workspace === this.#workspace) return;
    this.#workspace = workspace;
    this.#reads = new PanelReads();
    this.#originDown = false;
    this.#tokenRefused = false;
    this.#budgets = null;
  }
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
