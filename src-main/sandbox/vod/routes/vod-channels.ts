/**
 * VOD channels (vod-v3.yaml, tag Channels): CRUD with filters `kind`/`status`, content
 * attach/detach (each link is a media content key), player skin attach (replaces) / detach,
 * callback URLs (delivered by callbacks.ts), TV-out blocking and referer policy. Typed from the
 * generated OpenAPI types.
 */
import { emitCallback } from '../../callbacks/callbacks';
import { newKey, nextId } from '../../state/ids';
import { unprocessable } from '../../state/http-error';
import type { OperationHandlers, SliceContext } from '../../kernel/operation';
import { paginate } from '../../kernel/paging';
import { defaulted, typedOperations } from '../../kernel/typed-operation';
import { contentPage } from '../vod-content-list';
import { countries, languages } from '../vod-reference';
import { noContent, ok, okNull, okPage } from '../vod-envelope';
import { presentVodChannel } from '../vod-present';
import type { VodChannelRecord, VodSlice } from '../vod-state';
import { found, findContent, findVodChannel } from '../vod-state';

/**
 * Handlers by operationId, given their slice (the VOD records and the media contents) and the
 * callbacks (content added to or removed from a channel, reported to the channel's
 * `callbackUrl`, which is kept on the channel record).
 */
export function vodChannelOperations({
  state,
  clock,
}: SliceContext<keyof VodSlice>): OperationHandlers {
  const { vod } = state;
  const channelOf = (params: { channel_key: string }): VodChannelRecord =>
    findVodChannel(vod, params.channel_key);
  const answer = (channel: VodChannelRecord) => {
    channel.updatedAt = clock.now();
    return ok(presentVodChannel(vod, channel));
  };

  return typedOperations<'vod'>({
    listChannels: ({ query }) => {
      const { kind, status } = query;
      const keyword = query.keyword?.toLowerCase() ?? '';
      const channels = vod.channels
        .filter(
          (channel) =>
            (kind === undefined || channel.kind === kind) &&
            (status === undefined || channel.status === status) &&
            channel.name.toLowerCase().includes(keyword),
        )
        .sort((a, b) => b.id - a.id);
      const page = paginate(
        channels,
        defaulted(query.page, 'page'),
        defaulted(query.per_page, 'per_page'),
      );
      return okPage(
        page.items.map((channel) => presentVodChannel(vod, channel)),
        page.meta,
      );
    },

    createChannel: ({ body }) => {
      const now = clock.now();
      // Guide: the kinds are shared, non-shared and encryption-only, so an encryption
      // channel is never shared (https://docs.kollus.com/en/service-guide/vod/console-menu/channel/).
      if (body.kind === 1 && body.is_shared === 1)
        throw unprocessable(
          'An encryption-only channel cannot be shared: choose shared or encryption-only.',
          'is_shared',
        );
      const channel: VodChannelRecord = {
        id: nextId(state),
        key: newKey(state),
        name: body.name,
        description: body.description ?? '',
        kind: defaulted(body.kind, 'kind'),
        status: 1,
        streamingFormat: defaulted(body.streaming_format, 'streaming_format'),
        isShared: body.is_shared === 1,
        usePlaybackToken: body.use_playback_token === 1,
        usePingback: false,
        callbackUrl: null,
        downloadCallbackUrl: null,
        blockExternalOutput: false,
        refererMode: 'none',
        refererDomains: [],
        refuseEmptyReferer: false,
        countryMode: 'none',
        countryCodes: [],
        subtitleLanguage: null,
        playerSkinId: null,
        createdAt: now,
        updatedAt: now,
      };
      vod.channels.push(channel);
      return ok(presentVodChannel(vod, channel));
    },

    getChannel: ({ params }) => ok(presentVodChannel(vod, channelOf(params))),

    updateChannel: ({ params, body }) => {
      const channel = channelOf(params);
      channel.name = body.name ?? channel.name;
      channel.description = body.description ?? channel.description;
      channel.streamingFormat = body.streaming_format ?? channel.streamingFormat;
      const language = body.subtitle_language;
      if (language !== undefined) {
        if (
          language !== '' &&
          !languages.some((item) => item.code === language && item.is_subtitle_supported)
        )
          throw unprocessable(
            `Subtitles cannot use the language "${language}".`,
            'subtitle_language',
          );
        channel.subtitleLanguage = language === '' ? null : language;
      }
      return answer(channel);
    },

    deleteChannel: ({ params }) => {
      const channel = channelOf(params);
      vod.channels = vod.channels.filter((item) => item.key !== channel.key);
      vod.contentKeys = vod.contentKeys.filter((key) => key.channelKey !== channel.key);
      for (const category of vod.categories)
        category.channelKeys = category.channelKeys.filter((key) => key !== channel.key);
      return okNull;
    },

    attachChannelMediaContent: ({ params }) => {
      const channel = channelOf(params);
      const content = findContent(state, params.upload_file_key);
      const linked = vod.contentKeys.find(
        (key) => key.channelKey === channel.key && key.uploadFileKey === content.uploadFileKey,
      );
      if (linked !== undefined)
        throw unprocessable(`"${content.title}" is already in the channel "${channel.name}".`);
      if (content.isEncrypted && channel.kind !== 1)
        throw unprocessable(
          `"${content.title}" is encrypted: it can only be added to an encryption-dedicated channel.`,
        );
      const key = newKey(state, 8, 'mixed');
      vod.contentKeys.push({
        key,
        channelKey: channel.key,
        uploadFileKey: content.uploadFileKey,
        createdAt: clock.now(),
      });
      emitCallback(state, {
        type: 'vod.content',
        event: 'added',
        channel_key: channel.key,
        upload_file_key: content.uploadFileKey,
        media_content_key: key,
      });
      return noContent;
    },

    detachChannelMediaContent: ({ params }) => {
      const channel = channelOf(params);
      const content = findContent(state, params.upload_file_key);
      const linked = vod.contentKeys.find(
        (key) => key.channelKey === channel.key && key.uploadFileKey === content.uploadFileKey,
      );
      if (linked === undefined)
        throw unprocessable(`"${content.title}" is not in the channel "${channel.name}".`);
      linked.uploadFileKey = null;
      emitCallback(state, {
        type: 'vod.content',
        event: 'deleted',
        channel_key: channel.key,
        upload_file_key: content.uploadFileKey,
        media_content_key: linked.key,
      });
      return noContent;
    },

    listChannelMediaContents: ({ params, query }) => {
      const channel = channelOf(params);
      // One pass over the keys, then a set lookup per content: linear on a large library.
      const linked = new Set(
        vod.contentKeys
          .filter((key) => key.channelKey === channel.key)
          .map((key) => key.uploadFileKey),
      );
      return contentPage(state, clock.nowMs(), query, (content) =>
        linked.has(content.uploadFileKey),
      );
    },

    attachChannelPlayerSkin: ({ params }) => {
      const channel = channelOf(params);
      const id = params.skin_id;
      found(
        vod.skins.find((skin) => skin.id === id),
        'player skin',
        id,
      );
      channel.playerSkinId = id;
      channel.updatedAt = clock.now();
      return noContent;
    },

    detachChannelPlayerSkin: ({ params }) => {
      const channel = channelOf(params);
      if (channel.playerSkinId === null)
        throw unprocessable(`The channel "${channel.name}" has no player skin attached.`);
      channel.playerSkinId = null;
      channel.updatedAt = clock.now();
      return noContent;
    },

    updateChannelCallback: ({ params, body }) => {
      const channel = channelOf(params);
      channel.callbackUrl = urlOrNull(body.callback_url);
      channel.usePingback = body.use_pingback === 1;
      return answer(channel);
    },

    updateChannelDownloadCallback: ({ params, body }) => {
      const channel = channelOf(params);
      channel.downloadCallbackUrl = urlOrNull(body.download_callback_url);
      return answer(channel);
    },

    updateChannelSecurity: ({ params, body }) => {
      const channel = channelOf(params);
      channel.blockExternalOutput = body.block_external_output === 1;
      const mode = body.country_access_mode;
      if (mode !== undefined) {
        const codes = [
          ...new Set(
            (body.country_codes ?? '')
              .split(',')
              .map((code) => code.trim().toUpperCase())
              .filter((code) => code !== ''),
          ),
        ];
        if (mode !== 'none' && codes.length === 0)
          throw unprocessable(`List at least one country to ${mode}.`, 'country_codes');
        const unknown = codes.find((code) => !countries.some((country) => country.code === code));
        if (unknown !== undefined)
          throw unprocessable(`"${unknown}" is not a supported country code.`, 'country_codes');
        // Guide: one list per channel, allow or block, so a country is never on both.
        channel.countryMode = mode;
        channel.countryCodes = mode === 'none' ? [] : codes;
      }
      return answer(channel);
    },

    updateChannelReferer: ({ params, body }) => {
      const channel = channelOf(params);
      const { mode } = body;
      const domains = (body.domains ?? '')
        .split(',')
        .map((domain) => domain.trim().toLowerCase())
        .filter((domain) => domain !== '');
      if (mode !== 'none' && domains.length === 0)
        throw unprocessable(`List at least one domain to ${mode}.`, 'domains');
      const invalid = domains.find((domain) => !/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain));
      if (invalid !== undefined)
        throw unprocessable(`"${invalid}" is not a domain name, e.g. example.com.`, 'domains');
      channel.refererMode = mode;
      channel.refererDomains = mode === 'none' ? [] : domains;
      // Guide's third mode, independent of the list: requests with no referer at all.
      const refuseEmpty = body.refuse_empty_referer;
      if (refuseEmpty !== undefined) channel.refuseEmptyReferer = refuseEmpty === 1;
      return answer(channel);
    },
  });
}

function urlOrNull(value: string): string | null {
  return value === '' ? null : value;
}
