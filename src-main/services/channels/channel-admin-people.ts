/**
 * A channel's callbacks, creators and syndications on the platform (live API v1:
 * getChannel, setChannelCallbacks, listCreators, createCreator, updateCreator, deleteCreator,
 * listSyndications, getSyndication, createSyndication, updateSyndication, deleteSyndication).
 * Each function is one platform call through the workspace's scheduler at the priority given,
 * and throws PlatformError with the platform's own message on a refusal.
 */
import type {
  ChannelCallbacks,
  Creator,
  CreatorList,
  Syndication,
  SyndicationStreamKey,
} from '../../shared/channel-admin-model';
import type { Fresh } from '../../shared/model';
import { toCallbacks, toCreator, toSyndication } from './channel-admin-mappers';
import { liveCall, type CallPriority } from '../core/platform-call';
import type { AccountContext } from '../core/account-context';

const channelPath = '/v1/live/service-accounts/{service_account_key}/channels/{channel_key}';
/** Creators and syndications per channel are at most 3 (guide): one page holds them all. */
const perPage = 100;

/** The channel's callback URLs as getChannel answers them (not known: `known` false). */
export async function readCallbacks(
  account: AccountContext,
  priority: CallPriority,
  channelKey: string,
): Promise<Fresh<ChannelCallbacks>> {
  const answer = await liveCall(account, priority, (api, fetch, sa) =>
    api.GET(channelPath, {
      params: { path: { service_account_key: sa, channel_key: channelKey } },
      fetch,
    }),
  );
  return { data: toCallbacks(answer.data), fetchedAt: account.clock.now() };
}

/** Sets all three callback URLs; an empty one removes that callback. */
export async function setCallbacks(
  account: AccountContext,
  priority: CallPriority,
  input: { channelKey: string; live: string; recordingDestination: string; playback: string },
): Promise<ChannelCallbacks> {
  const answer = await liveCall(account, priority, (api, fetch, sa) =>
    api.PUT(`${channelPath}/callback`, {
      params: { path: { service_account_key: sa, channel_key: input.channelKey } },
      body: {
        live_callback_url: input.live,
        file_transfer_callback_url: input.recordingDestination,
        playback_callback_url: input.playback,
      },
      fetch,
    }),
  );
  return toCallbacks(answer.data);
}

/** The channel's creators matching `keyword` (nickname or e-mail), newest first. */
export async function listCreators(
  account: AccountContext,
  priority: CallPriority,
  channelKey: string,
  keyword: string | undefined,
): Promise<Fresh<CreatorList>> {
  const answer = await liveCall(account, priority, (api, fetch, sa) =>
    api.GET(`${channelPath}/creators`, {
      params: {
        path: { service_account_key: sa, channel_key: channelKey },
        query: { keyword: keyword || undefined, per_page: perPage },
      },
      fetch,
    }),
  );
  return {
    data: { items: answer.data.map(toCreator), total: answer.meta.total },
    fetchedAt: account.clock.now(),
  };
}

export async function createCreator(
  account: AccountContext,
  priority: CallPriority,
  input: { channelKey: string; nickname: string; email?: string | undefined },
): Promise<Creator> {
  const answer = await liveCall(account, priority, (api, fetch, sa) =>
    api.POST(`${channelPath}/creators`, {
      params: { path: { service_account_key: sa, channel_key: input.channelKey } },
      body: { nickname: input.nickname, email: input.email },
      fetch,
    }),
  );
  return toCreator(answer.data);
}

export async function renameCreator(
  account: AccountContext,
  priority: CallPriority,
  input: { channelKey: string; creatorCode: string; nickname: string },
): Promise<Creator> {
  const answer = await liveCall(account, priority, (api, fetch, sa) =>
    api.PUT(`${channelPath}/creators/{creator_code}`, {
      params: {
        path: {
          service_account_key: sa,
          channel_key: input.channelKey,
          creator_code: input.creatorCode,
        },
      },
      body: { nickname: input.nickname },
      fetch,
    }),
  );
  return toCreator(answer.data);
}

export async function deleteCreator(
  account: AccountContext,
  priority: CallPriority,
  input: { channelKey: string; creatorCode: string },
): Promise<{ deleted: true }> {
  await liveCall(account, priority, (api, fetch, sa) =>
    api.DELETE(`${channelPath}/creators/{creator_code}`, {
      params: {
        path: {
          service_account_key: sa,
          channel_key: input.channelKey,
          creator_code: input.creatorCode,
        },
      },
      fetch,
    }),
  );
  return { deleted: true };
}

/** The channel's syndications, oldest first, without their stream keys. */
export async function listSyndications(
  account: AccountContext,
  priority: CallPriority,
  channelKey: string,
): Promise<Fresh<Syndication[]>> {
  const answer = await liveCall(account, priority, (api, fetch, sa) =>
    api.GET(`${channelPath}/syndications`, {
      params: {
        path: { service_account_key: sa, channel_key: channelKey },
        query: { per_page: perPage },
      },
      fetch,
    }),
  );
  return { data: answer.data.map(toSyndication), fetchedAt: account.clock.now() };
}

/** One syndication's stream key (getSyndication), for the operator who asked to see it. */
export async function revealStreamKey(
  account: AccountContext,
  priority: CallPriority,
  input: { channelKey: string; syndicationId: number },
): Promise<SyndicationStreamKey> {
  const answer = await liveCall(account, priority, (api, fetch, sa) =>
    api.GET(`${channelPath}/syndications/{syndication_id}`, {
      params: { path: syndicationPath(sa, input) },
      fetch,
    }),
  );
  return { id: answer.data.id, streamKey: answer.data.stream_name };
}

export async function createSyndication(
  account: AccountContext,
  priority: CallPriority,
  input: { channelKey: string; title: string; link: string; streamKey: string; active: boolean },
): Promise<Syndication> {
  const answer = await liveCall(account, priority, (api, fetch, sa) =>
    api.POST(`${channelPath}/syndications`, {
      params: { path: { service_account_key: sa, channel_key: input.channelKey } },
      body: syndicationForm(input),
      fetch,
    }),
  );
  return toSyndication(answer.data);
}

/** Changes a syndication; without `streamKey` the stored key stays. */
export async function updateSyndication(
  account: AccountContext,
  priority: CallPriority,
  input: {
    channelKey: string;
    syndicationId: number;
    title: string;
    link: string;
    streamKey?: string | undefined;
    active: boolean;
  },
): Promise<Syndication> {
  const answer = await liveCall(account, priority, (api, fetch, sa) =>
    api.PUT(`${channelPath}/syndications/{syndication_id}`, {
      params: { path: syndicationPath(sa, input) },
      body: syndicationForm(input),
      fetch,
    }),
  );
  return toSyndication(answer.data);
}

export async function deleteSyndication(
  account: AccountContext,
  priority: CallPriority,
  input: { channelKey: string; syndicationId: number },
): Promise<{ deleted: true }> {
  await liveCall(account, priority, (api, fetch, sa) =>
    api.DELETE(`${channelPath}/syndications/{syndication_id}`, {
      params: { path: syndicationPath(sa, input) },
      fetch,
    }),
  );
  return { deleted: true };
}

function syndicationPath(sa: string, input: { channelKey: string; syndicationId: number }) {
  return {
    service_account_key: sa,
    channel_key: input.channelKey,
    syndication_id: input.syndicationId,
  };
}

/** A syndication as the platform takes it; an undefined stream key is left out of the JSON. */
function syndicationForm(input: {
  title: string;
  link: string;
  streamKey?: string | undefined;
  active: boolean;
}) {
  return {
    title: input.title,
    link: input.link,
    stream_name: input.streamKey,
    status: input.active ? (1 as const) : (0 as const),
  };
}
