/**
 * The upload host in multipart mode: the one-time upload URLs behave like the real upload host
 * (docs/platform-facts.md, "One-time upload URLs"): ONE `multipart/form-data` POST with
 * the file in the field `upload-file`, no tus, no chunking, no resume.
 *
 * On a one-time upload URL (`/vod/upload/{token}`, `/live/uploads/{token}`):
 * - `OPTIONS` answers 204 with `Allow: POST, OPTIONS` and no `Tus-*` header, so a client that
 *   probes the URL sees it does not speak tus.
 * - `POST` `multipart/form-data` with the file in the part `upload-file` (its `filename` and
 *   `Content-Type` become the file's name and type) and optionally `accept=application/json`,
 *   in any order. The body is streamed (@fastify/busboy) through the receiving stage
 *   (upload-host-receive.ts: byte count, throttle, "drop connection" fault) to
 *   `{storage}/{id}.part`, never held in memory; when the body is complete the file is renamed
 *   `{id}` and becomes platform content (upload-host-complete.ts). Success: 200
 *   `{ error: 0, message }`. The answer is always JSON, `accept` or not (the real host's
 *   answer without it is not observed). Only the first `upload-file` part is kept; other parts
 *   are read and ignored.
 * - Refusals that leave the URL unused (the body is not read): 404 unknown, used or expired
 *   URL (observed); 415 when the body is not `multipart/form-data` (a tus creation gets this
 *   too, with a message saying the URL does not speak tus: tus clients treat it as a failure
 *   and do not retry); 400 for multipart without a boundary; 507 "storage full".
 * - The URL is used from the moment its POST is read. Refusals after that, the URL staying
 *   used and nothing stored: 400 when the body has no `upload-file` part or is malformed or
 *   cut short; 415 when the complete file is refused (not a readable video / image). A
 *   connection that drops mid-body (the client's doing or the fault) gets no answer.
 * - `progress_url` (VOD) reports the whole percent of the request's `Content-Length` received
 *   so far as file bytes (at most 99 until complete); a chunked body, whose size is unknown
 *   until its end, reports 0 until then.
 *
 * All refusals are `{ error: 1, message }`.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy } from '@fastify/busboy';
import type { BusboyInstance } from '@fastify/busboy';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { VirtualClock } from '../kernel/clock';
import type { SandboxState } from '../state/state';
import { completeTransfer } from './upload-host-complete';
import type { UploadHostSettings } from './upload-host-receive';
import { RunningHash, diskBufferBytes, receivingStage } from './upload-host-receive';
import { storageFullMessage } from './upload-host-tus';
import type { UploadTransfer, UploadUrl } from './upload-host-urls';
import {
  findUploadUrl,
  noteReceived,
  refusalMessage,
  refusalOf,
  startTransfer,
} from './upload-host-urls';

/** The form field that carries the file (observed). */
export const uploadFileField = 'upload-file';

/** The methods a one-time upload URL takes in multipart mode (its `OPTIONS` `Allow`). */
export const multipartAllow = 'POST, OPTIONS';

/** What the multipart handler works on. */
export interface MultipartDeps {
  state: SandboxState;
  clock: VirtualClock;
  settings: UploadHostSettings;
  storageDir: string;
}

/** `OPTIONS` on a one-time upload URL in multipart mode: 204, `Allow`, no tus headers. */
export function answerMultipartOptions(
  _request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  return reply.code(204).header('Allow', multipartAllow).send();
}

/** Why a received body gives no file: status and message (the URL stays used). */
class BodyRefusal extends Error {
  constructor(
    readonly status: 400 | 415,
    message: string,
  ) {
    super(message);
  }
}

/** Makes the `POST` handler of the one-time upload URLs in multipart mode. */
export function multipartUploadHandler(
  deps: MultipartDeps,
): (
  api: 'vod' | 'live',
  request: FastifyRequest<{ Params: { token: string } }>,
  reply: FastifyReply,
) => Promise<FastifyReply | undefined> {
  const { state, clock, settings } = deps;

  return async (api, request, reply) => {
    const found = findUploadUrl(state, api, request.params.token);
    const refusal = refusalOf(found, clock.nowMs());
    if (found === undefined || refusal !== null)
      return refuse(reply, 404, refusalMessage(refusal ?? 'unknown', found));
    const raw = request.raw;
    const type = raw.headers['content-type'] ?? '';
    if (!/^multipart\/form-data\s*(;|$)/i.test(type))
      return refuse(reply, 415, notMultipartMessage(raw));
    let busboy: BusboyInstance;
    try {
      busboy = Busboy({
        headers: { ...raw.headers, 'content-type': type },
        // The file part is a file even without a `filename` or a binary type.
        isPartAFile: (field, partType, fileName) =>
          field === uploadFileField ||
          fileName !== undefined ||
          partType === 'application/octet-stream',
        limits: { fields: 32, fieldSize: 64 * 1024, parts: 64, headerPairs: 64 },
      });
    } catch {
      return refuse(
        reply,
        400,
        'The multipart/form-data body has no boundary: send Content-Type: multipart/form-data; boundary=...',
      );
    }
    if (settings.storageFull) return refuse(reply, 507, storageFullMessage);

    // From here the URL is used, whatever becomes of the body.
    const now = clock.now();
    const declared = Number(raw.headers['content-length']);
    const transfer: UploadTransfer = {
      id: randomBytes(16).toString('hex'),
      fileName: '',
      fileType: 'application/octet-stream',
      sizeBytes: Number.isSafeInteger(declared) && declared > 0 ? declared : 0,
      receivedBytes: 0,
      startedAt: now,
      expiresAt: now,
      status: 'receiving',
      sha256: null,
      arrivesAt: null,
      durationSeconds: null,
    };
    startTransfer(found, transfer, now);

    const filePath = path.join(deps.storageDir, transfer.id);
    const partPath = `${filePath}.part`;
    const hash = new RunningHash();
    let received: number;
    try {
      await mkdir(deps.storageDir, { recursive: true });
      received = await receiveFile(raw, busboy, partPath, { url: found, transfer, settings, hash });
      await rename(partPath, filePath);
    } catch (error) {
      transfer.status = 'broken';
      await rm(partPath, { force: true }).catch(() => undefined);
      if (raw.socket.destroyed) {
        // Cut mid-body (by the client or the "drop connection" fault): nobody to answer.
        reply.hijack();
        return undefined;
      }
      // Whatever is left of the body is read and dropped, so the answer can reach the client.
      raw.unpipe(busboy);
      raw.resume();
      if (error instanceof BodyRefusal) return refuse(reply, error.status, error.message);
      request.log.error(error);
      return refuse(
        reply,
        500,
        'The upload host could not store the file: nothing was stored. Ask for a new one-time upload URL and try again.',
      );
    }

    transfer.sizeBytes = received;
    const completion = await completeTransfer(state, found, transfer, filePath, clock.now(), hash);
    if (completion !== null) {
      transfer.status = 'refused';
      await rm(filePath, { force: true }).catch(() => undefined);
      return refuse(reply, completion.status, completion.message);
    }
    return reply.code(200).send({
      error: 0,
      message: `Upload complete: "${transfer.fileName}", ${received} bytes.`,
    });
  };
}

/**
 * Reads the multipart body of `raw` through `busboy`, streaming the `upload-file` part through
 * the receiving stage to `partPath`; resolves with the file's size once the body has ended and
 * the file is on disk.
 * @throws BodyRefusal when the body is malformed or has no file; another error when the
 *   connection dropped or the disk failed.
 */
async function receiveFile(
  raw: IncomingMessage,
  busboy: BusboyInstance,
  partPath: string,
  into: {
    url: UploadUrl;
    transfer: UploadTransfer;
    settings: UploadHostSettings;
    hash: RunningHash;
  },
): Promise<number> {
  const { url, transfer, settings, hash } = into;
  let received = 0;
  let file: { stream: Readable; written: Promise<void> } | undefined;

  busboy.on('file', (field, stream, fileName, _encoding, mimeType) => {
    // A part is ignored by reading it to its end; its errors are the body's, seen below.
    stream.on('error', () => undefined);
    if (field !== uploadFileField || file !== undefined) {
      stream.resume();
      return;
    }
    transfer.fileName = fileName;
    if (mimeType !== '') transfer.fileType = mimeType;
    const stage = receivingStage({
      startOffset: 0,
      settings,
      onBytes: (total) => {
        received = total;
        noteReceived(url, transfer, total);
      },
      dropConnection: () => raw.socket.destroy(),
      hash,
    });
    const disk = createWriteStream(partPath, { highWaterMark: diskBufferBytes });
    const written = pipeline(stream, stage, disk);
    written.catch(() => undefined);
    file = { stream, written };
  });

  const body = new Promise<void>((resolve, reject) => {
    busboy.once('finish', resolve);
    busboy.once('error', (error: unknown) => {
      reject(
        new BodyRefusal(
          400,
          `The multipart/form-data body is malformed or incomplete (${error instanceof Error ? error.message : String(error)}): nothing was stored. Ask for a new one-time upload URL and send the whole body.`,
        ),
      );
    });
    raw.once('error', reject);
    const closed = (): void => {
      if (!raw.complete) reject(new Error('The client closed the connection mid-body.'));
    };
    raw.once('close', closed);
    // Closed while the storage directory was being made: 'close' has been and gone.
    if (raw.destroyed) closed();
  });
  raw.pipe(busboy);

  try {
    await body;
  } catch (error) {
    file?.stream.destroy();
    await file?.written.catch(() => undefined);
    throw error;
  }
  if (file === undefined)
    throw new BodyRefusal(
      400,
      `The body has no "${uploadFileField}" part: send the file in the form field "${uploadFileField}". This upload URL is now used: ask for a new one.`,
    );
  await file.written;
  return received;
}

/** The 415 message for a body that is not multipart (a tus request gets its own). */
function notMultipartMessage(raw: IncomingMessage): string {
  const expected = `one multipart/form-data POST with the file in the form field "${uploadFileField}"`;
  if (raw.headers['tus-resumable'] !== undefined)
    return `This upload URL does not speak tus: it takes ${expected}. Nothing was uploaded and the URL is still unused.`;
  const type = raw.headers['content-type'];
  return `This upload URL takes ${expected}, not ${type === undefined ? 'a body without Content-Type' : `"${type}"`}. The URL is still unused.`;
}

/** Answers `{ error: 1, message }` (no tus header: this mode does not speak tus). */
function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ error: 1, message });
}
