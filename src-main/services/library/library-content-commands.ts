/**
 * Handlers of `shared/commands/library-content.ts`: a content's transcoding files and jobs,
 * its media content keys, and (library-content-subtitles.ts) its subtitles and AI jobs. Every
 * call goes through the workspace's VOD scheduler at the command's declared priority; a
 * refusal reaches the operator as the platform wrote it (PlatformError).
 */
import { libraryContentCommands } from '../../shared/commands/library-content';
import { registerHandlers } from '../core/command-registry';
import { vodCall } from '../core/platform-call';
import {
  toContentKey,
  toJob,
  toKeyCheck,
  toProfileChoice,
  toProgress,
  toTranscodingFile,
} from './library-content-mappers';
import { subtitleHandlers } from './library-content-subtitles';

/** The domain, registered. */
export const libraryContentHandlers = registerHandlers(libraryContentCommands, {
  'transcoding.files': async ({ uploadFileKey }, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.GET('/media-contents/{upload_file_key}/transcoding-files', {
        params: { path: { upload_file_key: uploadFileKey } },
        fetch,
      }),
    );
    return { data: body.data.map(toTranscodingFile), fetchedAt: session.clock.now() };
  },

  'transcoding.profiles': async (_input, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.GET('/media-profiles', { fetch }),
    );
    return body.data.map(toProfileChoice);
  },

  'transcoding.progress': async ({ uploadFileKey }, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.GET('/media-contents/{upload_file_key}/progress', {
        params: { path: { upload_file_key: uploadFileKey } },
        fetch,
      }),
    );
    return { data: toProgress(body.data), fetchedAt: session.clock.now() };
  },

  'transcoding.setFileEnabled': async (input, { session, priority }) => {
    const path = {
      upload_file_key: input.uploadFileKey,
      transcoding_file_id: input.transcodingFileId,
    };
    const body = await vodCall(session.account, priority, (api, fetch) =>
      input.enabled
        ? api.PUT(
            '/media-contents/{upload_file_key}/transcoding-files/{transcoding_file_id}/enable',
            { params: { path }, fetch },
          )
        : api.PUT(
            '/media-contents/{upload_file_key}/transcoding-files/{transcoding_file_id}/disable',
            { params: { path }, fetch },
          ),
    );
    return toTranscodingFile(body.data);
  },

  'transcoding.deleteFile': async (input, { session, priority }) => {
    await vodCall(session.account, priority, (api, fetch) =>
      api.DELETE('/media-contents/{upload_file_key}/transcoding-files/{transcoding_file_id}', {
        params: {
          path: {
            upload_file_key: input.uploadFileKey,
            transcoding_file_id: input.transcodingFileId,
          },
        },
        fetch,
      }),
    );
    return null;
  },

  'transcoding.setProfileEnabled': async (input, { session, priority }) => {
    const path = { upload_file_key: input.uploadFileKey, profile_key: input.profileKey };
    const body = await vodCall(session.account, priority, (api, fetch) =>
      input.enabled
        ? api.PUT('/media-contents/{upload_file_key}/media-profiles/{profile_key}/enable', {
            params: { path },
            fetch,
          })
        : api.PUT('/media-contents/{upload_file_key}/media-profiles/{profile_key}/disable', {
            params: { path },
            fetch,
          }),
    );
    return body.data.map(toTranscodingFile);
  },

  'transcoding.deleteProfileFiles': async (input, { session, priority }) => {
    await vodCall(session.account, priority, (api, fetch) =>
      api.DELETE('/media-contents/{upload_file_key}/media-profiles/{profile_key}', {
        params: { path: { upload_file_key: input.uploadFileKey, profile_key: input.profileKey } },
        fetch,
      }),
    );
    return null;
  },

  'transcoding.start': async (input, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.POST(
        '/media-contents/{upload_file_key}/media-profiles/{media_profile_key}/transcoding-jobs',
        {
          params: {
            path: {
              upload_file_key: input.uploadFileKey,
              media_profile_key: input.mediaProfileKey,
            },
          },
          fetch,
        },
      ),
    );
    return toJob(body.data);
  },

  ...subtitleHandlers,

  'contentKey.context': async ({ uploadFileKey }, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.GET('/media-contents/{upload_file_key}', {
        params: { path: { upload_file_key: uploadFileKey } },
        fetch,
      }),
    );
    const content = body.data;
    return {
      data: {
        title: content.title,
        isEncrypted: content.is_encrypted,
        keys: content.channels.map((link) => ({
          channelKey: link.channel_key,
          key: link.media_content_key,
        })),
      },
      fetchedAt: session.clock.now(),
    };
  },

  'contentKey.get': async ({ key }, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.GET('/media-content-keys/{media_content_key}', {
        params: { path: { media_content_key: key } },
        fetch,
      }),
    );
    return toContentKey(body.data);
  },

  'contentKey.validate': async ({ key }, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.GET('/media-content-keys/validate', {
        params: { query: { media_content_key: key } },
        fetch,
      }),
    );
    return toKeyCheck(body.data);
  },

  'contentKey.assign': async ({ uploadFileKey, key }, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.PUT('/media-contents/{upload_file_key}/media-content-keys/{media_content_key}/assign', {
        params: { path: { upload_file_key: uploadFileKey, media_content_key: key } },
        fetch,
      }),
    );
    return toContentKey(body.data);
  },
});
