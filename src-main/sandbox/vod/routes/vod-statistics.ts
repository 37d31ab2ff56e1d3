/**
 * VOD statistics (vod-v3.yaml, tag Statistics): content rank (all, per channel), per-channel
 * summary and daily summary, under the limits of vod-statistics.ts. Typed from the generated
 * OpenAPI types.
 */
import type { OperationHandlers, SliceContext } from '../../kernel/operation';
import type { MediaContentRecord } from '../../state/state';
import type { Op } from '../../kernel/typed-operation';
import { defaulted, typedOperations } from '../../kernel/typed-operation';
import { ok } from '../vod-envelope';
import type { ContentTotals } from '../vod-statistics';
import { add, contentDay, contentTotals, askedDays } from '../vod-statistics';
import { findVodChannel } from '../vod-state';

/** Handlers by operationId, given their slice: the seed (figures), VOD records and contents. */
export function vodStatisticsOperations({
  state,
  clock,
}: SliceContext<'seed' | 'vod' | 'mediaContents'>): OperationHandlers {
  const { vod } = state;
  const daysOf = (query: { start_date: string; end_date: string }) =>
    askedDays(query.start_date, query.end_date, clock.nowMs());
  // One pass over the keys, then a set lookup per content: linear on a large library.
  const inChannel = (channelKey: string) => {
    const linked = new Set(
      vod.contentKeys
        .filter((key) => key.channelKey === channelKey)
        .map((key) => key.uploadFileKey),
    );
    return (content: MediaContentRecord) => linked.has(content.uploadFileKey);
  };
  const rank = (
    query: Op<'vod', 'getContentRank'>['query'],
    include: (content: MediaContentRecord) => boolean,
  ) => {
    const days = daysOf(query);
    return ok(
      state.mediaContents
        .filter(include)
        .map((content) => ({ content, totals: contentTotals(state.seed, content, days) }))
        .sort((a, b) => b.totals.view_count - a.totals.view_count)
        .slice(0, defaulted(query.limit, 'limit'))
        .map(({ content, totals }, index) => ({
          rank: index + 1,
          upload_file_key: content.uploadFileKey,
          title: content.title,
          ...totals,
        })),
    );
  };

  return typedOperations<'vod'>({
    getContentRank: ({ query }) => rank(query, () => true),

    getChannelContentRank: ({ params, query }) => {
      const channel = findVodChannel(vod, params.channel_key);
      return rank(query, inChannel(channel.key));
    },

    getChannelStatistics: ({ query }) => {
      const days = daysOf(query);
      return ok(
        vod.channels.map((channel) => {
          const total: ContentTotals = { view_count: 0, play_seconds: 0, unique_viewer_count: 0 };
          for (const content of state.mediaContents.filter(inChannel(channel.key)))
            add(total, contentTotals(state.seed, content, days));
          return { channel_key: channel.key, name: channel.name, ...total };
        }),
      );
    },

    getSummaryDaily: ({ query }) =>
      ok(
        daysOf(query).map((asked) => {
          const total: ContentTotals = { view_count: 0, play_seconds: 0, unique_viewer_count: 0 };
          for (const content of state.mediaContents)
            add(total, contentDay(state.seed, content, asked));
          // About 1.2 MB per second watched (a 720p-ish ladder average; our design).
          return { date: asked.date, ...total, transferred_bytes: total.play_seconds * 1_200_000 };
        }),
      ),
  });
}
