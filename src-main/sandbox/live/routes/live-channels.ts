/**
 * Live channel operations (live-v1.yaml: listChannels, getChannel), typed from the generated
 * OpenAPI types. Writes: live-channel-admin.ts.
 */
import type { OperationHandlers, SliceContext } from '../../kernel/operation';
import { defaulted, typedOperations } from '../../kernel/typed-operation';
import { paginate } from '../../kernel/paging';
import { presentLiveChannel } from '../live-present';
import type { ChannelRecord, SandboxState } from '../../state/state';
import { findChannel, latestBroadcastOf } from '../../state/state';

/** Handlers by operationId. */
export function liveChannelOperations({
  state,
}: SliceContext<'channels' | 'broadcasts'>): OperationHandlers {
  return typedOperations<'live'>({
    listChannels: ({ query }) => {
      const keyword = query.keyword?.toLowerCase();
      const liveStatus = query.live_status;
      const trashed = query.trashed === 1;
      const types = channelTypesOf(query.channel_type ?? 'live');
      const status = query.status;
      const channels = state.channels
        .filter((channel) => channel.isTrashed === trashed)
        .filter((channel) => types.includes(channel.channelType))
        .filter((channel) => status === undefined || channel.status === status)
        .filter(
          (channel) =>
            keyword === undefined ||
            keyword === '' ||
            channel.title.toLowerCase().includes(keyword) ||
            channel.customerCode.toLowerCase().includes(keyword),
        )
        .filter(
          (channel) =>
            liveStatus === undefined || (liveStatus === 'onair') === isOnair(state, channel),
        )
        .sort(channelOrder(defaulted(query.order, 'order')));
      const page = paginate(
        channels,
        defaulted(query.page, 'page'),
        defaulted(query.per_page, 'per_page'),
      );
      return {
        data: page.items.map((channel) => presentLiveChannel(state, channel)),
        meta: page.meta,
      };
    },

    getChannel: ({ params }) => ({
      data: presentLiveChannel(state, findChannel(state, params.channel_key)),
    }),
  });
}

/**
 * The channel types a `channel_type` filter lists: `live` (the default) lists every
 * encoder-fed channel, standard and low latency, so lists of live channels stay whole;
 * `all` lists every type (our design).
 */
function channelTypesOf(filter: string): ChannelRecord['channelType'][] {
  switch (filter) {
    case 'all':
      return ['live', 'low_latency', 'scheduled'];
    case 'scheduled':
      return ['scheduled'];
    case 'low_latency':
      return ['low_latency'];
    default:
      return ['live', 'low_latency'];
  }
}

function isOnair(state: Pick<SandboxState, 'broadcasts'>, channel: ChannelRecord): boolean {
  return latestBroadcastOf(state, channel.key)?.isOnair ?? false;
}

/** Comparator for `order`; ties fall back to `id_desc`. */
function channelOrder(order: string): (a: ChannelRecord, b: ChannelRecord) => number {
  const byIdDesc = (a: ChannelRecord, b: ChannelRecord): number => b.id - a.id;
  const byText =
    (field: 'title' | 'customerCode', direction: 1 | -1) =>
    (a: ChannelRecord, b: ChannelRecord): number =>
      direction * a[field].localeCompare(b[field], 'en', { sensitivity: 'base' }) || byIdDesc(a, b);
  switch (order) {
    case 'id_asc':
      return (a, b) => a.id - b.id;
    case 'title_asc':
      return byText('title', 1);
    case 'title_desc':
      return byText('title', -1);
    case 'customer_code_asc':
      return byText('customerCode', 1);
    case 'customer_code_desc':
      return byText('customerCode', -1);
    default:
      return byIdDesc;
  }
}
