/**
 * Maps live API v1 objects (snake_case, as the platform sends them) to the app's model
 * (src-main/shared/model.ts). Defensive about the fields the spec leaves "not shown":
 * an empty string or `{}` means absent (docs/platform-facts.md, "Live objects").
 */
import type {
  LiveBroadcast,
  LiveChannel,
  LiveJoinedUsers,
  LiveAccountViewerPoint,
  LiveViewerPoint,
} from '../../platform/live-client';
import type { Broadcast, ChannelSummary, ChatParticipants, ViewerSeries } from '../../shared/model';

/** A live channel as the channel list shows it. */
export function toChannelSummary(channel: LiveChannel): ChannelSummary {
  const latest = channel.latest_broadcast;
  const latestBroadcast =
    latest && typeof latest.key === 'string' && latest.key !== ''
      ? {
          key: latest.key,
          title: latest.title ?? '',
          onAir: latest.is_onair,
          startedAt: time(latest.started_at),
          endedAt: time(latest.ended_at),
        }
      : null;
  return {
    key: channel.key,
    title: channel.title,
    customerCode: channel.customer_code ?? '',
    status: channel.status === 'disabled' ? 'disabled' : 'enabled',
    trashed: channel.is_trashed,
    type:
      channel.channel_type === 'low_latency' || channel.channel_type === 'scheduled'
        ? channel.channel_type
        : 'live',
    shared: channel.is_shared,
    viewerLimit: channel.concurrently_viewer_limit,
    useTimeshift: channel.use_timeshift,
    useChat: channel.use_chatting_service,
    onAir: latestBroadcast?.onAir ?? false,
    latestBroadcast,
    createdAt: time(channel.created_at),
  };
}

/** A live broadcast in the app's words. Paused: `paused_at` later than `started_at`. */
export function toBroadcast(raw: LiveBroadcast): Broadcast {
  const startedAt = time(raw.started_at);
  const pausedAt = time(raw.paused_at);
  return {
    key: raw.key,
    channelKey: raw.channel_key,
    title: raw.title,
    onAir: raw.is_onair,
    paused: raw.is_onair && pausedAt !== null && (startedAt === null || pausedAt >= startedAt),
    useTimeshift: raw.use_timeshift,
    startedAt,
    pausedAt,
    endedAt: time(raw.ended_at),
    cuePointAt: time(raw.cue_sign_at),
    recording: raw.is_duplicate_recording,
    recordingStartedAt: time(raw.duplicate_recording_started_at),
  };
}

/** Chat participants of an on-air broadcast. */
export function toParticipants(raw: LiveJoinedUsers): ChatParticipants {
  return {
    count: raw.joined_user_count,
    users: raw.joined_users.map((user) => ({
      userKey: user.user_key,
      nickname: user.nickname,
      joinedAt: time(user.joined_at),
    })),
  };
}

/** Viewer buckets of one day; `current` is the latest bucket. */
export function toViewerSeries(points: LiveViewerPoint[], intervalMinutes: 5 | 10): ViewerSeries {
  const sorted = points
    .map((p) => ({ at: time(p.started_at) ?? '', viewers: p.viewer_count }))
    .filter((p) => p.at !== '')
    .sort((a, b) => a.at.localeCompare(b.at));
  return {
    intervalMinutes,
    current: sorted.at(-1)?.viewers ?? null,
    peak: sorted.reduce((max, p) => Math.max(max, p.viewers), 0),
    points: sorted,
  };
}

/**
 * Each broadcast's viewer series from the account's buckets (live-v1.yaml
 * AccountViewerStatisticsPoint: every bucket lists the broadcasts on air during it). A
 * broadcast absent from a bucket counts 0 there, as its own read answers it; the series of a
 * broadcast covers the same buckets as the account's, so its `current` is the latest bucket.
 * Broadcasts in no bucket are not in the map.
 */
export function toBroadcastViewerSeries(
  points: LiveAccountViewerPoint[],
  intervalMinutes: 5 | 10,
): Map<string, ViewerSeries> {
  const keys = new Set(points.flatMap((p) => p.broadcasts.map((b) => b.broadcast_key)));
  const series = new Map<string, ViewerSeries>();
  for (const key of keys) {
    const own = points.map((p) => ({
      started_at: p.started_at,
      viewer_count: p.broadcasts.find((b) => b.broadcast_key === key)?.viewer_count ?? 0,
    }));
    series.set(key, toViewerSeries(own, intervalMinutes));
  }
  return series;
}

/** Normalizes a live timestamp (ISO with offset, empty or null) to ISO UTC or null. */
export function time(value: string | null | undefined): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
