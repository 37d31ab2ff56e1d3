/**
 * Per-channel administration: callbacks, creators, syndications, recording destinations, chat
 * (services/channels/channel-admin-*.ts). Reads for a tab run at `view`, the operator's changes
 * at `command`. Inputs are checked in the operator's words before anything is sent
 * (channel-admin-inputs.ts); secrets typed in (passwords, secret keys, stream keys) are sent to
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
  callbackUrl,
  destinationChanges,
  externalChat,
  newDestination,
  nickname,
  rtmpLink,
  serviceChat,
  streamKey,
  title,
} from './channel-admin-inputs';
import { channelInput, key, noInput, positiveId, searchKeyword } from './fields';

export type { DestinationChanges, NewDestination } from './channel-admin-inputs';

/** Commands of this domain. */
export const channelAdminCommands = defineCommands({
  /** The channel's callback URLs (read from getChannel). */
  'channelAdmin.callbacks': command({
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
    reveals: true,
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'platform',
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
