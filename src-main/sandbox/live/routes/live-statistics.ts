/**
 * Live statistics (live-v1.yaml: getViewerStatistics, getChannelViewerStatistics,
 * getSummaryDaily, getSummary, getChannelSummary, getBroadcastSummary, getVodSummaryDaily).
 * UTC; availability rules in live-statistics.ts. Typed from the generated OpenAPI types.
 */
import { dayMs, optionalInstant, periodInput, utcDay } from '../live-dates';
import { programEnd, programSeconds } from '../live-present';
import {
  broadcastMetrics,
  periodMetrics,
  requireStatistics,
  summedViewerBuckets,
  viewerBucketsByBroadcast,
} from '../live-statistics';
import type { OperationHandlers, SliceContext } from '../../kernel/operation';
import type { JsonObject } from '../../kernel/openapi';
import { isoUtc } from '../../kernel/present';
import { hashUnit } from '../../state/prng';
import { findBroadcast, findChannel } from '../../state/state';
import { typedOperations } from '../../kernel/typed-operation';

/** Longest periods per query (our design; VOD: spec, Limits, 3 months). */
const maxDailyDays = 92;
const maxSummaryDays = 366;

/** The state live/statistics works on: the seed, the broadcasts, the channels, the live records. */
export type StatisticsSlice = 'seed' | 'broadcasts' | 'channels' | 'live';

/** Handlers by operationId. */
export function liveStatisticsOperations({
  state,
  clock,
}: SliceContext<StatisticsSlice>): OperationHandlers {
  const dayOf = (query: JsonObject, nowMs: number): number =>
    optionalInstant(query, 'start_date') ?? Math.floor(nowMs / dayMs) * dayMs;
  const period = (startMs: number, endMs: number): { started_at: string; ended_at: string } => ({
    started_at: isoUtc(new Date(startMs)),
    ended_at: isoUtc(new Date(endMs)),
  });

  return typedOperations<'live'>({
    getViewerStatistics: ({ params, query }) => {
      const nowMs = clock.nowMs();
      const minutes = params.duration_minute;
      return { data: viewerBucketsByBroadcast(state, dayOf(query, nowMs), minutes, nowMs) };
    },

    getChannelViewerStatistics: ({ params, query }) => {
      const channel = findChannel(state, params.channel_key);
      const nowMs = clock.nowMs();
      const minutes = params.duration_minute;
      return { data: summedViewerBuckets(state, dayOf(query, nowMs), minutes, nowMs, channel.key) };
    },

    getSummaryDaily: ({ query }) => {
      const { startMs, endMs } = periodInput(query, maxDailyDays);
      const nowMs = clock.nowMs();
      const days = [];
      for (let day = Math.floor(startMs / dayMs) * dayMs; day < endMs; day += dayMs) {
        const from = Math.max(day, startMs);
        const to = Math.min(day + dayMs, endMs);
        days.push({ date: utcDay(day), ...periodMetrics(state, from, to, nowMs) });
      }
      return { data: days };
    },

    getSummary: ({ query }) => {
      const { startMs, endMs } = periodInput(query, maxSummaryDays);
      return {
        data: { ...period(startMs, endMs), ...periodMetrics(state, startMs, endMs, clock.nowMs()) },
      };
    },

    getChannelSummary: ({ params, query }) => {
      const channel = findChannel(state, params.channel_key);
      const { startMs, endMs } = periodInput(query, maxSummaryDays);
      const metrics = periodMetrics(state, startMs, endMs, clock.nowMs(), channel.key);
      return { data: { ...period(startMs, endMs), ...metrics } };
    },

    getBroadcastSummary: ({ params }) => {
      const broadcast = findBroadcast(state, params.broadcast_key);
      const nowMs = clock.nowMs();
      requireStatistics(broadcast, nowMs, false);
      const channel = findChannel(state, broadcast.channelKey);
      const startMs = broadcast.startedAt?.getTime() ?? nowMs;
      const endMs = broadcast.endedAt?.getTime() ?? nowMs;
      return {
        data: { ...period(startMs, endMs), ...broadcastMetrics(state, broadcast, channel, nowMs) },
      };
    },

    getVodSummaryDaily: ({ query }) => {
      const { startMs, endMs } = periodInput(query, maxDailyDays);
      const nowMs = clock.nowMs();
      const live = state.live;
      const days = [];
      for (let day = Math.floor(startMs / dayMs) * dayMs; day < endMs; day += dayMs) {
        // Programs that started that day and have ended by now (statistics are about the past).
        const programs = live.programs.filter((program) => {
          const at = program.startAt.getTime();
          return (
            at >= Math.max(day, startMs) &&
            at < Math.min(day + dayMs, endMs) &&
            programEnd(live, program).getTime() <= nowMs
          );
        });
        let views = 0;
        let peak = 0;
        for (const program of programs) {
          const audience =
            state.channels.find((c) => c.key === program.channelKey)?.audiencePeak ?? 0;
          const programPeak = Math.round(
            audience * (0.6 + 0.4 * hashUnit(state.seed, 'program', program.id)),
          );
          peak = Math.max(peak, programPeak);
          views += Math.round(programPeak * 1.8);
        }
        days.push({
          date: utcDay(day),
          program_count: programs.length,
          play_seconds: programs.reduce((sum, program) => sum + programSeconds(live, program), 0),
          view_count: views,
          peak_viewer_count: peak,
        });
      }
      return { data: days };
    },
  });
}
