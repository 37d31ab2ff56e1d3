/**
 * What the content detail's commands answer (issue "The VOD library": a content's transcoding
 * files, subtitles, AI and media content keys), in the app's own shapes. Times are ISO-8601
 * UTC strings, sizes bytes, durations seconds.
 */

/** Whether a transcoding file plays: `disabled` restricts that quality (spec, States). */
export type FileStatus = 'enabled' | 'disabled';

/** One transcoding file of a content, made with one media profile (VOD `TranscodingFile`). */
export interface TranscodingFile {
  id: number;
  profileKey: string;
  profileName: string;
  status: FileStatus;
  state: 'transcoding' | 'completed';
  /** 0–100. */
  progress: number;
  fileName: string;
  /** Bytes; 0 until transcoded. */
  fileSize: number;
  width: number;
  height: number;
  /** AI-speed conversion (AI script): `none` until one was asked for. */
  aiSpeed: 'none' | 'processing' | 'completed';
  createdAt: string;
  transcodedAt: string | null;
}

/**
 * A content's transcoding progress (VOD GET .../progress; spec: refreshed every 10 s of
 * platform time). Stages observed: 0 waiting, 1 preparing, 12 transcoding, 21 done.
 */
export interface TranscodingProgress {
  stage: number;
  stageName: string;
  /** 0–100. */
  progress: number;
  /** The 10-second step the values are from. */
  refreshedAt: string;
  files: { id: number; profileKey: string; state: 'transcoding' | 'completed'; progress: number }[];
}

/** A requested transcoding job: which files were queued and which excluded (spec, States). */
export interface TranscodingJob {
  profileKey: string;
  queuedFileIds: number[];
  /** Files of the profile already being transcoded, left alone. */
  excludedFileIds: number[];
  requestedAt: string;
}

/** A media profile as the "new transcoding" picker shows it (bitrates kbit/s). */
export interface ProfileChoice {
  key: string;
  name: string;
  container: string;
  videoCodec: string;
  width: number;
  height: number;
  videoBitrateKbps: number;
}

/** Main subtitle (no line limit) or sub subtitle (at most 2 lines, under the main one). */
export type SubtitleKind = 'main' | 'sub';

/** Whether viewers see a subtitle. */
export type SubtitleVisibility = 'public' | 'private';

/** One subtitle of a content, in the player's order (VOD `Subtitle`). */
export interface Subtitle {
  id: number;
  name: string;
  /** ISO 639-1. */
  languageCode: string;
  /** 1-based in the player's list. */
  position: number;
  kind: SubtitleKind;
  visibility: SubtitleVisibility;
  format: 'srt' | 'vtt';
  source: 'text' | 'file' | 'ai';
  /** Bytes of the text, UTF-8. */
  fileSize: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * Where a subtitle goes in the player's list, as the platform's three operations take it:
 * move-first, move-last, or move to the position of subtitle `targetId`.
 */
export type SubtitlePlace = { to: 'first' } | { to: 'last' } | { to: 'at'; targetId: number };

/** A subtitle with its text (SRT or WebVTT). */
export interface SubtitleDetail extends Subtitle {
  text: string;
}

/** Languages the platform's AI works in (spec, AI operations). */
export type AiLanguage = 'ko' | 'en';

/** AI summary, chapters and keywords of a content in one language (VOD `AiOutline`). */
export interface AiOutline {
  languageCode: AiLanguage;
  state: 'processing' | 'completed';
  requestedAt: string;
  completedAt: string | null;
  summary: string | null;
  /** Chapter starts in seconds from the content's start. */
  chapters: { startS: number; title: string }[];
  keywords: string[];
}

/** A media content key (VOD `MediaContentKey`): issued by a channel, plays one content there. */
export interface ContentKey {
  key: string;
  channelKey: string;
  isEncryptionChannel: boolean;
  /** The linked content; null while unassigned. */
  uploadFileKey: string | null;
  createdAt: string;
}

/** Whether a key can be assigned, and why not (VOD `MediaContentKeyValidation`). */
export interface ContentKeyCheck {
  key: string;
  valid: boolean;
  reason: 'unknown' | 'assigned' | 'channel_inactive' | null;
}

/** What the key tab needs of the content itself: its encryption and its keys per channel. */
export interface ContentKeyContext {
  title: string;
  isEncrypted: boolean;
  keys: { channelKey: string; key: string }[];
}
