/**
 * The app's own shapes of broadcast history, recording files and the transfer list (camelCase;
 * the platform's snake_case is mapped in services/recording-commands.ts). Times are ISO-8601
 * UTC strings unless said otherwise; sizes in bytes; durations in seconds.
 */
import type { MessageRef } from './i18n/message';
import type { DownloadSource } from './commands/transfers';

/** One page of a list, as the platform paged it (1-based). */
export interface PageOf<T> {
  items: T[];
  page: number;
  lastPage: number;
  perPage: number;
  total: number;
}

/** A broadcast of the history (live API `Broadcast`). */
export interface PastBroadcast {
  key: string;
  channelKey: string;
  title: string;
  onAir: boolean;
  /** Null: never went on air. */
  startedAt: string | null;
  endedAt: string | null;
  /** Seconds on air (start to end, or to now while on air); null when it never started. */
  durationSeconds: number | null;
  createdAt: string;
}

/** A recording file (live API `RecordingFile`). */
export interface RecordingFile {
  id: number;
  channelKey: string;
  broadcastKey: string;
  /** `segment`: automatic recording; `duplicate`: manual recording. */
  kind: 'segment' | 'duplicate';
  fileName: string;
  fileSizeBytes: number;
  durationSeconds: number;
  startedAt: string;
  endedAt: string;
  /**
   * When the platform deletes it: 7 days after the broadcast date (followed from the public
   * service guide: https://catenoid-support.atlassian.net/wiki/spaces/SUPJP/pages/2687839).
   */
  expiresAt: string;
  /**
   * Where the platform sent the file: one result per destination that was active when the
   * file appeared, in destination order; empty when the channel had none (live API
   * `RecordingFile.transfers`, docs/platform-facts.md "Recording files after a broadcast").
   */
  transfers: RecordingFileTransfer[];
}

/** The result of sending a recording file to one recording-file destination. */
export interface RecordingFileTransfer {
  destinationId: number;
  /** Destination kind (spec): ftp, sftp, service (the VOD service) or s3. */
  kind: 'ftp' | 'sftp' | 'service' | 's3';
  title: string;
  /** True: transferred; false: failed (the callback's 1 and 0). */
  transferred: boolean;
  /** Why it failed, in the platform's words (English); null when transferred. */
  reason: string | null;
  /** When the transfer finished (ISO-8601 UTC). */
  finishedAt: string;
}

/** Key metrics of one broadcast (live API `Summary`, getBroadcastSummary). */
export interface BroadcastSummary {
  viewCount: number;
  peakViewerCount: number;
  /** Seconds. */
  watchSeconds: number;
  /** Seconds on air. */
  broadcastSeconds: number;
  startedAt: string;
  endedAt: string;
}

/** Where a transfer is. */
export const transferStates = [
  'queued',
  'downloading',
  'paused',
  'done',
  'failed',
  'cancelled',
] as const;
export type TransferState = (typeof transferStates)[number];

/** Something the operator should know about a transfer's history. */
export type TransferNote =
  /** The server answered the whole file (200) to a resume: it started again from zero. */
  | 'restarted'
  /** The one-time URL had expired: a new one was asked for. */
  | 'new-url';

/** One download of the transfer list. */
export interface Transfer {
  id: string;
  source: DownloadSource;
  /** What the operator sees (a title or the file's name). */
  label: string;
  state: TransferState;
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
  note: TransferNote | null;
  /** Why it failed (the platform's message, or ours). */
  error: { message: string; text?: MessageRef } | null;
  /** Epoch ms UTC it was queued. */
  queuedAt: number;
}

/** The whole transfer list of the workspace and the download folder. */
export interface TransferSnapshot {
  folder: string;
  items: Transfer[];
  /** Which opening of the list `version` counts in (a new one after a restart or switch). */
  listId: string;
  /** The list's change count when read: a `transfer.changed` with a higher one is newer. */
  version: number;
}

/**
 * The whole transfer list after a change (`transfer.changed`): at once when a download
 * changes state, at most 4 times a second while bytes flow.
 */
export interface TransferChange {
  workspaceId: string;
  /** Which opening of the list `version` counts in (a new one after a restart or switch). */
  listId: string;
  /** Grows with every change of this list; an answer or event with a lower one is older. */
  version: number;
  items: Transfer[];
}
