/**
 * The upload queue as the renderer sees it (bridge contract, docs/dev/architecture.md, "Uploads and
 * downloads"). Three kinds share one engine in main: VOD content (`POST /upload/create-url`),
 * program media of scheduled channels (`GET .../programs/media-contents/upload-url`) and
 * waiting-screen images (`POST .../programs/media-contents/upload-wait-file`). One-time upload URLs
 * and upload locations grant the right to upload: they stay in main and never reach the renderer.
 */
import type { MessageRef } from './i18n/message';

/** What a file is uploaded as. */
export const uploadKinds = ['vod', 'program-media', 'waiting-screen'] as const;
export type UploadKind = (typeof uploadKinds)[number];

/**
 * Where a file goes. VOD: an optional category (`category_key`) and title (default: the file
 * name without its extension). Program media and waiting screens belong to the live service
 * account's program library (the media of every scheduled channel).
 */
export type UploadTarget =
  | { kind: 'vod'; categoryKey?: string; title?: string }
  | { kind: 'program-media' }
  | { kind: 'waiting-screen' };

/**
 * Where one file is in its life:
 * - `queued`: waiting for a free upload slot (the concurrency setting, default 3);
 * - `uploading`: one-time URL taken, bytes on their way (`sentBytes` grows);
 * - `processing`: all bytes received; VOD transcoding runs, or the platform has yet to list it;
 * - `done`: the platform lists it (VOD: transcoding finished);
 * - `paused`: held by the operator; resumes from the server's offset where the protocol allows;
 * - `retrying`: a network fault or 5xx/429; tried again after `retryAt` (backoff);
 * - `needs-attention`: stopped for the operator: the file changed or vanished on disk, the
 *   platform refused it (4xx), or retries ran out. `problem` says what and what to do next;
 * - `cancelled`: the operator cancelled it (kept in the list until cleared).
 */
export const uploadStates = [
  'queued',
  'uploading',
  'processing',
  'done',
  'paused',
  'retrying',
  'needs-attention',
  'cancelled',
] as const;
export type UploadState = (typeof uploadStates)[number];

/** Why an upload stopped, in a code tests and the UI can branch on. */
export type UploadProblemCode =
  | 'file-missing' // the file vanished or cannot be read
  | 'file-changed' // size or modification time differ from when it was queued
  | 'wrong-type' // content sniffing says it is not a video (or image, for waiting screens)
  | 'too-large'
  | 'url-expired' // the one-time URL died before the upload began or finished
  | 'url-used' // the one-time URL was already used
  | 'storage-full' // the upload host has no room (507)
  | 'network' // connection refused, reset or dropped
  | 'platform' // another refusal of the platform or the upload host
  | 'not-available'; // the workspace cannot take this kind (e.g. no VOD account)

/** A problem and its next step, both in the operator's words. */
export interface UploadProblem {
  code: UploadProblemCode;
  message: string;
  nextStep: string;
  /** `message` and `nextStep` as catalogue messages, for the operator's language. */
  text?: MessageRef;
  nextText?: MessageRef;
}

/** One file of the queue. Sizes in bytes, speeds in bytes/s, times ISO-8601 UTC. */
export interface UploadItem {
  id: string;
  batchId: string;
  /** The file's name, e.g. `opening.mp4`. */
  name: string;
  /** The absolute path on this workstation. */
  path: string;
  sizeBytes: number;
  kind: UploadKind;
  target: UploadTarget;
  /** e.g. "VOD · Category Concerts", "Program media", "Waiting screens". */
  targetLabel: string;
  state: UploadState;
  /** Wire protocol of its one-time URL, once known. */
  protocol: 'tus' | 'multipart' | null;
  sentBytes: number;
  /** Recent speed (bytes/s) while uploading, else null. */
  bytesPerSecond: number | null;
  /** Seconds left at the recent speed while uploading, else null. */
  etaSeconds: number | null;
  /** VOD transcoding percent (0..100) while processing, else null. */
  transcodingPercent: number | null;
  /** The platform's key once a one-time URL was issued for it (a new URL brings a new key). */
  uploadFileKey: string | null;
  /** How many times it was started (1 for a first try). */
  attempts: number;
  /** When the next automatic try starts (state `retrying`). */
  retryAt: string | null;
  /**
   * Why it stopped (`needs-attention`) or why it waits (`retrying`: the fault, and that the
   * next try is automatic); null otherwise.
   */
  problem: UploadProblem | null;
  /**
   * What happened that is not an error, e.g. "The one-time URL had expired; a new one was
   * requested." or "Resumed from the upload host's offset: 4.2 MB of 10 MB were already there."
   */
  note: string | null;
  /** `note` as a catalogue message, for the operator's language. */
  noteText?: MessageRef | null;
  queuedAt: string;
  finishedAt: string | null;
}

/** The whole queue at a glance (the summary bar). */
export interface UploadSummary {
  total: number;
  byState: Record<UploadState, number>;
  /** Bytes sent and to send over the files not cancelled. */
  sentBytes: number;
  totalBytes: number;
  bytesPerSecond: number | null;
  etaSeconds: number | null;
  /** Files uploading at once (1..8, default 3). */
  concurrency: number;
}

/** A change to the queue; `items` holds only the files that changed (the renderer merges). */
export interface UploadChange {
  /**
   * Change number, growing by one per change across every workspace of this run of main,
   * so the renderer can tell which changes a snapshot ({@link UploadSnapshot}) already holds.
   */
  seq: number;
  items: UploadItem[];
  removed: string[];
  summary: UploadSummary;
}

/** The whole queue (`upload.list`), holding every change up to number `seq`. */
export interface UploadSnapshot {
  /** The last change number sent before this snapshot was taken (0: none yet). */
  seq: number;
  items: UploadItem[];
  summary: UploadSummary;
}

/** What `upload.enqueue` answers: what was added and what was refused, file by file. */
export interface EnqueueResult {
  batchId: string;
  added: number;
  /** Files not queued; `text` is `reason` as a catalogue message. */
  refused: { path: string; reason: string; text?: MessageRef }[];
}
