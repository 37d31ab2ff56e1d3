/**
 * One start of one file: check the file did not change on disk since it
 * was queued, get its one-time URL just in time (never reusing a used or expired one), detect
 * the URL's protocol, send the bytes, and answer how it ended. The engine decides what the
 * ending means for the queue (retry, stop, follow up).
 *
 * A dead URL (404/410) is answered once by a new URL, automatically, with a note; a second
 * dead URL in a row stops for the operator. A started multipart URL counts as used: a
 * multipart upload that broke off (pause, fault, restart) starts again with a new URL, unless
 * the upload host says it received the whole file anyway (VOD `progress_url` at 100).
 */
import { m, problem, setNote } from './problem-words';
import { stat } from 'node:fs/promises';
import { formatBytes } from './enqueue-check';
import { multipartSend } from './multipart-send';
import { detectProtocol } from './protocol';
import { SendError } from './send-error';
import { tusSend } from './tus-send';
import type { UploadPlatform } from './upload-platform';
import type { UploadRecord } from './upload-record';
import type { UploadProblem } from '../../shared/uploads';

/** What a run needs from the engine. */
export interface RunContext {
  platform: UploadPlatform;
  /** The record changed in a way the operator sees (persisted at once). */
  changed: (record: UploadRecord) => void;
  /** Bytes moved (persisted at most once a second, shown at most 4 times a second). */
  progressed: (record: UploadRecord, bytes: number) => void;
  /** Resolves once the queue file holds the record as it is now. */
  flush: () => Promise<void>;
  tusChunkBytes: number;
  /** A URL expiring sooner than this is not started, ms. */
  urlMarginMs: number;
}

/** How a run ended without throwing. */
export type RunEnd = { kind: 'sent' } | { kind: 'attention'; problem: UploadProblem };

/**
 * Runs one start of `record` (state `uploading`).
 * @throws SendError for a failure of the sending, PlatformError for a refused or
 *   unreachable URL request, `signal`'s reason when aborted.
 */
export async function runUpload(
  context: RunContext,
  record: UploadRecord,
  signal: AbortSignal,
): Promise<RunEnd> {
  const fileProblem = await checkUnchanged(record);
  if (fileProblem !== null) return { kind: 'attention', problem: fileProblem };
  signal.throwIfAborted();
  if (await hostHasWholeFile(record, signal)) {
    setNote(record, m('uploadNote.receivedWhole'));
    context.changed(record);
    return { kind: 'sent' };
  }
  for (;;) {
    await ensureUrl(context, record, signal);
    try {
      await send(context, record, signal);
      return { kind: 'sent' };
    } catch (error) {
      if (signal.aborted || !(error instanceof SendError) || error.failure.kind !== 'url-dead')
        throw error;
      const expired = record.url !== null && Date.parse(record.url.expiresAt) <= Date.now();
      if (record.urlRenewed) return { kind: 'attention', problem: deadUrlProblem(expired) };
      setNote(
        record,
        m(
          record.location !== null
            ? 'uploadNote.partialGone'
            : expired
              ? 'uploadNote.urlExpired'
              : 'uploadNote.urlRefused',
        ),
      );
      dropUrl(record);
      record.urlRenewed = true;
      context.changed(record);
    }
  }
}

/** The problem of a file that changed or vanished since it was queued, or null. */
export async function checkUnchanged(record: UploadRecord): Promise<UploadProblem | null> {
  let info;
  try {
    info = await stat(record.path);
  } catch {
    return problem(
      'file-missing',
      m('uploadProblem.gone', { path: record.path }),
      m('uploadNext.putBack'),
    );
  }
  if (info.size !== record.sizeBytes || Math.abs(info.mtimeMs - record.mtimeMs) > 1) {
    return problem(
      'file-changed',
      m('uploadProblem.changed', {
        then: formatBytes(record.sizeBytes),
        now: formatBytes(info.size),
      }),
      m('uploadNext.dropAgain'),
    );
  }
  return null;
}

/** How long the upload host may take to say how much of a broken-off upload it holds, ms. */
const progressCheckTimeoutMs = 5000;

/**
 * Whether the upload host already holds the whole file of a multipart upload that broke off
 * (pause, fault, the app closed): a socket closed gracefully still delivers the bytes already
 * on their way, so when the last few megabytes were in flight the host may have completed the
 * upload, and sending the file again would make a second copy on the platform. VOD only: the
 * URL's `progress_url` (no auth, not an API call) answers
 * `{ error: 0, result: { progress: 100 } }` once the file is complete
 * (docs/platform-facts.md, "One-time upload URLs"). Any other answer, an error, or no
 * answer within {@link progressCheckTimeoutMs} means no: the file starts again with a new URL.
 * @throws `signal`'s reason when aborted.
 */
async function hostHasWholeFile(record: UploadRecord, signal: AbortSignal): Promise<boolean> {
  const url = record.url;
  if (record.protocol !== 'multipart' || url === null || url.usedAt === null) return false;
  if (url.progressUrl === null || url.progressUrl === '') return false;
  try {
    const response = await fetch(url.progressUrl, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(progressCheckTimeoutMs)]),
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { error?: unknown; result?: { progress?: unknown } };
    return body.error === 0 && body.result?.progress === 100;
  } catch {
    signal.throwIfAborted();
    return false;
  }
}

async function ensureUrl(context: RunContext, record: UploadRecord, signal: AbortSignal) {
  const url = record.url;
  if (url !== null && record.protocol === 'multipart' && url.usedAt !== null) {
    setNote(record, m('uploadNote.multipartRestart'));
    dropUrl(record);
  } else if (
    url !== null &&
    record.location === null &&
    Date.parse(url.expiresAt) - context.urlMarginMs <= Date.now()
  ) {
    setNote(record, m('uploadNote.urlExpired'));
    dropUrl(record);
  }
  if (record.url !== null) return;
  const issued = await context.platform.createUrl(
    { target: record.target, title: titleOf(record.name), isAudio: record.isAudio },
    signal,
  );
  record.url = { ...issued, usedAt: null };
  context.changed(record);
}

async function send(context: RunContext, record: UploadRecord, signal: AbortSignal) {
  const url = record.url;
  if (url === null) throw new Error('no one-time URL');
  if (record.protocol === null) {
    record.protocol = await detectProtocol(url.uploadUrl, signal);
    context.changed(record);
  }
  if (record.protocol === 'multipart') {
    url.usedAt = new Date().toISOString();
    record.sentBytes = 0;
    context.changed(record);
    await context.flush(); // a restart must know this URL is spent
    await multipartSend({
      url: url.uploadUrl,
      path: record.path,
      name: record.name,
      mime: record.mime,
      sizeBytes: record.sizeBytes,
      onProgress: (bytes) => context.progressed(record, bytes),
      signal,
    });
    return;
  }
  const resuming = record.location !== null;
  url.usedAt ??= new Date().toISOString();
  await tusSend({
    endpoint: url.uploadUrl,
    location: record.location,
    path: record.path,
    name: record.name,
    mime: record.mime,
    sizeBytes: record.sizeBytes,
    chunkBytes: context.tusChunkBytes,
    onLocation: (location) => {
      if (location === record.location) return;
      record.location = location;
      context.changed(record);
    },
    onResumed: (bytes) => {
      if (!resuming) return;
      record.resumedFromBytes = bytes;
      setNote(
        record,
        bytes > 0
          ? m('uploadNote.resumed', {
              bytes: formatBytes(bytes),
              size: formatBytes(record.sizeBytes),
            })
          : m('uploadNote.resumedEmpty'),
      );
      context.progressed(record, bytes);
      context.changed(record);
    },
    onProgress: (bytes) => context.progressed(record, bytes),
    onConfirmed: (bytes) => context.progressed(record, bytes),
    signal,
  });
}

/** Forgets the one-time URL and everything that came with it. */
export function dropUrl(record: UploadRecord): void {
  record.url = null;
  record.location = null;
  record.protocol = null;
  record.sentBytes = 0;
  record.resumedFromBytes = null;
}

function deadUrlProblem(expired: boolean): UploadProblem {
  return expired
    ? problem('url-expired', m('uploadProblem.urlExpiredAgain'), m('uploadNext.newUrl'))
    : problem('url-used', m('uploadProblem.urlRefusedAgain'), m('uploadNext.anotherUrl'));
}

/** The content's title: the file name without its extension. */
function titleOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).slice(0, 200);
}
