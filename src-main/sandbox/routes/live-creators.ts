/**
 * Creators and syndications of a channel (live-v1.yaml: listCreators, createCreator,
 * updateCreator, deleteCreator, listSyndications, createSyndication, getSyndication,
 * updateSyndication, deleteSyndication). Deletes answer 204 (the handler answers undefined).
 */
import { unprocessable } from '../http-error';
import { presentCreator, presentSyndication } from '../live-present';
import type { CreatorRecord, SyndicationRecord } from '../live-state';
import { findIn, removeWhere, takeId } from '../live-state';
import type { OperationHandlers, SandboxContext } from '../operation';
import { intInput, optionalInt, optionalString, stringInput } from '../operation';
import type { JsonObject } from '../openapi';
import { paginate } from '../paging';
import { lowerKey } from '../prng';
import type { ChannelRecord, SandboxState } from '../state';
import { findChannel } from '../state';

/** Creators per channel (public service guide: https://docs.kollus.com/en/service-guide/live/account/creator/). */
export const maxCreators = 3;
/**
 * Syndications per channel (public service guide:
 * https://catenoid-support.atlassian.net/wiki/spaces/SUP/pages/3311523/Live+stream+syndication).
 */
export const maxSyndications = 3;

/** Handlers by operationId. */
export function liveCreatorOperations({ state, clock }: SandboxContext): OperationHandlers {
  const live = state.live;
  const channelOf = (params: JsonObject): ChannelRecord =>
    findChannel(state, stringInput(params, 'channel_key'));
  const creatorOf = (params: JsonObject): CreatorRecord => {
    const channel = channelOf(params);
    const code = stringInput(params, 'creator_code');
    return findIn(
      live.creators,
      (c) => c.channelKey === channel.key && c.code === code,
      'creator',
      code,
    );
  };
  const syndicationOf = (params: JsonObject): SyndicationRecord => {
    const channel = channelOf(params);
    const id = intInput(params, 'syndication_id');
    return findIn(
      live.syndications,
      (s) => s.channelKey === channel.key && s.id === id,
      'syndication',
      id,
    );
  };
  const now = (): Date => new Date(Math.floor(clock.nowMs() / 1000) * 1000);

  return {
    listCreators: ({ params, query }) => {
      const channel = channelOf(params);
      const keyword = optionalString(query, 'keyword')?.toLowerCase() ?? '';
      const creators = live.creators
        .filter((creator) => creator.channelKey === channel.key)
        .filter(
          (creator) =>
            creator.nickname.toLowerCase().includes(keyword) ||
            (creator.email ?? '').toLowerCase().includes(keyword),
        )
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      const page = paginate(creators, intInput(query, 'page'), intInput(query, 'per_page'));
      return { data: page.items.map(presentCreator), meta: page.meta };
    },

    createCreator: ({ params, body }) => {
      const channel = channelOf(params);
      const nickname = stringInput(body, 'nickname');
      if (live.creators.filter((c) => c.channelKey === channel.key).length >= maxCreators) {
        throw unprocessable(
          `A channel can have at most ${maxCreators} creators; delete one before adding another.`,
        );
      }
      checkNickname(state, channel.key, nickname, undefined);
      const creator: CreatorRecord = {
        code: lowerKey(live.random, 10),
        channelKey: channel.key,
        nickname,
        email: optionalString(body, 'email') ?? null,
        createdAt: now(),
      };
      live.creators.push(creator);
      return { data: presentCreator(creator) };
    },

    updateCreator: ({ params, body }) => {
      const creator = creatorOf(params);
      const nickname = stringInput(body, 'nickname');
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
      const page = paginate(list, intInput(query, 'page'), intInput(query, 'per_page'));
      return { data: page.items.map(presentSyndication), meta: page.meta };
    },

    createSyndication: ({ params, body }) => {
      const channel = channelOf(params);
      const missing = ['title', 'link', 'stream_name'].filter(
        (f) => optionalString(body, f) === undefined,
      );
      const first = missing[0];
      if (first !== undefined)
        throw unprocessable(`The ${first.replace('_', ' ')} field is required.`, first);
      if (live.syndications.filter((s) => s.channelKey === channel.key).length >= maxSyndications) {
        throw unprocessable(
          `A channel can have at most ${maxSyndications} syndications; delete one before adding another.`,
        );
      }
      const at = now();
      const syndication: SyndicationRecord = {
        id: takeId(live),
        channelKey: channel.key,
        title: stringInput(body, 'title'),
        link: stringInput(body, 'link'),
        streamName: stringInput(body, 'stream_name'),
        status: optionalInt(body, 'status') === 0 ? 0 : 1,
        createdAt: at,
        updatedAt: at,
      };
      live.syndications.push(syndication);
      return { data: presentSyndication(syndication) };
    },

    getSyndication: ({ params }) => ({ data: presentSyndication(syndicationOf(params)) }),

    updateSyndication: ({ params, body }) => {
      const syndication = syndicationOf(params);
      syndication.title = optionalString(body, 'title') ?? syndication.title;
      syndication.link = optionalString(body, 'link') ?? syndication.link;
      syndication.streamName = optionalString(body, 'stream_name') ?? syndication.streamName;
      const status = optionalInt(body, 'status');
      if (status === 0 || status === 1) syndication.status = status;
      syndication.updatedAt = now();
      return { data: presentSyndication(syndication) };
    },

    deleteSyndication: ({ params }) => {
      const syndication = syndicationOf(params);
      removeWhere(live.syndications, (candidate) => candidate === syndication);
      return undefined;
    },
  };
}

/** @throws ApiError 422 when another creator of the channel has `nickname` (ignoring case). */
function checkNickname(
  state: SandboxState,
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
