/**
 * Live channel administration (live-v1.yaml: createChannel, updateChannel, deleteChannel,
 * disableChannel, enableChannel, trashChannel, restoreChannel, setChannelCallbacks); the rules
 * live in live-channel-rules.ts. Typed from the generated OpenAPI types.
 */
import { setLiveCallbackUrl } from '../../callbacks/callbacks';
import { unprocessable } from '../../state/http-error';
import {
  applyChannelForm,
  createChannel,
  deleteChannel,
  restoreChannel,
  setChannelStatus,
  trashChannel,
} from '../live-channel-rules';
import { presentCallbackUrls, presentLiveChannel } from '../live-present';
import { channelSettingsOf } from '../live-state';
import type { ChannelAdminSlice, OperationHandlers, SliceContext } from '../../kernel/operation';
import { isoOrNull } from '../../kernel/present';
import type { ChannelRecord } from '../../state/state';
import { findChannel } from '../../state/state';
import type { Op } from '../../kernel/typed-operation';
import { typedOperations } from '../../kernel/typed-operation';

/** Callback form fields and the callback kinds of callbacks.ts they set. */
const callbackFields = {
  live_callback_url: 'live',
  file_transfer_callback_url: 'recording_file',
  playback_callback_url: 'playback',
} as const;

const callbackFieldNames = Object.keys(callbackFields) as (keyof typeof callbackFields)[];

/** Handlers by operationId. */
export function liveChannelAdminOperations({
  state,
  clock,
}: SliceContext<ChannelAdminSlice>): OperationHandlers {
  const channelOf = (params: Op<'live', 'updateChannel'>['params']): ChannelRecord =>
    findChannel(state, params.channel_key);
  const one = (channel: ChannelRecord): Op<'live', 'updateChannel'>['reply'] => ({
    data: presentLiveChannel(state, channel),
  });

  return typedOperations<'live'>({
    createChannel: ({ body }) => one(createChannel(state, body, clock.now())),

    updateChannel: ({ params, body }) => {
      const channel = channelOf(params);
      if (channel.isTrashed) {
        throw unprocessable(
          `The channel "${channel.title}" is in the trash: restore it before changing it.`,
        );
      }
      const settings = channelSettingsOf(channel);
      channel.settings = applyChannelForm(state, channel, settings, body, clock.now());
      return one(channel);
    },

    deleteChannel: ({ params }) => {
      deleteChannel(state, channelOf(params));
      return undefined;
    },

    disableChannel: ({ params }) => {
      const channel = channelOf(params);
      setChannelStatus(channel, 'disabled');
      return one(channel);
    },

    enableChannel: ({ params }) => {
      const channel = channelOf(params);
      setChannelStatus(channel, 'enabled');
      return one(channel);
    },

    trashChannel: ({ params }) => {
      const channel = channelOf(params);
      trashChannel(state, channel, clock.now());
      return one(channel);
    },

    restoreChannel: ({ params }) => {
      const channel = channelOf(params);
      restoreChannel(channel);
      return one(channel);
    },

    setChannelCallbacks: ({ params, body }) => {
      const channel = channelOf(params);
      for (const field of callbackFieldNames) {
        const kind = callbackFields[field];
        const url = body[field];
        if (url === undefined) continue;
        setLiveCallbackUrl(channel, kind, url === '' ? null : url);
      }
      const now = clock.now();
      const callbacks = (channel.callbacks ??= {});
      callbacks.updatedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
      return {
        data: {
          channel_key: channel.key,
          ...presentCallbackUrls(channel),
          updated_at: isoOrNull(callbacks.updatedAt),
        },
      };
    },
  });
}
