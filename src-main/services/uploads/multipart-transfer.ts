/**
 * The real upload host's protocol (reference/observed-platform.md, "One-time upload URLs"):
 * ONE `multipart/form-data` POST with the file in the field `upload-file` and
 * `accept=application/json`; success `{ "error": 0, ... }`; an expired, unknown or used URL
 * answers 404 `{ "error": 1, ... }`. No tus, no chunking, so no resume: a broken transfer
 * starts again with a new one-time URL.
 *
 * The body is streamed from disk through node:http with an exact `Content-Length` computed
 * from the parts (no chunked encoding, which some hosts refuse); the file is never held in
 * memory: it is read into a few buffers that are used again once the socket has taken them
 * (no fresh memory per chunk, so no page faults and garbage collection per megabyte), reading
 * the next chunk while the last ones are sent. Progress counts the file's bytes as the socket
 * takes them.
 */
import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { TransferError, failureFromStatus, networkFailure } from './transfer-error';

/** Most of the host's answer kept, bytes. */
const maxAnswerBytes = 64 * 1024;
/** Size of one read from the file, bytes. */
const readChunkBytes = 1024 * 1024;
/** Read buffers per upload: chunks the socket may hold while the next one is read. */
const readBuffers = 4;

export interface MultipartTransfer {
  /** The one-time upload URL. */
  url: string;
  path: string;
  name: string;
  mime: string;
  sizeBytes: number;
  /** Bytes of the file sent so far. */
  onProgress: (bytes: number) => void;
  signal: AbortSignal;
}

/**
 * POSTs the file; resolves when the host answered 2xx with `error: 0` (or a body that is not
 * JSON).
 * @throws TransferError (see transfer-error.ts); rejects with `signal`'s reason when aborted.
 */
export async function multipartTransfer(transfer: MultipartTransfer): Promise<void> {
  const boundary = `----OnAirDesk${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="accept"\r\n\r\napplication/json\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="upload-file"; filename="${quoted(transfer.name)}"\r\n` +
      `Content-Type: ${transfer.mime}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  const url = new URL(transfer.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const request = send(url, {
    method: 'POST',
    headers: {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': String(head.length + transfer.sizeBytes + tail.length),
      Accept: 'application/json',
    },
    signal: transfer.signal,
  });
  const answer = new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  // Later errors of a request already failed or answered are the body's, seen there.
  request.on('error', () => undefined);

  const body = sendBody(request, transfer, head, tail);

  // Its errors reach the request too (and so `answer`): a file that vanished mid-way ends
  // the request, and the engine's next start finds the file missing.
  const sentAll = body.catch(() => undefined);

  let response: IncomingMessage;
  try {
    response = await answer;
  } catch (cause) {
    if (transfer.signal.aborted) throw transfer.signal.reason;
    throw new TransferError(networkFailure(cause));
  }
  const status = response.statusCode ?? 0;
  const text = await readAnswer(response).catch(() => '');
  if (status < 200 || status >= 300) {
    request.destroy(); // the host answered before the body was through (404, 507)
    throw new TransferError(
      failureFromStatus(status, text, headerText(response.headers['retry-after'])),
    );
  }
  await sentAll;
  const parsed = parseJson(text);
  if (parsed !== null && typeof parsed.error === 'number' && parsed.error !== 0) {
    throw new TransferError(failureFromStatus(400, text));
  }
}

async function readAnswer(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    const buffer = chunk as Buffer;
    if (size < maxAnswerBytes) chunks.push(buffer);
    size += buffer.length;
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, maxAnswerBytes);
}

function parseJson(text: string): { error?: unknown } | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : null;
  } catch {
    return null;
  }
}

function headerText(value: string | string[] | undefined): string | null {
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/**
 * Writes `head`, the file and `tail` into `request` and ends it. Each buffer is read into again
 * only once the socket took its last chunk, which also bounds what waits in memory.
 * @throws the file's read error (after destroying the request with it, so the answer fails
 *   too) or the request's write error.
 */
async function sendBody(
  request: ClientRequest,
  transfer: MultipartTransfer,
  head: Buffer,
  tail: Buffer,
): Promise<void> {
  // A request that closes early (refused connection, early answer, abort) may never call back
  // the writes it still holds: waiting stops when it closes.
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
  const file = await open(transfer.path, 'r').catch((error: unknown) => {
    request.destroy(error as Error);
    throw error;
  });
  try {
    const buffers = Array.from({ length: readBuffers }, () => Buffer.allocUnsafe(readChunkBytes));
    const taken: Promise<void>[] = buffers.map(() => Promise.resolve());
    void write(head).catch(() => undefined); // its failure is the next write's too
    let position = 0;
    let sent = 0;
    for (let turn = 0; position < transfer.sizeBytes; turn++) {
      const slot = turn % readBuffers;
      const buffer = buffers[slot] as Buffer;
      await untilClosed(taken[slot] as Promise<void>);
      const wanted = Math.min(readChunkBytes, transfer.sizeBytes - position);
      const { bytesRead } = await file.read(buffer, 0, wanted, position);
      // A file that shrank since it was queued cannot fill the declared Content-Length.
      if (bytesRead === 0) throw new Error('The file ended before its queued size.');
      position += bytesRead;
      taken[slot] = write(buffer.subarray(0, bytesRead)).then(() => {
        sent += bytesRead;
        transfer.onProgress(sent);
      });
      // Seen when its slot comes round again; not unhandled meanwhile.
      taken[slot].catch(() => undefined);
    }
    await untilClosed(Promise.all(taken));
    await untilClosed(new Promise<void>((resolve) => request.end(tail, resolve)));
  } catch (error) {
    request.destroy(error as Error);
    throw error;
  } finally {
    await file.close();
  }
}

/** A file name inside a quoted header parameter: quotes and line breaks cannot break out. */
function quoted(name: string): string {
  return name.replace(/["\r\n\\]/g, '_');
}
