/**
 * Live broadcast operations (live-v1.yaml: listBroadcasts, listChannelBroadcasts, getBroadcast,
 * updateBroadcast, startDuplicateRecording, stopDuplicateRecording, setTimeshiftCuePoint), typed
 * from the generated OpenAPI types.
 */
import {
  renameBroadcast,
  setCuePoint,
  startManualRecording,
  stopManualRecording,
} from '../broadcast-actions';
import { unprocessable } from '../../state/http-error';
import { recordingFinished } from '../live-recordings';
import type { LiveRulesSlice, OperationHandlers, SliceContext } from '../../kernel/operation';
import { paginate } from '../../kernel/paging';
import { presentBroadcast } from '../../kernel/present';
import type { BroadcastRecord } from '../../state/state';
import { findBroadcast, findChannel } from '../../state/state';
import type { Op } from '../../kernel/typed-operation';
import { defaulted, typedOperations } from '../../kernel/typed-operation';

type BroadcastReply = Op<'live', 'getBroadcast'>['reply'];
type BroadcastPageReply = Op<'live', 'listBroadcasts'>['reply'];
/** The paging and order query of both broadcast lists. */
type PageQuery = Pick<Op<'live', 'listBroadcasts'>['query'], 'order' | 'page' | 'per_page'>;

/** Handlers by operationId. */
export function liveBroadcastOperations({
  state,
  clock,
}: SliceContext<LiveRulesSlice>): OperationHandlers {
  const broadcastOf = (params: { broadcast_key: string }): BroadcastRecord =>
    findBroadcast(state, params.broadcast_key);
  const one = (broadcast: BroadcastRecord): BroadcastReply => ({
    data: presentBroadcast(broadcast),
  });

  return typedOperations<'live'>({
    listBroadcasts: ({ query }) => {
      const channelKey = query.channel_key;
      const isOnair = query.is_onair;
      const broadcasts = state.broadcasts
        .filter((broadcast) => channelKey === undefined || broadcast.channelKey === channelKey)
        .filter((broadcast) => isOnair === undefined || broadcast.isOnair === (isOnair === 1));
      return pageOf(broadcasts, query);
    },

    listChannelBroadcasts: ({ params, query }) => {
      const channel = findChannel(state, params.channel_key);
      return pageOf(
        state.broadcasts.filter((broadcast) => broadcast.channelKey === channel.key),
        query,
      );
    },

    getBroadcast: ({ params }) => one(broadcastOf(params)),

    updateBroadcast: ({ params, body }) => {
      const broadcast = broadcastOf(params);
      renameBroadcast(broadcast, body.title);
      return one(broadcast);
    },

    startDuplicateRecording: ({ params }) => {
      const broadcast = broadcastOf(params);
      // Public service guide (https://docs.kollus.com/en/service-guide/live/filelive/): a
      // scheduled broadcast plays uploaded files and is not recorded.
      if (findChannel(state, broadcast.channelKey).channelType === 'scheduled') {
        throw unprocessable(
          'This broadcast plays a scheduled program: scheduled channels are not recorded.',
        );
      }
      startManualRecording(broadcast, clock.now());
      return one(broadcast);
    },

    stopDuplicateRecording: ({ params }) => {
      const broadcast = broadcastOf(params);
      const startedAt = stopManualRecording(broadcast);
      // The manual recording's file appears at once (spec: "Recording ends immediately").
      const endedAt = new Date(Math.floor(clock.nowMs() / 1000) * 1000);
      recordingFinished(
        state,
        broadcast.channelKey,
        broadcast.key,
        'duplicate',
        startedAt,
        endedAt,
      );
      return one(broadcast);
    },

    setTimeshiftCuePoint: ({ params, body }) => {
      const broadcast = broadcastOf(params);
      // Public service guide (https://docs.kollus.com/en/service-guide/live/setting/ll-hls/):
      // low-latency live supports no timeshift, so no cue point either.
      if (findChannel(state, broadcast.channelKey).channelType === 'low_latency') {
        throw unprocessable(
          'Low-latency channels do not support timeshift: there is no cue point to set.',
          'cue_sign_at',
        );
      }
      const requested = body.cue_sign_at;
      setCuePoint(
        broadcast,
        requested === undefined ? undefined : new Date(requested),
        clock.now(),
      );
      return one(broadcast);
    },
  });
}

/** One page in `order` (`id_desc` or `id_asc`), with the live list envelope. */
function pageOf(broadcasts: BroadcastRecord[], query: PageQuery): BroadcastPageReply {
  const direction = defaulted(query.order, 'order') === 'id_asc' ? 1 : -1;
  const sorted = [...broadcasts].sort((a, b) => direction * (a.id - b.id));
  const page = paginate(
    sorted,
    defaulted(query.page, 'page'),
    defaulted(query.per_page, 'per_page'),
  );
  return { data: page.items.map(presentBroadcast), meta: page.meta };
}
