/**
 * A small `multipart/form-data` reader for the VOD uploads that take a file (poster, subtitle
 * file): text fields become strings; a file part becomes its bytes in Base64 (the same value a
 * form-encoded client sends), and its file name (when not empty) becomes `file_name` unless a
 * text field sends one (vod-v3.yaml: "multipart takes the part's file name"). The body is then validated
 * against the operation's form-encoded schema (openapi.ts). No streaming: bodies are at most
 * 16 MB (our design).
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../state/http-error';

/** Largest multipart body the sandbox reads, bytes. */
export const multipartBodyLimit = 16 * 1024 * 1024;

/** Registers the reader on `app` for `multipart/form-data`. */
export function acceptMultipart(app: FastifyInstance): void {
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: multipartBodyLimit },
    (request, body, done) => {
      try {
        const type = request.headers['content-type'] ?? '';
        done(null, parseMultipart(typeof body === 'string' ? Buffer.from(body) : body, type));
      } catch (error) {
        done(error instanceof Error ? error : new Error(String(error)), undefined);
      }
    },
  );
}

/**
 * The fields of a multipart body.
 * @throws ApiError 400 when the boundary is missing or the body is not multipart.
 */
export function parseMultipart(body: Buffer, contentType: string): Record<string, string> {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (boundary === undefined)
    throw new ApiError(400, 'Bad request: the multipart body has no boundary.');
  const delimiter = Buffer.from(`--${boundary}`);
  const fields: Record<string, string> = {};
  let start = body.indexOf(delimiter);
  if (start < 0) throw new ApiError(400, 'Bad request: the multipart body is empty or damaged.');
  for (;;) {
    const partStart = start + delimiter.length;
    if (body.subarray(partStart, partStart + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, partStart);
    if (next < 0) break;
    // A part is CRLF, headers, CRLF CRLF, content, CRLF.
    const part = body.subarray(partStart + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd >= 0) readPart(part, headerEnd, fields);
    start = next;
  }
  return fields;
}

function readPart(part: Buffer, headerEnd: number, fields: Record<string, string>): void {
  const headers = part.subarray(0, headerEnd).toString('utf8');
  const content = part.subarray(headerEnd + 4);
  const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
  const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
  if (name === undefined) return;
  const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
  if (fileName === undefined) {
    fields[name] = content.toString('utf8');
    return;
  }
  fields[name] = content.toString('base64');
  if (fileName !== '') fields.file_name ??= fileName;
}
