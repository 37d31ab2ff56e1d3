/**
 * A range of a file on disk as an HTTP request body, fast and in bounded memory: a Readable
 * that undici's `request` sends (so the body takes the app's network, proxy included:
 * platform/network.ts). The file is read into a ring of a few buffers that are read into again
 * (no fresh memory per chunk, so no page faults and garbage collection per megabyte), the next
 * chunk read while the last one is sent. Shared by the multipart POST (multipart-send.ts)
 * and the tus PATCH (tus-http-stack.ts).
 *
 * Reusing a buffer is safe because undici pauses a body stream whenever the socket's write
 * answers "full" and resumes it on `drain`, that is once the socket has handed everything
 * written so far to the OS; a 1 MiB chunk always fills a socket's buffer (its high-water mark
 * is 16 KiB on Node 20, 64 KiB on Node 22+). So when a chunk is asked for, at most the one
 * emitted last can still be in the socket, and the ring's other buffers are free.
 */
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';

/** Size of one read from the file, bytes. */
const readChunkBytes = 1024 * 1024;
/** Buffers in the ring: one in the socket, one read ahead, one spare. */
const readBuffers = 3;

/** What to send: `head`, bytes `start` (inclusive) to `end` (exclusive) of `path`, `tail`. */
export interface FileBody {
  path: string;
  start: number;
  end: number;
  head?: Buffer;
  tail?: Buffer;
  /** Bytes of the file's range the socket took so far. */
  onProgress: (bytes: number) => void;
}

/** Bytes `head` + the range + `tail` add up to: the body's `Content-Length`. */
export function fileBodyLength(body: FileBody): number {
  return (body.head?.length ?? 0) + (body.end - body.start) + (body.tail?.length ?? 0);
}

/**
 * The body as a Readable. It fails (is destroyed) with the file's open or read error, or with
 * "The file ended before its queued size." when the file shrank since it was queued; undici
 * then fails the request with that error.
 */
export function fileBodyStream(body: FileBody): Readable {
  return new FileBodyStream(body);
}

class FileBodyStream extends Readable {
  readonly #body: FileBody;
  readonly #buffers: Buffer[];
  #file: FileHandle | null = null;
  #turn = 0;
  #position: number;
  #headSent = false;
  /** Bytes of the file pushed so far. */
  #pushed = 0;
  #reported = 0;

  constructor(body: FileBody) {
    // A high-water mark of one byte: at most one chunk is read ahead of the one being sent.
    super({ highWaterMark: 1 });
    this.#body = body;
    this.#position = body.start;
    this.#buffers = Array.from({ length: readBuffers }, () => Buffer.allocUnsafe(readChunkBytes));
    this.once('end', () => this.#report(this.#body.end - this.#body.start));
  }

  override _construct(callback: (error?: Error | null) => void): void {
    open(this.#body.path, 'r').then(
      (file) => {
        this.#file = file;
        callback();
      },
      (error: unknown) => callback(error as Error),
    );
  }

  override _read(): void {
    // What was pushed and is no longer buffered here went to the socket.
    this.#report(Math.max(0, this.#pushed - this.readableLength));
    if (!this.#headSent) {
      this.#headSent = true;
      if (this.#body.head && this.#body.head.length > 0) {
        this.push(this.#body.head);
        return;
      }
    }
    void this.#readChunk();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const file = this.#file;
    this.#file = null;
    if (!file) return callback(error);
    file.close().then(
      () => callback(error),
      () => callback(error),
    );
  }

  async #readChunk(): Promise<void> {
    const { end, tail } = this.#body;
    if (this.#position >= end) {
      if (tail && tail.length > 0) this.push(tail);
      this.push(null);
      return;
    }
    const file = this.#file;
    if (!file) return; // destroyed meanwhile
    const buffer = this.#buffers[this.#turn % readBuffers] as Buffer;
    this.#turn += 1;
    const wanted = Math.min(readChunkBytes, end - this.#position);
    try {
      const { bytesRead } = await file.read(buffer, 0, wanted, this.#position);
      // A file that shrank since it was queued cannot fill the declared Content-Length.
      if (bytesRead === 0) throw new Error('The file ended before its queued size.');
      this.#position += bytesRead;
      this.#pushed += bytesRead;
      this.push(buffer.subarray(0, bytesRead));
    } catch (error) {
      this.destroy(error as Error);
    }
  }

  #report(bytes: number): void {
    if (bytes <= this.#reported) return;
    this.#reported = bytes;
    this.#body.onProgress(bytes);
  }
}
