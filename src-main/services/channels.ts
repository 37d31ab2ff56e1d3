/**
 * The live API v1 operations of the Channels view, one function each, through the workspace's
 * live scheduler (platform-call.ts): listChannels, getChannel, createChannel, updateChannel,
 * disable/enable/trash/restoreChannel, deleteChannel, getContract, listProfileGroups,
 * listProfiles, attachProfile, detachProfile. Each throws PlatformError as the platform
 * answered (its own message), or for a rule the app checks before sending.
 */
import { PlatformError } from '../platform/errors';
import type { components } from '../platform/generated/live-v1';
import type {
  BatchAction,
  ChannelAccess,
  ChannelDetails,
  ChannelPage,
  ChannelStateFilter,
  ChannelType,
  EncodingProfile,
  GroupProfiles,
  ProfileGroup,
  ProfileOverview,
} from '../shared/channels-model';
import type { ChannelOrder, Fresh } from '../shared/model';
import { say } from '../shared/i18n/say';
import { liveCall, type CallPriority } from './platform-call';
import { toChannelDetails, toChannelRow, toContract, toProfile } from './channels-mappers';
import type { Session } from './session';

type ChannelForm = components['schemas']['ChannelForm'];
type ChannelUpdateForm = components['schemas']['ChannelUpdateForm'];

/** What `channels.list` asks for. */
export interface ChannelQuery {
  state: ChannelStateFilter;
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
  session: Session,
  query: ChannelQuery,
): Promise<Fresh<ChannelPage>> {
  const status = query.state === 'enabled' || query.state === 'disabled' ? query.state : undefined;
  const answer = await liveCall(session, 'view', (api, fetch, sa) =>
    api.GET('/v1/live/service-accounts/{service_account_key}/channels', {
      params: {
        path: { service_account_key: sa },
        query: {
          channel_type: 'all',
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
  const items = answer.data.map(toChannelRow).filter((row) => !status || row.status === status);
  return {
    data: {
      items,
      page: answer.meta.current_page,
      lastPage: answer.meta.last_page,
      total: answer.meta.total,
    },
    fetchedAt: session.clock.now(),
  };
}

/** One channel's settings. */
export async function getChannel(
  session: Session,
  channelKey: string,
  priority: CallPriority = 'view',
): Promise<ChannelDetails> {
  const answer = await liveCall(session, priority, (api, fetch, sa) =>
    api.GET('/v1/live/service-accounts/{service_account_key}/channels/{channel_key}', {
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
export async function readAccess(session: Session): Promise<ChannelAccess> {
  try {
    const answer = await liveCall(session, 'view', (api, fetch, sa) =>
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
export async function createChannel(session: Session, input: NewChannel): Promise<ChannelDetails> {
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
  const send = async (): Promise<ChannelDetails> =>
    toChannelDetails(
      (
        await liveCall(session, 'command', (api, fetch, sa) =>
          api.POST('/v1/live/service-accounts/{service_account_key}/channels', {
            params: { path: { service_account_key: sa } },
            body,
            fetch,
          }),
        )
      ).data,
    );
  const before = await channelsTitled(session, input.title);
  return withRecheck(send, async () => {
    // Created after all: a channel of that title the platform did not hold before.
    const after = await channelsTitled(session, input.title);
    const made = after.find((key) => !before.includes(key));
    return made ? getChannel(session, made, 'command') : null;
  });
}

/** Keys of the channels (every type, not trashed) whose title is exactly `title`. */
async function channelsTitled(session: Session, title: string): Promise<string[]> {
  const answer = await liveCall(session, 'command', (api, fetch, sa) =>
    api.GET('/v1/live/service-accounts/{service_account_key}/channels', {
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
  session: Session,
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
  const send = async (): Promise<ChannelDetails> =>
    toChannelDetails(
      (
        await liveCall(session, 'command', (api, fetch, sa) =>
          api.PUT('/v1/live/service-accounts/{service_account_key}/channels/{channel_key}', {
            params: { path: { service_account_key: sa, channel_key: channelKey } },
            body,
            fetch,
          }),
        )
      ).data,
    );
  // The same settings sent twice leave the channel as once: no recheck needed.
  return withRecheck(send, () => Promise.resolve(null));
}

/** Sends disable, enable, trash or restore (spec, States) at `priority`. */
export function setChannelState(
  session: Session,
  channelKey: string,
  action: BatchAction,
  priority: CallPriority,
  signal?: AbortSignal,
): Promise<ChannelDetails> {
  return withRecheck(
    () => sendChannelState(session, channelKey, action, priority, signal),
    async () => {
      const now = await getChannel(session, channelKey, priority);
      return reached(action, now) ? now : null;
    },
  );
}

async function sendChannelState(
  session: Session,
  channelKey: string,
  action: BatchAction,
  priority: CallPriority,
  signal?: AbortSignal,
): Promise<ChannelDetails> {
  const params = { path: { service_account_key: '', channel_key: channelKey } };
  const answer = await liveCall(
    session,
    priority,
    (api, fetch, sa) => {
      const options = { params: { path: { ...params.path, service_account_key: sa } }, fetch };
      switch (action) {
        case 'disable':
          return api.PUT(
            '/v1/live/service-accounts/{service_account_key}/channels/{channel_key}/disable',
            options,
          );
        case 'enable':
          return api.PUT(
            '/v1/live/service-accounts/{service_account_key}/channels/{channel_key}/enable',
            options,
          );
        case 'trash':
          return api.PUT(
            '/v1/live/service-accounts/{service_account_key}/channels/{channel_key}/trash',
            options,
          );
        case 'restore':
          return api.PUT(
            '/v1/live/service-accounts/{service_account_key}/channels/{channel_key}/restore',
            options,
          );
      }
    },
    signal,
  );
  return toChannelDetails(answer.data);
}

/**
 * Deletes a channel permanently, only when `confirmTitle` is its title as the platform holds
 * it (read first, so a stale screen cannot delete another channel).
 * @throws PlatformError `invalid-input` when the titles differ; nothing is deleted.
 */
export async function deleteChannel(
  session: Session,
  channelKey: string,
  confirmTitle: string,
): Promise<{ deleted: string }> {
  const channel = await getChannel(session, channelKey, 'command');
  if (confirmTitle.trim() !== channel.title.trim()) {
    throw new PlatformError({
      code: 'invalid-input',
      ...say('channelsView.errors.titleMismatch', { title: channel.title }),
    });
  }
  const send = async (): Promise<{ deleted: string }> => {
    await liveCall(session, 'command', (api, fetch, sa) =>
      api.DELETE('/v1/live/service-accounts/{service_account_key}/channels/{channel_key}', {
        params: { path: { service_account_key: sa, channel_key: channelKey } },
        fetch,
      }),
    );
    return { deleted: channelKey };
  };
  return withRecheck(send, async () => {
    try {
      await getChannel(session, channelKey, 'command');
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

/** The encoding profile groups (for the create dialog's picker). */
export async function listProfileGroups(session: Session): Promise<Fresh<ProfileGroup[]>> {
  const answer = await liveCall(session, 'view', (api, fetch, sa) =>
    api.GET('/v1/live/service-accounts/{service_account_key}/profile-groups', {
      params: { path: { service_account_key: sa } },
      fetch,
    }),
  );
  return {
    data: answer.data.map((group) => ({
      key: group.key,
      name: group.name,
      profilesCount: group.profiles_count,
    })),
    fetchedAt: session.clock.now(),
  };
}

/** Every group with its profiles of both screen types (1 + 2 × groups calls, at `view`). */
export async function profileOverview(session: Session): Promise<Fresh<ProfileOverview>> {
  const groups = await listProfileGroups(session);
  const withProfiles: GroupProfiles[] = await Promise.all(
    groups.data.map(async (group) => {
      const [landscape, portrait] = await Promise.all([
        listProfiles(session, group.key, 'landscape'),
        listProfiles(session, group.key, 'portrait'),
      ]);
      return { ...group, landscape, portrait };
    }),
  );
  const activeCount = withProfiles
    .flatMap((group) => [...group.landscape, ...group.portrait])
    .filter((profile) => profile.active).length;
  return { data: { groups: withProfiles, activeCount }, fetchedAt: session.clock.now() };
}

async function listProfiles(
  session: Session,
  groupKey: string,
  screenType: 'landscape' | 'portrait',
): Promise<EncodingProfile[]> {
  const answer = await liveCall(session, 'view', (api, fetch, sa) =>
    api.GET(
      '/v1/live/service-accounts/{service_account_key}/profile-groups/{live_media_profile_group_key}/profiles',
      {
        params: {
          path: { service_account_key: sa, live_media_profile_group_key: groupKey },
          query: { video_screen_type: screenType },
        },
        fetch,
      },
    ),
  );
  return answer.data.map(toProfile);
}

/** Attaches (makes active) or detaches a profile (super administrator; spec, States). */
export async function setProfileActive(
  session: Session,
  groupKey: string,
  profileId: number,
  active: boolean,
): Promise<void> {
  // Attaching an active profile (detaching an inactive one) answers 204 and changes nothing,
  // so after a 429 the call is simply sent again.
  const send = () => sendProfileActive(session, groupKey, profileId, active);
  await withRecheck(send, () => Promise.resolve(null));
}

async function sendProfileActive(
  session: Session,
  groupKey: string,
  profileId: number,
  active: boolean,
): Promise<void> {
  await liveCall(session, 'command', (api, fetch, sa) => {
    const options = {
      params: {
        path: {
          service_account_key: sa,
          live_media_profile_group_key: groupKey,
          live_media_profile_id: profileId,
        },
      },
      fetch,
    };
    return active
      ? api.PUT(
          '/v1/live/service-accounts/{service_account_key}/profile-groups/{live_media_profile_group_key}/profiles/{live_media_profile_id}/attach',
          options,
        )
      : api.PUT(
          '/v1/live/service-accounts/{service_account_key}/profile-groups/{live_media_profile_group_key}/profiles/{live_media_profile_id}/detach',
          options,
        );
  });
}

/**
 * Sends once; after a 429 (the scheduler then waits out the platform's pause) a non-idempotent
 * call is never repeated blindly (DESIGN.md, "The API budget"): `recheck` reads the platform
 * and answers the outcome when the first call took effect after all, else null, and only
 * then is the call sent again.
 */
async function withRecheck<T>(
  send: () => Promise<T>,
  recheck: () => Promise<T | null>,
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof PlatformError) || error.error.code !== 'rate-limited') throw error;
  }
  return (await recheck()) ?? send();
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
