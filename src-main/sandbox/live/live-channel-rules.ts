/**
 * What an administrator can do to a channel (spec, Endpoints and States: register, change,
 * disable, enable, trash, restore, delete). Each function changes the state or throws
 * `ApiError` 422 with a message fit for an operator.
 */
import { endBroadcast } from './broadcast-actions';
import { unprocessable } from '../state/http-error';
import type { ChannelSettings } from './live-state';
import { channelSettingsOf, removeWhere } from './live-state';
import { newKey, nextId } from '../state/ids';
import type { ChannelAdminSlice, LiveRulesSlice } from '../kernel/operation';
import type { ChannelRecord, SandboxState } from '../state/state';
import type { Schema } from '../kernel/typed-operation';

/**
 * The fields of a channel form that `applyChannelForm` reads: `ChannelUpdateForm` (every field
 * optional, absent keeps the value). A validated `ChannelForm` is one too, with its defaults.
 */
export type ChannelFormFields = Schema<'live', 'ChannelUpdateForm'>;

/**
 * What `createChannel` reads: the fields, and `channel_type` (set once; `live` when absent). The
 * `/__sandbox` bulk control passes only a title and a profile group, without the document's
 * defaults.
 */
export type NewChannelForm = ChannelFormFields & {
  channel_type?: Schema<'live', 'ChannelForm'>['channel_type'];
};

/**
 * Registers a channel from the validated `ChannelForm` at `now`.
 * @throws ApiError 422 at the contract's channel limit (trashed channels count) or for a
 *   field `applyChannelForm` refuses.
 */
export function createChannel(
  state: Pick<SandboxState, ChannelAdminSlice>,
  form: NewChannelForm,
  now: Date,
): ChannelRecord {
  const limit = state.contract.channelLimit;
  if (state.channels.length >= limit) {
    throw unprocessable(
      `The contract allows ${limit} channels and all are used (trashed channels count). Delete a channel first.`,
    );
  }
  const key = newKey(state, 16, 'lower', (drawn) =>
    state.channels.some((channel) => channel.key === drawn),
  );
  const channel: ChannelRecord = {
    id: nextId(state),
    key,
    title: '',
    customerCode: '',
    isShared: false,
    concurrentlyViewerLimit: 100,
    profileGroupKey: '',
    useChattingService: false,
    useTimeshift: false,
    idleScreenUrl: null,
    status: 'enabled',
    isTrashed: false,
    channelType: form.channel_type ?? 'live',
    createdAt: new Date(Math.floor(now.getTime() / 1000) * 1000),
    // Typical audience of a new channel's broadcasts (drives the audience model).
    audiencePeak: 100,
  };
  channel.settings = applyChannelForm(state, channel, channelSettingsOf(channel), form, now);
  state.channels.push(channel);
  return channel;
}

/**
 * Applies the fields present in `form` (ChannelForm or ChannelUpdateForm) to `channel` and
 * answers the new settings; nothing changes when a rule is broken.
 * @throws ApiError 422 for an unknown profile group, an unknown or expired chatting service,
 *   chat switched on without a service, a taken customer code, a viewer limit above the contract.
 */
export function applyChannelForm(
  state: Pick<SandboxState, 'channels' | 'profileGroups' | 'contract' | 'live'>,
  channel: ChannelRecord,
  current: ChannelSettings,
  form: ChannelFormFields,
  now: Date,
): ChannelSettings {
  const groupKey = form.live_media_profile_group_key ?? channel.profileGroupKey;
  if (!state.profileGroups.some((group) => group.key === groupKey)) {
    throw unprocessable(
      `No encoding profile group "${groupKey}" exists in this service account.`,
      'live_media_profile_group_key',
    );
  }
  const code = form.customer_code ?? channel.customerCode;
  if (
    code !== '' &&
    state.channels.some((other) => other !== channel && other.customerCode === code)
  ) {
    throw unprocessable(
      `The customer code "${code}" is already used by another channel.`,
      'customer_code',
    );
  }
  const viewerLimit = form.concurrently_viewer_limit ?? channel.concurrentlyViewerLimit;
  if (viewerLimit > state.contract.concurrentlyViewerLimit) {
    throw unprocessable(
      `The viewer limit must not exceed the contract's ${state.contract.concurrentlyViewerLimit} concurrent viewers.`,
      'concurrently_viewer_limit',
    );
  }
  const useTimeshift = flag(form.use_timeshift) ?? channel.useTimeshift;
  // Public service guide (https://docs.kollus.com/en/service-guide/live/setting/ll-hls/):
  // low-latency live supports no timeshift.
  if (useTimeshift && channel.channelType === 'low_latency') {
    throw unprocessable(
      'Low-latency channels do not support timeshift: leave use_timeshift off.',
      'use_timeshift',
    );
  }
  const useChat = flag(form.use_chatting_service) ?? channel.useChattingService;
  const serviceId = form.chatting_service_id ?? current.chattingServiceId;
  if (useChat) checkChattingService(state, serviceId, now);

  channel.title = form.title ?? channel.title;
  channel.customerCode = code;
  channel.concurrentlyViewerLimit = viewerLimit;
  channel.profileGroupKey = groupKey;
  channel.isShared = flag(form.is_shared) ?? channel.isShared;
  channel.useTimeshift = useTimeshift;
  channel.useChattingService = useChat;
  return {
    recordingFilePolicy: form.recording_file_policy ?? current.recordingFilePolicy,
    idleScreenKind: form.idle_screen_kind ?? current.idleScreenKind,
    useDuplicateBlock: flag(form.use_duplicate_block) ?? current.useDuplicateBlock,
    useCaptureBlock: flag(form.use_capture_block) ?? current.useCaptureBlock,
    metaTitlePattern: form.meta_title_pattern ?? current.metaTitlePattern,
    metaDescription: form.meta_description ?? current.metaDescription,
    chattingServiceId: serviceId,
  };
}

/**
 * Checks that chatting service `id` exists and has not expired at `now`.
 * @throws ApiError 422 with a field error on `chatting_service_id`.
 */
export function checkChattingService(
  state: Pick<SandboxState, 'live'>,
  id: number | null,
  now: Date,
): void {
  const field = 'chatting_service_id';
  if (id === null)
    throw unprocessable(
      'Choose a chatting service (chatting_service_id) to switch the chat on.',
      field,
    );
  const service = state.live.chattingServices.find((candidate) => candidate.id === id);
  if (service === undefined)
    throw unprocessable(`No chatting service ${id} exists in this service account.`, field);
  if (service.expiresAt !== null && service.expiresAt.getTime() <= now.getTime()) {
    throw unprocessable(
      `The chatting service "${service.name}" has expired; choose another one.`,
      field,
    );
  }
}

/** Spec, States: disable (active only) or enable (inactive only). @throws ApiError 422. */
export function setChannelStatus(channel: ChannelRecord, status: ChannelRecord['status']): void {
  if (channel.status === status) {
    throw unprocessable(`The channel "${channel.title}" is already ${status}.`);
  }
  channel.status = status;
}

/**
 * Spec, States: trash hides the channel from lists and stops its on-air broadcast.
 * @throws ApiError 422 when the channel is already in the trash.
 */
export function trashChannel(
  state: Pick<SandboxState, LiveRulesSlice>,
  channel: ChannelRecord,
  now: Date,
): void {
  if (channel.isTrashed)
    throw unprocessable(`The channel "${channel.title}" is already in the trash.`);
  for (const broadcast of state.broadcasts) {
    if (broadcast.channelKey === channel.key) endBroadcast(state, broadcast, now);
  }
  channel.isTrashed = true;
}

/** Spec, States: restore a trashed channel. @throws ApiError 422 when it is not trashed. */
export function restoreChannel(channel: ChannelRecord): void {
  if (!channel.isTrashed) {
    throw unprocessable(
      `The channel "${channel.title}" is not in the trash: there is nothing to restore.`,
    );
  }
  channel.isTrashed = false;
}

/**
 * Spec, States: deletes the channel permanently with everything that belongs to it.
 * @throws ApiError 422 while one of its broadcasts is on air.
 */
export function deleteChannel(
  state: Pick<SandboxState, LiveRulesSlice>,
  channel: ChannelRecord,
): void {
  if (
    state.broadcasts.some((broadcast) => broadcast.channelKey === channel.key && broadcast.isOnair)
  ) {
    throw unprocessable(
      `The channel "${channel.title}" is on air: stop the broadcast or move the channel to the trash before deleting it.`,
    );
  }
  const key = channel.key;
  const live = state.live;
  const ofChannel = (item: { channelKey: string }): boolean => item.channelKey === key;
  removeWhere(state.channels, (candidate) => candidate.key === key);
  removeWhere(state.broadcasts, ofChannel);
  removeWhere(live.creators, ofChannel);
  removeWhere(live.syndications, ofChannel);
  removeWhere(live.fileTransfers, ofChannel);
  removeWhere(live.recordingFiles, ofChannel);
  removeWhere(live.programs, ofChannel);
  // Its settings, chat settings and callback URLs are on its record: gone with it.
}

/** A 0/1 form flag as a boolean; undefined when absent. */
function flag(value: 0 | 1 | undefined): boolean | undefined {
  return value === undefined ? undefined : value === 1;
}
