/**
 * Chat settings and chat statistics (live-v1.yaml: updateServiceChatting, getChatting,
 * getChattingInfo, updateExternalChatting, getChatStats). A channel's chat `mode` is `external`
 * when the external chat is on, else `service` when the channel uses the service chat, else
 * `none`; switching one on switches the other off (our design). Typed from the generated
 * OpenAPI types.
 */
import { chatParticipants } from '../audience';
import { unprocessable } from '../../state/http-error';
import { checkChattingService } from '../live-channel-rules';
import { dayMs, periodInput } from '../live-dates';
import { channelSettingsOf, chatSettingsOf } from '../live-state';
import type { OperationHandlers, SliceContext } from '../../kernel/operation';
import { isoOrNull, isoUtc } from '../../kernel/present';
import { hashUnit } from '../../state/prng';
import type { ChannelRecord, SandboxState } from '../../state/state';
import { findChannel, latestBroadcastOf } from '../../state/state';
import type { Op } from '../../kernel/typed-operation';
import { defaulted, typedOperations } from '../../kernel/typed-operation';

/** Longest chat statistics period (our design). */
const maxChatStatsDays = 31;

/** The state live/chat works on: the seed, the broadcasts, the channels and the live records. */
type ChatSlice = 'seed' | 'broadcasts' | 'channels' | 'live';

/** Handlers by operationId. */
export function liveChatOperations({ state, clock }: SliceContext<ChatSlice>): OperationHandlers {
  const channelOf = (params: { channel_key: string }): ChannelRecord =>
    findChannel(state, params.channel_key);
  const touched = (channel: ChannelRecord): void => {
    chatSettingsOf(channel).updatedAt = new Date(Math.floor(clock.nowMs() / 1000) * 1000);
  };

  return typedOperations<'live'>({
    updateServiceChatting: ({ params, body }) => {
      const channel = channelOf(params);
      const chat = chatSettingsOf(channel);
      if (body.use_chatting_service === 1) {
        const settings = channelSettingsOf(channel);
        const id = body.chatting_service_id ?? settings.chattingServiceId;
        checkChattingService(state, id, clock.now());
        channel.settings = { ...settings, chattingServiceId: id };
        channel.useChattingService = true;
        chat.externalEnabled = false;
      } else {
        channel.useChattingService = false;
      }
      const slow = body.use_slow_mode;
      const guest = body.allow_guest;
      if (slow !== undefined) chat.useSlowMode = slow === 1;
      if (guest !== undefined) chat.allowGuest = guest === 1;
      chat.slowModeSeconds = body.slow_mode_seconds ?? chat.slowModeSeconds;
      chat.maxMessageLength = body.max_message_length ?? chat.maxMessageLength;
      touched(channel);
      return { data: presentChat(state, channel) };
    },

    getChatting: ({ params }) => ({ data: presentChat(state, channelOf(params)) }),

    getChattingInfo: ({ params }) => {
      const channel = channelOf(params);
      const mode = chatMode(state, channel);
      const latest = latestBroadcastOf(state, channel.key);
      const onair = latest?.isOnair === true ? latest : undefined;
      const present =
        onair !== undefined && mode === 'service'
          ? chatParticipants(state.seed, onair, channel, clock.nowMs())
          : [];
      return {
        data: {
          channel_key: channel.key,
          mode,
          room_key: mode === 'service' && onair !== undefined ? onair.key : null,
          chat_url: mode === 'external' ? chatSettingsOf(channel).externalUrl : null,
          is_open: mode === 'external' || (mode === 'service' && onair !== undefined),
          joined_user_count: present.length,
        },
      };
    },

    updateExternalChatting: ({ params, body }) => {
      const channel = channelOf(params);
      const chat = chatSettingsOf(channel);
      const url = body.external_chatting_url;
      chat.externalUrl = url ?? chat.externalUrl;
      chat.externalProvider = body.external_provider ?? chat.externalProvider;
      if (body.use_external_chatting === 1) {
        if (chat.externalUrl === null) {
          throw unprocessable(
            'Give the external chat URL (external_chatting_url) to switch the external chat on.',
            'external_chatting_url',
          );
        }
        chat.externalEnabled = true;
        channel.useChattingService = false;
      } else {
        chat.externalEnabled = false;
      }
      touched(channel);
      return { data: presentChat(state, channel) };
    },

    getChatStats: ({ query }) => {
      const { startMs, endMs } = periodInput(query, maxChatStatsDays);
      const unitMs = defaulted(query.unit, 'unit') === 'hour' ? 3_600_000 : dayMs;
      const nowMs = clock.nowMs();
      const points = [];
      for (let at = Math.floor(startMs / unitMs) * unitMs; at < endMs; at += unitMs) {
        points.push({
          started_at: isoUtc(new Date(at)),
          ...chatUse(state, at, Math.min(at + unitMs, nowMs)),
        });
      }
      return { data: points };
    },
  });
}

/** `none`, `service` or `external` (see the module comment). */
function chatMode(
  state: Pick<SandboxState, ChatSlice>,
  channel: ChannelRecord,
): 'none' | 'service' | 'external' {
  if (chatSettingsOf(channel).externalEnabled) return 'external';
  return channel.useChattingService ? 'service' : 'none';
}

function presentChat(
  state: Pick<SandboxState, ChatSlice>,
  channel: ChannelRecord,
): Op<'live', 'getChatting'>['reply']['data'] {
  const chat = chatSettingsOf(channel);
  return {
    channel_key: channel.key,
    mode: chatMode(state, channel),
    chatting_service_id: channelSettingsOf(channel).chattingServiceId,
    use_slow_mode: chat.useSlowMode,
    slow_mode_seconds: chat.slowModeSeconds,
    max_message_length: chat.maxMessageLength,
    allow_guest: chat.allowGuest,
    external_chatting_url: chat.externalUrl,
    external_provider: chat.externalProvider,
    updated_at: isoOrNull(chat.updatedAt),
  };
}

/**
 * Chat use in `[fromMs, toMs)`: over the broadcasts of channels using the service chat, about
 * 2 % of the channel's typical audience writes a message a minute; chatters about 5 % of it.
 */
function chatUse(
  state: Pick<SandboxState, ChatSlice>,
  fromMs: number,
  toMs: number,
): { message_count: number; participant_count: number } {
  let messages = 0;
  let participants = 0;
  for (const broadcast of state.broadcasts) {
    const channel = state.channels.find((candidate) => candidate.key === broadcast.channelKey);
    const start = broadcast.startedAt?.getTime();
    if (channel === undefined || !channel.useChattingService || start === undefined) continue;
    const end = Math.min(broadcast.endedAt?.getTime() ?? toMs, toMs);
    const minutes = Math.max(0, (end - Math.max(start, fromMs)) / 60_000);
    if (minutes <= 0) continue;
    const activity = 0.5 + hashUnit(state.seed, broadcast.key, 'chat', fromMs);
    messages += Math.round(minutes * channel.audiencePeak * 0.02 * activity);
    participants += Math.round(channel.audiencePeak * 0.05 * activity);
  }
  return { message_count: messages, participant_count: participants };
}
