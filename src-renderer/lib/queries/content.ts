/**
 * Query keys of a content's detail tabs (transcoding, subtitles, AI, content keys), one
 * factory so a change can invalidate exactly what it touched. Every key starts with the
 * content's upload file key, except profiles and key lookups (account-wide).
 */
export const contentKeys = {
  /** Everything of one content. */
  all: (uploadFileKey: string) => ['content-detail', uploadFileKey] as const,
  transcodingFiles: (uploadFileKey: string) =>
    ['content-detail', uploadFileKey, 'transcoding-files'] as const,
  progress: (uploadFileKey: string) => ['content-detail', uploadFileKey, 'progress'] as const,
  subtitles: (uploadFileKey: string, name = '', languageCode = '') =>
    ['content-detail', uploadFileKey, 'subtitles', name, languageCode] as const,
  /** Every filtered list of the content's subtitles. */
  allSubtitles: (uploadFileKey: string) => ['content-detail', uploadFileKey, 'subtitles'] as const,
  subtitle: (uploadFileKey: string, subtitleId: number) =>
    ['content-detail', uploadFileKey, 'subtitle', subtitleId] as const,
  outline: (uploadFileKey: string, languageCode: string) =>
    ['content-detail', uploadFileKey, 'ai-outline', languageCode] as const,
  keyContext: (uploadFileKey: string) => ['content-detail', uploadFileKey, 'keys'] as const,
  profiles: () => ['content-detail', 'media-profiles'] as const,
};
