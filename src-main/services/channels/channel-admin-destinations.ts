/**
 * A channel's recording destinations and chat on the platform (live API v1: listFileTransfers,
 * getFileTransfer, create{Ftp,Sftp,Service,ObjectStorage}FileTransfer, updateFileTransfer,
 * deleteFileTransfer, setFileTransferStatus; listChattingServices, getChatting,
 * getChattingInfo, updateServiceChatting, updateExternalChatting). Passwords and secret keys
 * pass through to the platform and are kept nowhere. Each function throws PlatformError with
 * the platform's own message on a refusal.
 */
import type {
  ChannelChat,
  ChatSettings,
  ChattingService,
  RecordingDestination,
} from '../../shared/channel-admin-model';
import type { DestinationChanges, NewDestination } from '../../shared/commands/channel-admin';
import type { Fresh } from '../../shared/model';
import {
  destinationChangesForm,
  destinationCreate,
  toChatSettings,
  toChattingService,
  toDestination,
} from './channel-admin-mappers';
import { liveCall, type CallPriority } from '../core/platform-call';
import type { AccountContext } from '../core/account-context';

const saPath = '/v1/live/service-accounts/{service_account_key}';
const channelPath = `${saPath}/channels/{channel_key}` as const;

type DestinationRef = { channelKey: string; destinationId: number };

export async function listDestinations(
  account: AccountContext,
  priority: CallPriority,
  channelKey: string,
): Promise<Fresh<RecordingDestination[]>> {
  const answer = await liveCall(account, priority, (api, fetch, sa) =>
    api.GET(`${channelPath}/file-transfers`, {
      params: {
        path: { service_account_key: sa, channel_key: channelKey },
        // At most 5 per channel (guide): one page holds them all.
        query: { per_page: 100 },
      },
      fetch,
    }),
  );
  return { data: answer.data.map(toDestination), fetchedAt: account.clock.now() };
}

export async function getDestination(
  account: AccountContext,
  priority: CallPriority,
  ref: DestinationRef,
): Promise<RecordingDestination> {
  const answer = await liveCall(account, priority, (api, fetch, sa) =>
    api.GET(`${channelPath}/file-transfers/{file_transfer_id}`, {
      params: { path: destinationPath(sa, ref) },
      fetch,
    }),
  );
  return toDestination(answer.data);
}

/** Registers a destination through the operation of its kind. */
export async function createDestination(
  account: AccountContext,
  priority: CallPriority,
  channelKey: string,
  input: NewDestination,
): Promise<RecordingDestination> {
  const create = destinationCreate(input);
  const answer = await liveCall(account, priority, (api, fetch, sa) => {
    const params = { path: { service_account_key: sa, channel_key: channelKey } };
    switch (create.kind) {
      case 'ftp':
        return api.POST(`${channelPath}/file-transfers/ftp`, { params, body: create.form, fetch });
      case 'sftp':
        return api.POST(`${channelPath}/file-transfers/sftp`, { params, body: create.form, fetch });
      case 'service':
        return api.POST(`${channelPath}/file-transfers/service`, {
          params,
          body: create.form,
          fetch,
        });
      case 's3':
        return api.POST(`${channelPath}/file-transfers/s3`, { params, body: create.form, fetch });
    }
  });
  return toDestination(answer.data);
}

export async function updateDestination(
  account: AccountContext,
  priority: CallPriority,
  ref: DestinationRef,
  changes: DestinationChanges,
): Promise<RecordingDestination> {
  const answer = await liveCall(account, priority, (api, fetch, sa) =>
    api.PUT(`${channelPath}/file-transfers/{file_transfer_id}`, {
      params: { path: destinationPath(sa, ref) },
      body: destinationChangesForm(changes),
      fetch,
    }),
  );
  return toDestination(answer.data);
}

export async function deleteDestination(
  account: AccountContext,
  priority: CallPriority,
  ref: DestinationRef,
): Promise<{ deleted: true }> {
  await liveCall(account, priority, (api, fetch, sa) =>
    api.DELETE(`${channelPath}/file-transfers/{file_transfer_id}`, {
      params: { path: destinationPath(sa, ref) },
      fetch,
    }),
  );
  return { deleted: true };
}

/** Activates or deactivates a recording destination: whether files go to it (spec, States). */
export async function setDestinationActive(
  account: AccountContext,
  priority: CallPriority,
  ref: DestinationRef,
  active: boolean,
): Promise<RecordingDestination> {
  const answer = await liveCall(account, priority, (api, fetch, sa) =>
    api.PUT(`${channelPath}/file-transfers/{file_transfer_id}/status`, {
      params: { path: destinationPath(sa, ref) },
      body: { is_active: active ? 1 : 0 },
      fetch,
    }),
  );
  return toDestination(answer.data);
}

/** The service account's chatting service contracts. */
export async function listChattingServices(
  account: AccountContext,
  priority: CallPriority,
): Promise<Fresh<ChattingService[]>> {
  const answer = await liveCall(account, priority, (api, fetch, sa) =>
    api.GET(`${saPath}/chatting-services`, {
      params: { path: { service_account_key: sa } },
      fetch,
    }),
  );
  return { data: answer.data.map(toChattingService), fetchedAt: account.clock.now() };
}

/** The chat room settings (getChatting) and the room now (getChattingInfo), one after the other. */
export async function readChat(
  account: AccountContext,
  priority: CallPriority,
  channelKey: string,
): Promise<Fresh<ChannelChat>> {
  const params = (sa: string) => ({ path: { service_account_key: sa, channel_key: channelKey } });
  const settings = await liveCall(account, priority, (api, fetch, sa) =>
    api.GET(`${channelPath}/chatting`, { params: params(sa), fetch }),
  );
  const info = await liveCall(account, priority, (api, fetch, sa) =>
    api.GET(`${channelPath}/chatting-info`, { params: params(sa), fetch }),
  );
  return {
    data: {
      ...toChatSettings(settings.data),
      room: {
        roomKey: info.data.room_key,
        chatUrl: info.data.chat_url,
        open: info.data.is_open,
        joinedUsers: info.data.joined_user_count,
      },
    },
    fetchedAt: account.clock.now(),
  };
}

/** The service's own chat: on (with a contract) or off, and its room rules. */
export async function updateServiceChat(
  account: AccountContext,
  priority: CallPriority,
  input: {
    channelKey: string;
    enabled: boolean;
    chattingServiceId?: number | undefined;
    slowMode: boolean;
    slowModeSeconds: number;
    maxMessageLength: number;
    allowGuest: boolean;
  },
): Promise<ChatSettings> {
  const answer = await liveCall(account, priority, (api, fetch, sa) =>
    api.POST(`${channelPath}/service-chatting`, {
      params: { path: { service_account_key: sa, channel_key: input.channelKey } },
      body: {
        use_chatting_service: input.enabled ? 1 : 0,
        chatting_service_id: input.chattingServiceId,
        use_slow_mode: input.slowMode ? 1 : 0,
        slow_mode_seconds: input.slowModeSeconds,
        max_message_length: input.maxMessageLength,
        allow_guest: input.allowGuest ? 1 : 0,
      },
      fetch,
    }),
  );
  return toChatSettings(answer.data);
}

/** The external chat link: on or off, its URL and provider name. */
export async function updateExternalChat(
  account: AccountContext,
  priority: CallPriority,
  input: {
    channelKey: string;
    enabled: boolean;
    url?: string | undefined;
    provider?: string | undefined;
  },
): Promise<ChatSettings> {
  const answer = await liveCall(account, priority, (api, fetch, sa) =>
    api.POST(`${channelPath}/external-chatting`, {
      params: { path: { service_account_key: sa, channel_key: input.channelKey } },
      body: {
        use_external_chatting: input.enabled ? 1 : 0,
        external_chatting_url: input.url || undefined,
        external_provider: input.provider || undefined,
      },
      fetch,
    }),
  );
  return toChatSettings(answer.data);
}

function destinationPath(sa: string, ref: DestinationRef) {
  return {
    service_account_key: sa,
    channel_key: ref.channelKey,
    file_transfer_id: ref.destinationId,
  };
}
