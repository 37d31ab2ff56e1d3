/**
 * Helpers for the upload host's own tests: one-time upload URLs asked of the platform over
 * HTTP, tus uploads with tus-js-client the way the app sends them, streamed multipart POSTs
 * the way the real host takes them, test media made with ffmpeg. Not used by the app.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { Upload } from 'tus-js-client';
import type { SandboxInfo } from '../index';

/** A one-time upload URL as the platform answers it. */
export interface WireUploadUrl {
  upload_url: string;
  upload_file_key: string;
  progress_url?: string;
  expired_at: string | number;
}

/** `POST /upload/create-url` (VOD) with `fields` (form-encoded). */
export async function vodUploadUrl(
  info: SandboxInfo,
  fields: Record<string, string> = {},
): Promise<WireUploadUrl> {
  const response = await fetch(
    `${info.vod_base_url}/upload/create-url?access_token=${info.vod_access_token}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    },
  );
  if (response.status !== 200) throw new Error(`create-url answered ${response.status}`);
  return ((await response.json()) as { data: WireUploadUrl }).data;
}

/** A live one-time upload URL: program media (GET .../upload-url) or waiting screen. */
export async function liveUploadUrl(
  info: SandboxInfo,
  kind: 'program-media' | 'wait-media',
): Promise<WireUploadUrl> {
  const base = `${info.live_base_url}/v1/live/service-accounts/${info.service_account_key}/programs/media-contents`;
  const response = await fetch(
    kind === 'program-media' ? `${base}/upload-url?expire_time=600` : `${base}/upload-wait-file`,
    {
      method: kind === 'program-media' ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${info.tokens.super_admin}`, Accept: 'application/json' },
    },
  );
  if (response.status !== 200) throw new Error(`upload URL answered ${response.status}`);
  return ((await response.json()) as { data: WireUploadUrl }).data;
}

/** Options of `tusUpload`. */
export interface TusUploadOptions {
  fileName?: string;
  fileType?: string;
  /** Resume this Location instead of creating an upload. */
  uploadUrl?: string;
}

/**
 * Starts uploading `data` to the tus endpoint `endpoint` with tus-js-client (no retries).
 * `done` resolves with the Location on success and rejects with the client's error; it never
 * settles after `upload.abort()`.
 */
export function startTusUpload(
  endpoint: string,
  data: Buffer,
  options: TusUploadOptions = {},
): { upload: Upload; done: Promise<string> } {
  let upload: Upload | undefined;
  const done = new Promise<string>((resolve, reject) => {
    upload = new Upload(data, {
      endpoint,
      ...(options.uploadUrl === undefined ? {} : { uploadUrl: options.uploadUrl }),
      metadata: {
        filename: options.fileName ?? 'clip.bin',
        filetype: options.fileType ?? 'application/octet-stream',
      },
      retryDelays: [],
      storeFingerprintForResuming: false,
      onSuccess: () => resolve(upload?.url ?? ''),
      onError: reject,
    });
  });
  if (upload === undefined) throw new Error('tus-js-client made no upload');
  upload.start();
  return { upload, done };
}

/** Uploads `data` to `endpoint` with tus-js-client; resolves with the Location. */
export function tusUpload(
  endpoint: string,
  data: Buffer,
  options: TusUploadOptions = {},
): Promise<string> {
  return startTusUpload(endpoint, data, options).done;
}

/** SHA-256 of `data`, hex. */
export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** `size` random bytes. */
export function randomData(size: number): Buffer {
  return randomBytes(size);
}

/** Debian's ffmpeg, which makes the test videos. */
export const ffmpegPath = '/usr/bin/ffmpeg';

/** Makes a real MP4 of `seconds` s (160×120 test pattern, 10 fps, with a sine tone) at `file`. */
export async function makeVideo(file: string, seconds: number): Promise<void> {
  await promisify(execFile)(ffmpegPath, [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=160x120:rate=10`,
    '-f',
    'lavfi',
    '-i',
    `sine=duration=${seconds}`,
    '-shortest',
    '-y',
    file,
  ]);
}

/** A valid 1×1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The bytes of a file to send, produced piece by piece (never all in memory unless given so). */
export interface FileSource {
  size: number;
  chunks: () => Iterable<Uint8Array> | AsyncIterable<Uint8Array>;
}

/** `data` as a file source, in pieces of `chunkBytes`. */
export function bufferSource(data: Buffer, chunkBytes = 64 * 1024): FileSource {
  return {
    size: data.length,
    chunks: function* () {
      for (let at = 0; at < data.length; at += chunkBytes)
        yield new Uint8Array(data.subarray(at, at + chunkBytes));
    },
  };
}

/** Options of `multipartPost`. */
export interface MultipartPostOptions {
  fileName?: string;
  fileType?: string;
  /** The file's form field; default `upload-file`. */
  field?: string;
  /** Where the `accept=application/json` field goes; default before the file. */
  accept?: 'before' | 'after' | 'none';
  signal?: AbortSignal;
}

/**
 * POSTs `file` to `url` as `multipart/form-data` with Node's fetch, the body a ReadableStream
 * pulled piece by piece (`duplex: 'half'`) with its exact `Content-Length`.
 */
export function multipartPost(
  url: string,
  file: FileSource,
  options: MultipartPostOptions = {},
): Promise<Response> {
  const boundary = `----SandboxTest${randomBytes(12).toString('hex')}`;
  const acceptPart = `--${boundary}\r\nContent-Disposition: form-data; name="accept"\r\n\r\napplication/json\r\n`;
  const accept = options.accept ?? 'before';
  const before = Buffer.from(
    `${accept === 'before' ? acceptPart : ''}--${boundary}\r\nContent-Disposition: form-data; ` +
      `name="${options.field ?? 'upload-file'}"; filename="${options.fileName ?? 'clip.bin'}"\r\n` +
      `Content-Type: ${options.fileType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const after = Buffer.from(`\r\n${accept === 'after' ? acceptPart : ''}--${boundary}--\r\n`);
  async function* parts(): AsyncGenerator<Uint8Array> {
    yield new Uint8Array(before);
    yield* file.chunks();
    yield new Uint8Array(after);
  }
  const iterator = parts();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done === true) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
  return fetch(url, {
    method: 'POST',
    body,
    duplex: 'half',
    headers: {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': String(before.length + file.size + after.length),
      Accept: 'application/json',
    },
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  } as RequestInit);
}
