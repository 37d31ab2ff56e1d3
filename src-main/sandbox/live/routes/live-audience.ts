/**
 * Live audience operations (live-v1.yaml: getChattingJoinedUsers, getBroadcastViewerStatistics),
 * answered from the pure audience model of audience.ts at the virtual clock's now. Typed from
 * the generated OpenAPI types.
 */
import { chatParticipants, viewerBuckets } from '../audience';
import type { OperationHandlers, SliceContext } from '../../kernel/operation';
import { requireStatistics } from '../live-statistics';
import { isoUtc } from '../../kernel/present';
import { findBroadcast, findChannel } from '../../state/state';
import { defaulted, typedOperations } from '../../kernel/typed-operation';

const dayMs = 86_400_000;

/** Handlers by operationId, given their slice of the state: the seed, broadcasts and channels. */
export function liveAudienceOperations({
  state,
  clock,
}: SliceContext<'seed' | 'broadcasts' | 'channels'>): OperationHandlers {
  return typedOperations<'live'>({
    getChattingJoinedUsers: ({ params, query }) => {
      const broadcast = findBroadcast(state, params.broadcast_key);
      const channel = findChannel(state, broadcast.channelKey);
      const present = chatParticipants(state.seed, broadcast, channel, clock.nowMs());
      return {
        data: {
          joined_user_count: present.length,
          joined_users: present
            .slice(0, defaulted(query.per_page, 'per_page'))
            .map((participant) => ({
              user_key: participant.userKey,
              nickname: participant.nickname,
              joined_at: isoUtc(participant.joinedAt),
            })),
        },
      };
    },

    getBroadcastViewerStatistics: ({ params, query }) => {
      const broadcast = findBroadcast(state, params.broadcast_key);
      const channel = findChannel(state, broadcast.channelKey);
      const nowMs = clock.nowMs();
      requireStatistics(broadcast, nowMs, true);
      const day = query.start_date;
      // start_date is a UTC day (spec, Limits: statistics are UTC); validated as YYYY-MM-DD.
      const dayStartMs =
        day === undefined ? Math.floor(nowMs / dayMs) * dayMs : Date.parse(`${day}T00:00:00Z`);
      const buckets = viewerBuckets(
        state.seed,
        broadcast,
        channel,
        dayStartMs,
        params.duration_minute,
        nowMs,
      );
      return {
        data: buckets.map((bucket) => ({
          started_at: isoUtc(bucket.startedAt),
          viewer_count: bucket.viewerCount,
        })),
      };
    },
  });
}
