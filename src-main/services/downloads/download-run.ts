/**
 * One HTTP download of a short-lived URL into `<name>.part`, resumed with `Range` where the
 * server allows it (206 with a `Content-Range` starting where the part file ends), into a part
 * file this list wrote (part-file.ts). A server
 * that answers 200 to a resume sends the whole file again: the part is rewritten from zero
 * and the caller is told (`restarted`). The link is plain GET without a token (live and VOD
 * `DownloadLink`: "no token needed").
 */
import type { FileHandle } from 'node:fs/promises';
import { PlatformError, errorFromResponse } from '../../platform/errors';
import { openPart, recordOf, type PartRecord } from './part-file';

/** What one attempt ended with. */
export type RunOutcome =
  /** The whole file is in the part file. */
  | { kind: 'complete'; totalBytes: number; restarted: boolean }
  /** The link is gone (404, 403, 410): ask the platform for a new one. */
  | { kind: 'link-gone'; error: PlatformError }
  /** The connection broke before the end: try again from where the part file ends. */
  | { kind: 'interrupted'; restarted: boolean; cause: unknown }
  /** The part file is not the list's own (or a new one's name is taken): pick another name. */
  | { kind: 'foreign-part' };

/** Progress of a running attempt: bytes in the part file, and the total when known. */
export type OnBytes = (receivedBytes: number, totalBytes: number | null) => void;

/** The part file of an attempt: its path, and what the list recorded of it (null: none yet). */
export interface PartFile {
  path: string;
  record: PartRecord | null;
}

/**
 * Downloads `url` into the part file, continuing after the bytes the list recorded there. The
 * part is opened as part-file.ts `openPart` says (new, or the list's own, never through a link);
 * when it is not the list's own the answer is `foreign-part` and nothing is sent or written.
 * `onPart` receives the part's record once the attempt ends, however it ends.
 * @throws PlatformError for an answer that trying again will not fix (e.g. 5xx with a message
 * is returned as `interrupted`; 4xx other than a gone link throws); the abort reason when
 * `signal` aborts.
 */
export async function runDownload(
  url: string,
  part: PartFile,
  signal: AbortSignal,
  onBytes: OnBytes,
  onPart: (record: PartRecord) => void,
  fetchImpl: typeof fetch = fetch,
): Promise<RunOutcome> {
  const handle = await openPart(part.path, part.record);
  if (handle === null) return { kind: 'foreign-part' };
  try {
    return await receive(url, handle, part.record?.bytes ?? 0, signal, onBytes, fetchImpl);
  } finally {
    try {
      onPart(await recordOf(handle));
    } finally {
      await handle.close();
    }
  }
}

/** One attempt's request and bytes, into `handle` (opened for appending, `offset` bytes long). */
async function receive(
  url: string,
  handle: FileHandle,
  offset: number,
  signal: AbortSignal,
  onBytes: OnBytes,
  fetchImpl: typeof fetch,
): Promise<RunOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: offset > 0 ? { Range: `bytes=${offset}-` } : {},
      signal,
    });
  } catch (cause) {
    if (signal.aborted) throw signal.reason;
    return { kind: 'interrupted', restarted: false, cause };
  }
  if ([403, 404, 410].includes(response.status))
    return { kind: 'link-gone', error: await refusal(response) };
  if (response.status === 416) {
    // The part file is longer than the file: it belongs to another version. Start over.
    await response.body?.cancel();
    await handle.truncate(0);
    return { kind: 'interrupted', restarted: true, cause: new Error('416') };
  }
  if (response.status >= 500)
    return { kind: 'interrupted', restarted: false, cause: await refusal(response) };
  if (response.status !== 200 && response.status !== 206) throw await refusal(response);

  const resumed = response.status === 206 && contentRangeStart(response) === offset;
  const start = resumed ? offset : 0;
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  const totalBytes = Number.isFinite(length) ? start + length : null;
  if (!resumed && offset > 0) await handle.truncate(0);
  let received = start;
  onBytes(received, totalBytes);
  try {
    const reader = response.body?.getReader();
    for (let read = await reader?.read(); read !== undefined && !read.done;) {
      await handle.write(read.value);
      received += read.value.byteLength;
      onBytes(received, totalBytes);
      read = await reader?.read();
    }
  } catch (cause) {
    if (signal.aborted) throw signal.reason;
    return { kind: 'interrupted', restarted: offset > 0 && !resumed, cause };
  }
  if (totalBytes !== null && received < totalBytes)
    return { kind: 'interrupted', restarted: offset > 0 && !resumed, cause: new Error('short') };
  return { kind: 'complete', totalBytes: received, restarted: offset > 0 && !resumed };
}

/** The first byte of `Content-Range: bytes N-M/T`, or null. */
function contentRangeStart(response: Response): number | null {
  const match = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(response.headers.get('content-range') ?? '');
  return match === null ? null : Number(match[1]);
}

async function refusal(response: Response): Promise<PlatformError> {
  const body: unknown = await response.json().catch(() => null);
  return new PlatformError(errorFromResponse(response.status, body));
}

/** Waits `ms`, or rejects with the abort reason as soon as `signal` aborts. */
export function waitUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}
