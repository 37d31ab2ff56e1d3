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
   * own watch). The on-air list (one call, every on-air broadcast's state: tally, title,
   * time on air, recording, cue point) every 7 s: 8.6 calls a minute, so no tile's state
   * is older than 10 s even when the call waits a spacing slot. The account's viewer
   * statistics every 7.5 s: 8 a minute; each bucket carries every broadcast's count
   * (live-v1.yaml AccountViewerStatisticsPoint, our design read from the spec's row "Viewer
   * counts for all broadcasts"), so that one call is every tile's viewers and 30-minute
   * sparkline. Chat participants have no account-wide read of the room now (the account's
   * `chat/stats` counts messages and distinct chatters per hour or day, docs/platform-facts.md,
   * Statistics), so they are read broadcast by broadcast with what is left, 7 calls a
   * minute: each every `max(perBroadcastFloor, on air × 60 s / 7)`, 138 s with 16 on air,
   * the tile showing the figure's age. In all 23.6 (fewer: each interval counts from the
   * answer). Where a task coincides with the control
   * room's (the focused broadcast's participants) the shorter interval wins and it is read once.
   */
  multiview: {
    onAir: 7_000,
    audience: 7_500,
    perBroadcastCallsPerMinute: 7,
    perBroadcastFloor: 30_000,
  },
} as const;

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
  /** The broadcast key, or the channel watch's id. */
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

/** One of the Multiview's own per-broadcast reads (not one the control room shares). */
export function perBroadcast(task: WatchTask): boolean {
  return task.spec.kind === 'multiview' && task.subject !== 'account' && !task.focused;
}

/** The tasks of one watch (`watchId`, `spec`), with `onAir` the broadcasts on air now (Multiview). */
export function expand(watchId: string, spec: WatchSpec, onAir: readonly string[]): WatchTask[] {
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
    const intervalMs = multiviewPerBroadcastInterval(onAir.length);
    return [
      account('onair', watchIntervals.multiview.onAir),
      account('audience', watchIntervals.multiview.audience),
      ...onAir.map((broadcastKey) => ({
        id: `participants:${broadcastKey}`,
        topic: 'participants' as const,
        subject: broadcastKey,
        spec,
        intervalMs,
        focused: false,
      })),
    ];
  }
  if (spec.kind === 'channels') {
    return [
      {
        id: `channels:${watchId}`,
        topic: 'channels',
        subject: watchId,
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
