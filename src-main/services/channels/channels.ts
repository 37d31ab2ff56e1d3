/**
 * The live API v1 channel operations of the Channels view, one function each, through the
 * workspace's live scheduler (platform-call.ts): listChannels, getChannel, createChannel,
 * updateChannel, disable/enable/trash/restoreChannel, deleteChannel, getContract (encoding
 * profiles: channel-profiles.ts; batches: channels-batch.ts). Each throws PlatformError as
 * the platform answered (its own message), or for a rule the app checks before sending.
 */
import { PlatformError } from '../../platform/errors';
import type { components } from '../../platform/generated/live-v1';
import type {
  BatchAction,
  ChannelAccess,
  ChannelDetails,
  ChannelListTypes,
  ChannelPage,
  ChannelStateFilter,
  ChannelType,
} from '../../shared/channels-model';
import type { ChannelOrder, Fresh } from '../../shared/model';
import { say } from '../../shared/i18n/say';
import { liveCall, pageOf, type CallPriority } from '../core/platform-call';
import { toChannelDetails, toChannelRow, toContract } from './channels-mappers';
import { sendAgain, withRecheck } from '../core/recheck';
import type { AccountContext } from '../core/account-context';

type ChannelForm = components['schemas']['ChannelForm'];
type ChannelUpdateForm = components['schemas']['ChannelUpdateForm'];

const channels = '/v1/live/service-accounts/{service_account_key}/channels' as const;
const oneChannel = `${channels}/{channel_key}` as const;

/** What `channels.list` asks for. */
export interface ChannelQuery {
  state: ChannelStateFilter;
  types: ChannelListTypes;
  keyword: string;
  order: ChannelOrder;
  page: number;
  perPage: number;
}

/**
 * One page of channels of every type. `trashed` lists the Trash; `enabled`/`disabled` ask the
 * platform's `status` filter and keep only that state as well, should a platform ignore it.
 */
export async function listChannels(
  account: AccountContext,
  query: ChannelQuery,
): Promise<Fresh<ChannelPage>> {
  const status = query.state === 'enabled' || query.state === 'disabled' ? query.state : undefined;
  const answer = await liveCall(account, 'view', (api, fetch, sa) =>
    api.GET(channels, {
      params: {
        path: { service_account_key: sa },
        query: {
          channel_type: query.types,
          trashed: query.state === 'trashed' ? 1 : 0,
          ...(status ? { status } : {}),
          ...(query.keyword ? { keyword: query.keyword } : {}),
          order: query.order,
          page: query.page,
          per_page: query.perPage,
        },
      },
      fetch,
    }),
  );
  const page = pageOf(answer, toChannelRow);
  const items = page.items.filter((row) => !status || row.status === status);
  return { data: { ...page, items }, fetchedAt: account.clock.now() };
}

/** One channel's settings. */
export async function getChannel(
  account: AccountContext,
  channelKey: string,
  priority: CallPriority = 'view',
): Promise<ChannelDetails> {
  const answer = await liveCall(account, priority, (api, fetch, sa) =>
    api.GET(oneChannel, {
      params: { path: { service_account_key: sa, channel_key: channelKey } },
      fetch,
    }),
  );
  return toChannelDetails(answer.data);
}

/**
 * The workspace's role from the contract read (spec: GET contracts is super administrator
 * only): answered, super administrator with the contract; 403, administrator without it.
 */
export async function readAccess(account: AccountContext): Promise<ChannelAccess> {
  try {
    const answer = await liveCall(account, 'view', (api, fetch, sa) =>
      api.GET('/v1/live/service-accounts/{service_account_key}/contracts', {
        params: { path: { service_account_key: sa } },
        fetch,
      }),
    );
    return { role: 'super_admin', contract: toContract(answer.data) };
  } catch (error) {
    if (error instanceof PlatformError && error.error.code === 'forbidden') {
      return { role: 'admin', contract: null };
    }
    throw error;
  }
}

/** What `channels.create` sends. */
export interface NewChannel {
  title: string;
  customerCode: string;
  viewerLimit: number;
  shared: boolean;
  profileGroupKey: string;
  type: ChannelType;
  useTimeshift: boolean;
}

/**
 * Registers a channel (super administrator).
 * @throws PlatformError `invalid-input` before sending timeshift on a low-latency channel
 *   (public service guide, LL-HLS: no timeshift).
 */
export async function createChannel(
  account: AccountContext,
  input: NewChannel,
): Promise<ChannelDetails> {
  if (input.type === 'low_latency' && input.useTimeshift) throw lowLatencyTimeshift();
  const body: ChannelForm = {
    title: input.title,
    customer_code: input.customerCode,
    concurrently_viewer_limit: input.viewerLimit,
    is_shared: input.shared ? 1 : 0,
    live_media_profile_group_key: input.profileGroupKey,
    channel_type: input.type,
    use_timeshift: input.useTimeshift ? 1 : 0,
    // The platform's defaults (live-v1.yaml, ChannelForm), sent as they are: the other
    // settings are changed afterwards in the channel's settings.
    use_chatting_service: 0,
    recording_file_policy: 1,
    recording_file_segment_policy: 0,
    idle_screen_kind: 0,
    use_duplicate_block: 0,
    use_capture_block: 0,
  };
  const send = async (): Promise<ChannelDetails> => {
    const answer = await liveCall(account, 'command', (api, fetch, sa) =>
      api.POST(channels, { params: { path: { service_account_key: sa } }, body, fetch }),
    );
    return toChannelDetails(answer.data);
  };
  const before = await channelsTitled(account, input.title);
  return withRecheck(send, async () => {
    // Created after all: a channel of that title the platform did not hold before.
    const after = await channelsTitled(account, input.title);
    const made = after.find((key) => !before.includes(key));
    return made ? getChannel(account, made, 'command') : null;
  });
}

/** Keys of the channels (every type, not trashed) whose title is exactly `title`. */
async function channelsTitled(account: AccountContext, title: string): Promise<string[]> {
  const answer = await liveCall(account, 'command', (api, fetch, sa) =>
    api.GET(channels, {
      params: {
        path: { service_account_key: sa },
        query: { channel_type: 'all', keyword: title, per_page: 100 },
      },
      fetch,
    }),
  );
  return answer.data.filter((channel) => channel.title === title).map((channel) => channel.key);
}

/** Settings `channels.update` may change. */
export interface ChannelChanges {
  title?: string;
  customerCode?: string;
  viewerLimit?: number;
  shared?: boolean;
  profileGroupKey?: string;
  useTimeshift?: boolean;
  recordingFilePolicy?: 0 | 1 | 3;
  useDuplicateBlock?: boolean;
  useCaptureBlock?: boolean;
}

/** Changes the given settings (super administrator or administrator). */
export async function updateChannel(
  account: AccountContext,
  channelKey: string,
  changes: ChannelChanges,
): Promise<ChannelDetails> {
  const flag = (value: boolean | undefined): 0 | 1 | undefined =>
    value === undefined ? undefined : value ? 1 : 0;
  const body: ChannelUpdateForm = dropUndefined({
    title: changes.title,
    customer_code: changes.customerCode,
    concurrently_viewer_limit: changes.viewerLimit,
    is_shared: flag(changes.shared),
    live_media_profile_group_key: changes.profileGroupKey,
    use_timeshift: flag(changes.useTimeshift),
    recording_file_policy: changes.recordingFilePolicy,
    use_duplicate_block: flag(changes.useDuplicateBlock),
    use_capture_block: flag(changes.useCaptureBlock),
  });
  const send = async (): Promise<ChannelDetails> => {
    const answer = await liveCall(account, 'command', (api, fetch, sa) =>
      api.PUT(oneChannel, {
        params: { path: { service_account_key: sa, channel_key: channelKey } },
        body,
        fetch,
      }),
    );
    return toChannelDetails(answer.data);
  };
  // The same settings sent twice leave the channel as once: no recheck needed.
  return withRecheck(send, sendAgain);
}

/** Sends disable, enable, trash or restore (spec, States) at `priority`. */
export function setChannelState(
  account: AccountContext,
  channelKey: string,
  action: BatchAction,
  priority: CallPriority,
  signal?: AbortSignal,
): Promise<ChannelDetails> {
  const send = async (): Promise<ChannelDetails> => {
    const answer = await liveCall(
      account,
      priority,
      (api, fetch, sa) => {
        const path = { service_account_key: sa, channel_key: channelKey };
        const options = { params: { path }, fetch };
        switch (action) {
          case 'disable':
            return api.PUT(`${oneChannel}/disable`, options);
          case 'enable':
            return api.PUT(`${oneChannel}/enable`, options);
          case 'trash':
            return api.PUT(`${oneChannel}/trash`, options);
          case 'restore':
            return api.PUT(`${oneChannel}/restore`, options);
        }
      },
      signal,
    );
    return toChannelDetails(answer.data);
  };
  return withRecheck(send, async () => {
    const now = await getChannel(account, channelKey, priority);
    return reached(action, now) ? now : null;
  });
}

/**
 * Deletes a channel permanently, only when `confirmTitle` is its title as the platform holds
 * it (read first, so a stale screen cannot delete another channel).
 * @throws PlatformError `invalid-input` when the titles differ; nothing is deleted.
 */
export async function deleteChannel(
  account: AccountContext,
  channelKey: string,
  confirmTitle: string,
): Promise<{ deleted: string }> {
  const channel = await getChannel(account, channelKey, 'command');
  if (confirmTitle.trim() !== channel.title.trim()) {
    throw new PlatformError({
      code: 'invalid-input',
      ...say('channelsView.errors.titleMismatch', { title: channel.title }),
    });
  }
  const send = async (): Promise<{ deleted: string }> => {
    await liveCall(account, 'command', (api, fetch, sa) =>
      api.DELETE(oneChannel, {
        params: { path: { service_account_key: sa, channel_key: channelKey } },
        fetch,
      }),
    );
    return { deleted: channelKey };
  };
  return withRecheck(send, async () => {
    try {
      await getChannel(account, channelKey, 'command');
      return null;
    } catch (error) {
      // Gone: the first call took effect.
      if (error instanceof PlatformError && error.error.code === 'not-found') {
        return { deleted: channelKey };
      }
      throw error;
    }
  });
}

/** The state `action` leaves a channel in. */
function reached(action: BatchAction, channel: ChannelDetails): boolean {
  switch (action) {
    case 'disable':
      return channel.status === 'disabled';
    case 'enable':
      return channel.status === 'enabled';
    case 'trash':
      return channel.trashed;
    case 'restore':
      return !channel.trashed;
  }
}

function lowLatencyTimeshift(): PlatformError {
  return new PlatformError({
    code: 'invalid-input',
    ...say('channelsView.errors.lowLatencyTimeshift'),
  });
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}
