/**
 * A content's transcoding files, subtitles, AI jobs and media content keys (issue "The VOD
 * library", content detail). Reads for what is on screen run at `view`, the transcoding
 * progress poll at `watch`, the operator's changes at `command` (VOD API v3).
 */
import { z } from 'zod';
import type {
  AiOutline,
  ContentKey,
  ContentKeyCheck,
  ContentKeyContext,
  ProfileChoice,
  Subtitle,
  SubtitleDetail,
  TranscodingFile,
  TranscodingJob,
  TranscodingProgress,
} from '../content-model';
import type { Fresh } from '../model';
import { anyRole, command, defineCommands, returns } from './define';
import { key, requiredText, searchKeyword } from './fields';

const uploadFileKey = key;
const transcodingFileId = z
  .number()
  .int()
  .positive('A transcoding file id is a positive whole number.');
const subtitleId = z.number().int().positive('A subtitle id is a positive whole number.');
const subtitleName = requiredText(
  100,
  'A subtitle needs a name.',
  'Subtitle names are at most 100 characters.',
);
/** ISO 639-1, a subtitle-capable language of GET /languages (the platform checks which). */
const languageCode = z.string().regex(/^[a-z]{2}$/, 'Choose a subtitle language.');
/** SRT or WebVTT text; main checks it again with `checkSubtitleText` before sending. */
const subtitleText = z
  .string()
  .min(1, 'Paste or type the subtitle text.')
  .max(1_050_000, 'Subtitle files are at most 1 MB.');
const fileName = z.string().trim().min(1).max(255);
const kind = z.enum(['main', 'sub']);
const visibility = z.enum(['public', 'private']);
const aiLanguage = z.enum(['ko', 'en'], { message: 'Choose Korean or English.' });
/** A media content key: 8 letters or digits (observed). */
const contentKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{8}$/, 'A media content key is 8 letters or digits.');

/** Where a dragged subtitle goes: first, last, or to the position of subtitle `targetId`. */
const subtitlePlace = z.discriminatedUnion('to', [
  z.object({ to: z.literal('first') }),
  z.object({ to: z.literal('last') }),
  z.object({ to: z.literal('at'), targetId: subtitleId }),
]);

/** Commands of the content detail's Transcoding, Subtitles, AI and Content keys tabs. */
export const libraryContentCommands = defineCommands({
  /** A content's transcoding files (GET .../transcoding-files). */
  'transcoding.files': command({
    scope: 'platform',
    input: z.object({ uploadFileKey }),
    output: returns<Fresh<TranscodingFile[]>>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.listTranscodingFiles'],
    roles: anyRole,
  }),
  /** Media profiles a new transcoding job can use (GET /media-profiles). */
  'transcoding.profiles': command({
    scope: 'platform',
    input: z.object({}),
    output: returns<ProfileChoice[]>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.listMediaProfiles'],
    roles: anyRole,
  }),
  /** Transcoding progress (GET .../progress; refreshed every 10 s of platform time). */
  'transcoding.progress': command({
    scope: 'platform',
    input: z.object({ uploadFileKey }),
    output: returns<Fresh<TranscodingProgress>>(),
    priority: 'watch',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.getMediaContentProgress'],
    roles: anyRole,
  }),
  /** Enables or disables one transcoding file (PUT .../transcoding-files/{id}/enable|disable). */
  'transcoding.setFileEnabled': command({
    scope: 'platform',
    input: z.object({ uploadFileKey, transcodingFileId, enabled: z.boolean() }),
    output: returns<TranscodingFile>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.enableTranscodingFile', 'vod.disableTranscodingFile'],
    roles: anyRole,
  }),
  /** Deletes one transcoding file permanently (DELETE .../transcoding-files/{id}). */
  'transcoding.deleteFile': command({
    scope: 'platform',
    input: z.object({ uploadFileKey, transcodingFileId }),
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: 'vod',
    operations: ['vod.deleteTranscodingFile'],
    roles: anyRole,
  }),
  /** Enables or disables the content's files of a profile (PUT .../media-profiles/{key}/…). */
  'transcoding.setProfileEnabled': command({
    scope: 'platform',
    input: z.object({ uploadFileKey, profileKey: key, enabled: z.boolean() }),
    output: returns<TranscodingFile[]>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.enableMediaContentProfileFiles', 'vod.disableMediaContentProfileFiles'],
    roles: anyRole,
  }),
  /** Deletes the content's files of a profile permanently (DELETE .../media-profiles/{key}). */
  'transcoding.deleteProfileFiles': command({
    scope: 'platform',
    input: z.object({ uploadFileKey, profileKey: key }),
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: 'vod',
    operations: ['vod.deleteMediaContentProfileFiles'],
    roles: anyRole,
  }),
  /** Starts a transcoding job with a profile; files already transcoding are excluded. */
  'transcoding.start': command({
    scope: 'platform',
    input: z.object({ uploadFileKey, mediaProfileKey: key }),
    output: returns<TranscodingJob>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.createTranscodingJob'],
    roles: anyRole,
  }),

  /** A content's subtitles in player order, filtered by name and language. */
  'subtitle.list': command({
    scope: 'platform',
    input: z.object({
      uploadFileKey,
      name: searchKeyword.optional(),
      languageCode: languageCode.optional(),
    }),
    output: returns<Fresh<Subtitle[]>>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.listSubtitles'],
    roles: anyRole,
  }),
  /** One subtitle with its text. */
  'subtitle.get': command({
    scope: 'platform',
    input: z.object({ uploadFileKey, subtitleId }),
    output: returns<SubtitleDetail>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.getSubtitle'],
    roles: anyRole,
  }),
  /** Creates a subtitle from typed text; placed last. */
  'subtitle.create': command({
    scope: 'platform',
    input: z.object({
      uploadFileKey,
      name: subtitleName,
      languageCode,
      text: subtitleText,
      kind,
      visibility,
    }),
    output: returns<SubtitleDetail>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.createSubtitle'],
    roles: anyRole,
  }),
  /** Creates a subtitle from an SRT or WebVTT file (its text); placed last. */
  'subtitle.upload': command({
    scope: 'platform',
    input: z.object({
      uploadFileKey,
      name: subtitleName,
      languageCode,
      fileName,
      text: subtitleText,
      kind,
      visibility,
    }),
    output: returns<SubtitleDetail>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.uploadSubtitle'],
    roles: anyRole,
  }),
  /** Replaces a subtitle's data with a new SRT or WebVTT file. */
  'subtitle.replaceFile': command({
    scope: 'platform',
    input: z.object({ uploadFileKey, subtitleId, fileName, text: subtitleText }),
    output: returns<SubtitleDetail>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.replaceSubtitleFile'],
    roles: anyRole,
  }),
  /** Changes a subtitle's name, language, kind, visibility or text (at least one). */
  'subtitle.update': command({
    scope: 'platform',
    input: z
      .object({
        uploadFileKey,
        subtitleId,
        name: subtitleName.optional(),
        languageCode: languageCode.optional(),
        kind: kind.optional(),
        visibility: visibility.optional(),
        text: subtitleText.optional(),
      })
      .refine(
        (input) =>
          [input.name, input.languageCode, input.kind, input.visibility, input.text].some(
            (value) => value !== undefined,
          ),
        { message: 'Change at least one field.' },
      ),
    output: returns<SubtitleDetail>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.updateSubtitle'],
    roles: anyRole,
  }),
  /** Deletes a subtitle permanently; the others close the gap. */
  'subtitle.delete': command({
    scope: 'platform',
    input: z.object({ uploadFileKey, subtitleId }),
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: 'vod',
    operations: ['vod.deleteSubtitle'],
    roles: anyRole,
  }),
  /** Moves a subtitle (move-first, move-last, or move to the position of `targetId`). */
  'subtitle.move': command({
    scope: 'platform',
    input: z.object({ uploadFileKey, subtitleId, place: subtitlePlace }),
    output: returns<Subtitle[]>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.moveSubtitleFirst', 'vod.moveSubtitleLast', 'vod.moveSubtitle'],
    roles: anyRole,
  }),

  /** Requests an AI subtitle from speech recognition (one per content). */
  'ai.createSubtitle': command({
    scope: 'platform',
    input: z.object({ uploadFileKey, languageCode: aiLanguage, kind, visibility }),
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.createAiSubtitle'],
    roles: anyRole,
  }),
  /** Requests the AI outline (summary, chapters, keywords), optionally with an AI subtitle. */
  'ai.createOutline': command({
    scope: 'platform',
    input: z.object({
      uploadFileKey,
      languageCode: aiLanguage,
      withSubtitle: z.object({ kind, visibility }).nullable(),
    }),
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.createAiOutline'],
    roles: anyRole,
  }),
  /** The AI outline in one language; null when none was requested (404). */
  'ai.outline': command({
    scope: 'platform',
    input: z.object({ uploadFileKey, languageCode: aiLanguage }),
    output: returns<Fresh<AiOutline | null>>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.getAiOutline'],
    roles: anyRole,
  }),
  /** Converts every transcoding file of the content to AI speed (AI script). */
  'ai.createScript': command({
    scope: 'platform',
    input: z.object({ uploadFileKey }),
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.createAiScript'],
    roles: anyRole,
  }),

  /** The content's encryption and its media content keys per channel (GET /media-contents/{key}). */
  'contentKey.context': command({
    scope: 'platform',
    input: z.object({ uploadFileKey }),
    output: returns<Fresh<ContentKeyContext>>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.getMediaContent'],
    roles: anyRole,
  }),
  /** Details of a media content key. */
  'contentKey.get': command({
    scope: 'platform',
    input: z.object({ key: contentKey }),
    output: returns<ContentKey>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.getMediaContentKey'],
    roles: anyRole,
  }),
  /** Whether a key can be assigned, and why not. */
  'contentKey.validate': command({
    scope: 'platform',
    input: z.object({ key: contentKey }),
    output: returns<ContentKeyCheck>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.validateMediaContentKey'],
    roles: anyRole,
  }),
  /** Assigns a key to the content: it replaces the content's earlier key in that channel. */
  'contentKey.assign': command({
    scope: 'platform',
    input: z.object({ uploadFileKey, key: contentKey }),
    output: returns<ContentKey>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.assignMediaContentKey'],
    roles: anyRole,
  }),
});
