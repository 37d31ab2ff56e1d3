/**
 * The upload host in tus mode (tus 1.0.0, @tus/server + @tus/file-store): every one-time
 * upload URL is a tus creation endpoint. This is the sandbox's default (docs/dev/architecture.md,
 * "Uploads and downloads": the app uploads with tus where the one-time URL speaks tus); the real
 * host takes one multipart POST instead (observed), which the sandbox serves in multipart mode
 * (upload-host-multipart.ts).
 *
 * On a one-time upload URL (`/vod/upload/{token}`, `/live/uploads/{token}`):
 * - `OPTIONS` answers 204 with `Tus-Resumable: 1.0.0`, `Tus-Version: 1.0.0` and
 *   `Tus-Extension: creation,creation-with-upload,termination,expiration`: clients detect tus
 *   by it.
 * - `POST` with `Tus-Resumable: 1.0.0`, `Upload-Length` (bytes) and `Upload-Metadata` (at least
 *   `filename`; `filetype` optional), optionally with the first bytes as
 *   `application/offset+octet-stream` (creation-with-upload), creates the upload: 201 with
 *   `Location: {origin}/uploads/tus/{id}` and `Upload-Expires`. It consumes the URL. Refusals,
 *   all `{ error: 1, message }` and never consuming the URL: 404 unknown, used or expired URL
 *   (observed; expiry against the virtual clock), 412 without `Tus-Resumable: 1.0.0`, 400 without
 *   a valid `Upload-Length` or `filename` (deferred length is not offered), 507 "storage full".
 *
 * On the Location (`/uploads/tus/{id}`): `HEAD` answers `Upload-Offset` and `Upload-Length`,
 * `PATCH` with `Upload-Offset` continues (409 on an offset mismatch), `DELETE` cancels an
 * unfinished upload and discards it. Our design: the Location stays valid until its upload
 * completes, for at most 24 h of platform time from creation (`Upload-Expires`), even after the
 * one-time URL's `expired_at`: the URL only guards the start of an upload, and a resumable
 * upload that could die with it would not be resumable. After 24 h an unfinished upload is
 * discarded and its Location answers 410; an unknown Location 404; `PATCH` while storage is
 * full 507; all `{ error: 1, message }`. A complete upload's Location keeps answering `HEAD`
 * (offset = length) until then, so a client that lost the last answer sees it is done.
 *
 * When the last byte is in, the upload becomes platform content (upload-host-complete.ts); a
 * refused file (415 `{ error: 1, message }` on the last `POST`/`PATCH`) is discarded.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS, Metadata, Server } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { VirtualClock } from '../kernel/clock';
import type { SandboxState } from '../state/state';
import { completeTransfer } from './upload-host-complete';
import { handleTusPatch } from './upload-host-tus-web';
import type { UploadHostSettings } from './upload-host-receive';
import { RunningHash, diskBufferBytes, receivingStage } from './upload-host-receive';
import type { UploadTransfer } from './upload-host-urls';
import {
  findTransfer,
  findUploadUrl,
  noteReceived,
  refusalMessage,
  refusalOf,
  startTransfer,
} from './upload-host-urls';

/** Where tus uploads live once created: `{origin}/uploads/tus/{id}`. */
export const tusPath = '/uploads/tus';

/** How long a tus Location answers after its creation, ms of platform time (our design). */
export const tusLocationLifetimeMs = 24 * 3_600_000;

/** The message of the "storage full" fault (507). */
export const storageFullMessage =
  'The upload host is out of storage: nothing can be uploaded right now. Try again later.';

/** What the tus routes work on. */
export interface TusDeps {
  state: SandboxState;
  clock: VirtualClock;
  settings: UploadHostSettings;
  /** The storage directory: the tus file store keeps `{id}` (bytes) and `{id}.json` there. */
  storageDir: string;
}

/**
 * What a one-time upload URL does in tus mode. upload-host.ts routes the URLs and picks the
 * mode's handlers for every request.
 */
export interface TusUrlHandlers {
  /** `OPTIONS`: 204 with the tus capabilities. */
  options: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** `POST`: the tus creation (consumes the URL once accepted). */
  create: (
    api: 'vod' | 'live',
    request: FastifyRequest<{ Params: { token: string } }>,
    reply: FastifyReply,
  ) => Promise<FastifyReply | undefined>;
}

/**
 * Registers the tus Location routes on `scope`, a Fastify scope whose content-type parsers leave
 * request bodies unread (the tus server streams them to disk itself), and answers the handlers
 * of the one-time upload URLs in tus mode. The Locations answer in either mode: a tus upload
 * created before the host switched to multipart mode can still be resumed and finished.
 */
export function registerTusRoutes(scope: FastifyInstance, deps: TusDeps): TusUrlHandlers {
  const { state, clock, settings } = deps;
  const idsByRequest = new WeakMap<object, string>();
  const sockets = new Map<string, Socket>();
  // The running SHA-256 of each upload created since this sandbox started (one restarted with
  // a state file hashes the stored file at completion instead).
  const hashes = new Map<string, RunningHash>();

  const makeTus = () => {
    const store = new ReceivingFileStore(deps.storageDir, (id, offset) => {
      const found = findTransfer(state, id);
      return receivingStage({
        startOffset: offset,
        settings,
        onBytes: (total) => {
          if (found !== undefined) noteReceived(found.url, found.transfer, total);
        },
        dropConnection: () => sockets.get(id)?.destroy(),
        hash: hashes.get(id),
      });
    });

    const tus = new Server({
      path: tusPath,
      datastore: store,
      disableTerminationForFinishedUploads: true,
      namingFunction: (request) => {
        const raw = request.runtime?.node?.req;
        const id = raw === undefined ? undefined : idsByRequest.get(raw);
        // Never reached: every creation passes through the POST route below, which binds an id.
        if (id === undefined) throw new Error('A tus upload was created outside a one-time URL.');
        return id;
      },
      onUploadFinish: async (_request, upload) => {
        const found = findTransfer(state, upload.id);
        const hash = hashes.get(upload.id);
        hashes.delete(upload.id);
        if (found === undefined) return {};
        const refusal = await completeTransfer(
          state,
          found.url,
          found.transfer,
          path.join(deps.storageDir, upload.id),
          clock.now(),
          hash,
        );
        if (refusal === null) return {};
        found.transfer.status = 'refused';
        await store.remove(upload.id).catch(() => undefined);
        return {
          status_code: refusal.status,
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ error: 1, message: refusal.message }),
        };
      },
    });
    return { store, tus };
  };
  // Made on first use: the file store creates its directory, which stays absent until an upload.
  let made: ReturnType<typeof makeTus> | undefined;
  const tusServer = (): ReturnType<typeof makeTus> => (made ??= makeTus());

  /** Hands the request to the tus server, with our `Upload-Expires` for an unfinished upload. */
  const delegate = async (
    request: FastifyRequest,
    reply: FastifyReply,
    transfer?: UploadTransfer,
  ): Promise<void> => {
    if (transfer?.status === 'receiving')
      reply.raw.setHeader('Upload-Expires', transfer.expiresAt.toUTCString());
    if (transfer !== undefined) sockets.set(transfer.id, request.raw.socket);
    reply.hijack();
    try {
      // PATCH bodies skip srvx's copying Node-to-Web conversion (upload-host-tus-web.ts).
      if (request.raw.method === 'PATCH')
        await handleTusPatch(tusServer().tus, request.raw, reply.raw);
      else await tusServer().tus.handle(request.raw, reply.raw);
    } catch (error) {
      request.log.error(error);
      if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
      else reply.raw.destroy();
    } finally {
      if (transfer !== undefined && sockets.get(transfer.id) === request.raw.socket)
        sockets.delete(transfer.id);
    }
  };

  const create = async (
    api: 'vod' | 'live',
    request: FastifyRequest<{ Params: { token: string } }>,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> => {
    const found = findUploadUrl(state, api, request.params.token);
    const refusal = refusalOf(found, clock.nowMs());
    if (found === undefined || refusal !== null)
      return refuse(reply, 404, refusalMessage(refusal ?? 'unknown', found));
    const creation = readCreation(request.raw);
    if ('status' in creation) return refuse(reply, creation.status, creation.message);
    if (settings.storageFull) return refuse(reply, 507, storageFullMessage);
    const now = clock.now();
    const transfer: UploadTransfer = {
      id: randomBytes(16).toString('hex'),
      fileName: creation.fileName,
      fileType: creation.fileType,
      sizeBytes: creation.sizeBytes,
      receivedBytes: 0,
      startedAt: now,
      expiresAt: new Date(now.getTime() + tusLocationLifetimeMs),
      status: 'receiving',
      sha256: null,
      arrivesAt: null,
      durationSeconds: null,
    };
    startTransfer(found, transfer, now);
    hashes.set(transfer.id, new RunningHash());
    idsByRequest.set(request.raw, transfer.id);
    await delegate(request, reply, transfer);
    return undefined;
  };

  scope.options(`${tusPath}/:id`, (request, reply) => delegate(request, reply));
  scope.route<{ Params: { id: string } }>({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: `${tusPath}/:id`,
    handler: async (request, reply) => {
      const found = findTransfer(state, request.params.id);
      if (found === undefined)
        return refuse(
          reply,
          404,
          'No upload exists at this location: ask for a new one-time upload URL and start again.',
        );
      const { url, transfer } = found;
      if (transfer.status === 'receiving' && transfer.expiresAt.getTime() <= clock.nowMs()) {
        transfer.status = 'expired';
        hashes.delete(transfer.id);
        await tusServer()
          .store.remove(transfer.id)
          .catch(() => undefined);
      }
      const gone = goneMessage(transfer, clock.nowMs());
      if (gone !== null) return refuse(reply, gone.status, gone.message);
      if (request.method === 'PATCH' && settings.storageFull)
        return refuse(reply, 507, storageFullMessage);
      await delegate(request, reply, transfer);
      if (request.method === 'DELETE' && reply.raw.statusCode === 204) {
        transfer.status = 'terminated';
        hashes.delete(transfer.id);
      }
      const offset = Number(reply.raw.getHeader('Upload-Offset'));
      if (request.method === 'HEAD' && Number.isInteger(offset))
        noteReceived(url, transfer, offset);
    },
  });

  return { options: (request, reply) => delegate(request, reply), create };
}

/** The tus file store, with every body passed through the upload host's receiving stage. */
class ReceivingFileStore extends FileStore {
  readonly #stage: (id: string, offset: number) => Transform;

  constructor(directory: string, stage: (id: string, offset: number) => Transform) {
    // Expiry is ours (virtual clock, `tusLocationLifetimeMs`): the store's own runs on real time.
    super({ directory, expirationPeriodInMilliseconds: 0 });
    this.#stage = stage;
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  /**
   * FileStore's own `write` (append the body at `offset` to the upload's file, answer the new
   * offset, FILE_WRITE_ERROR when it fails), with the body passed through the receiving stage
   * and a write buffer of {@link diskBufferBytes}, so pieces gather into one `writev` while a
   * write is in flight.
   */
  override async write(
    readable: IncomingMessage | Readable,
    id: string,
    offset: number,
  ): Promise<number> {
    // Ids are ours (hex, from the naming function): anything else names no upload file. The
    // tus server answers what a store throws when it has `status_code` and `body`, as FileStore.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (!/^[0-9a-f]+$/.test(id)) throw ERRORS.FILE_NOT_FOUND;
    const stage = this.#stage(id, offset);
    readable.once('error', (error: Error) => {
      stage.destroy(error);
    });
    const disk = createWriteStream(path.join(this.directory, id), {
      flags: 'r+',
      start: offset,
      highWaterMark: diskBufferBytes,
    });
    try {
      await pipeline(readable.pipe(stage), disk);
    } catch {
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + disk.bytesWritten;
  }
}

/** The creation request's length and metadata, or why it is refused (never consuming the URL). */
function readCreation(
  request: IncomingMessage,
):
  | { sizeBytes: number; fileName: string; fileType: string }
  | { status: 400 | 412; message: string } {
  const header = (name: string): string | undefined => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  if (header('tus-resumable') !== '1.0.0')
    return {
      status: 412,
      message:
        'This upload URL speaks tus 1.0.0 (resumable uploads): send Tus-Resumable: 1.0.0 with Upload-Length and Upload-Metadata.',
    };
  const length = header('upload-length');
  if (length === undefined || !/^\d+$/.test(length) || !Number.isSafeInteger(Number(length)))
    return {
      status: 400,
      message:
        'Send the size of the file in bytes as Upload-Length: this upload host needs it up front (no deferred length).',
    };
  let metadata: Record<string, string | null>;
  try {
    metadata = Metadata.parse(header('upload-metadata'));
  } catch {
    return {
      status: 400,
      message:
        'Upload-Metadata is missing or malformed: send at least "filename <Base64 of the file name>".',
    };
  }
  const fileName = metadata.filename?.trim() ?? '';
  if (fileName === '')
    return { status: 400, message: 'Upload-Metadata must name the file: filename is required.' };
  return {
    sizeBytes: Number(length),
    fileName,
    fileType: metadata.filetype?.trim() || 'application/octet-stream',
  };
}

/** Why the Location of `transfer` no longer answers at `nowMs`, or null when it does. */
function goneMessage(
  transfer: UploadTransfer,
  nowMs: number,
): { status: 404 | 410; message: string } | null {
  switch (transfer.status) {
    case 'refused':
      return {
        status: 404,
        message: `The platform refused "${transfer.fileName}" when it was complete and discarded it.`,
      };
    case 'terminated':
      return { status: 404, message: 'This upload was cancelled: its bytes were discarded.' };
    case 'broken':
      return {
        status: 404,
        message:
          'This upload broke off before its end and was discarded: ask for a new one-time upload URL and start again.',
      };
    case 'expired':
      return {
        status: 410,
        message: `This upload expired at ${transfer.expiresAt.toISOString()} unfinished (uploads must finish within 24 h) and was discarded: ask for a new one-time upload URL and start again.`,
      };
    default:
      return transfer.expiresAt.getTime() <= nowMs
        ? {
            status: 410,
            message: `This upload location expired at ${transfer.expiresAt.toISOString()}; the upload itself was complete.`,
          }
        : null;
  }
}

/** Answers `{ error: 1, message }` with `Tus-Resumable` (tus: every answer but OPTIONS has it). */
function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply
    .code(status)
    .header('Tus-Resumable', '1.0.0')
    .header('Tus-Version', '1.0.0')
    .send({ error: 1, message });
}
