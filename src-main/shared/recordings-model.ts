/**
 * The app's own shapes of broadcast history and recording files (camelCase; the platform's
 * snake_case is mapped in services/recordings/recording-commands.ts). Times are ISO-8601
 * UTC strings unless said otherwise; sizes in bytes; durations in seconds.
 */

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
   * `RecordingFile.transfers`, docs/platform-facts.md, "After a broadcast (the sandbox)").
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
