/** Query keys, one factory for the whole renderer (TanStack Query: keys from a factory). */
import type { ChannelStateFilter } from '../../../src-main/shared/channels-model';
import type { ChannelOrder } from '../../../src-main/shared/model';

/**
 * What a channel list asks `channels.list` for (every type; a view filters the types it
 * shows). Equal filters are one cache entry, whichever view reads it.
 */
export interface ChannelFilter {
  state: ChannelStateFilter;
  keyword: string;
  order: ChannelOrder;
}

export const keys = {
  workspace: () => ['workspace'] as const,
  workspaceState: () => ['workspace-state'] as const,
  accounts: () => ['accounts'] as const,
  keychain: () => ['keychain'] as const,
  notices: () => ['notices'] as const,
  /** The Multiview's pinned tiles of the active workspace (`settings.multiviewPins`). */
  multiviewPins: () => ['multiview-pins'] as const,
  budget: () => ['budget'] as const,
  /** This desk's place in a studio (`studio.status`: hosting, seats, or its link as a seat). */
  studioStatus: () => ['studio', 'status'] as const,
  /** Every cached channel list (every filter): the prefix to invalidate after a channel changes. */
  channelLists: () => ['channels', 'list'] as const,
  /**
   * The one live channel list (`channels.list`, pages of every type): the control room, the
   * Channels view and the Schedule read it (docs/dev/architecture.md, "Queries").
   */
  channelList: (filter: ChannelFilter) => ['channels', 'list', filter] as const,
  broadcast: (broadcastKey: string) => ['broadcast', broadcastKey] as const,
  participants: (broadcastKey: string) => ['participants', broadcastKey] as const,
  viewers: (broadcastKey: string) => ['viewers', broadcastKey] as const,
  /** Why the live figure of `topic` about `subject` is stale (null: its last poll worked). */
  liveProblem: (topic: string, subject: string) => ['live-problem', topic, subject] as const,
  /** Every cached program range (all channels): the prefix to invalidate after an edit. */
  schedulePrograms: () => ['schedule-programs'] as const,
  /** Every cached program range of one channel (each window the timeline was panned to). */
  channelPrograms: (channelKey: string) => ['schedule-programs', channelKey] as const,
  programs: (channelKey: string, from: string, to: string) =>
    ['schedule-programs', channelKey, from, to] as const,
  programMedia: (keyword: string) => ['program-media', keyword] as const,
  /** VOD categories of the current workspace (the upload dialog's choices). */
};
