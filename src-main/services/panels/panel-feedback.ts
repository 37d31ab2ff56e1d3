/**
 * What a hardware panel's buttons show (`GET /api/v1/feedback`, hosts/panel-api.ts), built only
 * from state main already has: the watch planner's reads as they are pushed (`watch.update`),
 * the schedulers' budget (`budget.changed`, and the budget now), and the open workspace. It
 * never makes a platform call: a panel lights nothing the app has not read for its own views.
 * Of a broadcast it keeps the figures those reads carry (title, start, cue point, the viewer
 * count, the chat's head count), never who is in the chat.
 *
 * Stale (a dark button must never look live): every button is stale from the first sign that
 * the platform is gone until a read succeeds again, and while the workspace's live token is
 * refused. The first sign is the earlier of a failed read that says so (no answer, a 5xx, a
 * refused token, the computer slept) and the reachability probe finding the API's origin
 * refusing connections (services/panels/reachability.ts: a TCP connection each second while a
 * feedback stream is open, no platform call), so buttons go stale within about 2 s, not at the
 * next read 5 to 20 s later. The probe finding the origin back does not make them live: the
 * next real read confirms it. One figure is stale when its own last read failed, or when it is
 * older than {@link overdueAfterMs} (its next read is overdue).
 */
import type { EventMap } from '../../shared/bridge';
import type { Broadcast, BudgetSnapshot, ChannelSummary, WatchUpdate } from '../../shared/model';
import type {
  BroadcastFeedback,
  ChannelTally,
  PanelBudget,
  PanelFeedback,
  PanelLamp,
} from '../../shared/panels-model';

/**
 * A figure read longer ago than this, ms, is stale: past the longest planned interval of a
 * watch that is not backing off (a background broadcast every 15 s, docs/dev/architecture.md,
 * "The API budget") plus room for its call's turn in the budget.
 */
export const overdueAfterMs = 20_000;

/** Fewer calls left in the minute than this: the budget is `tight`. */
const tightBelow = 10;

interface ChannelRead {
  channel: ChannelSummary;
  fetchedAt: number;
  watchId: string;
}

/** Gathers the feedback picture from the core's events. */
export class PanelFeedbackState {
  readonly #now: () => number;
  readonly #current: () => { workspace: string; budgets: BudgetSnapshot[] };
  #channels = new Map<string, ChannelRead>();
  #broadcasts = new Map<string, { broadcast: Broadcast; fetchedAt: number }>();
  /** The latest viewer count (null: no bucket yet) and chat count read, by broadcast key. */
  #viewers = new Map<string, { count: number | null; fetchedAt: number }>();
  #chat = new Map<string, { count: number; fetchedAt: number }>();
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
    const staleOf = (key: string, fetchedAt: number) =>
      lost ||
      (this.#failedAt.get(key) ?? -Infinity) >= fetchedAt ||
      at - fetchedAt > overdueAfterMs;
    const broadcasts: PanelFeedback['broadcasts'] = {};
    for (const [key, { broadcast, fetchedAt }] of this.#broadcasts)
      broadcasts[key] = {
        onAir: broadcast.onAir,
        recording: broadcast.recording,
        stale: staleOf(`broadcast:${key}`, fetchedAt),
        fetchedAt,
        title: broadcast.title,
        startedAt: broadcast.startedAt,
        cuePointAt: broadcast.cuePointAt,
        viewers: this.#viewers.get(key) ?? null,
        chatParticipants: this.#chat.get(key) ?? null,
      } satisfies BroadcastFeedback;
    const channels: ChannelTally[] = [...this.#channels.values()].map(
      ({ channel, fetchedAt, watchId }) => {
        const latest = channel.latestBroadcast;
        const read = latest ? this.#broadcasts.get(latest.key) : undefined;
        const newer = read && read.fetchedAt > fetchedAt ? read : null;
        const onAir = newer ? newer.broadcast.onAir : channel.onAir;
        return {
          channelKey: channel.key,
          title: channel.title,
          tally: onAir ? 'onAir' : 'off',
          broadcastKey: latest?.key ?? null,
          recording: read ? read.broadcast.recording : null,
          stale:
            staleOf(`channels:${watchId}`, fetchedAt) ||
            (latest !== null && read !== undefined && broadcasts[latest.key]?.stale === true),
          fetchedAt: newer ? newer.fetchedAt : fetchedAt,
        };
      },
    );
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
      budget: budgetOf(this.#budgets ?? this.#current().budgets, at),
    };
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
      this.#broadcasts.set(update.broadcastKey, {
        broadcast: update.data,
        fetchedAt: update.fetchedAt,
      });
    } else if (update.kind === 'viewers') {
      this.#viewers.set(update.broadcastKey, {
        count: update.data.current,
        fetchedAt: update.fetchedAt,
      });
    } else if (update.kind === 'participants') {
      // The count only: who is in the chat never reaches a panel.
      this.#chat.set(update.broadcastKey, {
        count: update.data.count,
        fetchedAt: update.fetchedAt,
      });
    }
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
    this.#failedAt = new Map();
    this.#lostAt = null;
    this.#originDown = false;
    this.#seenAnswer = false;
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
function budgetOf(budgets: BudgetSnapshot[], at: number): PanelBudget | null {
  const budget = budgets.find((b) => b.name === 'live') ?? budgets[0];
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
