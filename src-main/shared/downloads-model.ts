/**
 * The app's own shapes of the download list (the files an operator downloads to this computer:
 * recording files, chat and likes, VOD original files, transcoding files and posters). Sizes in
 * bytes, speeds in bytes per second, times in epoch ms UTC unless said otherwise.
 */
import { z } from 'zod';
import { key } from './commands/fields';
import type { MessageRef } from './i18n/message';

const fileId = z.number().int().min(1);

/** What a download fetches: which operation gives its one-time download URL. */
export const downloadSource = z.discriminatedUnion('kind', [
  /** GET .../recording-files/{recording_file_id}/download (live). */
  z.object({
    kind: z.literal('recording-file'),
    channelKey: key,
    broadcastKey: key,
    recordingFileId: fileId,
  }),
  /** GET broadcasts/{broadcast_key}/chatting-download (live). */
  z.object({ kind: z.literal('chat'), broadcastKey: key }),
  /** GET broadcasts/{broadcast_key}/like-download (live). */
  z.object({ kind: z.literal('likes'), broadcastKey: key }),
  /** GET media-contents/{upload_file_key}/original-file/download (VOD). */
  z.object({ kind: z.literal('vod-original'), uploadFileKey: key }),
  /** GET media-contents/{upload_file_key}/transcoding-files/{id}/download (VOD). */
  z.object({ kind: z.literal('vod-transcoding'), uploadFileKey: key, transcodingFileId: fileId }),
  /** GET media-contents/{upload_file_key}/poster/download (VOD). */
  z.object({ kind: z.literal('vod-poster'), uploadFileKey: key }),
]);

/** What a download fetches. */
export type DownloadSource = z.infer<typeof downloadSource>;

/** Where a download is. */
export const downloadStates = [
  'queued',
  'downloading',
  'paused',
  'done',
  'failed',
  'cancelled',
] as const;
export type DownloadState = (typeof downloadStates)[number];

/** Something the operator should know about a download's history. */
export type DownloadNote =
  /** The server answered the whole file (200) to a resume: it started again from zero. */
  | 'restarted'
  /** The one-time URL had expired: a new one was asked for. */
  | 'new-url';

/** One download of the download list. */
export interface Download {
  id: string;
  source: DownloadSource;
  /** What the operator sees (a title or the file's name). */
  label: string;
  state: DownloadState;
  /** The file's name as the platform gave it; null until its URL was first asked for. */
  fileName: string | null;
  /** Where it is (done) or will be written: the folder it was started in. */
  folder: string;
  /** The final path once done. */
  path: string | null;
  receivedBytes: number;
  /** From `Content-Length` / `Content-Range`; null until known. */
  totalBytes: number | null;
  bytesPerSecond: number | null;
  etaSeconds: number | null;
  note: DownloadNote | null;
  /** Why it failed (the platform's message, or ours). */
  error: { message: string; text?: MessageRef } | null;
  /** Epoch ms UTC it was queued. */
  queuedAt: number;
}

/** The whole download list of the workspace and the download folder. */
export interface DownloadSnapshot {
  folder: string;
  items: Download[];
  /** Which opening of the list `version` counts in (a new one after a restart or switch). */
  listId: string;
  /** The list's change count when read: a `downloads.changed` with a higher one is newer. */
  version: number;
}

/**
 * The whole download list after a change (`downloads.changed`): at once when a download
 * changes state, at most 4 times a second while bytes flow.
 */
export interface DownloadChange {
  workspaceId: string;
  /** Which opening of the list `version` counts in (a new one after a restart or switch). */
  listId: string;
  /** Grows with every change of this list; an answer or event with a lower one is older. */
  version: number;
  items: Download[];
}
