/**
 * One file of the upload queue as main keeps it, and the queue file on disk (docs/dev/architecture.md,
 * "Local state": written atomically, validated on read). Unlike the renderer's
 * {@link UploadItem}, a record holds the one-time upload URL and the tus upload location:
 * both grant the right to upload, so they stay in main and in this file (mode 0600), and are
 * never logged.
 *
 * File: `uploads-<workspaceId>.json` in the data folder,
 * `{ version: 1, concurrency, items: UploadRecord[] }`, items oldest first.
 */
import { messageRefSchema } from '../../shared/i18n/say';
import { z } from 'zod';
import {
  uploadKinds,
  uploadStates,
  type UploadItem,
  type UploadTarget,
} from '../../shared/uploads';
import type { CheckedFile } from './enqueue-check';

const problemCodes = [
  'file-missing',
  'file-changed',
  'wrong-type',
  'too-large',
  'url-expired',
  'url-used',
  'storage-full',
  'network',
  'platform',
  'not-available',
] as const;

const isoTime = z.string().min(1).max(40);

/** A one-time upload URL as the platform issued it (docs/platform-facts.md). */
const oneTimeUrlSchema = z.object({
  uploadUrl: z.string().min(1).max(4096),
  /** VOD only: the no-auth upload progress URL. */
  progressUrl: z.string().max(4096).nullable(),
  uploadFileKey: z.string().min(1).max(128),
  /** ISO-8601 UTC, as the platform's clock said (`expired_at`). */
  expiresAt: isoTime,
  /** When bytes were first sent to it: a started URL counts as used (single use). */
  usedAt: isoTime.nullable(),
});

const targetSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('vod'),
    categoryKey: z.string().max(128).optional(),
    title: z.string().max(200).optional(),
  }),
  z.object({ kind: z.literal('program-media') }),
  z.object({ kind: z.literal('waiting-screen') }),
]);

/** One file of the queue, persisted. Sizes in bytes, times ISO-8601 UTC. */
export const uploadRecordSchema = z.object({
  id: z.string().min(1).max(64),
  batchId: z.string().min(1).max(64),
  path: z.string().min(1).max(4096),
  name: z.string().max(1024),
  sizeBytes: z.number().int().nonnegative(),
  /** Modification time when queued, ms since the epoch: a change means the file changed. */
  mtimeMs: z.number().nonnegative(),
  /** MIME type sniffed from the content when queued. */
  mime: z.string().max(100),
  /** Sniffed as audio (VOD `is_audio_upload=1`). */
  isAudio: z.boolean(),
  kind: z.enum(uploadKinds),
  target: targetSchema,
  targetLabel: z.string().max(300),
  state: z.enum(uploadStates),
  protocol: z.enum(['tus', 'multipart']).nullable(),
  url: oneTimeUrlSchema.nullable(),
  /** The tus upload's own URL (`Location` of the creation POST); resumes go there. */
  location: z.string().max(4096).nullable(),
  /** Bytes the upload host confirmed (tus) or that were sent (multipart). */
  sentBytes: z.number().int().nonnegative(),
  /** Bytes the server already held when the last start resumed a tus upload. */
  resumedFromBytes: z.number().int().nonnegative().nullable(),
  /**
   * `sending` until every byte arrived, then `follow-up` (transcoding, listing). A queue file
   * written when the first phase was called `transfer` reads as `sending`.
   */
  phase: z.preprocess(
    (value) => (value === 'transfer' ? 'sending' : value),
    z.enum(['sending', 'follow-up']),
  ),
  transcodingPercent: z.number().min(0).max(100).nullable(),
  attempts: z.number().int().nonnegative(),
  /** Automatic tries in a row that failed (network, 5xx, 429); reset by success or Retry. */
  failures: z.number().int().nonnegative(),
  /** A dead one-time URL was replaced since the last success or Retry (only once). */
  urlRenewed: z.boolean(),
  retryAt: isoTime.nullable(),
  problem: z
    .object({
      code: z.enum(problemCodes),
      message: z.string(),
      nextStep: z.string(),
      text: messageRefSchema.optional(),
      nextText: messageRefSchema.optional(),
    })
    .nullable(),
  note: z.string().max(1000).nullable(),
  /** `note` as a catalogue message (absent in queue files written before it). */
  noteText: messageRefSchema.nullable().optional(),
  queuedAt: isoTime,
  finishedAt: isoTime.nullable(),
});

export type UploadRecord = z.infer<typeof uploadRecordSchema>;
export type OneTimeUrl = z.infer<typeof oneTimeUrlSchema>;

/** Concurrency bounds and default (bridge: `upload.setConcurrency`). */
export const defaultConcurrency = 3;

/** The queue file. */
export const uploadQueueSchema = z.object({
  version: z.literal(1),
  concurrency: z.number().int().min(1).max(8),
  items: z.array(uploadRecordSchema),
});

export type UploadQueueFile = z.infer<typeof uploadQueueSchema>;

/** The live part of an item (speed, eta) that is not persisted. */
export interface LiveFigures {
  bytesPerSecond: number | null;
  etaSeconds: number | null;
}

/** The renderer's view of a record: no one-time URL, no upload location. */
export function toItem(record: UploadRecord, live: LiveFigures | undefined): UploadItem {
  const uploading = record.state === 'uploading';
  return {
    id: record.id,
    batchId: record.batchId,
    name: record.name,
    path: record.path,
    sizeBytes: record.sizeBytes,
    kind: record.kind,
    target: record.target,
    targetLabel: record.targetLabel,
    state: record.state,
    protocol: record.protocol,
    sentBytes: record.sentBytes,
    bytesPerSecond: uploading ? (live?.bytesPerSecond ?? null) : null,
    etaSeconds: uploading ? (live?.etaSeconds ?? null) : null,
    transcodingPercent: record.state === 'processing' ? record.transcodingPercent : null,
    uploadFileKey: record.url?.uploadFileKey ?? null,
    attempts: record.attempts,
    retryAt: record.state === 'retrying' ? record.retryAt : null,
    problem: record.problem,
    note: record.note,
    noteText: record.noteText ?? null,
    queuedAt: record.queuedAt,
    finishedAt: record.finishedAt,
  };
}

/**
 * A file that passed the local checks, queued for `target` in batch `batchId` (one drop):
 * nothing sent yet, no one-time URL, no failures. `queuedAt` is an ISO 8601 UTC time.
 */
export function newRecord(
  file: CheckedFile,
  target: UploadTarget,
  batch: { batchId: string; targetLabel: string; queuedAt: string; id: string },
): UploadRecord {
  return {
    id: batch.id,
    batchId: batch.batchId,
    ...file,
    kind: target.kind,
    target,
    targetLabel: batch.targetLabel,
    state: 'queued',
    protocol: null,
    url: null,
    location: null,
    sentBytes: 0,
    resumedFromBytes: null,
    phase: 'sending',
    transcodingPercent: null,
    attempts: 0,
    failures: 0,
    urlRenewed: false,
    retryAt: null,
    problem: null,
    note: null,
    queuedAt: batch.queuedAt,
    finishedAt: null,
  };
}
