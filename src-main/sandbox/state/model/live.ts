/**
 * Model of the sandbox state (docs/dev/sandbox.md, "State model"): the live API's records beyond
 * channels and broadcasts (live-v1.yaml). Types only; live-state.ts holds the functions.
 * Times are `Date` instants (UTC).
 */
import type { UploadTransfer } from './upload';

/** Observed channel settings, on `ChannelRecord.settings` (defaults in `channelSettingsOf`). */
export interface ChannelSettings {
  recordingFilePolicy: 0 | 1 | 3;
  idleScreenKind: 0 | 1;
  useDuplicateBlock: boolean;
  useCaptureBlock: boolean;
  metaTitlePattern: string | null;
  metaDescription: string | null;
  chattingServiceId: number | null;
}

/** A chatting service contract; `maxParticipants` users per room. */
export interface ChattingServiceRecord {
  id: number;
  name: string;
  maxParticipants: number;
  expiresAt: Date | null;
}

export interface CreatorRecord {
  code: string;
  channelKey: string;
  nickname: string;
  email: string | null;
  createdAt: Date;
}

export interface SyndicationRecord {
  id: number;
  channelKey: string;
  title: string;
  link: string;
  streamName: string;
  status: 0 | 1;
  createdAt: Date;
  updatedAt: Date;
}

/** Kinds of recording-file destinations (spec). */
export type FileTransferKind = 'ftp' | 'sftp' | 'service' | 's3';

/**
 * A recording-file destination. Kind-specific fields live in `fields` by their wire name
 * (`host`, `port`, `bucket`...); `password` and `secret_access_key` are secrets, never answered.
 */
export interface FileTransferRecord {
  id: number;
  channelKey: string;
  kind: FileTransferKind;
  title: string;
  isActive: boolean;
  fields: Record<string, string | number>;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The result of sending a recording file to one destination (recording-transfers.ts): `result`
 * 1 transferred, 0 failed (observed callback values), `reason` why it failed (null when not).
 */
export interface RecordingTransferRecord {
  fileTransferId: number;
  kind: FileTransferKind;
  title: string;
  result: 0 | 1;
  reason: string | null;
  finishedAt: Date;
}

export interface RecordingFileRecord {
  id: number;
  channelKey: string;
  broadcastKey: string;
  kind: 'segment' | 'duplicate';
  fileName: string;
  /** Bytes. */
  fileSize: number;
  startedAt: Date;
  endedAt: Date;
  createdAt: Date;
  /**
   * One per destination that was active when the file appeared; absent in states saved before
   * transfers were kept (read as none).
   */
  transfers?: RecordingTransferRecord[];
}

/** Chat settings of a channel; `mode` is derived from the channel and `externalEnabled`. */
export interface ChatSettingsRecord {
  useSlowMode: boolean;
  slowModeSeconds: number;
  maxMessageLength: number;
  allowGuest: boolean;
  externalEnabled: boolean;
  externalUrl: string | null;
  externalProvider: string | null;
  updatedAt: Date | null;
}

/** VOD content uploaded for scheduled output; `durationSeconds` in s, `fileSize` in bytes. */
export interface ProgramMediaRecord {
  uploadFileKey: string;
  title: string;
  durationSeconds: number;
  fileSize: number;
  createdAt: Date;
}

/** A waiting-screen image. */
export interface WaitMediaRecord {
  key: string;
  title: string;
  imageUrl: string;
  createdAt: Date;
}

/** A program of a scheduled channel: `mediaKeys` play in order from `startAt`. */
export interface ProgramRecord {
  id: number;
  channelKey: string;
  title: string;
  startAt: Date;
  mediaKeys: string[];
  waitMediaKey: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The broadcast that played it (scheduled-output.ts); absent until it went on air. */
  broadcastKey?: string;
}

/** A one-time upload URL: recorded at issue, `usedAt` set by the upload host (upload-host*.ts). */
export interface UploadUrlRecord {
  token: string;
  uploadFileKey: string;
  kind: 'program-media' | 'wait-media';
  expiresAt: Date;
  usedAt: Date | null;
  /** The file this URL started receiving (upload-host-urls.ts); absent until its upload starts. */
  transfer?: UploadTransfer;
}

/** A short-lived download: `GET /live/files/{token}` answers `body` until `expiresAt`. */
export interface DownloadRecord {
  token: string;
  fileName: string;
  contentType: string;
  /** The file: UTF-8 text, or the bytes in base64 when `encoding` says so (plain data, so
   * that `--state` can save it). */
  body: string;
  encoding?: 'base64';
  expiresAt: Date;
}

/** Everything above, for the one service account of a sandbox. */
export interface LiveState {
  chattingServices: ChattingServiceRecord[];
  creators: CreatorRecord[];
  syndications: SyndicationRecord[];
  fileTransfers: FileTransferRecord[];
  recordingFiles: RecordingFileRecord[];
  programMedia: ProgramMediaRecord[];
  waitMedia: WaitMediaRecord[];
  programs: ProgramRecord[];
  uploadUrls: UploadUrlRecord[];
  downloads: DownloadRecord[];
  /** `http://127.0.0.1:PORT` once the server listens; download and upload URLs start with it. */
  origin: string;
  /**
   * Scheduled output (scheduled-output.ts): when programs started playing (programs over
   * before it get no broadcast). Absent until the first `playSchedules`. What each scheduled
   * channel shows is on its record (`ChannelRecord.scheduledOutput`), the broadcast of each
   * program played on the program (`ProgramRecord.broadcastKey`).
   */
  scheduleSince?: Date;
}

/** What a scheduled channel shows at the last `playSchedules` (live `Channel.scheduled_output`). */
export interface ScheduledOutput {
  /** `program` on air; `waiting` for the next program; `idle` with no program to come. */
  state: 'program' | 'waiting' | 'idle';
  /** The program on air (`program`) or to come (`waiting`); null when idle. */
  programId: number | null;
  /** The program media content playing now (`program` only). */
  uploadFileKey: string | null;
  /** The waiting screen shown (`waiting` only; null: the channel's idle screen). */
  waitMediaKey: string | null;
  /** When this state ends: the program's end, or the next program's start; null when idle. */
  until: Date | null;
}
