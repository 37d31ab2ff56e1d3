/**
 * tus-js-client's HTTP stack for OnAir Desk: requests through undici's `request` (the app's
 * network, proxy included: platform/network.ts), and a PATCH body that is a range of a file on
 * disk ({@link FileRange}, from tus-file-reader.ts) sent by the same pipelined reader as the
 * multipart POST (file-body.ts). The library's own Node stack goes through node:http (no
 * proxy) and pipes a read stream through a progress transform, one chunk at a time with no
 * read-ahead; on this machine that left tus at about 0.8 of `curl -F` (npm run bench -- uploads).
 */
import { request, type Dispatcher } from 'undici';
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { fileBodyStream } from './file-body';
import { readAnswer } from './multipart-send';

/** A PATCH body: bytes `start` (inclusive) to `end` (exclusive) of the file at `path`. */
export interface FileRange {
  path: string;
  start: number;
  end: number;
  /** `end - start`: tus-js-client reads it as the body's length. */
  size: number;
}

function isFileRange(body: unknown): body is FileRange {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as FileRange).path === 'string' &&
    typeof (body as FileRange).start === 'number' &&
    typeof (body as FileRange).end === 'number'
  );
}

class DiskResponse implements HttpResponse {
  constructor(
    readonly response: Dispatcher.ResponseData,
    readonly body: string,
  ) {}
  getStatus(): number {
    return this.response.statusCode;
  }
  getHeader(header: string): string | undefined {
    const value = this.response.headers[header.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  }
  getBody(): string {
    return this.body;
  }
  getUnderlyingObject(): Dispatcher.ResponseData {
    return this.response;
  }
}

class DiskRequest implements HttpRequest {
  readonly #headers: Record<string, string> = {};
  readonly #abort = new AbortController();
  #progress: (bytes: number) => void = () => undefined;

  constructor(
    readonly method: string,
    readonly url: string,
  ) {}

  getMethod(): string {
    return this.method;
  }
  getURL(): string {
    return this.url;
  }
  setHeader(header: string, value: string): void {
    this.#headers[header] = value;
  }
  getHeader(header: string): string | undefined {
    return this.#headers[header];
  }
  setProgressHandler(handler: (bytesSent: number) => void): void {
    this.#progress = handler;
  }
  getUnderlyingObject(): AbortController {
    return this.#abort;
  }
  abort(): Promise<void> {
    this.#abort.abort(new Error('The upload was stopped.'));
    return Promise.resolve();
  }

  /** Sends the request with `body` (a {@link FileRange}, a string, or nothing). */
  async send(body: unknown = null): Promise<HttpResponse> {
    const headers: Record<string, string> = { ...this.#headers };
    if (isFileRange(body)) headers['Content-Length'] = String(body.size);
    const response = await request(this.url, {
      method: this.method,
      headers,
      body: isFileRange(body)
        ? fileBodyStream({ ...body, onProgress: this.#progress })
        : typeof body === 'string'
          ? body
          : null,
      signal: this.#abort.signal,
    });
    return new DiskResponse(response, await readAnswer(response.body));
  }
}

/** The stack handed to tus-js-client (`httpStack` option). */
export const diskHttpStack: HttpStack = {
  createRequest: (method, url) => new DiskRequest(method, url),
  getName: () => 'OnAirDeskDiskHttpStack',
};
