/**
 * Live API v1 objects of a channel's administration (live-v1.yaml Creator, Syndication,
 * FileTransfer, ChattingService, ChatSettings, ChatInfo; snake_case as the platform sends them)
 * to the app's model (shared/channel-admin-model.ts), and the app's destination inputs to the
 * platform's forms. A syndication's stream key is dropped here: lists never carry it.
 */
import type { components } from '../../platform/generated/live-v1';
import type {
  ChannelCallbacks,
  ChatSettings,
  ChattingService,
  Creator,
  RecordingDestination,
  Syndication,
} from '../../shared/channel-admin-model';
import type { DestinationChanges, NewDestination } from '../../shared/commands/channel-admin';
import { time } from '../core/live-mappers';

type Schemas = components['schemas'];

/** Callback URLs from a Channel (absent fields: not known) or a ChannelCallbacks answer. */
export function toCallbacks(raw: {
  live_callback_url?: string | null;
  file_transfer_callback_url?: string | null;
  playback_callback_url?: string | null;
}): ChannelCallbacks {
  return {
    live: raw.live_callback_url ?? null,
    recordingDestination: raw.file_transfer_callback_url ?? null,
    playback: raw.playback_callback_url ?? null,
    known: raw.live_callback_url !== undefined,
  };
}

export function toCreator(raw: Schemas['Creator']): Creator {
  return {
    code: raw.creator_code,
    nickname: raw.nickname,
    email: raw.email || null,
    createdAt: time(raw.created_at),
  };
}

/** A syndication without its stream key. */
export function toSyndication(raw: Schemas['Syndication']): Syndication {
  return {
    id: raw.id,
    title: raw.title,
    link: raw.link,
    active: raw.status === 1,
    updatedAt: time(raw.updated_at),
  };
}

export function toDestination(raw: Schemas['FileTransfer']): RecordingDestination {
  return {
    id: raw.id,
    kind: raw.kind,
    title: raw.title,
    active: raw.is_active,
    host: raw.host,
    port: raw.port,
    username: raw.username,
    passwordSet: raw.password_set === true,
    directory: raw.directory,
    passiveMode: raw.passive_mode,
    vodServiceAccountKey: raw.vod_service_account_key,
    vodChannelKey: raw.vod_channel_key,
    vodCategoryKey: raw.vod_category_key,
    bucket: raw.bucket,
    region: raw.region,
    accessKeyId: raw.access_key_id,
    secretKeySet: raw.secret_access_key_set === true,
    prefix: raw.prefix,
    updatedAt: time(raw.updated_at),
  };
}

export function toChattingService(raw: Schemas['ChattingService']): ChattingService {
  return {
    id: raw.id,
    name: raw.name,
    maxParticipants: raw.max_participants,
    expiresAt: time(raw.expires_at),
    available: raw.is_available,
  };
}

export function toChatSettings(raw: Schemas['ChatSettings']): ChatSettings {
  return {
    mode: raw.mode,
    chattingServiceId: raw.chatting_service_id,
    slowMode: raw.use_slow_mode,
    slowModeSeconds: raw.slow_mode_seconds,
    maxMessageLength: raw.max_message_length,
    allowGuest: raw.allow_guest,
    externalUrl: raw.external_chatting_url || null,
    externalProvider: raw.external_provider || null,
    updatedAt: time(raw.updated_at),
  };
}

/** The create form of a destination, with the operation it goes to (live-v1.yaml *TransferForm). */
export type DestinationCreate =
  | { kind: 'ftp'; form: Schemas['FtpTransferForm'] }
  | { kind: 'sftp'; form: Schemas['SftpTransferForm'] }
  | { kind: 'service'; form: Schemas['ServiceTransferForm'] }
  | { kind: 's3'; form: Schemas['S3TransferForm'] };

export function destinationCreate(input: NewDestination): DestinationCreate {
  switch (input.kind) {
    case 'ftp':
      // The platform's defaults (live-v1.yaml FtpTransferForm) where the operator left a field.
      return {
        kind: 'ftp',
        form: {
          ...serverFields(input),
          port: input.port ?? 21,
          directory: input.directory || '/',
          password: input.password,
          passive_mode: input.passiveMode === false ? 0 : 1,
        },
      };
    case 'sftp':
      return {
        kind: 'sftp',
        form: {
          ...serverFields(input),
          port: input.port ?? 22,
          directory: input.directory || '/',
          password: input.password,
        },
      };
    case 'service':
      return {
        kind: 'service',
        form: {
          title: input.title,
          vod_service_account_key: input.vodServiceAccountKey,
          vod_channel_key: input.vodChannelKey,
          vod_category_key: input.vodCategoryKey,
        },
      };
    case 's3':
      return {
        kind: 's3',
        form: {
          title: input.title,
          bucket: input.bucket,
          region: input.region,
          access_key_id: input.accessKeyId,
          secret_access_key: input.secretAccessKey,
          prefix: input.prefix,
        },
      };
  }
}

/**
 * The update form (FileTransferUpdateForm): only the fields of the kind (another kind's field
 * is refused); a secret left out keeps the stored one.
 */
export function destinationChangesForm(
  input: DestinationChanges,
): Schemas['FileTransferUpdateForm'] {
  switch (input.kind) {
    case 'ftp':
      return {
        ...serverFields(input),
        password: input.password,
        passive_mode: input.passiveMode ? 1 : 0,
      };
    case 'sftp':
      return { ...serverFields(input), password: input.password };
    case 'service':
      return {
        title: input.title,
        vod_service_account_key: input.vodServiceAccountKey,
        vod_channel_key: input.vodChannelKey,
        vod_category_key: input.vodCategoryKey,
      };
    case 's3':
      return {
        title: input.title,
        bucket: input.bucket,
        region: input.region,
        access_key_id: input.accessKeyId,
        secret_access_key: input.secretAccessKey,
        prefix: input.prefix,
      };
  }
}

/** The fields FTP and SFTP share, password aside. */
function serverFields(input: {
  title: string;
  host: string;
  port?: number | undefined;
  username: string;
  directory?: string | undefined;
}) {
  return {
    title: input.title,
    host: input.host,
    port: input.port,
    username: input.username,
    directory: input.directory,
  };
}
