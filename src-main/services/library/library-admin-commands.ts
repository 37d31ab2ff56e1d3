/**
 * Handlers of `shared/commands/library-admin.ts`: VOD channels, player skins, media profiles,
 * tools and reference data. Each is one VOD API v3 operation (vod-v3.yaml) through the
 * workspace's scheduler; refusals are the platform's PlatformError, shown as it answered.
 */
import { libraryAdminCommands } from '../../shared/commands/library-admin';
import { registerHandlers } from '../core/command-registry';
import { toContentSummary } from './library-commands';
import { listFormats, listGroups, listPresets, toMediaProfile } from './media-profiles';
import { vodCall, vodPage } from '../core/platform-call';
import { countries, languages, timezones } from './reference-data';
import {
  createVodChannel,
  getVodChannel,
  listPlayerSkins,
  listVodChannels,
  toVodChannel,
} from './vod-channels';
import { vodToolHandlers } from './vod-tools';

/** VOD administration, registered. */
export const libraryAdminHandlers = registerHandlers(libraryAdminCommands, {
  'reference.countries': (_input, { session, priority }) => countries(session.account, priority),
  'reference.languages': ({ subtitles }, { session, priority }) =>
    languages(session.account, priority, subtitles ?? false),
  'reference.timezones': (_input, { session, priority }) => timezones(session.account, priority),

  'vodChannel.list': (filter, { session, priority }) =>
    listVodChannels(session.account, priority, filter),
  'vodChannel.get': ({ channelKey }, { session, priority }) =>
    getVodChannel(session.account, priority, channelKey),
  'vodChannel.create': (input, { session, priority }) =>
    createVodChannel(session.account, priority, input),
  'vodChannel.update': async (
    { channelKey, name, description, streamingFormat, subtitleLanguage },
    { session, priority },
  ) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.PUT('/channels/{channel_key}', {
        params: { path: { channel_key: channelKey } },
        body: {
          ...(name !== undefined ? { name } : {}),
          ...(description !== undefined ? { description } : {}),
          ...(streamingFormat !== undefined ? { streaming_format: streamingFormat } : {}),
          ...(subtitleLanguage !== undefined ? { subtitle_language: subtitleLanguage } : {}),
        },
        fetch,
      }),
    );
    return toVodChannel(body.data);
  },
  'vodChannel.delete': async ({ channelKey }, { session, priority }) => {
    await vodCall(session.account, priority, (api, fetch) =>
      api.DELETE('/channels/{channel_key}', {
        params: { path: { channel_key: channelKey } },
        fetch,
      }),
    );
    return null;
  },
  'vodChannel.contents': ({ channelKey, keyword }, { session, priority }) =>
    vodPage(
      session.account,
      priority,
      (api, fetch) =>
        api.GET('/channels/{channel_key}/media-contents', {
          params: {
            path: { channel_key: channelKey },
            query: { per_page: 100, ...(keyword ? { keyword } : {}) },
          },
          fetch,
        }),
      toContentSummary,
    ),
  'vodChannel.findContents': async ({ keyword }, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.GET('/media-contents', {
        params: { query: { per_page: 20, ...(keyword ? { keyword } : {}) } },
        fetch,
      }),
    );
    return body.data.map(toContentSummary);
  },
  'vodChannel.attachContent': async ({ channelKey, uploadFileKey }, { session, priority }) => {
    await vodCall(session.account, priority, (api, fetch) =>
      api.POST('/channels/{channel_key}/media-contents/{upload_file_key}/attach', {
        params: { path: { channel_key: channelKey, upload_file_key: uploadFileKey } },
        fetch,
      }),
    );
    return null;
  },
  'vodChannel.detachContent': async ({ channelKey, uploadFileKey }, { session, priority }) => {
    await vodCall(session.account, priority, (api, fetch) =>
      api.DELETE('/channels/{channel_key}/media-contents/{upload_file_key}/detach', {
        params: { path: { channel_key: channelKey, upload_file_key: uploadFileKey } },
        fetch,
      }),
    );
    return null;
  },
  'vodChannel.setCallback': async (
    { channelKey, callbackUrl, usePingback },
    { session, priority },
  ) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.PUT('/channels/{channel_key}/callback', {
        params: { path: { channel_key: channelKey } },
        body: { callback_url: callbackUrl, use_pingback: usePingback ? 1 : 0 },
        fetch,
      }),
    );
    return toVodChannel(body.data);
  },
  'vodChannel.setDownloadCallback': async (
    { channelKey, downloadCallbackUrl },
    { session, priority },
  ) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.PUT('/channels/{channel_key}/download-callback', {
        params: { path: { channel_key: channelKey } },
        body: { download_callback_url: downloadCallbackUrl },
        fetch,
      }),
    );
    return toVodChannel(body.data);
  },
  'vodChannel.setSecurity': async (
    { channelKey, blockExternalOutput, countryMode, countries: codes },
    { session, priority },
  ) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.PUT('/channels/{channel_key}/security', {
        params: { path: { channel_key: channelKey } },
        body: {
          block_external_output: blockExternalOutput ? 1 : 0,
          country_access_mode: countryMode,
          country_codes: countryMode === 'none' ? '' : codes.join(','),
        },
        fetch,
      }),
    );
    return toVodChannel(body.data);
  },
  'vodChannel.setReferer': async (
    { channelKey, mode, domains, refuseEmpty },
    { session, priority },
  ) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.PUT('/channels/{channel_key}/referer', {
        params: { path: { channel_key: channelKey } },
        body: {
          mode,
          ...(mode === 'none' ? {} : { domains: domains.join(',') }),
          refuse_empty_referer: refuseEmpty ? 1 : 0,
        },
        fetch,
      }),
    );
    return toVodChannel(body.data);
  },
  'vodChannel.attachSkin': async ({ channelKey, skinId }, { session, priority }) => {
    await vodCall(session.account, priority, (api, fetch) =>
      api.POST('/channels/{channel_key}/player-skins/{skin_id}/attach', {
        params: { path: { channel_key: channelKey, skin_id: skinId } },
        fetch,
      }),
    );
    return null;
  },
  'vodChannel.detachSkin': async ({ channelKey }, { session, priority }) => {
    await vodCall(session.account, priority, (api, fetch) =>
      api.DELETE('/channels/{channel_key}/player-skins', {
        params: { path: { channel_key: channelKey } },
        fetch,
      }),
    );
    return null;
  },

  'playerSkin.list': (_input, { session, priority }) => listPlayerSkins(session.account, priority),
  'playerSkin.delete': async ({ skinId }, { session, priority }) => {
    await vodCall(session.account, priority, (api, fetch) =>
      api.DELETE('/player-skins/{player_skin_id}', {
        params: { path: { player_skin_id: skinId } },
        fetch,
      }),
    );
    return null;
  },

  'mediaProfile.formats': (_input, { session, priority }) => listFormats(session.account, priority),
  'mediaProfile.presets': (_input, { session, priority }) => listPresets(session.account, priority),
  'mediaProfile.groups': (_input, { session, priority }) => listGroups(session.account, priority),
  'mediaProfile.list': async (_input, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.GET('/media-profiles', { fetch }),
    );
    return { data: body.data.map(toMediaProfile), fetchedAt: session.clock.now() };
  },
  'mediaProfile.get': async ({ profileKey }, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.GET('/media-profiles/{media_profile_key}', {
        params: { path: { media_profile_key: profileKey } },
        fetch,
      }),
    );
    return { data: toMediaProfile(body.data), fetchedAt: session.clock.now() };
  },
  'mediaProfile.create': async ({ presetId, name, groupKey }, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.POST('/media-profiles', {
        body: {
          preset_id: presetId,
          ...(name ? { name } : {}),
          ...(groupKey ? { media_profile_group_key: groupKey } : {}),
        },
        fetch,
      }),
    );
    return toMediaProfile(body.data);
  },
  'mediaProfile.update': async ({ profileKey, ...changes }, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.PUT('/media-profiles/{media_profile_key}', {
        params: { path: { media_profile_key: profileKey } },
        body: {
          name: changes.name,
          container_format: changes.containerFormat,
          video_codec: changes.videoCodec,
          video_bitrate: changes.videoBitrate,
          video_width: changes.videoWidth,
          video_height: changes.videoHeight,
          frame_rate: changes.frameRate,
          audio_codec: changes.audioCodec,
          audio_bitrate: changes.audioBitrate,
        },
        fetch,
      }),
    );
    return toMediaProfile(body.data);
  },
  'mediaProfile.attachCategory': async ({ profileKey, categoryKey }, { session, priority }) => {
    await vodCall(session.account, priority, (api, fetch) =>
      api.POST('/media-profiles/{media_profile_key}/categories/{category_key}/attach', {
        params: { path: { media_profile_key: profileKey, category_key: categoryKey } },
        fetch,
      }),
    );
    return null;
  },
  'mediaProfile.detachCategory': async ({ profileKey, categoryKey }, { session, priority }) => {
    await vodCall(session.account, priority, (api, fetch) =>
      api.DELETE('/media-profiles/{media_profile_key}/categories/{category_key}/detach', {
        params: { path: { media_profile_key: profileKey, category_key: categoryKey } },
        fetch,
      }),
    );
    return null;
  },

  ...vodToolHandlers,
});
