/**
 * The real upload host's protocol (docs/platform-facts.md, "One-time upload URLs"):
 * ONE `multipart/form-data` POST with the file in the field `upload-file` and
 * `accept=application/json`; success `{ "error": 0, ... }`; an expired, unknown or used URL
 * answers 404 `{ "error": 1, ... }`. No tus, no chunking, so no resume: a broken upload
 * starts again with a new one-time URL.
 *
 * The body is streamed from disk through undici's `request` (the app's network, proxy
 * included: platform/network.ts) with an exact `Content-Length` computed from the parts (no
 * chunked encoding, which some hosts refuse); the file is never held in memory (file-body.ts).
 * Progress counts the file's bytes as the socket takes them.
 */
import { randomBytes } from 'node:crypto';
import { request, type Dispatcher } from 'undici';
import { fileBodyLength, fileBodyStream, type FileBody } from './file-body';
import { SendError, failureFromStatus, networkFailure } from './send-error';

/** Most of the host's answer kept, bytes. */
const maxAnswerBytes = 64 * 1024;

export interface MultipartSend {
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
 * @throws SendError (see send-error.ts); rejects with `signal`'s reason when aborted.
 */
export async function multipartSend(job: MultipartSend): Promise<void> {
  const boundary = `----OnAirDesk${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="accept"\r\n\r\napplication/json\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="upload-file"; filename="${quoted(job.name)}"\r\n` +
      `Content-Type: ${job.mime}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  const body: FileBody = {
    path: job.path,
    start: 0,
    end: job.sizeBytes,
    head,
    tail,
    onProgress: job.onProgress,
  };
  // Stops the body once the host answered early (404, 507), as well as on the caller's abort.
  const stop = new AbortController();
  let response: Dispatcher.ResponseData;
  try {
    response = await request(job.url, {
      method: 'POST',
      headers: {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(fileBodyLength(body)),
        Accept: 'application/json',
      },
      body: fileBodyStream(body),
      signal: AbortSignal.any([job.signal, stop.signal]),
    });
  } catch (cause) {
    if (job.signal.aborted) throw job.signal.reason;
    throw new SendError(networkFailure(cause));
  }
  const status = response.statusCode;
  const text = await readAnswer(response.body).catch(() => '');
  if (status < 200 || status >= 300) {
    stop.abort(); // the host answered before the body was through (404, 507)
    throw new SendError(
      failureFromStatus(status, text, headerText(response.headers['retry-after'])),
    );
  }
  const parsed = parseJson(text);
  if (parsed !== null && typeof parsed.error === 'number' && parsed.error !== 0) {
    throw new SendError(failureFromStatus(400, text));
  }
}

/** The host's answer as text, at most {@link maxAnswerBytes} of it kept (the rest read and dropped). */
export async function readAnswer(body: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
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

/** A file name inside a quoted header parameter: quotes and line breaks cannot break out. */
function quoted(name: string): string {
  return name.replace(/["\r\n\\]/g, '_');
}
