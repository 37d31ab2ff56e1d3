/**
 * tus-js-client's HTTP stack for OnAir Desk: requests through node:http(s), and a PATCH body
 * that is a range of a file on disk ({@link FileRange}, from tus-file-reader.ts) written by
 * the same pipelined reader as the multipart POST (file-body.ts). The library's own Node stack
 * pipes a read stream through a progress transform, one chunk at a time with no read-ahead;
 * on this machine that left tus at about 0.8 of `curl -F` (npm run bench -- uploads).
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { writeFileBody } from './file-body';
import { readAnswer } from './multipart-transfer';

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
    readonly response: IncomingMessage,
    readonly body: string,
  ) {}
  getStatus(): number {
    return this.response.statusCode ?? 0;
  }
  getHeader(header: string): string | undefined {
    const value = this.response.headers[header.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  }
  getBody(): string {
    return this.body;
  }
  getUnderlyingObject(): IncomingMessage {
    return this.response;
  }
}

class DiskRequest implements HttpRequest {
  readonly #headers: Record<string, string> = {};
  #progress: (bytes: number) => void = () => undefined;
  #request: ClientRequest | null = null;

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
  getUnderlyingObject(): ClientRequest | null {
    return this.#request;
  }
  abort(): Promise<void> {
    this.#request?.destroy(new Error('The upload was stopped.'));
    return Promise.resolve();
  }

  /** Sends the request with `body` (a {@link FileRange}, a string, or nothing). */
  send(body: unknown = null): Promise<HttpResponse> {
    const url = new URL(this.url);
    const headers: Record<string, string> = { ...this.#headers };
    if (isFileRange(body)) headers['Content-Length'] = String(body.size);
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method: this.method,
      headers,
    });
    this.#request = request;
    const answered = new Promise<HttpResponse>((resolve, reject) => {
      request.once('response', (response: IncomingMessage) => {
        readAnswer(response).then((text) => resolve(new DiskResponse(response, text)), reject);
      });
      request.once('error', reject);
    });
    if (isFileRange(body)) {
      // Its errors reach the request too (and so the answer): tus-js-client sees them there.
      writeFileBody(request, { ...body, onProgress: this.#progress }).catch(() => undefined);
    } else {
      request.end(typeof body === 'string' ? body : undefined);
    }
    return answered;
  }
}

/** The stack handed to tus-js-client (`httpStack` option). */
export const diskHttpStack: HttpStack = {
  createRequest: (method, url) => new DiskRequest(method, url),
  getName: () => 'OnAirDeskDiskHttpStack',
};
