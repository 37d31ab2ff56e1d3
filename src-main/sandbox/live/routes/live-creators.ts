/**
 * Creators and syndications of a channel (live-v1.yaml: listCreators, createCreator,
 * updateCreator, deleteCreator, listSyndications, createSyndication, getSyndication,
 * updateSyndication, deleteSyndication). Deletes answer 204 (the handler answers undefined).
 * Typed from the generated OpenAPI types.
 */
import { unprocessable } from '../../state/http-error';
import { presentCreator, presentSyndication } from '../live-present';
import type { CreatorRecord, SyndicationRecord } from '../live-state';
import { newKey, nextId } from '../../state/ids';
import { findIn, removeWhere } from '../live-state';
import type { OperationHandlers, SliceContext } from '../../kernel/operation';
import { paginate } from '../../kernel/paging';
import type { ChannelRecord, SandboxState } from '../../state/state';
import { findChannel } from '../../state/state';
import { defaulted, typedOperations } from '../../kernel/typed-operation';

/** Creators per channel (public service guide: https://docs.kollus.com/en/service-guide/live/account/creator/). */
export const maxCreators = 3;
/**
 * Syndications per channel (public service guide:
 * https://catenoid-support.atlassian.net/wiki/spaces/SUP/pages/3311523/Live+stream+syndication).
 */
export const maxSyndications = 3;

/** Handlers by operationId. */
export function liveCreatorOperations({
  state,
  clock,
}: SliceContext<'live' | 'channels' | 'ids'>): OperationHandlers {
  const live = state.live;
  const channelOf = (params: { channel_key: string }): ChannelRecord =>
    findChannel(state, params.channel_key);
  const creatorOf = (params: { channel_key: string; creator_code: string }): CreatorRecord => {
    const channel = channelOf(params);
    const code = params.creator_code;
    return findIn(
      live.creators,
      (c) => c.channelKey === channel.key && c.code === code,
      'creator',
      code,
    );
  };
  const syndicationOf = (params: {
    channel_key: string;
    syndication_id: number;
  }): SyndicationRecord => {
    const channel = channelOf(params);
    const id = params.syndication_id;
    return findIn(
      live.syndications,
      (s) => s.channelKey === channel.key && s.id === id,
      'syndication',
      id,
    );
  };
  const now = (): Date => new Date(Math.floor(clock.nowMs() / 1000) * 1000);

  return typedOperations<'live'>({
    listCreators: ({ params, query }) => {
      const channel = channelOf(params);
      const keyword = query.keyword?.toLowerCase() ?? '';
      const creators = live.creators
        .filter((creator) => creator.channelKey === channel.key)
        .filter(
          (creator) =>
            creator.nickname.toLowerCase().includes(keyword) ||
            (creator.email ?? '').toLowerCase().includes(keyword),
        )
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      const page = paginate(
        creators,
        defaulted(query.page, 'page'),
        defaulted(query.per_page, 'per_page'),
      );
      return { data: page.items.map(presentCreator), meta: page.meta };
    },

    createCreator: ({ params, body }) => {
      const channel = channelOf(params);
      const nickname = body.nickname;
      if (live.creators.filter((c) => c.channelKey === channel.key).length >= maxCreators) {
        throw unprocessable(
          `A channel can have at most ${maxCreators} creators; delete one before adding another.`,
        );
      }
      checkNickname(state, channel.key, nickname, undefined);
      const creator: CreatorRecord = {
        code: newKey(state, 10),
        channelKey: channel.key,
        nickname,
        email: body.email ?? null,
        createdAt: now(),
      };
      live.creators.push(creator);
      return { data: presentCreator(creator) };
    },

    updateCreator: ({ params, body }) => {
      const creator = creatorOf(params);
      const nickname = body.nickname;
      checkNickname(state, creator.channelKey, nickname, creator);
      creator.nickname = nickname;
      return { data: presentCreator(creator) };
    },

    deleteCreator: ({ params }) => {
      const creator = creatorOf(params);
      removeWhere(live.creators, (candidate) => candidate === creator);
      return undefined;
    },

    listSyndications: ({ params, query }) => {
      const channel = channelOf(params);
      const list = live.syndications.filter((s) => s.channelKey === channel.key);
      const page = paginate(
        list,
        defaulted(query.page, 'page'),
        defaulted(query.per_page, 'per_page'),
      );
      return { data: page.items.map(presentSyndication), meta: page.meta };
    },

    createSyndication: ({ params, body }) => {
      const channel = channelOf(params);
      const { title, link, stream_name: streamName } = body;
      if (title === undefined || link === undefined || streamName === undefined) {
        const first = title === undefined ? 'title' : link === undefined ? 'link' : 'stream_name';
        throw unprocessable(`The ${first.replace('_', ' ')} field is required.`, first);
      }
      if (live.syndications.filter((s) => s.channelKey === channel.key).length >= maxSyndications) {
        throw unprocessable(
          `A channel can have at most ${maxSyndications} syndications; delete one before adding another.`,
        );
      }
      const at = now();
      const syndication: SyndicationRecord = {
        id: nextId(state),
        channelKey: channel.key,
        title,
        link,
        streamName,
        status: body.status === 0 ? 0 : 1,
        createdAt: at,
        updatedAt: at,
      };
      live.syndications.push(syndication);
      return { data: presentSyndication(syndication) };
    },

    getSyndication: ({ params }) => ({ data: presentSyndication(syndicationOf(params)) }),

    updateSyndication: ({ params, body }) => {
      const syndication = syndicationOf(params);
      syndication.title = body.title ?? syndication.title;
      syndication.link = body.link ?? syndication.link;
      syndication.streamName = body.stream_name ?? syndication.streamName;
      const status = body.status;
      if (status === 0 || status === 1) syndication.status = status;
      syndication.updatedAt = now();
      return { data: presentSyndication(syndication) };
    },

    deleteSyndication: ({ params }) => {
      const syndication = syndicationOf(params);
      removeWhere(live.syndications, (candidate) => candidate === syndication);
      return undefined;
    },
  });
}

/** @throws ApiError 422 when another creator of the channel has `nickname` (ignoring case). */
function checkNickname(
  state: Pick<SandboxState, 'live'>,
  channelKey: string,
  nickname: string,
  self: CreatorRecord | undefined,
): void {
  const taken = state.live.creators.some(
    (creator) =>
      creator !== self &&
      creator.channelKey === channelKey &&
      creator.nickname.toLowerCase() === nickname.toLowerCase(),
  );
  if (taken) {
    throw unprocessable(`The nickname "${nickname}" is already taken in this channel.`, 'nickname');
  }
}
