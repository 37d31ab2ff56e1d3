/**
 * The Channels view's model (live administration): live channels with their
 * state and settings, encoding profile groups and profiles, the workspace's role and
 * contract, and channel batches. Pure types and rules shared by main and the renderer.
 */
import type { BatchBudget, ChannelOrder, ChannelSummary, Page } from './model';

/**
 * A channel's type, set once at creation (public service guide, "channel"): `live` standard
 * HLS, `low_latency` LL-HLS (no timeshift, no cue point), `scheduled` programs of uploaded files.
 */
export const channelTypes = ['live', 'low_latency', 'scheduled'] as const;
export type ChannelType = (typeof channelTypes)[number];

/** What the list shows: enabled, disabled (both not trashed), or the Trash. */
export const channelStateFilters = ['all', 'enabled', 'disabled', 'trashed'] as const;
export type ChannelStateFilter = (typeof channelStateFilters)[number];

/** Which types a channel list holds: every type, or the encoder-fed (`live`, `low_latency`). */
export const channelListTypes = ['all', 'live'] as const;
export type ChannelListTypes = (typeof channelListTypes)[number];

/**
 * A channel as every channel list shows it (the control room's and the Channels view's): one
 * model, read by `channels.list` and by the watch planner's channel-list poll.
 */
export type ChannelRow = ChannelSummary;

/**
 * The scheduled channels (`type` `scheduled`: programs of uploaded media, the Schedule's
 * timelines) of a channel list read in `order`, in creation order. The Schedule has no list
 * of its own: it filters the one `channels.list` (docs/dev/architecture.md, "Queries").
 */
export function scheduledChannels(rows: readonly ChannelRow[], order: ChannelOrder): ChannelRow[] {
  const scheduled = rows.filter((row) => row.type === 'scheduled');
  if (order === 'id_asc') return scheduled;
  if (order === 'id_desc') return scheduled.reverse();
  return scheduled.sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
}

/** A channel's settings as ChannelSettings shows and edits them (getChannel). */
export interface ChannelDetails extends ChannelRow {
  profileGroupKey: string;
  useTimeshift: boolean;
  useChat: boolean;
  /** 0 no recording, 1 segment recording, 3 segment and manual recording (observed). */
  recordingFilePolicy: 0 | 1 | 3;
  useDuplicateBlock: boolean;
  useCaptureBlock: boolean;
  /** Where an encoder publishes (guide); null when the platform gives none. */
  rtmpPublishUrl: string | null;
  /** The channel's view URL (guide); null when the platform gives none. */
  viewUrl: string | null;
}

/** One page of the Channels list (live list `meta`). */
export type ChannelPage = Page<ChannelRow>;

/** A live encoding profile group (`profile-groups`). */
export interface ProfileGroup {
  key: string;
  name: string;
  /** Profiles of both screen types. */
  profilesCount: number;
}

/** A live encoding profile of a group. */
export interface EncodingProfile {
  id: number;
  name: string;
  screenType: 'landscape' | 'portrait';
  /** Pixels. */
  width: number;
  height: number;
  /** kbit/s. */
  videoKbps: number;
  audioKbps: number;
  /** Used for live output now; at most 3 at once, at least 1 (spec, States). */
  active: boolean;
}

/** A group with its profiles of each screen type. */
export interface GroupProfiles extends ProfileGroup {
  landscape: EncodingProfile[];
  portrait: EncodingProfile[];
}

/** Every group's profiles; the rule (at most 3 active, at least 1) is account-wide. */
export interface ProfileOverview {
  groups: GroupProfiles[];
  /** Profiles active now, every group and screen type. */
  activeCount: number;
}

/** The service account's contract (getContract), as far as the Channels view uses it. */
export interface ChannelContract {
  name: string;
  plan: string;
  /** Channels the account may register (trashed ones count). */
  channelLimit: number;
  /** Viewers at once, all channels. */
  viewerLimit: number;
  /** Encoding profiles active at once. */
  activeProfileLimit: number;
  useTimeshift: boolean;
}

/**
 * The workspace's live role as the platform shows it: the contract is readable by a super
 * administrator only (spec, Endpoints: GET contracts is SA), so a 403 there means administrator.
 */
export interface ChannelAccess {
  role: 'super_admin' | 'admin';
  contract: ChannelContract | null;
}

/** The state actions on a channel (spec, States; super administrator only). */
export const channelActions = ['disable', 'enable', 'trash', 'restore', 'delete'] as const;
export type ChannelAction = (typeof channelActions)[number];

/** The actions a batch may run (delete stays one channel at a time, confirmed by its title). */
export const batchActions = ['disable', 'enable', 'trash', 'restore'] as const;
export type BatchAction = (typeof batchActions)[number];

/** Encoding profiles active at once per service account, at most and at least (spec, States). */
export const activeProfiles = { max: 3, min: 1 } as const;

/**
 * Whether the spec's States allow `action` on a channel in this state: disable an enabled
 * channel, enable a disabled one, trash one not in the trash, restore one in it, delete any.
 * Our choice: a trashed channel is restored before it is disabled or enabled (the platform
 * refuses changes to a trashed channel).
 */
export function actionAllowed(
  action: ChannelAction,
  channel: Pick<ChannelRow, 'status' | 'trashed'>,
): boolean {
  switch (action) {
    case 'disable':
      return !channel.trashed && channel.status === 'enabled';
    case 'enable':
      return !channel.trashed && channel.status === 'disabled';
    case 'trash':
      return !channel.trashed;
    case 'restore':
      return channel.trashed;
    case 'delete':
      return true;
  }
}

/** One channel of a batch plan. */
export interface BatchChannel {
  key: string;
  title: string;
}

/** A previewed channel batch: what will be sent, what is left out and why, and its cost. */
export interface ChannelBatchPlan {
  action: BatchAction;
  /** Channels the action is sent to, one call each, in this order. */
  channels: BatchChannel[];
  /** Selected channels whose state does not allow the action (nothing is sent for them). */
  skipped: BatchChannel[];
  /** Platform calls the batch makes. */
  calls: number;
  /** About this long at the account's pace (its spacing between calls), s. */
  seconds: number;
  /** Its cost to the live budget, with the watches planned now. */
  budget?: BatchBudget;
}
