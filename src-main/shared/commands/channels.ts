/**
 * The Channels view's commands: live channels, their states and settings, encoding profiles
 * (live administration; services/channel-commands.ts). Reads for the view run at
 * `view`, the operator's changes at `command`, batches at `bulk`.
 */
import { z } from 'zod';
import {
  batchActions,
  channelStateFilters,
  channelListTypes,
  channelTypes,
  type ChannelAccess,
  type ChannelBatchPlan,
  type ChannelDetails,
  type ChannelPage,
  type ProfileGroup,
  type ProfileOverview,
} from '../channels-model';
import { channelOrders, type Fresh } from '../model';
import { anyRole, command, defineCommands, returns, superAdminOnly } from './define';
import {
  channelInput,
  key,
  noInput,
  pageNumber,
  pageSize,
  requiredText,
  searchKeyword,
} from './fields';

const title = requiredText(
  100,
  'A channel needs a title.',
  'Channel titles are at most 100 characters.',
);

const customerCode = z.string().trim().max(50, 'Customer codes are at most 50 characters.');

const viewerLimit = z
  .number()
  .int('The viewer limit is a whole number.')
  .min(1, 'The viewer limit is at least 1 viewer.')
  .max(10_000_000, 'The viewer limit is at most 10,000,000 viewers.');

/** Settings an operator may change after creation (ChannelUpdateForm). */
const editable = {
  title,
  customerCode,
  viewerLimit,
  shared: z.boolean(),
  profileGroupKey: key,
  useTimeshift: z.boolean(),
  recordingFilePolicy: z.union([z.literal(0), z.literal(1), z.literal(3)]),
  useDuplicateBlock: z.boolean(),
  useCaptureBlock: z.boolean(),
};

const profileRef = z.object({
  groupKey: key,
  profileId: z.number().int().positive('A profile id is a positive whole number.'),
});

/** Commands of the Channels view. */
export const channelCommands = defineCommands({
  /**
   * One page of channels with their on-air tally, filtered by state (the Trash is `trashed`)
   * and type: `all` for the Channels view, `live` (encoder-fed, no scheduled channel) for the
   * control room. The one channel-list command of both views.
   */
  'channels.list': command({
    scope: 'platform',
    input: z.object({
      state: z.enum(channelStateFilters).default('all'),
      types: z.enum(channelListTypes).default('all'),
      keyword: searchKeyword.default(''),
      order: z.enum(channelOrders).default('id_desc'),
      page: pageNumber.default(1),
      perPage: pageSize.default(100),
    }),
    output: returns<Fresh<ChannelPage>>(),
    priority: 'view',
    category: 'channels',
    effect: 'read',
    api: 'live',
    operations: ['live.listChannels'],
    roles: anyRole,
    offer: { palette: true },
  }),
  'channels.get': command({
    scope: 'platform',
    input: channelInput,
    output: returns<Fresh<ChannelDetails>>(),
    priority: 'view',
    category: 'channels',
    effect: 'read',
    api: 'live',
    operations: ['live.getChannel'],
    roles: anyRole,
  }),
  /** The workspace's role (contract readable: super administrator) and its contract. */
  'channels.access': command({
    scope: 'platform',
    input: noInput,
    output: returns<ChannelAccess>(),
    priority: 'view',
    category: 'channels',
    effect: 'read',
    api: 'live',
    operations: ['live.getContract'],
    roles: superAdminOnly,
    // An administrator's token is answered 403 here: that is how the view learns its role.
    learnsRole: true,
  }),
  'channels.create': command({
    scope: 'platform',
    input: z.object({
      title,
      customerCode: customerCode.default(''),
      viewerLimit,
      shared: z.boolean().default(false),
      profileGroupKey: key,
      type: z.enum(channelTypes).default('live'),
      useTimeshift: z.boolean().default(false),
    }),
    output: returns<ChannelDetails>(),
    priority: 'command',
    category: 'channels',
    effect: 'change',
    api: 'live',
    operations: ['live.createChannel', 'live.listChannels', 'live.getChannel'],
    roles: superAdminOnly,
    offer: { palette: true },
  }),
  /** Changes the settings given; the others keep their value. */
  'channels.update': command({
    scope: 'platform',
    input: z.object({ channelKey: key, changes: z.object(editable).partial() }),
    output: returns<ChannelDetails>(),
    priority: 'command',
    category: 'channels',
    effect: 'change',
    api: 'live',
    operations: ['live.updateChannel'],
    roles: anyRole,
  }),
  /** disable, enable, trash or restore one channel; answers it in its new state. */
  'channels.setState': command({
    scope: 'platform',
    input: z.object({ channelKey: key, action: z.enum(batchActions) }),
    output: returns<ChannelDetails>(),
    priority: 'command',
    // Destructive: disabling or trashing a channel stops its viewers or its broadcast.
    category: 'channels',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: 'live',
    operations: [
      'live.disableChannel',
      'live.enableChannel',
      'live.trashChannel',
      'live.restoreChannel',
      'live.getChannel',
    ],
    roles: superAdminOnly,
  }),
  /** Permanent delete, only when `confirmTitle` is the channel's title as the platform holds it. */
  'channels.delete': command({
    scope: 'platform',
    input: z.object({ channelKey: key, confirmTitle: z.string().max(200) }),
    output: returns<{ deleted: string }>(),
    priority: 'command',
    category: 'channels',
    effect: 'destructive',
    confirm: { kind: 'typed', field: 'confirmTitle' },
    api: 'live',
    operations: ['live.getChannel', 'live.deleteChannel'],
    roles: superAdminOnly,
    offer: { palette: true },
  }),
  /** Previews a batch: which of the selected channels it is sent to, and its cost. */
  'channels.planBatch': command({
    scope: 'platform',
    input: z.object({
      action: z.enum(batchActions),
      channels: z
        .array(
          z.object({
            key,
            title: z.string().max(200),
            status: z.enum(['enabled', 'disabled']),
            trashed: z.boolean(),
          }),
        )
        .min(1, 'Select at least one channel.')
        .max(500, 'Select at most 500 channels at once.'),
    }),
    output: returns<ChannelBatchPlan>(),
    priority: 'local',
    category: 'channels',
    effect: 'read',
    api: null,
    operations: [],
    roles: anyRole,
  }),
  /** Starts a previewed batch and answers at once; follow it as every batch (`batches.changed`). */
  'channels.runBatch': command({
    scope: 'platform',
    input: z.object({
      action: z.enum(batchActions),
      channels: z
        .array(z.object({ key, title: z.string().max(200) }))
        .min(1, 'The batch is empty.')
        .max(500, 'Select at most 500 channels at once.'),
    }),
    output: returns<{ batchId: string }>(),
    priority: 'bulk',
    category: 'channels',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: 'live',
    operations: [
      'live.disableChannel',
      'live.enableChannel',
      'live.trashChannel',
      'live.restoreChannel',
      'live.getChannel',
    ],
    roles: superAdminOnly,
  }),
  'profiles.groups': command({
    scope: 'platform',
    input: noInput,
    output: returns<Fresh<ProfileGroup[]>>(),
    priority: 'view',
    category: 'channels',
    effect: 'read',
    api: 'live',
    operations: ['live.listProfileGroups'],
    roles: anyRole,
  }),
  /** Every group with its profiles of both screen types: the account-wide active count. */
  'profiles.overview': command({
    scope: 'platform',
    input: noInput,
    output: returns<Fresh<ProfileOverview>>(),
    priority: 'view',
    category: 'channels',
    effect: 'read',
    api: 'live',
    operations: ['live.listProfileGroups', 'live.listProfiles'],
    roles: anyRole,
  }),
  'profiles.attach': command({
    scope: 'platform',
    input: profileRef,
    output: returns<{ attached: number }>(),
    priority: 'command',
    category: 'channels',
    effect: 'change',
    api: 'live',
    operations: ['live.attachProfile'],
    roles: superAdminOnly,
  }),
  'profiles.detach': command({
    scope: 'platform',
    input: profileRef,
    output: returns<{ detached: number }>(),
    priority: 'command',
    category: 'channels',
    effect: 'change',
    api: 'live',
    operations: ['live.detachProfile'],
    roles: superAdminOnly,
  }),
});
