/**
 * Subtitles of a content (vod-v3.yaml, tag Subtitles): list with filters, create from text,
 * upload a file (multipart or Base64 form field), replace the file, update, delete, and the
 * player order (`move` to the position of subtitle `id`, `move-first`, `move-last`).
 * Positions are 1..n without gaps after every change. Typed from the generated OpenAPI types.
 */
import { nextId } from '../../state/ids';
import { unprocessable } from '../../state/http-error';
import type { OperationHandlers, SliceContext } from '../../kernel/operation';
import type { Op } from '../../kernel/typed-operation';
import { defaulted, typedOperations } from '../../kernel/typed-operation';
import { languages } from '../vod-reference';
import { ok, okNull } from '../vod-envelope';
import { presentSubtitle, presentSubtitleDetail, subtitlesOf } from '../vod-present';
import type { SubtitleRecord, VodSlice } from '../vod-state';
import { findContent, found } from '../vod-state';
import { settleVod } from '../vod-timelines';

/** Handlers by operationId, given their slice: the VOD records and the media contents. */
export function vodSubtitleOperations({
  state,
  clock,
}: SliceContext<keyof VodSlice>): OperationHandlers {
  const { vod } = state;
  const contentOf = (params: { upload_file_key: string }) => {
    settleVod(state, clock.nowMs());
    return findContent(state, params.upload_file_key);
  };
  const subtitleOf = (params: Op<'vod', 'getSubtitle'>['params']): SubtitleRecord => {
    const content = contentOf(params);
    const id = params.subtitle_id;
    return found(
      subtitlesOf(vod, content.uploadFileKey).find((item) => item.id === id),
      'subtitle',
      id,
    );
  };
  const list = (uploadFileKey: string) => ok(subtitlesOf(vod, uploadFileKey).map(presentSubtitle));
  const create = (
    params: { upload_file_key: string },
    body: Omit<Op<'vod', 'createSubtitle'>['body'], 'content'>,
    text: string,
    source: 'text' | 'file',
  ) => {
    const content = contentOf(params);
    const now = clock.now();
    const subtitle: SubtitleRecord = {
      id: nextId(state),
      uploadFileKey: content.uploadFileKey,
      name: body.name,
      languageCode: subtitleLanguage(body.language_code),
      position: subtitlesOf(vod, content.uploadFileKey).length + 1,
      kind: defaulted(body.kind, 'kind'),
      status: defaulted(body.status, 'status'),
      source,
      text: subtitleText(text, source === 'file' ? 'file' : 'content'),
      createdAt: now,
      updatedAt: now,
    };
    vod.subtitles.push(subtitle);
    return ok(presentSubtitleDetail(subtitle));
  };
  const moveTo = (subtitle: SubtitleRecord, index: number) => {
    const order = subtitlesOf(vod, subtitle.uploadFileKey).filter((item) => item !== subtitle);
    order.splice(index, 0, subtitle);
    order.forEach((item, position) => (item.position = position + 1));
    return list(subtitle.uploadFileKey);
  };

  return typedOperations<'vod'>({
    listSubtitles: ({ params, query }) => {
      const content = contentOf(params);
      const name = query.name?.toLowerCase() ?? '';
      const language = query.language_code;
      return ok(
        subtitlesOf(vod, content.uploadFileKey)
          .filter(
            (item) =>
              item.name.toLowerCase().includes(name) &&
              (language === undefined || item.languageCode === language),
          )
          .map(presentSubtitle),
      );
    },

    createSubtitle: ({ params, body }) => create(params, body, body.content, 'text'),

    uploadSubtitle: ({ params, body }) => create(params, body, decodeFile(body.file), 'file'),

    replaceSubtitleFile: ({ params, body }) => {
      const subtitle = subtitleOf(params);
      subtitle.text = subtitleText(decodeFile(body.file), 'file');
      subtitle.source = 'file';
      subtitle.updatedAt = clock.now();
      return ok(presentSubtitleDetail(subtitle));
    },

    getSubtitle: ({ params }) => ok(presentSubtitleDetail(subtitleOf(params))),

    updateSubtitle: ({ params, body }) => {
      const subtitle = subtitleOf(params);
      const { language_code: language, content: text, kind, status } = body;
      subtitle.name = body.name ?? subtitle.name;
      if (language !== undefined) subtitle.languageCode = subtitleLanguage(language);
      if (text !== undefined) subtitle.text = subtitleText(text, 'content');
      if (kind !== undefined) subtitle.kind = kind;
      if (status !== undefined) subtitle.status = status;
      subtitle.updatedAt = clock.now();
      return ok(presentSubtitleDetail(subtitle));
    },

    deleteSubtitle: ({ params }) => {
      const subtitle = subtitleOf(params);
      vod.subtitles = vod.subtitles.filter((item) => item !== subtitle);
      subtitlesOf(vod, subtitle.uploadFileKey).forEach(
        (item, index) => (item.position = index + 1),
      );
      return okNull;
    },

    moveSubtitle: ({ params, body }) => {
      const subtitle = subtitleOf(params);
      const targetId = body.id;
      const target = subtitlesOf(vod, subtitle.uploadFileKey).find((item) => item.id === targetId);
      if (target === undefined)
        throw unprocessable(`Subtitle ${targetId} is not a subtitle of this content.`, 'id');
      return moveTo(subtitle, target.position - 1);
    },

    moveSubtitleFirst: ({ params }) => moveTo(subtitleOf(params), 0),

    moveSubtitleLast: ({ params }) => {
      const subtitle = subtitleOf(params);
      return moveTo(subtitle, subtitlesOf(vod, subtitle.uploadFileKey).length - 1);
    },
  });
}

/** `code` when subtitles can use it. @throws ApiError 422 otherwise. */
function subtitleLanguage(code: string): string {
  if (!languages.some((language) => language.code === code && language.is_subtitle_supported))
    throw unprocessable(
      `Subtitles cannot use the language "${code}": pick one of GET /languages?subtitle_supported=1.`,
      'language_code',
    );
  return code;
}

/** Text of an uploaded file (Base64, UTF-8). */
function decodeFile(base64: string): string {
  return Buffer.from(base64, 'base64')
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

/** `text` when it holds at least one cue (`-->`). @throws ApiError 422 otherwise. */
function subtitleText(text: string, field: string): string {
  if (!text.includes('-->'))
    throw unprocessable(
      'The subtitle has no cues: send SRT or WebVTT text with timings such as 00:00:01,000 --> 00:00:04,000.',
      field,
    );
  return text.replaceAll('\r\n', '\n');
}
