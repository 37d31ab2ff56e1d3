/**
 * The plan of the watch planner (docs/dev/architecture.md, "The API budget"): the target interval of
 * each read, what a watch expands into (a broadcast watch into its state, chat participants and
 * viewers; a channel-list watch into one list read; the Multiview into its account reads and
 * one participants read per on-air broadcast), the back-off after failures, and how much the
 * intervals widen when the scheduler lowered its background rate. Pure: no timers, no calls.
 */
import type { BudgetSnapshot, WatchSpec } from '../../shared/model';

/** Target refresh intervals in ms. Focused: the broadcast on the operator's screen. */
export const watchIntervals = {
  /**
   * The focused broadcast: its state (on air, recording, cue point) every 5 s; the chat
   * participants, a slower figure, every 15 s; the viewer series, kept by the platform in
   * 5-minute buckets, every 60 s. About 17 calls a minute (with the channel list, about 20).
   */
  focused: { broadcast: 5_000, participants: 15_000, viewers: 60_000 },
  background: { broadcast: 30_000, participants: 60_000, viewers: 120_000 },
  /** The channel list's on-air tally: every 20 s (a channel going on air is also pushed by its broadcast read). */
  channels: 20_000,
  /** Longest back-off after repeated failures of a task. */
  maxBackoff: 60_000,
  /**
   * Longest back-off of the focused broadcast's tasks: what the operator is looking at is
   * re-read within this after the platform comes back (an outage of a few seconds must not
   * leave it stale for a minute). Failing calls there cost at most 3 calls a minute more.
   */
  focusedMaxBackoff: 10_000,
  /**
   * The Multiview (watch `multiview`): its share of the live budget is 24 calls a minute
   * (60 a minute, spec: Limits; the rest stays for commands, views and the control room's
   * own watch). Counting each read as its interval plus the 0.3 s it takes (`answerMs`):
   *
   * - Nothing pinned: the on-air list (one call, every on-air broadcast's state: tally, title,
   *   time on air, recording, cue point) every 7 s, 8.2 calls a minute; the account's viewer
   *   statistics every 7.5 s, 7.7 a minute (each bucket carries every broadcast's count,
   *   live-v1.yaml AccountViewerStatisticsPoint, our design read from the spec's row "Viewer
   *   counts for all broadcasts", so that one call is every tile's viewers and sparkline).
   *   Chat participants have no account-wide read of the room now (the account's
   *   `chat/stats` counts messages and distinct chatters per hour or day, docs/platform-facts.md,
   *   Statistics), so they are read broadcast by broadcast with 7 calls a minute: each every
   *   `max(perBroadcastFloor, on air × 60 s / 7)`, 138 s with 16 on air, the tile showing the
   *   figure's age. In all 23 a minute; state and viewers never older than 10 s even when a
   *   read waits a spacing slot.
   * - Pinned tiles (see {@link multiviewShares}): the on-air list, the viewers read and each
   *   pinned chat every `fresh`, the other tiles' chat on what is left.
   *
   * Where a task coincides with the control room's (the focused broadcast's participants)
   * the shorter interval wins and it is read once.
   */
  multiview: {
    onAir: 7_000,
    audience: 7_500,
    perBroadcastCallsPerMinute: 7,
    perBroadcastFloor: 30_000,
    /**
     * With tiles pinned: the interval of each figure kept under 10 s (the on-air list, the
     * viewers read, each pinned tile's chat), ms. A figure is as old as the time between two
     * answers: this, the read's 0.3 s, and at worst the wait for a spacing slot behind an
     * operator's command (about 1 s, docs/platform-facts.md, Rate limit). The bench measured
     * 9.5 s at most at 8.5 s, and 10.9 s at 9.9 s (what 24 a minute would allow).
     */
    fresh: 8_500,
    maxPinned: 2,
    /** The Multiview's share of the live budget, calls a minute. */
    callsPerMinute: 24,
    /**
     * What a read adds to its interval before the next one starts (intervals count from the
     * answer), ms: 0.3 s, as the bench measured the Multiview's reads against the sandbox.
     */
    answerMs: 300,
    /** The fewest calls a minute the unpinned tiles' chat keeps, whatever the pins take. */
    minUnpinnedPerMinute: 0.5,
  },
} as const;

/** How the Multiview's calls are shared, ms between reads of each kind. */
export interface MultiviewShares {
  /** The on-air list (every tile's state). */
  onAirMs: number;
  /** The account's viewer statistics (every tile's viewers). */
  audienceMs: number;
  /** Each pinned tile's chat participants. */
  pinnedMs: number;
  /** Each unpinned on-air tile's chat participants (they take turns, one per `/ unpinned`). */
  unpinnedMs: number;
}

/**
 * The Multiview's intervals with `onAir` broadcasts on air of which `pinned` are pinned
 * (docs/dev/architecture.md, "The API budget"; docs/platform-facts.md, Statistics).
 *
 * Nothing pinned: today's plan, on-air list every 7 s, viewers every 7.5 s, each tile's chat
 * every `max(30 s, on air × 60 s / 7)` (138 s with 16).
 *
 * Pinned: the state, the viewers and each pinned chat are every one a figure the operator
 * is promised under 10 s, so each is read every `fresh` (8.5 s: 6.8 calls a minute with the
 * read's 0.3 s); none gives way to another. The other tiles' chat takes what is left of the
 * 24, at least `minUnpinnedPerMinute`, in turns. With 16 on air: one pinned, 3 × 6.8 = 20.5
 * leave 3.5 a minute, each of 15 tiles' chat every 254 s; two pinned, 4 × 6.8 = 27.3 is more
 * than the 24, so the other 14 tiles' chat keeps only its 0.5 a minute (each every 1,680 s),
 * 27.8 in all. Four figures under 10 s cannot fit 24 a minute: a figure never older than 10 s
 * is read at least 6 times a minute, so four take all 24 with no wait for a slot at all, and
 * a read that waits a slot behind a command ages its figure by that wait.
 */
export function multiviewShares(onAir: number, pinned: number): MultiviewShares {
  const mv = watchIntervals.multiview;
  const pins = Math.min(pinned, mv.maxPinned, onAir);
  if (pins === 0)
    return {
      onAirMs: mv.onAir,
      audienceMs: mv.audience,
      pinnedMs: mv.fresh,
      unpinnedMs: multiviewPerBroadcastInterval(onAir),
    };
  const freshPerMinute = 60_000 / (mv.fresh + mv.answerMs);
  const left = mv.callsPerMinute - (2 + pins) * freshPerMinute;
  const unpinnedPerMinute = Math.max(mv.minUnpinnedPerMinute, left);
  const unpinned = Math.max(1, onAir - pins);
  return {
    onAirMs: mv.fresh,
    audienceMs: mv.fresh,
    pinnedMs: mv.fresh,
    unpinnedMs: Math.max(mv.perBroadcastFloor, Math.ceil((60_000 * unpinned) / unpinnedPerMinute)),
  };
}

/**
 * An outage (the platform unreachable: no answer, or a gateway's 502/503/504) is its own case
 * (docs/dev/architecture.md, "The API budget"): the planner marks every watch stale on the first
 * such failure, then probes with one read at a time after `firstMs`, doubling up to `maxMs`
 * (the usual intervals, back-off and yield do not apply: an unanswered call costs the account
 * nothing, the platform never counted it), and re-reads every stale watch as soon as a probe
 * answers. 2 s keeps recovery within a few seconds at 30 probes a minute at most.
 */
export const outageProbe = { firstMs: 500, maxMs: 2_000 } as const;

/** The wait before the outage's next probe after `probes` failed ones, ms ({@link outageProbe}). */
export function outageProbeDelay(probes: number): number {
  return Math.min(outageProbe.maxMs, outageProbe.firstMs * 2 ** Math.max(0, probes - 1));
}

/**
 * How long a task a rebuild dropped keeps its reads' ages for a watch subscribed again, ms: "at
 * once" is a spec changed in one step (the Multiview's pins: an unsubscribe and a subscribe
 * milliseconds apart), not a view opened again seconds later.
 */
export const retiredForMs = 1_000;

/** The most the planner widens its intervals when the scheduler's background rate is lowered. */
export const maxYieldFactor = 3;

/**
 * The interval of each on-air broadcast's participants read in the Multiview, ms, with
 * `onAir` broadcasts on air ({@link watchIntervals}.multiview).
 */
export function multiviewPerBroadcastInterval(onAir: number): number {
  const { perBroadcastCallsPerMinute, perBroadcastFloor } = watchIntervals.multiview;
  return Math.max(perBroadcastFloor, Math.ceil((onAir * 60_000) / perBroadcastCallsPerMinute));
}

/** A task's identity: what it reads. */
export type WatchTopic =
  | 'channels'
  | 'broadcast'
  | 'participants'
  | 'viewers'
  /** The Multiview's list of every on-air broadcast (subject `account`). */
  | 'onair'
  /**
   * The account's viewer statistics (subject `account`): the sum, and each broadcast's
   * viewers from the same read (published as `viewers` updates).
   */
  | 'audience';

/** One unit of polling work the planner can run. */
export interface WatchTask {
  /** Stable id: `topic:subject`, e.g. `participants:7a2bmsarl8sf4d60`. */
  id: string;
  topic: WatchTopic;
  /** The broadcast key, `account`, or a channel list's {@link channelListSubject}. */
  subject: string;
  spec: WatchSpec;
  intervalMs: number;
  /** Part of the broadcast on the operator's screen: weighed first. */
  focused: boolean;
}

/**
 * How much to widen every interval: `limitPerMinute / backgroundPerMinute` when the
 * scheduler lowered its background rate after 429s (1 when it did not), at most
 * {@link maxYieldFactor}.
 */
export function yieldFactorOf(budget: BudgetSnapshot): number {
  const rate = budget.backgroundPerMinute ?? budget.limitPerMinute;
  if (!(rate > 0) || rate >= budget.limitPerMinute) return 1;
  return Math.min(maxYieldFactor, budget.limitPerMinute / rate);
}

/**
 * One of the Multiview's own per-broadcast reads that take turns (not a pinned tile's, not
 * one the control room shares).
 */
export function perBroadcast(task: WatchTask): boolean {
  return task.spec.kind === 'multiview' && task.subject !== 'account' && !task.focused;
}

/** The pinned broadcasts of a Multiview watch that are on air (at most `maxPinned`). */
export function pinnedOnAir(spec: WatchSpec, onAir: readonly string[]): string[] {
  if (spec.kind !== 'multiview') return [];
  return (spec.pinned ?? [])
    .filter((key) => onAir.includes(key))
    .slice(0, watchIntervals.multiview.maxPinned);
}

/**
 * The tasks of every subscribed watch (by watch id: its spec and its owner, a studio seat's
 * name or `''` this desk), one per task id: a task several watches ask for keeps the shortest
 * interval and is focused if any is. `watchers`: the owners sharing each task, sorted.
 */
export function mergeWatches(
  subscriptions: ReadonlyMap<string, { spec: WatchSpec; owner: string }>,
  onAir: readonly string[],
): { byId: Map<string, WatchTask>; watchers: Map<string, string[]> } {
  const byId = new Map<string, WatchTask>();
  const watchers = new Map<string, Set<string>>();
  for (const { spec, owner } of subscriptions.values()) {
    for (const task of expand(spec, onAir)) {
      watchers.set(task.id, (watchers.get(task.id) ?? new Set<string>()).add(owner));
      const existing = byId.get(task.id);
      if (!existing || task.intervalMs < existing.intervalMs || (task.focused && !existing.focused))
        byId.set(task.id, task);
    }
  }
  return {
    byId,
    watchers: new Map([...watchers].map(([id, owners]) => [id, [...owners].sort()])),
  };
}

/**
 * The subject of a channel-list watch's task: what it reads (its order and keyword, e.g.
 * `id_desc|` for the whole list), so every watch of the same list shares one task.
 */
export function channelListSubject(spec: Extract<WatchSpec, { kind: 'channels' }>): string {
  return `${spec.order ?? 'id_desc'}|${spec.keyword ?? ''}`;
}

/** The tasks of one watch (`spec`), with `onAir` the broadcasts on air now (Multiview). */
export function expand(spec: WatchSpec, onAir: readonly string[]): WatchTask[] {
  if (spec.kind === 'multiview') {
    // The on-air list and the account's viewers are what every tile shows: weighed like the
    // focused broadcast (first when never read, and backing off at most to 10 s).
    const account = (topic: 'onair' | 'audience', intervalMs: number): WatchTask => ({
      id: `${topic}:account`,
      topic,
      subject: 'account',
      spec,
      intervalMs,
      focused: true,
    });
    // A pinned tile's chat is weighed like the account reads too: it is what the operator
    // chose to follow closely.
    const pinned = pinnedOnAir(spec, onAir);
    const shares = multiviewShares(onAir.length, pinned.length);
    return [
      account('onair', shares.onAirMs),
      account('audience', shares.audienceMs),
      ...onAir.map((broadcastKey) => {
        const pin = pinned.includes(broadcastKey);
        return {
          id: `participants:${broadcastKey}`,
          topic: 'participants' as const,
          subject: broadcastKey,
          spec,
          intervalMs: pin ? shares.pinnedMs : shares.unpinnedMs,
          focused: pin,
        };
      }),
    ];
  }
  if (spec.kind === 'channels') {
    // Keyed by what it reads, not by the watch: two pages on one list share one read.
    const subject = channelListSubject(spec);
    return [
      {
        id: `channels:${subject}`,
        topic: 'channels',
        subject,
        spec,
        intervalMs: watchIntervals.channels,
        focused: false,
      },
    ];
  }
  const intervals = spec.focused ? watchIntervals.focused : watchIntervals.background;
  return (['broadcast', 'participants', 'viewers'] as const).map((topic) => ({
    id: `${topic}:${spec.broadcastKey}`,
    topic,
    subject: spec.broadcastKey,
    spec,
    intervalMs: intervals[topic],
    focused: spec.focused,
  }));
}

/**
 * Doubles the interval for each consecutive failure, up to `watchIntervals.maxBackoff`
 * (`focusedMaxBackoff` for the focused broadcast's tasks, never below their own interval).
 */
export function effectiveInterval(task: WatchTask, failures: number): number {
  if (failures === 0) return task.intervalMs;
  const cap = task.focused
    ? Math.max(task.intervalMs, watchIntervals.focusedMaxBackoff)
    : watchIntervals.maxBackoff;
  return Math.min(cap, task.intervalMs * 2 ** failures);
}
