/**
 * upload-host: the sandbox's upload host. It serves every one-time upload URL the platform
 * issues (VOD `POST /upload/create-url` → `/vod/upload/{token}`, live program media and waiting
 * screens → `/live/uploads/{token}`) and turns complete uploads into platform content, with the
 * real bytes kept in a storage directory. It speaks one of two protocols at a time, its mode
 * (`startSandbox({ uploadMode })`, `--upload-mode`, `handle.uploads.setMode`,
 * `POST /__sandbox/uploads/mode`), read afresh for every request:
 *
 * - `tus` (the default; upload-host-tus.ts): each URL is a tus 1.0.0 creation endpoint
 *   (`OPTIONS` advertises `Tus-Resumable`); the upload lives at a resumable Location
 *   (`/uploads/tus/{id}`, 24 h of platform time). This is what the app prefers
 *   (docs/dev/architecture.md, "Uploads and downloads").
 * - `multipart` (upload-host-multipart.ts): each URL behaves like the observed real host: ONE
 *   `multipart/form-data` POST with the file in the field `upload-file`, answered
 *   `{ error: 0, message }`; no resume. `OPTIONS` carries no `Tus-*` header and a tus creation
 *   is refused (415), so clients detect the protocol by probing. Tus Locations created before
 *   a switch to multipart keep answering (and a started tus upload can finish): the mode only
 *   decides how a one-time URL starts an upload.
 *
 * Both modes: an unknown, used or expired URL answers 404 `{ error: 1, message }`; bodies are
 * streamed to disk, never buffered, through one receiving stage that counts bytes for
 * `progress_url` and `receivedBytes()`, throttles and cuts connections on demand
 * (upload-host-receive.ts); completion (durations, image sniffing, VOD arrival and transcoding)
 * is the same (upload-host-complete.ts).
 * Also served: `GET /live/wait-media/{key}`, the image of an uploaded waiting screen (its
 * `image_url`), 404 `{ message }` when there is none. Test hooks: `UploadHost` (the handle's
 * `uploads`) and control/control-uploads.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyPluginCallback, onRequestHookHandler } from 'fastify';
import type { VirtualClock } from '../kernel/clock';
import type { SandboxState } from '../state/state';
import { settleArrivals, waitMediaPrefix } from './upload-host-complete';
import { answerMultipartOptions, multipartUploadHandler } from './upload-host-multipart';
import { UploadHostSettings } from './upload-host-receive';
import { registerTusRoutes } from './upload-host-tus';
import { transferByKey, uploadUrlPrefixes, waitMediaTransfer } from './upload-host-urls';

/** The protocol the one-time upload URLs speak: tus (default) or the real host's multipart POST. */
export type UploadMode = 'tus' | 'multipart';

/** Every upload mode, in the order they are documented. */
export const uploadModes: readonly UploadMode[] = ['tus', 'multipart'];

/** A stored upload: where its bytes are, how many, and their SHA-256 (hex). */
export interface StoredUpload {
  path: string;
  sizeBytes: number;
  sha256: string;
}

/** The upload host's faults: "storage full" (507) and the one-shot "drop connection". */
export interface UploadFaults {
  storageFull: boolean;
  /** Bytes of the next upload body let through before its connection is cut; null when off. */
  dropAfterBytes: number | null;
}

/** Options of the upload host. */
export interface UploadHostOptions {
  /**
   * Where uploaded files are kept. Default: beside `stateFile` (`<stateFile>.uploads/`) when
   * there is one, so a restarted sandbox keeps its partial tus uploads and stored files; else a
   * fresh temp directory removed by `close()`. A given directory is created when the first
   * upload starts (so a sandbox that never receives one leaves nothing) and never removed.
   */
  storageDir?: string;
  stateFile?: string;
  /** The protocol of the one-time upload URLs; default `tus`. */
  mode?: UploadMode;
}

/** The upload host of one sandbox: storage, test settings and what tests may ask of it. */
export class UploadHost {
  /** Absolute path of the storage directory. */
  readonly storageDir: string;
  readonly settings = new UploadHostSettings();
  readonly #state: SandboxState;
  readonly #temporary: boolean;
  #mode: UploadMode = 'tus';

  /**
   * @throws RangeError when `options.mode` is not an upload mode.
   */
  constructor(state: SandboxState, options: UploadHostOptions = {}) {
    this.#state = state;
    if (options.mode !== undefined) this.setMode(options.mode);
    const chosen =
      options.storageDir ??
      (options.stateFile === undefined ? undefined : `${path.resolve(options.stateFile)}.uploads`);
    this.#temporary = chosen === undefined;
    this.storageDir =
      chosen === undefined
        ? mkdtempSync(path.join(os.tmpdir(), 'onair-sandbox-uploads-'))
        : path.resolve(chosen);
  }

  /** The protocol the one-time upload URLs speak now. */
  get mode(): UploadMode {
    return this.#mode;
  }

  /**
   * Switches the protocol of the one-time upload URLs, at once, for every URL (issued or not).
   * Uploads in flight finish in the protocol they started with; tus Locations keep answering.
   * @throws RangeError unless `tus` or `multipart`.
   */
  setMode(mode: UploadMode): void {
    if (!uploadModes.includes(mode))
      throw new RangeError(`The upload mode must be "tus" or "multipart"; not "${mode}".`);
    this.#mode = mode;
  }

  /**
   * The stored file of the upload with `uploadFileKey` (VOD content, program media or waiting
   * screen), or undefined while it is unfinished, when it was refused or never uploaded.
   */
  stored(uploadFileKey: string): StoredUpload | undefined {
    const transfer = transferByKey(this.#state, uploadFileKey)?.transfer;
    if (transfer?.status !== 'stored' || transfer.sha256 === null) return undefined;
    return {
      path: path.join(this.storageDir, transfer.id),
      sizeBytes: transfer.receivedBytes,
      sha256: transfer.sha256,
    };
  }

  /**
   * Bytes of upload bodies received since the sandbox started, every upload together (a resumed
   * tus upload adds only what it sends again): tests compare it before and after a restart.
   */
  receivedBytes(): number {
    return this.settings.receivedBytes;
  }

  /** The receiving rate limit, bytes per second; null when off. */
  get throttle(): number | null {
    return this.settings.throttleBytesPerSecond;
  }

  /**
   * Slows the receiving of every upload body to `bytesPerSecond` (null: full speed), at once,
   * uploads in flight included.
   * @throws RangeError unless a positive whole number or null.
   */
  setThrottle(bytesPerSecond: number | null): void {
    if (bytesPerSecond !== null && !(Number.isSafeInteger(bytesPerSecond) && bytesPerSecond > 0))
      throw new RangeError(
        `The throttle must be a whole number of bytes per second above 0, or null; not ${bytesPerSecond}.`,
      );
    this.settings.throttleBytesPerSecond = bytesPerSecond;
  }

  /** The current faults. */
  get faults(): UploadFaults {
    return {
      storageFull: this.settings.storageFull,
      dropAfterBytes: this.settings.dropAfterBytes,
    };
  }

  /**
   * Changes some faults. `storageFull`: every upload write (tus creation and PATCH, multipart
   * POST) answers 507
   * `{ error: 1, message }`. `dropAfterBytes`: the next upload body to start is cut (socket
   * destroyed, no answer) after that many bytes; one shot.
   * @throws RangeError when `dropAfterBytes` is not a whole number ≥ 0 or null.
   */
  setFaults(change: Partial<UploadFaults>): UploadFaults {
    const bytes = change.dropAfterBytes;
    if (bytes !== undefined && bytes !== null && !(Number.isSafeInteger(bytes) && bytes >= 0))
      throw new RangeError(`dropAfterBytes must be a whole number ≥ 0 or null; not ${bytes}.`);
    if (change.storageFull !== undefined) this.settings.storageFull = change.storageFull;
    if (bytes !== undefined) this.settings.armDrop(bytes);
    return this.faults;
  }

  /** Back to no fault and no throttle (the mode stays). */
  reset(): void {
    this.settings.storageFull = false;
    this.settings.armDrop(null);
    this.settings.throttleBytesPerSecond = null;
  }

  /** Removes the storage directory when it is a temporary one. */
  close(): void {
    if (this.#temporary) rmSync(this.storageDir, { recursive: true, force: true });
  }
}

/** Options of `uploadHostPlugin`. */
export interface UploadHostPluginOptions {
  state: SandboxState;
  clock: VirtualClock;
  host: UploadHost;
}

/**
 * Settles the VOD contents whose upload finished (their arrival) before any VOD operation reads
 * them: a hook of the root, so that it reaches the operation plugins (server.ts).
 */
export function settleArrivalsHook(state: SandboxState, clock: VirtualClock): onRequestHookHandler {
  return (request, _reply, done) => {
    if (request.url.startsWith('/vod/api/')) settleArrivals(state, clock.nowMs());
    done();
  };
}

/**
 * Serves the upload URLs (tus or multipart, as `host.mode` says) and the waiting-screen images,
 * as an encapsulated plugin (server.ts); the arrivals are settled by `settleArrivalsHook`.
 */
export const uploadHostPlugin: FastifyPluginCallback<UploadHostPluginOptions> = (
  app,
  { state, clock, host },
  done,
) => {
  // Upload bodies are streamed by the protocol handlers, never parsed by Fastify.
  void app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, parsed) => {
      parsed(null);
    });
    const deps = { state, clock, settings: host.settings, storageDir: host.storageDir };
    const tus = registerTusRoutes(scope, deps);
    const multipart = multipartUploadHandler(deps);
    for (const api of ['vod', 'live'] as const) {
      const url = `${uploadUrlPrefixes[api]}/:token`;
      scope.options(url, (request, reply) =>
        host.mode === 'tus' ? tus.options(request, reply) : answerMultipartOptions(request, reply),
      );
      scope.post<{ Params: { token: string } }>(url, (request, reply) =>
        host.mode === 'tus' ? tus.create(api, request, reply) : multipart(api, request, reply),
      );
    }
    done();
  });

  app.get<{ Params: { key: string } }>(`${waitMediaPrefix}/:key`, (request, reply) => {
    const transfer = waitMediaTransfer(state.live, request.params.key);
    if (transfer === undefined)
      return reply.code(404).send({ message: 'No waiting-screen image with this key exists.' });
    return reply
      .header('Content-Type', transfer.fileType)
      .header('Content-Length', transfer.receivedBytes)
      .send(createReadStream(path.join(host.storageDir, transfer.id)));
  });
  done();
};
