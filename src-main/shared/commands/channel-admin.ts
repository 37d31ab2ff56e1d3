/**
 * Per-channel administration: callbacks, creators, syndications, recording destinations, chat
 * (issue "Live administration"; services/channel-admin-*.ts). Reads for a tab run at `view`,
 * the operator's changes at `command`. Inputs are checked here, in the operator's words,
 * before anything is sent; secrets typed in (passwords, secret keys, stream keys) are sent to
 * the platform and kept nowhere.
 */
import { z } from 'zod';
import type {
  ChannelCallbacks,
  ChannelChat,
  ChatSettings,
  ChattingService,
  Creator,
  CreatorList,
  RecordingDestination,
  Syndication,
  SyndicationStreamKey,
} from '../channel-admin-model';
import type { Fresh } from '../model';
import { anyRole, command, defineCommands, returns } from './define';
import {
  channelInput,
  key,
  noInput,
  positiveId,
  requiredText,
  searchKeyword,
  wholeNumber,
} from './fields';

const address = z.string().trim().max(500, 'Addresses are at most 500 characters.');

/** A callback URL: http(s), or empty for none (live-v1.yaml CallbackUrl). */
const callbackUrl = address.refine(
  (value) => value === '' || (/^https?:\/\/[^\s/]+\S*$/i.test(value) && URL.canParse(value)),
  'Give an http:// or https:// address, or leave it empty for none.',
);
const rtmpLink = address.regex(/^rtmps?:\/\/[^\s/]+\S*$/i, 'Give an rtmp:// or rtmps:// address.');

const nickname = requiredText(
  50,
  'A creator needs a nickname.',
  'Nicknames are at most 50 characters.',
);
const title = requiredText(100, 'Give it a name.', 'Names are at most 100 characters.');
const streamKey = requiredText(200, 'Give the stream key.', 'That stream key is too long.');

const host = requiredText(
  255,
  'Give the host name.',
  'Host names are at most 255 characters.',
).regex(/^[A-Za-z0-9.-]+$/, 'A host name has only letters, digits, dots and dashes.');
const port = wholeNumber(1, 65535, 'A port is a whole number from 1 to 65535.');
const username = requiredText(100, 'Give the user name.', 'User names are at most 100 characters.');
// Passwords and secret keys are not trimmed: a space can be part of one.
const password = z.string().min(1, 'Give the password.').max(200, 'That password is too long.');
const directory = z.string().trim().max(500, 'Paths are at most 500 characters.');
const bucket = z
  .string()
  .trim()
  .regex(
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
    'A bucket name has 3 to 63 lowercase letters, digits, dots and dashes.',
  );
const region = requiredText(
  50,
  'Give the region, e.g. ap-northeast-2.',
  'Give the region, e.g. ap-northeast-2.',
);
const accessKeyId = requiredText(128, 'Give the access key ID.', 'That access key ID is too long.');
const secretKey = z
  .string()
  .min(1, 'Give the secret access key.')
  .max(256, 'That secret access key is too long.');

/** Each kind of destination as the platform keeps it (live-v1.yaml Ftp/Sftp/Service/S3TransferForm). */
const ftp = z.object({
  kind: z.literal('ftp'),
  title,
  host,
  port,
  username,
  password,
  directory,
  passiveMode: z.boolean(),
});
const sftp = ftp.omit({ passiveMode: true }).extend({ kind: z.literal('sftp') });
const service = z.object({
  kind: z.literal('service'),
  title,
  vodServiceAccountKey: key,
  vodChannelKey: key,
  vodCategoryKey: key,
});
const s3 = z.object({
  kind: z.literal('s3'),
  title,
  bucket,
  region,
  accessKeyId,
  secretAccessKey: secretKey,
  prefix: directory,
});

/** A new destination, by kind: what the platform defaults may be left out. */
const newDestination = z.discriminatedUnion('kind', [
  ftp.partial({ port: true, directory: true, passiveMode: true }),
  sftp.partial({ port: true, directory: true }),
  service.partial({ vodCategoryKey: true }),
  s3.partial({ prefix: true }),
]);

/**
 * Changes to a destination: the fields of its kind. An omitted password or secret key keeps the
 * stored one (live-v1.yaml FileTransferUpdateForm: omitted fields keep their value); an empty
 * category clears it.
 */
const destinationChanges = z.discriminatedUnion('kind', [
  ftp.partial({ password: true }),
  sftp.partial({ password: true }),
  service.extend({ vodCategoryKey: key.or(z.literal('')) }),
  s3.partial({ secretAccessKey: true }),
]);

/** Types of the destination inputs, for the service that sends them. */
export type NewDestination = z.output<typeof newDestination>;
export type DestinationChanges = z.output<typeof destinationChanges>;

const serviceChat = z.object({
  channelKey: key,
  enabled: z.boolean(),
  chattingServiceId: positiveId.optional(),
  slowMode: z.boolean(),
  slowModeSeconds: wholeNumber(1, 300, 'Slow mode waits 1 to 300 seconds.'),
  maxMessageLength: wholeNumber(1, 2000, 'Messages are 1 to 2,000 characters long.'),
  allowGuest: z.boolean(),
});

const externalChat = z.object({
  channelKey: key,
  enabled: z.boolean(),
  url: address
    .regex(/^(https:\/\/[^\s/]+\S*)?$/i, 'Give an https:// address for the external chat.')
    .optional(),
  provider: z.string().trim().max(50, 'Names are at most 50 characters.').optional(),
});

/** Commands of this domain. */
export const channelAdminCommands = defineCommands({
  /** The channel's callback URLs (read from getChannel). */
  'channelAdmin.callbacks': command({
    input: channelInput,
    output: returns<Fresh<ChannelCallbacks>>(),
    priority: 'view',
    category: 'channels',
    effect: 'read',
    api: 'live',
    operations: ['live.getChannel'],
    roles: anyRole,
  }),
  /** setChannelCallbacks: each URL as given; empty removes that callback. */
  'channelAdmin.setCallbacks': command({
    input: z.object({
      channelKey: key,
      live: callbackUrl,
      recordingDestination: callbackUrl,
      playback: callbackUrl,
    }),
    output: returns<ChannelCallbacks>(),
    priority: 'command',
    category: 'channels',
    effect: 'change',
    api: 'live',
    operations: ['live.setChannelCallbacks'],
    roles: anyRole,
  }),
  /** listCreators, filtered by nickname or e-mail. */
  'channelAdmin.creators': command({
    input: z.object({
      channelKey: key,
      keyword: searchKeyword.optional(),
    }),
    output: returns<Fresh<CreatorList>>(),
    priority: 'view',
    category: 'channels',
    effect: 'read',
    api: 'live',
    operations: ['live.listCreators'],
    roles: anyRole,
  }),
  'channelAdmin.createCreator': command({
    input: z.object({
      channelKey: key,
      nickname,
      email: z
        .email({ message: 'Give an e-mail address like name@example.com.' })
        .max(200, 'Give an e-mail address like name@example.com.')
        .optional(),
    }),
    output: returns<Creator>(),
    priority: 'command',
    category: 'channels',
    effect: 'change',
    api: 'live',
    operations: ['live.createCreator'],
    roles: anyRole,
  }),
  'channelAdmin.renameCreator': command({
    input: z.object({ channelKey: key, creatorCode: key, nickname }),
    output: returns<Creator>(),
    priority: 'command',
    category: 'channels',
    effect: 'change',
    api: 'live',
    operations: ['live.updateCreator'],
    roles: anyRole,
  }),
  'channelAdmin.deleteCreator': command({
    input: z.object({ channelKey: key, creatorCode: key }),
    output: returns<{ deleted: true }>(),
    priority: 'command',
    category: 'channels',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: 'live',
    operations: ['live.deleteCreator'],
    roles: anyRole,
  }),
  /** listSyndications, without their stream keys. */
  'channelAdmin.syndications': command({
    input: channelInput,
    output: returns<Fresh<Syndication[]>>(),
    priority: 'view',
    category: 'channels',
    effect: 'read',
    api: 'live',
    operations: ['live.listSyndications'],
    roles: anyRole,
  }),
  /** getSyndication: the stream key, when the operator asks to see it. */
  'channelAdmin.revealStreamKey': command({
    input: z.object({ channelKey: key, syndicationId: positiveId }),
    output: returns<SyndicationStreamKey>(),
    priority: 'command',
    category: 'channels',
    effect: 'read',
    api: 'live',
    operations: ['live.getSyndication'],
    roles: anyRole,
  }),
  'channelAdmin.createSyndication': command({
    input: z.object({ channelKey: key, title, link: rtmpLink, streamKey, active: z.boolean() }),
    output: returns<Syndication>(),
    priority: 'command',
    category: 'channels',
    effect: 'change',
    api: 'live',
    operations: ['live.createSyndication'],
    roles: anyRole,
  }),
  /** updateSyndication; an omitted stream key keeps the stored one. */
  'channelAdmin.updateSyndication': command({
    input: z.object({
      channelKey: key,
      syndicationId: positiveId,
      title,
      link: rtmpLink,
      streamKey: streamKey.optional(),
      active: z.boolean(),
    }),
    output: returns<Syndication>(),
    priority: 'command',
    category: 'channels',
    effect: 'change',
    api: 'live',
    operations: ['live.updateSyndication'],
    roles: anyRole,
  }),
  'channelAdmin.deleteSyndication': command({
    input: z.object({ channelKey: key, syndicationId: positiveId }),
    output: returns<{ deleted: true }>(),
    priority: 'command',
    category: 'channels',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: 'live',
    operations: ['live.deleteSyndication'],
    roles: anyRole,
  }),
  /** listFileTransfers. */
  'channelAdmin.destinations': command({
    input: channelInput,
    output: returns<Fresh<RecordingDestination[]>>(),
    priority: 'view',
    category: 'channels',
    effect: 'read',
    api: 'live',
    operations: ['live.listFileTransfers'],
    roles: anyRole,
  }),
  /** getFileTransfer: one destination as the platform holds it now (the editor opens on it). */
  'channelAdmin.destination': command({
    input: z.object({ channelKey: key, destinationId: positiveId }),
    output: returns<RecordingDestination>(),
    priority: 'view',
    category: 'channels',
    effect: 'read',
    api: 'live',
    operations: ['live.getFileTransfer'],
    roles: anyRole,
  }),
  /** create{Ftp,Sftp,Service,ObjectStorage}FileTransfer by `destination.kind`. */
  'channelAdmin.createDestination': command({
    input: z.object({ channelKey: key, destination: newDestination }),
    output: returns<RecordingDestination>(),
    priority: 'command',
    category: 'channels',
    effect: 'change',
    api: 'live',
    operations: [
      'live.createFtpFileTransfer',
      'live.createSftpFileTransfer',
      'live.createServiceFileTransfer',
      'live.createObjectStorageFileTransfer',
    ],
    roles: anyRole,
  }),
  'channelAdmin.updateDestination': command({
    input: z.object({ channelKey: key, destinationId: positiveId, changes: destinationChanges }),
    output: returns<RecordingDestination>(),
    priority: 'command',
    category: 'channels',
    effect: 'change',
    api: 'live',
    operations: ['live.updateFileTransfer'],
    roles: anyRole,
  }),
  'channelAdmin.deleteDestination': command({
    input: z.object({ channelKey: key, destinationId: positiveId }),
    output: returns<{ deleted: true }>(),
    priority: 'command',
    category: 'channels',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: 'live',
    operations: ['live.deleteFileTransfer'],
    roles: anyRole,
  }),
  /** setFileTransferStatus. */
  'channelAdmin.setDestinationActive': command({
    input: z.object({ channelKey: key, destinationId: positiveId, active: z.boolean() }),
    output: returns<RecordingDestination>(),
    priority: 'command',
    category: 'channels',
    effect: 'change',
    api: 'live',
    operations: ['live.setFileTransferStatus'],
    roles: anyRole,
  }),
  /** listChattingServices: the account's chatting service contracts. */
  'channelAdmin.chattingServices': command({
    input: noInput,
    output: returns<Fresh<ChattingService[]>>(),
    priority: 'view',
    category: 'channels',
    effect: 'read',
    api: 'live',
    operations: ['live.listChattingServices'],
    roles: anyRole,
  }),
  /** getChatting and getChattingInfo: the room settings and the room now. */
  'channelAdmin.chat': command({
    input: channelInput,
    output: returns<Fresh<ChannelChat>>(),
    priority: 'view',
    category: 'channels',
    effect: 'read',
    api: 'live',
    operations: ['live.getChatting', 'live.getChattingInfo'],
    roles: anyRole,
  }),
  /** updateServiceChatting. */
  'channelAdmin.updateServiceChat': command({
    input: serviceChat,
    output: returns<ChatSettings>(),
    priority: 'command',
    category: 'channels',
    effect: 'change',
    api: 'live',
    operations: ['live.updateServiceChatting'],
    roles: anyRole,
  }),
  /** updateExternalChatting. */
  'channelAdmin.updateExternalChat': command({
    input: externalChat,
    output: returns<ChatSettings>(),
    priority: 'command',
    category: 'channels',
    effect: 'change',
    api: 'live',
    operations: ['live.updateExternalChatting'],
    roles: anyRole,
  }),
});
