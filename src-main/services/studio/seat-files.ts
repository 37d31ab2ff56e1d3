/**
 * A seat's files reach its hub over the studio link (docs/dev/architecture.md, "The takeover
 * protocol", item 9). A seat's pages drop files on the seat's machine; the hub's upload queue
 * reads files on the hub's. So before a seat's `upload.enqueue` goes to the hub, the seat
 * streams each file over its pinned TLS link (`PUT /studio/files?name=<name>`, the seat's
 * credential, operator seats only), the hub keeps the copy in its spool folder
 * (shared/seat-copies.ts) and answers its path, and the seat queues those paths. The seat
 * answers its pages with its own paths, as if the hub had read them.
 *
 * - Streamed both ways, never buffered whole; the size is the file's (`Content-Length`), and
 *   a copy that did not get every byte is removed and refused.
 * - A hub whose disk refuses the copy answers 507 (full) or 500: the seat refuses that file
 *   in the operator's words (`studio.errors.hubDiskFull`, `studio.errors.fileNotCopied`).
 * - Before sending a byte, the seat asks `POST /studio/files/room` `{ name, size }`: a file
 *   that would leave the hub's disk below the reserve its operator keeps, or is larger than
 *   its limit (seat-upload-room.ts), is refused there (507 / 413, `room` says why) and never
 *   sent (`studio.errors.hubKeepsFree`, `studio.errors.hubFileTooLarge`). The `PUT` checks
 *   again from its `Content-Length` before writing anything.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { request as undiciRequest, type Agent } from 'undici';
import { z } from 'zod';
import { englishText, say } from '../../shared/i18n/say';
import { safeFileName } from '../../shared/safe-file-name';
import type { DeskError } from '../../shared/result';
import type { MessageKey, MessageParams, MessageRef } from '../../shared/i18n/message';
import { seatCopyFolder } from '../../shared/seat-copies';
import type { EnqueueResult, UploadTarget } from '../../shared/uploads';
import type { StoredSeat } from './pairing';
import { refuse } from './refuse';
import {
  inGigabytes,
  noRoomText,
  roomFor,
  type NoRoom,
  type SeatUploadPolicy,
} from './seat-upload-room';

/** The hub's route for seats' files: `PUT /studio/files`. */
export const seatFilesPath = '/studio/files';
/** Where a seat asks whether a file has room before sending it: `POST /studio/files/room`. */
export const seatFilesRoomPath = '/studio/files/room';

const roomBody = z.object({
  name: z.string().max(1_000),
  size: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
});

/**
 * Adds `PUT /studio/files?name=<file name>` to the hub's server (requests already
 * authenticated by hub.ts's hook, which put the seat on `request.seat`). Operator seats only
 * (403 otherwise: an observer changes nothing). The body (any size, `Content-Length` required)
 * is streamed into `<spoolDir>/<made>-<random>-seat-<seatId>/<name>`; answers
 * `{ ok: true, data: { path } }`, the copy's path on the hub. A short body is removed and
 * refused (400); a full disk answers 507, another write failure 500, both
 * `{ ok: false, error: { code, message, errno } }`.
 * @param deps.spoolDir the hub's folder of copies (its data folder's `dropped/`).
 * @param deps.now the hub's clock, epoch ms UTC (the folder's name, swept by its age).
 * @param deps.freeBytes free bytes on the disk of a folder (seat-upload-room.ts's `diskFreeBytes`).
 * @param deps.policy the hub operator's setting of seats' files.
 */
export function seatFileRoutes(
  app: FastifyInstance,
  deps: {
    spoolDir: () => string;
    now: () => number;
    freeBytes: (dir: string) => Promise<number>;
    policy: () => Promise<SeatUploadPolicy>;
  },
): void {
  /** Null when a file of `size` has room; else the refusal, sent. */
  const noRoom = async (reply: FastifyReply, name: string, size: number) => {
    const room = roomFor(size, await deps.freeBytes(deps.spoolDir()), await deps.policy());
    if (room === null) return null;
    return reply
      .code(room.reason === 'too-large' ? 413 : 507)
      .header('Cache-Control', 'no-store')
      .send({ ok: false, error: { code: 'invalid-input', message: noRoomText(name, room), room } });
  };
  const operatorOnly = (request: FastifyRequest, reply: FastifyReply) => {
    const seat = (request as FastifyRequest & { seat: StoredSeat }).seat;
    if (seat.role === 'operator') return seat;
    void refuse(reply, 403, 'Only an operator seat sends files to the studio’s uploads.');
    return null;
  };
  app.post(seatFilesRoomPath, async (request, reply) => {
    if (!operatorOnly(request, reply)) return reply;
    const body = roomBody.safeParse(request.body);
    const name = body.success ? safeFileName(body.data.name) : null;
    if (!body.success || name === null)
      return refuse(reply, 400, 'Give the file’s name and its size.');
    return (await noRoom(reply, name, body.data.size)) ?? { ok: true, data: null };
  });
  // Files arrive as raw bodies of any size: hand the stream on, never buffer it.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) =>
    done(null, payload),
  );
  app.put<{ Querystring: { name?: string } }>(seatFilesPath, async (request, reply) => {
    const seat = operatorOnly(request, reply);
    if (!seat) return reply;
    const name = safeFileName(request.query.name ?? '');
    const size = Number(request.headers['content-length']);
    if (name === null || !Number.isSafeInteger(size) || size < 0)
      return refuse(reply, 400, 'Give the file’s name and its size (Content-Length).');
    // From the declared size, before a byte is written (the seat asked first; this is the check).
    const refused = await noRoom(reply, name, size);
    if (refused) return refused;
    const dir = join(
      deps.spoolDir(),
      seatCopyFolder(deps.now(), randomBytes(6).toString('hex'), seat.id),
    );
    const path = join(dir, name);
    let written = 0;
    try {
      await mkdir(dir, { recursive: true });
      const body = request.body as Readable;
      body.on('data', (chunk: Buffer) => (written += chunk.length));
      await pipeline(body, createWriteStream(path, { flags: 'wx' }));
      if (written !== size) throw new ShortBodyError();
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      if (error instanceof ShortBodyError)
        return refuse(reply, 400, `The file “${name}” arrived incomplete; send it again.`);
      const errno = (error as NodeJS.ErrnoException).code ?? 'EIO';
      return reply
        .code(errno === 'ENOSPC' ? 507 : 500)
        .header('Cache-Control', 'no-store')
        .send({
          ok: false,
          error: { code: 'internal', message: (error as Error).message, errno },
        });
    }
    return { ok: true, data: { path } };
  });
}

class ShortBodyError extends Error {}

/**
 * Why the hub refuses a seat's `upload.enqueue` (issue 32 §1, "Seat uploads"): every path must
 * be one of the copies this seat sent (`<spoolDir>/<made>-<random>-seat-<seatId>/<name>`,
 * {@link seatFileRoutes}), written exactly so (absolute, no `..`, no doubled separator). Any
 * other path is refused before anything opens it, in words that do not say whether it exists.
 * Null for any other command, or when every path is the seat's own copy.
 */
export function seatUploadRefusal(
  command: string,
  input: unknown,
  spoolDir: string,
  seatId: string,
): DeskError | null {
  if (command !== 'upload.enqueue') return null;
  const paths = (input as { paths?: unknown } | null)?.paths;
  const own = Array.isArray(paths) && paths.every((path) => isOwnCopy(path, spoolDir, seatId));
  return own ? null : { code: 'forbidden', ...say('studio.errors.notSeatCopy') };
}

/** Whether `path` is written as one of seat `seatId`'s copies in `spoolDir`, to the letter. */
function isOwnCopy(path: unknown, spoolDir: string, seatId: string): boolean {
  if (typeof path !== 'string' || resolve(path) !== path) return false;
  const parts = relative(resolve(spoolDir), path).split(sep);
  const [folder, name] = parts;
  if (parts.length !== 2 || folder === undefined || name === undefined) return false;
  const match = /^\d+-[0-9a-f]+-seat-([0-9a-f]{1,64})$/.exec(folder);
  return match?.[1] === seatId && safeFileName(name) === name;
}

const copyAnswer = z.object({ ok: z.literal(true), data: z.object({ path: z.string() }) });
const copyRefusal = z.object({
  ok: z.literal(false),
  error: z.object({ message: z.string(), errno: z.string().optional() }),
});
const noRoomAnswer = z.object({
  ok: z.literal(false),
  error: z.object({
    room: z.object({
      reason: z.enum(['too-large', 'keep-free']),
      sizeBytes: z.number(),
      freeBytes: z.number(),
      keepFreeBytes: z.number(),
      maxFileBytes: z.number().nullable(),
    }),
  }),
});

/** The refusal of a file the hub has no room for, in the operator's words. */
function noRoomRefusal(path: string, name: string, room: NoRoom): FileRefusal {
  return room.reason === 'too-large'
    ? refusal(path, {
        key: 'studio.errors.hubFileTooLarge',
        params: {
          name,
          size: inGigabytes(room.sizeBytes),
          max: inGigabytes(room.maxFileBytes ?? 0),
        },
      })
    : refusal(path, {
        key: 'studio.errors.hubKeepsFree',
        params: {
          name,
          size: inGigabytes(room.sizeBytes),
          keep: inGigabytes(room.keepFreeBytes),
          free: inGigabytes(room.freeBytes),
        },
      });
}

/** A file the hub did not take: refused like a dropped file, in the operator's words. */
export type FileRefusal = EnqueueResult['refused'][number];

/**
 * The connection to the hub failed while a file was on its way: the `upload.enqueue` itself
 * was never sent (seat.ts answers "the hub does not answer", and a failover seat may queue at
 * another serving address).
 */
export class FileLinkError extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'FileLinkError';
  }
}

/**
 * Streams the file at `path` (on this machine) to the hub at `hubUrl` with the seat's
 * `headers` (its credential) through the pinned `agent`, and answers the copy's path on the
 * hub, or the refusal to give the operator (file unreadable here, the hub's disk refused it,
 * the hub refused the seat).
 * @throws FileLinkError when the connection failed (nothing was queued).
 */
export async function sendSeatFile(options: {
  hubUrl: string;
  agent: Agent;
  headers: Record<string, string>;
  path: string;
  signal?: AbortSignal;
}): Promise<{ ok: true; hubPath: string } | { ok: false; refusal: FileRefusal }> {
  const name = basename(options.path);
  const refused = (key: MessageKey, params: MessageParams) => ({
    ok: false as const,
    refusal: refusal(options.path, { key, params }),
  });
  let size: number;
  try {
    const info = await stat(options.path);
    if (!info.isFile()) throw new Error('not a file');
    size = info.size;
  } catch (error) {
    // The hub's own checks word it: it answers "missing" for a path it cannot read.
    return refused('studio.errors.fileNotCopied', { name, detail: (error as Error).message });
  }
  let answer;
  try {
    // Asked first: a file without room at the hub is refused before a byte is sent.
    answer = await undiciRequest(new URL(seatFilesRoomPath, options.hubUrl), {
      method: 'POST',
      headers: { ...options.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name, size }),
      dispatcher: options.agent,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    throw new FileLinkError(error);
  }
  const asked: unknown = await answer.body.json().catch(() => null);
  const noRoom = noRoomAnswer.safeParse(asked);
  if (noRoom.success)
    return { ok: false, refusal: noRoomRefusal(options.path, name, noRoom.data.error.room) };
  const url = new URL(seatFilesPath, options.hubUrl);
  url.searchParams.set('name', name);
  try {
    answer = await undiciRequest(url, {
      method: 'PUT',
      headers: {
        ...options.headers,
        'content-type': 'application/octet-stream',
        'content-length': String(size),
      },
      body: createReadStream(options.path),
      dispatcher: options.agent,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    throw new FileLinkError(error);
  }
  const body: unknown = await answer.body.json().catch(() => null);
  const copied = copyAnswer.safeParse(body);
  if (answer.statusCode === 200 && copied.success)
    return { ok: true, hubPath: copied.data.data.path };
  const said = copyRefusal.safeParse(body);
  const late = noRoomAnswer.safeParse(body);
  if (late.success)
    return { ok: false, refusal: noRoomRefusal(options.path, name, late.data.error.room) };
  if (answer.statusCode === 507) return refused('studio.errors.hubDiskFull', { name });
  return refused('studio.errors.fileNotCopied', {
    name,
    detail: said.success ? said.data.error.message : `HTTP ${answer.statusCode}`,
  });
}

function refusal(path: string, text: MessageRef): FileRefusal {
  return { path, reason: englishText(text.key, text.params), text };
}

/**
 * A seat's `upload.enqueue`: sends every file to the hub (see {@link sendSeatFile}), asks
 * `enqueue` to queue the hub's copies, and answers with this seat's own paths (refusals of
 * the hub mapped back, the files the hub did not take added).
 * @throws FileLinkError when the link failed before the enqueue was sent.
 */
export async function enqueueThroughHub(
  input: { paths: string[]; target: UploadTarget },
  send: (
    path: string,
  ) => Promise<{ ok: true; hubPath: string } | { ok: false; refusal: FileRefusal }>,
  enqueue: (hubInput: {
    paths: string[];
    target: UploadTarget;
  }) => Promise<{ ok: true; data: EnqueueResult } | { ok: false; answer: unknown }>,
): Promise<{ ok: true; data: EnqueueResult } | { ok: false; answer: unknown }> {
  const ownPath = new Map<string, string>();
  const refusedHere: FileRefusal[] = [];
  for (const path of input.paths) {
    const sent = await send(path);
    if (sent.ok) ownPath.set(sent.hubPath, path);
    else refusedHere.push(sent.refusal);
  }
  const hubPaths = [...ownPath.keys()];
  if (hubPaths.length === 0)
    return {
      ok: true,
      data: { batchId: randomBytes(8).toString('hex'), added: 0, refused: refusedHere },
    };
  const answer = await enqueue({ paths: hubPaths, target: input.target });
  if (!answer.ok) return answer;
  return {
    ok: true,
    data: {
      ...answer.data,
      refused: [
        ...answer.data.refused.map((r) => ({ ...r, path: ownPath.get(r.path) ?? r.path })),
        ...refusedHere,
      ],
    },
  };
}
