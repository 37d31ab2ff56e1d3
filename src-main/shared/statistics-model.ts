/**
 * What the Statistics view shows, in the app's own words, mapped in main from the live API v1
 * and VOD API v3 statistics operations (resources/openapi/*.yaml, tag Statistics). All days are
 * UTC days `YYYY-MM-DD`, all times ISO-8601 UTC (spec, Limits: "Statistics time zone: UTC").
 */

/** Whose live viewer curve or summary: every broadcast, one channel or one broadcast. */
export type LiveScope = 'all' | 'channel' | 'broadcast';

/** Bucket length of a viewer curve, minutes (spec: `duration_minute`; 5 and 10 observed). */
export type ViewerInterval = 5 | 10;

/** One bucket of a viewer curve: concurrent viewers at the bucket's end. */
export interface ViewerBucket {
  /** Bucket start, ISO-8601 UTC. */
  startedAt: string;
  viewers: number;
}

/** Key metrics of a live period or day (live `SummaryMetrics`). */
export interface LiveMetrics {
  broadcasts: number;
  /** Time on air, seconds. */
  broadcastSeconds: number;
  /** Playbacks started. */
  views: number;
  /** Highest concurrent viewers. */
  peakViewers: number;
  /** Viewing time of all viewers, seconds. */
  watchSeconds: number;
}

/** Metrics of a period `[startedAt, endedAt)`, UTC. */
export interface LiveSummary extends LiveMetrics {
  startedAt: string;
  endedAt: string;
}

/** Metrics of one UTC day. */
export interface LiveDaily extends LiveMetrics {
  date: string;
}

/** Chat aggregation unit (live `chat/stats` `unit`). */
export type ChatUnit = 'hour' | 'day';

/** Chat use of one bucket, all channels of the account. */
export interface ChatBucket {
  /** Bucket start, ISO-8601 UTC. */
  startedAt: string;
  messages: number;
  /** Distinct chatters. */
  participants: number;
}

/** One UTC day of scheduled (programmed) output (live `VodScheduledDailySummary`). */
export interface ScheduledDaily {
  date: string;
  programs: number;
  /** Media played, seconds. */
  playSeconds: number;
  views: number;
  peakViewers: number;
}

/** A broadcast to pick for a viewer curve or summary. */
export interface BroadcastChoice {
  key: string;
  title: string;
  onAir: boolean;
  /** ISO-8601 UTC, null when it never started or has not ended. */
  startedAt: string | null;
  endedAt: string | null;
}

/** A VOD channel to pick for a content rank. */
export interface VodChannelChoice {
  key: string;
  name: string;
}

/** One row of a VOD content rank, most viewed first. */
export interface ContentRankRow {
  rank: number;
  uploadFileKey: string;
  title: string;
  views: number;
  playSeconds: number;
  uniqueViewers: number;
}

/** One VOD channel's totals over a period. */
export interface VodChannelRow {
  channelKey: string;
  name: string;
  views: number;
  playSeconds: number;
  uniqueViewers: number;
}

/** One UTC day of all VOD content. */
export interface VodDaily {
  date: string;
  views: number;
  playSeconds: number;
  uniqueViewers: number;
  transferredBytes: number;
}
