/**
 * How the sandbox serves the bytes behind its short-lived download URLs (`/live/files/*`,
 * `/vod/files/*`), with the fidelity a download manager needs to be tested against:
 *
 * - `Accept-Ranges: bytes` on every answer; a `Range: bytes=N-` (or `N-M`) request answers
 *   206 with `Content-Range`; an unsatisfiable range answers 416. With `ranges` off the
 *   server ignores `Range` and answers 200 with the whole file (a server that cannot resume).
 * - `bytesPerSecond`: the body is sent at that rate (real time), in small chunks, so that a
 *   test can pause a download that is still running.
 * - `dropAfterBytes`: the next answer's connection is destroyed after that many body bytes
 *   (one shot), as a network drop would.
 * - Every answer is remembered by file name with its SHA-256 (hex) and size, so a test can
 *   check the file on disk against what the sandbox served (`/__sandbox/downloads`).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The settings tests may change through `/__sandbox/downloads`. */
export interface DownloadSettings {
  /** Body bytes per second (real time); null: full speed. */
  bytesPerSecond: number | null;
  /** Cut the next answer's connection after this many body bytes (one shot); null: never. */
  dropAfterBytes: number | null;
  /** Honour `Range` requests (206); false: always the whole file with 200. */
  ranges: boolean;
}

/**
 * One file served: name, size in bytes, SHA-256 of the whole file (hex), and every answer
 * given for it (status 200/206/416 and the first byte sent), oldest first.
 */
export interface ServedFile {
  fileName: string;
  sizeBytes: number;
  sha256: string;
  answers: { status: number; start: number }[];
}

/** The download serving of one sandbox: settings and what it served. */
export class DownloadDesk {
  settings: DownloadSettings = { bytesPerSecond: null, dropAfterBytes: null, ranges: true };
  readonly #served = new Map<string, ServedFile>();

  /** Every file served so far, last served last. */
  served(): ServedFile[] {
    return [...this.#served.values()];
  }

  /** Back to full speed, ranges on, no drop. */
  reset(): void {
    this.settings = { bytesPerSecond: null, dropAfterBytes: null, ranges: true };
  }

  /**
   * Answers `bytes` as the file `fileName` of `contentType`, honouring `Range` and the
   * settings above.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    file: { fileName: string; contentType: string; bytes: Buffer },
  ): FastifyReply {
    const { bytes } = file;
    const answers = this.#served.get(file.fileName)?.answers ?? [];
    this.#served.delete(file.fileName);
    this.#served.set(file.fileName, {
      fileName: file.fileName,
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      answers,
    });
    reply
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', `attachment; filename="${file.fileName}"`);
    if (this.settings.ranges) reply.header('Accept-Ranges', 'bytes');
    let start = 0;
    let end = bytes.length - 1;
    const range = this.settings.ranges ? parseRange(request.headers.range) : null;
    if (range !== null) {
      if (range.start >= bytes.length) {
        answers.push({ status: 416, start: range.start });
        return reply
          .code(416)
          .header('Content-Type', 'application/json; charset=utf-8')
          .removeHeader('Content-Disposition')
          .header('Content-Range', `bytes */${bytes.length}`)
          .send({ message: 'The requested range is past the end of the file.' });
      }
      start = range.start;
      end = Math.min(range.end ?? bytes.length - 1, bytes.length - 1);
      reply.code(206).header('Content-Range', `bytes ${start}-${end}/${bytes.length}`);
    }
    answers.push({ status: range === null ? 200 : 206, start });
    const body = bytes.subarray(start, end + 1);
    reply.header('Content-Length', String(body.length));
    const drop = this.settings.dropAfterBytes;
    this.settings.dropAfterBytes = null;
    const rate = this.settings.bytesPerSecond;
    if (rate === null && drop === null) return reply.send(body);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(reply.statusCode, reply.getHeaders() as Record<string, string>);
    void trickle(body, rate, drop, raw, () => request.raw.destroyed);
    return reply;
  }
}

/** `bytes=N-` or `bytes=N-M` (one range only); null for anything else. */
function parseRange(header: string | undefined): { start: number; end: number | null } | null {
  const match = /^bytes=(\d+)-(\d*)$/.exec(header?.trim() ?? '');
  if (match === null) return null;
  const start = Number(match[1]);
  const end = match[2] === '' || match[2] === undefined ? null : Number(match[2]);
  if (end !== null && end < start) return null;
  return { start, end };
}

/** Chunks sent per second when throttled: small enough that a pause lands mid-file. */
const ticksPerSecond = 10;

async function trickle(
  body: Buffer,
  rate: number | null,
  drop: number | null,
  raw: FastifyReply['raw'],
  gone: () => boolean,
): Promise<void> {
  const chunk = rate === null ? 64 * 1024 : Math.max(1, Math.floor(rate / ticksPerSecond));
  let sent = 0;
  while (sent < body.length) {
    if (gone() || raw.destroyed) return;
    let size = Math.min(chunk, body.length - sent);
    if (drop !== null && sent + size >= drop) size = Math.max(0, drop - sent);
    const flushed = new Promise((resolve) => raw.write(body.subarray(sent, sent + size), resolve));
    sent += size;
    if (drop !== null && sent >= drop) {
      // Only once the bytes left this process, so the client holds exactly `drop` bytes.
      await flushed;
      raw.destroy();
      return;
    }
    if (rate !== null) await new Promise((resolve) => setTimeout(resolve, 1000 / ticksPerSecond));
  }
  raw.end();
}
