/**
 * VOD channels and player skins (VOD API v3, tag Channels and Player skins) for the Library's
 * VOD channels section: the platform's records mapped to the app's own shapes, and the calls
 * behind `vodChannel.*` and `playerSkin.*`. Every call throws PlatformError as the platform
 * answered (its own message reaches the operator).
 */
import type { components } from '../../platform/generated/vod-v3';
import type {
  StreamingFormat,
  VodChannel,
  VodChannelKind,
  PlayerSkin,
} from '../../shared/library-admin-model';
import type { Fresh } from '../../shared/model';
import type { CallPriority } from '../core/platform-call';
import { vodCall } from '../core/platform-call';
import type { AccountContext } from '../core/account-context';

type ApiChannel = components['schemas']['Channel'];

const isoOf = (unixS: number): string => new Date(unixS * 1000).toISOString();

/** The console's label of a channel (guide): encryption-only channels are never shared. */
export function channelKind(channel: Pick<ApiChannel, 'kind' | 'is_shared'>): VodChannelKind {
  if (channel.kind === 1) return 'encryption';
  return channel.is_shared ? 'shared' : 'nonShared';
}

/** The platform's channel as the app shows it. */
export function toVodChannel(channel: ApiChannel): VodChannel {
  return {
    key: channel.key,
    name: channel.name,
    description: channel.description,
    kind: channelKind(channel),
    active: channel.status === 1,
    streamingFormat: channel.streaming_format,
    usePlaybackToken: channel.use_playback_token,
    usePingback: channel.use_pingback,
    callbackUrl: channel.callback_url,
    downloadCallbackUrl: channel.download_callback_url,
    blockExternalOutput: channel.block_external_output,
    referer: {
      mode: channel.referer_policy.mode,
      domains: channel.referer_policy.domains,
      refuseEmpty: channel.referer_policy.refuse_empty_referer,
    },
    countryAccess: {
      mode: channel.country_access.mode,
      countries: channel.country_access.country_codes,
    },
    subtitleLanguage: channel.subtitle_language,
    playerSkinId: channel.player_skin_id,
    contentCount: channel.count_of_media_contents,
    createdAt: isoOf(channel.created_at),
    updatedAt: isoOf(channel.updated_at),
  };
}

/** What createChannel takes: the kind maps to `kind` and `is_shared` (fixed afterwards). */
export interface NewVodChannel {
  name: string;
  description?: string | undefined;
  kind: VodChannelKind;
  streamingFormat: StreamingFormat;
  usePlaybackToken: boolean;
}

/** Filters of the channel list (spec: `kind`, `status`, and a keyword). */
export interface VodChannelFilter {
  keyword?: string | undefined;
  kind?: 'general' | 'encryption' | undefined;
  active?: boolean | undefined;
}

/** The newest channels (at most 100) matching `filter`. */
export async function listVodChannels(
  account: AccountContext,
  priority: CallPriority,
  { keyword, kind, active }: VodChannelFilter,
): Promise<Fresh<VodChannel[]>> {
  const body = await vodCall(account, priority, (api, fetch) =>
    api.GET('/channels', {
      params: {
        query: {
          per_page: 100,
          ...(keyword ? { keyword } : {}),
          ...(kind ? { kind: kind === 'encryption' ? 1 : 0 } : {}),
          ...(active === undefined ? {} : { status: active ? 1 : 0 }),
        },
      },
      fetch,
    }),
  );
  return { data: body.data.map(toVodChannel), fetchedAt: account.clock.now() };
}

/** One channel. */
export async function getVodChannel(
  account: AccountContext,
  priority: CallPriority,
  channelKey: string,
): Promise<Fresh<VodChannel>> {
  const body = await vodCall(account, priority, (api, fetch) =>
    api.GET('/channels/{channel_key}', { params: { path: { channel_key: channelKey } }, fetch }),
  );
  return { data: toVodChannel(body.data), fetchedAt: account.clock.now() };
}

/** Creates a channel (spec: sharing and security policy cannot change afterwards). */
export async function createVodChannel(
  account: AccountContext,
  priority: CallPriority,
  input: NewVodChannel,
): Promise<VodChannel> {
  const body = await vodCall(account, priority, (api, fetch) =>
    api.POST('/channels', {
      body: {
        name: input.name,
        ...(input.description ? { description: input.description } : {}),
        kind: input.kind === 'encryption' ? 1 : 0,
        is_shared: input.kind === 'shared' ? 1 : 0,
        streaming_format: input.streamingFormat,
        use_playback_token: input.usePlaybackToken ? 1 : 0,
      },
      fetch,
    }),
  );
  return toVodChannel(body.data);
}

/** Player skins and the channels wearing each. */
export async function listPlayerSkins(
  account: AccountContext,
  priority: CallPriority,
): Promise<Fresh<PlayerSkin[]>> {
  const body = await vodCall(account, priority, (api, fetch) =>
    api.GET('/player-skins', { fetch }),
  );
  return {
    data: body.data.map((skin) => ({
      id: skin.id,
      name: skin.name,
      channelKeys: skin.channel_keys,
      createdAt: isoOf(skin.created_at),
    })),
    fetchedAt: account.clock.now(),
  };
}
