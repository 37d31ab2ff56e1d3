/**
 * Handlers of a content's subtitles and AI jobs (shared/commands/library-content.ts): list,
 * read, create from text, upload and replace a file (checked again here with
 * `checkSubtitleText`, so a broken file never reaches the platform even from an untrusted
 * renderer), update, delete, reorder; AI subtitle, outline and script requests.
 */
import { PlatformError } from '../../platform/errors';
import type { Handlers } from '../core/command-registry';
import type { libraryContentCommands } from '../../shared/commands/library-content';
import { checkSubtitleText, subtitleProblemMessage } from '../../shared/subtitle-text';
import { say } from '../../shared/i18n/say';
import { vodCall } from '../core/platform-call';
import {
  kindCode,
  toOutline,
  toSubtitle,
  toSubtitleDetail,
  visibilityCode,
} from './library-content-mappers';

type Decls = typeof libraryContentCommands;
type SubtitleCommands =
  | 'subtitle.list'
  | 'subtitle.get'
  | 'subtitle.create'
  | 'subtitle.upload'
  | 'subtitle.replaceFile'
  | 'subtitle.update'
  | 'subtitle.delete'
  | 'subtitle.move'
  | 'ai.createSubtitle'
  | 'ai.createOutline'
  | 'ai.outline'
  | 'ai.createScript';

/**
 * Refuses subtitle text that is not valid SRT or WebVTT, in the operator's words.
 * @throws PlatformError `invalid-input` naming the first bad line; nothing is sent.
 */
export function requireSubtitleText(text: string): void {
  const check = checkSubtitleText(text);
  if (!check.ok) {
    const { key, params } = subtitleProblemMessage(check.problem);
    throw new PlatformError({ code: 'invalid-input', ...say(key, params) });
  }
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** The subtitle and AI handlers, merged into the domain's table. */
export const subtitleHandlers: Pick<Handlers<Decls>, SubtitleCommands> = {
  'subtitle.list': async ({ uploadFileKey, name, languageCode }, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.GET('/media-contents/{upload_file_key}/subtitles', {
        params: {
          path: { upload_file_key: uploadFileKey },
          query: {
            ...(name ? { name } : {}),
            ...(languageCode ? { language_code: languageCode } : {}),
          },
        },
        fetch,
      }),
    );
    return { data: body.data.map(toSubtitle), fetchedAt: session.clock.now() };
  },

  'subtitle.get': async ({ uploadFileKey, subtitleId }, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.GET('/media-contents/{upload_file_key}/subtitles/{subtitle_id}', {
        params: { path: { upload_file_key: uploadFileKey, subtitle_id: subtitleId } },
        fetch,
      }),
    );
    return toSubtitleDetail(body.data);
  },

  'subtitle.create': async (input, { session, priority }) => {
    requireSubtitleText(input.text);
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.POST('/media-contents/{upload_file_key}/subtitles', {
        params: { path: { upload_file_key: input.uploadFileKey } },
        body: {
          name: input.name,
          language_code: input.languageCode,
          content: input.text,
          kind: kindCode(input.kind),
          status: visibilityCode(input.visibility),
        },
        fetch,
      }),
    );
    return toSubtitleDetail(body.data);
  },

  'subtitle.upload': async (input, { session, priority }) => {
    requireSubtitleText(input.text);
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.POST('/media-contents/{upload_file_key}/subtitles/upload', {
        params: { path: { upload_file_key: input.uploadFileKey } },
        // The form-encoded variant: the file as Base64 (vod-v3.yaml, uploadSubtitle).
        body: {
          name: input.name,
          language_code: input.languageCode,
          file: base64(input.text),
          kind: kindCode(input.kind),
          status: visibilityCode(input.visibility),
        },
        fetch,
      }),
    );
    return toSubtitleDetail(body.data);
  },

  'subtitle.replaceFile': async (input, { session, priority }) => {
    requireSubtitleText(input.text);
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.POST('/media-contents/{upload_file_key}/subtitles/{subtitle_id}/upload', {
        params: { path: { upload_file_key: input.uploadFileKey, subtitle_id: input.subtitleId } },
        body: { file: base64(input.text) },
        fetch,
      }),
    );
    return toSubtitleDetail(body.data);
  },

  'subtitle.update': async (input, { session, priority }) => {
    if (input.text !== undefined) requireSubtitleText(input.text);
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.PUT('/media-contents/{upload_file_key}/subtitles/{subtitle_id}', {
        params: { path: { upload_file_key: input.uploadFileKey, subtitle_id: input.subtitleId } },
        body: {
          name: input.name,
          language_code: input.languageCode,
          content: input.text,
          kind: input.kind === undefined ? undefined : kindCode(input.kind),
          status: input.visibility === undefined ? undefined : visibilityCode(input.visibility),
        },
        fetch,
      }),
    );
    return toSubtitleDetail(body.data);
  },

  'subtitle.delete': async ({ uploadFileKey, subtitleId }, { session, priority }) => {
    await vodCall(session.account, priority, (api, fetch) =>
      api.DELETE('/media-contents/{upload_file_key}/subtitles/{subtitle_id}', {
        params: { path: { upload_file_key: uploadFileKey, subtitle_id: subtitleId } },
        fetch,
      }),
    );
    return null;
  },

  'subtitle.move': async ({ uploadFileKey, subtitleId, place }, { session, priority }) => {
    const path = { upload_file_key: uploadFileKey, subtitle_id: subtitleId };
    const body = await vodCall(session.account, priority, (api, fetch) =>
      place.to === 'first'
        ? api.PUT('/media-contents/{upload_file_key}/subtitles/{subtitle_id}/move-first', {
            params: { path },
            fetch,
          })
        : place.to === 'last'
          ? api.PUT('/media-contents/{upload_file_key}/subtitles/{subtitle_id}/move-last', {
              params: { path },
              fetch,
            })
          : api.PUT('/media-contents/{upload_file_key}/subtitles/{subtitle_id}/move', {
              params: { path },
              body: { id: place.targetId },
              fetch,
            }),
    );
    return body.data.map(toSubtitle);
  },

  'ai.createSubtitle': async (input, { session, priority }) => {
    await vodCall(session.account, priority, (api, fetch) =>
      api.POST('/media-contents/{upload_file_key}/ai-subtitles', {
        params: { path: { upload_file_key: input.uploadFileKey } },
        body: {
          language_code: input.languageCode,
          kind: kindCode(input.kind),
          status: visibilityCode(input.visibility),
        },
        fetch,
      }),
    );
    return null;
  },

  'ai.createOutline': async ({ uploadFileKey, languageCode, withSubtitle }, context) => {
    await vodCall(context.session.account, context.priority, (api, fetch) =>
      api.POST('/media-contents/{upload_file_key}/ai-outlines', {
        params: { path: { upload_file_key: uploadFileKey } },
        body: {
          language_code: languageCode,
          ...(withSubtitle
            ? {
                ai_subtitle_kind: kindCode(withSubtitle.kind),
                ai_subtitle_status: visibilityCode(withSubtitle.visibility),
              }
            : {}),
        },
        fetch,
      }),
    );
    return null;
  },

  'ai.outline': async ({ uploadFileKey, languageCode }, { session, priority }) => {
    try {
      const body = await vodCall(session.account, priority, (api, fetch) =>
        api.GET('/media-contents/{upload_file_key}/ai-outlines', {
          params: {
            path: { upload_file_key: uploadFileKey },
            query: { language_code: languageCode },
          },
          fetch,
        }),
      );
      return { data: toOutline(body.data), fetchedAt: session.clock.now() };
    } catch (error) {
      // 404: no outline was requested in that language yet, which the tab shows as such.
      if (error instanceof PlatformError && error.error.status === 404)
        return { data: null, fetchedAt: session.clock.now() };
      throw error;
    }
  },

  'ai.createScript': async ({ uploadFileKey }, { session, priority }) => {
    await vodCall(session.account, priority, (api, fetch) =>
      api.POST('/media-contents/{upload_file_key}/ai-scripts', {
        params: { path: { upload_file_key: uploadFileKey } },
        fetch,
      }),
    );
    return null;
  },
};
