/**
 * The sandbox platform's in-memory state: what the seed creates and the operations change.
 * Times are `Date` instants (UTC); they become ISO-8601 or unix seconds only on the wire.
 */
import { notFound } from './http-error';
import type { BroadcastRecord, ChannelRecord, ProfileGroupRecord } from './model/platform';
import type { SandboxState } from './model/state';

export type {
  ContractRecord,
  ProfileGroupRecord,
  ProfileRecord,
  ChannelRecord,
  BroadcastRecord,
  MediaContentBase,
  MediaContentRecord,
  SandboxCredentials,
  ChannelCallbacks,
} from './model/platform';
export type { SandboxState } from './model/state';

/** The channel with `key` (trashed ones included). @throws ApiError 404 when unknown. */
export function findChannel(state: Pick<SandboxState, 'channels'>, key: string): ChannelRecord {
  const channel = state.channels.find((candidate) => candidate.key === key);
  if (channel === undefined) throw notFound('channel', key);
  return channel;
}

/** The broadcast with `key`. @throws ApiError 404 when unknown. */
export function findBroadcast(
  state: Pick<SandboxState, 'broadcasts'>,
  key: string,
): BroadcastRecord {
  const broadcast = state.broadcasts.find((candidate) => candidate.key === key);
  if (broadcast === undefined) throw notFound('broadcast', key);
  return broadcast;
}

/** The profile group with `key`. @throws ApiError 404 when unknown. */
export function findProfileGroup(
  state: Pick<SandboxState, 'profileGroups'>,
  key: string,
): ProfileGroupRecord {
  const group = state.profileGroups.find((candidate) => candidate.key === key);
  if (group === undefined) throw notFound('encoding profile group', key);
  return group;
}

/** The channel's most recently created broadcast, or undefined when it never broadcast. */
export function latestBroadcastOf(
  state: Pick<SandboxState, 'broadcasts'>,
  channelKey: string,
): BroadcastRecord | undefined {
  let latest: BroadcastRecord | undefined;
  for (const broadcast of state.broadcasts) {
    if (broadcast.channelKey === channelKey && (latest === undefined || broadcast.id > latest.id)) {
      latest = broadcast;
    }
  }
  return latest;
}
