/**
 * Writes a range of a file on disk as (part of) an HTTP request body, fast and in bounded
 * memory: the file is read into a few buffers that are read into again only once the socket
 * has taken them (no fresh memory per chunk, so no page faults and garbage collection per
 * megabyte), the next chunk read while the last ones are sent. Shared by the multipart POST
 * (multipart-transfer.ts) and the tus PATCH (tus-http-stack.ts).
 */
import { open } from 'node:fs/promises';
import type { ClientRequest } from 'node:http';

/** Size of one read from the file, bytes. */
const readChunkBytes = 1024 * 1024;
/** Read buffers per body: chunks the socket may hold while the next one is read. */
const readBuffers = 4;

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

/**
 * Writes the body into `request` and ends it.
 * @throws the file's read error (after destroying the request with it, so the answer fails
 *   too), "The file ended before its queued size." when the file shrank, or the request's
 *   write error; "The upload request ended before the file was sent." when the request
 *   closed early (refused connection, early answer, abort).
 */
export async function writeFileBody(request: ClientRequest, body: FileBody): Promise<void> {
  // A request that closes early may never call back the writes it still holds: waiting stops
  // when it closes.
  const closed = new Promise<void>((resolve) => request.once('close', resolve));
  const untilClosed = (step: Promise<unknown>) =>
    Promise.race([
      step,
      closed.then(() => {
        throw new Error('The upload request ended before the file was sent.');
      }),
    ]);
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => {
      request.write(chunk, (error) => (error ? reject(error) : resolve()));
    });
  const file = await open(body.path, 'r').catch((error: unknown) => {
    request.destroy(error as Error);
    throw error;
  });
  try {
    const buffers = Array.from({ length: readBuffers }, () => Buffer.allocUnsafe(readChunkBytes));
    const taken: Promise<void>[] = buffers.map(() => Promise.resolve());
    if (body.head) void write(body.head).catch(() => undefined); // its failure is the next write's too
    let position = body.start;
    let sent = 0;
    for (let turn = 0; position < body.end; turn++) {
      const slot = turn % readBuffers;
      const buffer = buffers[slot] as Buffer;
      await untilClosed(taken[slot] as Promise<void>);
      const wanted = Math.min(readChunkBytes, body.end - position);
      const { bytesRead } = await file.read(buffer, 0, wanted, position);
      // A file that shrank since it was queued cannot fill the declared Content-Length.
      if (bytesRead === 0) throw new Error('The file ended before its queued size.');
      position += bytesRead;
      taken[slot] = write(buffer.subarray(0, bytesRead)).then(() => {
        sent += bytesRead;
        body.onProgress(sent);
      });
      // Seen when its slot comes round again; not unhandled meanwhile.
      taken[slot].catch(() => undefined);
    }
    await untilClosed(Promise.all(taken));
    await untilClosed(
      new Promise<void>((resolve) =>
        body.tail ? request.end(body.tail, resolve) : request.end(resolve),
      ),
    );
  } catch (error) {
    request.destroy(error as Error);
    throw error;
  } finally {
    await file.close();
  }
}
