/**
 * A tus 1.0 upload through tus-js-client (docs/dev/architecture.md, "Uploads and downloads"), streamed
 * from disk: the file goes in as an `fs.ReadStream`, which our file reader (tus-file-reader.ts)
 * slices into fresh read streams per PATCH, so memory stays at a few stream buffers whatever the
 * file size. tus-js-client's own retries are off (`retryDelays: null`): the engine retries with
 * its own backoff and shows `retrying`, and every retry resumes from the server's offset.
 *
 * A first start creates the upload at the one-time URL (`endpoint`); once the server answered
 * its `Location`, `onLocation` hands it over to be persisted. A later start (after a pause,
 * a fault or a restart) passes that location as `uploadUrl`: tus-js-client asks the server
 * with `HEAD` how many bytes it holds and sends the rest. Without an `endpoint` then, a
 * vanished upload (404/410) fails instead of silently creating a new one.
 */
import { createReadStream } from 'node:fs';
import { Upload, type DetailedError } from 'tus-js-client';
import { SendError, failureFromStatus, networkFailure } from './send-error';
import { diskFileReader } from './tus-file-reader';
import { diskHttpStack } from './tus-http-stack';

/**
 * Default PATCH size, bytes: unlimited, one PATCH for the whole file (tus-js-client's own
 * default). A PATCH broken mid-way loses nothing: the server keeps what it stored, `HEAD`
 * reports it, and the upload resumes from there (upload-restart.test.ts). Smaller PATCHes
 * only add round trips, each a pause of the pipeline while the server finishes its write and
 * answers: 256 MiB PATCHes took 14 % longer than one PATCH for 1 GB, in all of 5 paired runs
 * (median 2006 vs 1722 ms, 2026-11-23). Each PATCH body streams from disk, so no size costs
 * memory. Set a size (engine tuning `tusChunkBytes`) only for a server or proxy that limits
 * request bodies.
 */
export const defaultTusChunkBytes = Number.POSITIVE_INFINITY;

export interface TusSend {
  path: string;
  name: string;
  mime: string;
  sizeBytes: number;
  /** The one-time upload URL: where a new upload is created. */
  endpoint: string;
  /** The upload's location from an earlier start, to resume; null for a first start. */
  location: string | null;
  chunkBytes?: number;
  /** The upload's location is known (persist it: a restart resumes there). */
  onLocation: (location: string) => void;
  /** A resume found `bytes` already on the server. */
  onResumed: (bytes: number) => void;
  /** Bytes sent so far (including what the server held); called often. */
  onProgress: (bytes: number) => void;
  /** The server confirmed `bytes` (end of a PATCH). */
  onConfirmed: (bytes: number) => void;
  signal: AbortSignal;
}

/**
 * Uploads the file; resolves when the server holds every byte.
 * @throws SendError (see send-error.ts); rejects with `signal`'s reason when aborted
 *   (the upload stays on the server, resumable from its location).
 */
export function tusSend(job: TusSend): Promise<void> {
  const { signal } = job;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<void>((resolve, reject) => {
    const upload: Upload = new Upload(createReadStream(job.path), {
      endpoint: job.location === null ? job.endpoint : null,
      uploadUrl: job.location,
      uploadSize: job.sizeBytes,
      chunkSize: job.chunkBytes ?? defaultTusChunkBytes,
      retryDelays: null,
      fileReader: diskFileReader,
      httpStack: diskHttpStack,
      storeFingerprintForResuming: false,
      metadata: { filename: job.name, filetype: job.mime },
      onUploadUrlAvailable: () => {
        if (upload.url) job.onLocation(upload.url);
      },
      onAfterResponse: (request, response) => {
        if (request.getMethod() !== 'HEAD' || response.getStatus() >= 300) return;
        const offset = Number.parseInt(response.getHeader('Upload-Offset') ?? '', 10);
        if (Number.isFinite(offset)) job.onResumed(offset);
      },
      onProgress: (sent) => job.onProgress(sent),
      onChunkComplete: (_chunk, accepted) => job.onConfirmed(accepted),
      onSuccess: () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      onError: (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(signal.aborted ? (signal.reason as Error) : new SendError(classify(error)));
      },
    });
    const onAbort = () => {
      void upload.abort(false);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    upload.start();
  });
}

/**
 * Deletes an unfinished upload from the server (tus Termination), best effort: a server
 * without the extension, or a fault, is ignored. Used when the operator cancels.
 */
export async function tusTerminate(location: string): Promise<void> {
  await Upload.terminate(location, { retryDelays: null, httpStack: diskHttpStack }).catch(
    () => undefined,
  );
}

function classify(error: Error | DetailedError): ReturnType<typeof failureFromStatus> {
  const detailed = error as Partial<DetailedError>;
  const response = detailed.originalResponse ?? null;
  if (response === null) return networkFailure(detailed.causingError ?? error);
  return failureFromStatus(
    response.getStatus(),
    response.getBody(),
    response.getHeader('Retry-After') ?? null,
  );
}
