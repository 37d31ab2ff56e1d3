/**
 * Live statistics from the audience model (audience.ts), UTC (spec, Limits). Availability
 * (spec, Limits: "about 30 minutes after a live broadcast ends"), the rule we implement:
 * - an on-air broadcast's viewer buckets are available as they accrue (the control room
 *   watches them); its summary is not (422: still on air);
 * - an ended broadcast's statistics, buckets and summary, are available 30 minutes of virtual
 *   time after `ended_at`; before that 422 saying when;
 * - account and channel statistics only include broadcasts whose statistics are available.
 */
import { viewerBuckets, viewersAt } from './audience';
import { unprocessable } from '../state/http-error';
import { isoUtc } from '../kernel/present';
import { hashUnit } from '../state/prng';
import type { BroadcastRecord, ChannelRecord, SandboxState } from '../state/state';

/** The part of the state the statistics are computed from: the seed, broadcasts and channels. */
export type StatisticsState = Pick<SandboxState, 'seed' | 'broadcasts' | 'channels'>;

/** Delay between the end of a broadcast and its statistics: 30 min in ms. */
export const statisticsDelayMs = 30 * 60_000;

const sampleMs = 5 * 60_000;

/** Key metrics of a set of broadcasts (live-v1.yaml SummaryMetrics); times in s. */
export interface SummaryMetrics {
  broadcast_count: number;
  broadcast_seconds: number;
  view_count: number;
  peak_viewer_count: number;
  watch_seconds: number;
}

/** True when the broadcast's statistics are final: ended at least 30 minutes before `nowMs`. */
export function isFinal(broadcast: BroadcastRecord, nowMs: number): boolean {
  return broadcast.endedAt !== null && broadcast.endedAt.getTime() + statisticsDelayMs <= nowMs;
}

/**
 * @throws ApiError 422 when the broadcast ended less than 30 minutes before `nowMs`, or when
 *   `allowOnair` is false and it has not ended (on air or never started).
 */
export function requireStatistics(
  broadcast: BroadcastRecord,
  nowMs: number,
  allowOnair: boolean,
): void {
  if (broadcast.endedAt === null) {
    // Buckets of a broadcast not ended yet are all there is so far (zeros before it starts).
    if (allowOnair) return;
    throw unprocessable(
      broadcast.isOnair
        ? `The broadcast "${broadcast.title}" is still on air: its statistics are available about 30 minutes after it ends.`
        : `The broadcast "${broadcast.title}" has not gone on air: it has no statistics.`,
    );
  }
  if (!isFinal(broadcast, nowMs)) {
    const at = new Date(broadcast.endedAt.getTime() + statisticsDelayMs);
    throw unprocessable(
      `The statistics of "${broadcast.title}" are not ready yet: they are available 30 minutes after the broadcast ended, from ${isoUtc(at)} (UTC).`,
    );
  }
}

/** Metrics of one broadcast, sampling its audience every 5 minutes up to `nowMs`. */
export function broadcastMetrics(
  state: StatisticsState,
  broadcast: BroadcastRecord,
  channel: ChannelRecord,
  nowMs: number,
): SummaryMetrics {
  const start = broadcast.startedAt?.getTime();
  if (start === undefined) return emptyMetrics();
  const end = Math.min(broadcast.endedAt?.getTime() ?? nowMs, nowMs);
  let peak = 0;
  let watchSeconds = 0;
  for (let at = start; at < end; at += sampleMs) {
    const viewers = viewersAt(state.seed, broadcast, channel, Math.min(at + sampleMs, end), nowMs);
    peak = Math.max(peak, viewers);
    watchSeconds += (viewers * Math.min(sampleMs, end - at)) / 1000;
  }
  return {
    broadcast_count: 1,
    broadcast_seconds: Math.round((end - start) / 1000),
    // Viewers come and go: about 1.5 to 2.5 playbacks per seat at the peak.
    view_count: Math.round(peak * (1.5 + hashUnit(state.seed, broadcast.key, 'views'))),
    peak_viewer_count: peak,
    watch_seconds: Math.round(watchSeconds),
  };
}

/**
 * Metrics of the broadcasts (of `channelKey`, or all) that started in `[startMs, endMs)` and
 * whose statistics are final at `nowMs`. The peak is the highest of the broadcasts' peaks.
 */
export function periodMetrics(
  state: StatisticsState,
  startMs: number,
  endMs: number,
  nowMs: number,
  channelKey?: string,
): SummaryMetrics {
  const total = emptyMetrics();
  for (const broadcast of state.broadcasts) {
    const started = broadcast.startedAt?.getTime();
    if (started === undefined || started < startMs || started >= endMs) continue;
    if (
      (channelKey !== undefined && broadcast.channelKey !== channelKey) ||
      !isFinal(broadcast, nowMs)
    )
      continue;
    const channel = state.channels.find((candidate) => candidate.key === broadcast.channelKey);
    if (channel === undefined) continue;
    const metrics = broadcastMetrics(state, broadcast, channel, nowMs);
    total.broadcast_count += 1;
    total.broadcast_seconds += metrics.broadcast_seconds;
    total.view_count += metrics.view_count;
    total.peak_viewer_count = Math.max(total.peak_viewer_count, metrics.peak_viewer_count);
    total.watch_seconds += metrics.watch_seconds;
  }
  return total;
}

/** One bucket of the account's or a channel's viewers (live-v1.yaml ViewerStatisticsPoint). */
export interface SummedViewerBucket {
  started_at: string;
  viewer_count: number;
}

/**
 * One bucket of the account's viewers with each broadcast's count (live-v1.yaml
 * AccountViewerStatisticsPoint, our design read from the spec's row "Viewer counts for all
 * broadcasts").
 */
export interface AccountViewerBucket extends SummedViewerBucket {
  broadcasts: { broadcast_key: string; viewer_count: number }[];
}

/**
 * Viewer buckets of one UTC day summed over the broadcasts (of `channelKey`, or all) whose
 * statistics are available: on air, or final.
 */
export function summedViewerBuckets(
  state: StatisticsState,
  dayStartMs: number,
  durationMinutes: number,
  nowMs: number,
  channelKey?: string,
): SummedViewerBucket[] {
  return viewerBucketsByBroadcast(state, dayStartMs, durationMinutes, nowMs, channelKey).map(
    ({ started_at, viewer_count }) => ({ started_at, viewer_count }),
  );
}

/**
 * As {@link summedViewerBuckets}, each bucket also listing the count of every broadcast whose
 * statistics are available and that was on air during some of the bucket (its count may be
 * 0; the per-broadcast read answers the same figure, audience.ts `viewerBuckets`).
 */
export function viewerBucketsByBroadcast(
  state: StatisticsState,
  dayStartMs: number,
  durationMinutes: number,
  nowMs: number,
  channelKey?: string,
): AccountViewerBucket[] {
  const bucketMs = durationMinutes * 60_000;
  const buckets = new Map<number, AccountViewerBucket>();
  for (let at = dayStartMs; at < dayStartMs + 86_400_000 && at <= nowMs; at += bucketMs) {
    buckets.set(at, { started_at: isoUtc(new Date(at)), viewer_count: 0, broadcasts: [] });
  }
  for (const broadcast of state.broadcasts) {
    if (channelKey !== undefined && broadcast.channelKey !== channelKey) continue;
    if (!broadcast.isOnair && !isFinal(broadcast, nowMs)) continue;
    const channel = state.channels.find((candidate) => candidate.key === broadcast.channelKey);
    if (channel === undefined) continue;
    const start = broadcast.startedAt?.getTime();
    if (start === undefined) continue;
    const end = broadcast.endedAt?.getTime() ?? nowMs;
    for (const bucket of viewerBuckets(
      state.seed,
      broadcast,
      channel,
      dayStartMs,
      durationMinutes,
      nowMs,
    )) {
      const at = bucket.startedAt.getTime();
      const sum = buckets.get(at);
      if (sum === undefined) continue;
      sum.viewer_count += bucket.viewerCount;
      // On air during some of the bucket: the same overlap rule as audience.ts.
      if (at + bucketMs > start && at <= end)
        sum.broadcasts.push({ broadcast_key: broadcast.key, viewer_count: bucket.viewerCount });
    }
  }
  return [...buckets.values()];
}

function emptyMetrics(): SummaryMetrics {
  return {
    broadcast_count: 0,
    broadcast_seconds: 0,
    view_count: 0,
    peak_viewer_count: 0,
    watch_seconds: 0,
  };
}
