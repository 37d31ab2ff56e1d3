/** Handlers of `shared/commands/library.ts`: the Library's categories and contents. */
import { libraryCommands } from '../../shared/commands/library';
import type { VodChannelRef } from '../../shared/library-model';
import { registerHandlers } from '../core/command-registry';
import { planLibraryBatch, startLibraryBatch } from './library-batch';
import { batchImpactOf } from '../core/budget-outlook';
import {
  toCategory,
  toCategoryDetail,
  toChannelRef,
  toContentOverview,
  toContentSummary,
} from './library-mappers';
import { vodRepeatable, vodRepeatableRemoval } from './library-calls';
import { vodCall, vodPage } from '../core/platform-call';

export { toContentSummary };

/** The spec's largest page (vod-v3.yaml `PerPage`, maximum 100). */
const maxPerPage = 100;

/** The Library, registered. */
export const libraryHandlers = registerHandlers(libraryCommands, {
  'content.list': async (
    { keyword, categoryKey, status, page, perPage },
    { session, priority },
  ) => {
    const query = {
      ...(keyword ? { keyword } : {}),
      ...(status ? { status } : {}),
      ...(page ? { page } : {}),
      ...(perPage ? { per_page: perPage } : {}),
    };
    return vodPage(
      session.account,
      priority,
      (api, fetch) =>
        categoryKey
          ? api.GET('/categories/{category_key}/media-contents', {
              params: { path: { category_key: categoryKey }, query },
              fetch,
            })
          : api.GET('/media-contents', { params: { query }, fetch }),
      toContentSummary,
      vodRepeatable,
    );
  },

  'content.get': async ({ uploadFileKey }, { session, priority }) => {
    const body = await vodRepeatable(session.account, priority, (api, fetch) =>
      api.GET('/media-contents/{upload_file_key}', {
        params: { path: { upload_file_key: uploadFileKey } },
        fetch,
      }),
    );
    return { data: toContentOverview(body.data), fetchedAt: session.clock.now() };
  },

  'content.update': async (
    { uploadFileKey, title, vrProjectionType, soundMode },
    { session, priority },
  ) => {
    const body = await vodRepeatable(session.account, priority, (api, fetch) =>
      api.PUT('/media-contents/{upload_file_key}', {
        params: { path: { upload_file_key: uploadFileKey } },
        body: {
          ...(title !== undefined ? { title } : {}),
          ...(vrProjectionType !== undefined ? { vr_projection_type: vrProjectionType } : {}),
          ...(soundMode !== undefined ? { sound_mode: soundMode } : {}),
        },
        fetch,
      }),
    );
    return toContentOverview(body.data);
  },

  'content.setEnabled': async ({ uploadFileKey, enabled }, { session, priority }) => {
    const params = { path: { upload_file_key: uploadFileKey } };
    const body = await vodRepeatable(session.account, priority, (api, fetch) =>
      enabled
        ? api.PUT('/media-contents/{upload_file_key}/enable', { params, fetch })
        : api.PUT('/media-contents/{upload_file_key}/disable', { params, fetch }),
    );
    return toContentOverview(body.data);
  },

  'content.move': async ({ uploadFileKey, categoryKey }, { session, priority }) => {
    const body = await vodRepeatable(session.account, priority, (api, fetch) =>
      api.PUT('/media-contents/{upload_file_key}/categories/{category_key}', {
        params: { path: { upload_file_key: uploadFileKey, category_key: categoryKey } },
        fetch,
      }),
    );
    return toContentOverview(body.data);
  },

  'content.delete': async ({ uploadFileKey }, { session, priority }) => {
    await vodRepeatableRemoval(session.account, priority, (api, fetch) =>
      api.DELETE('/media-contents/{upload_file_key}', {
        params: { path: { upload_file_key: uploadFileKey } },
        fetch,
      }),
    );
    return null;
  },

  'content.attachChannel': async ({ uploadFileKey, channelKey }, { session, priority }) => {
    await vodRepeatable(session.account, priority, (api, fetch) =>
      api.POST('/channels/{channel_key}/media-contents/{upload_file_key}/attach', {
        params: { path: { channel_key: channelKey, upload_file_key: uploadFileKey } },
        fetch,
      }),
    );
    return null;
  },

  'content.uploadPoster': async ({ uploadFileKey, poster }, { session, priority }) => {
    const bytes = Buffer.from(poster.base64, 'base64');
    const type = bytes[0] === 0x89 ? 'image/png' : 'image/jpeg';
    // Multipart, as a browser form would send it: the bytes go as they are, not as Base64.
    const form = new FormData();
    form.append('poster', new Blob([bytes], { type }), poster.fileName);
    const body = await vodRepeatable(session.account, priority, (api, fetch) =>
      api.POST('/media-contents/{upload_file_key}/poster', {
        params: { path: { upload_file_key: uploadFileKey } },
        body: { poster: poster.base64, file_name: poster.fileName },
        bodySerializer: () => form,
        fetch,
      }),
    );
    return toContentOverview(body.data);
  },

  'category.list': async (_input, { session, priority }) => {
    const body = await vodRepeatable(session.account, priority, (api, fetch) =>
      api.GET('/categories', { fetch }),
    );
    return { data: body.data.map(toCategory), fetchedAt: session.clock.now() };
  },

  'category.get': async ({ categoryKey }, { session, priority }) => {
    const body = await vodRepeatable(session.account, priority, (api, fetch) =>
      api.GET('/categories/{category_key}', {
        params: { path: { category_key: categoryKey } },
        fetch,
      }),
    );
    return { data: toCategoryDetail(body.data), fetchedAt: session.clock.now() };
  },

  'category.create': async ({ name, parentKey }, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.POST('/categories', {
        body: { name, ...(parentKey ? { parent_category_key: parentKey } : {}) },
        fetch,
      }),
    );
    return toCategory(body.data);
  },

  'category.rename': async ({ categoryKey, name }, { session, priority }) => {
    const body = await vodRepeatable(session.account, priority, (api, fetch) =>
      api.PUT('/categories/{category_key}', {
        params: { path: { category_key: categoryKey } },
        body: { name },
        fetch,
      }),
    );
    return toCategory(body.data);
  },

  'category.delete': async ({ categoryKey }, { session, priority }) => {
    await vodRepeatableRemoval(session.account, priority, (api, fetch) =>
      api.DELETE('/categories/{category_key}', {
        params: { path: { category_key: categoryKey } },
        fetch,
      }),
    );
    return null;
  },

  'category.setChannel': async ({ categoryKey, channelKey, attached }, { session, priority }) => {
    const params = { path: { category_key: categoryKey, channel_key: channelKey } };
    await vodRepeatable(session.account, priority, (api, fetch) =>
      attached
        ? api.POST('/categories/{category_key}/channels/{channel_key}/attach', { params, fetch })
        : api.DELETE('/categories/{category_key}/channels/{channel_key}/detach', {
            params,
            fetch,
          }),
    );
    return null;
  },

  'library.channels': async (_input, { session, priority }) => {
    const channels: VodChannelRef[] = [];
    // Every page: an account has few VOD channels, and a drop target must not be missing.
    for (let page = 1; ; page++) {
      const body = await vodRepeatable(session.account, priority, (api, fetch) =>
        api.GET('/channels', { params: { query: { page, per_page: maxPerPage } }, fetch }),
      );
      channels.push(...body.data.map(toChannelRef));
      if (body.meta.current_page >= body.meta.last_page) return channels;
    }
  },

  'library.planBatch': ({ operations }, { session }) => {
    const plan = planLibraryBatch(session.account, operations);
    const state = session.account.vodScheduler.state();
    return { ...plan, budget: batchImpactOf(state, null, plan.calls) };
  },

  'library.runBatch': ({ operations }, { session }) =>
    startLibraryBatch(session.account, session.batches, operations),
});
