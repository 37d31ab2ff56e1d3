/**
 * tus-js-client's file reader (its `fileReader` option), for a file on disk: each PATCH body is
 * a {@link FileRange} (the path and the byte range being sent), which the app's HTTP stack
 * (tus-http-stack.ts) writes with the same pipelined reader as the multipart POST. Nothing of
 * the file is read here; memory stays at a few buffers per upload.
 */
import { ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Upload } from 'tus-js-client';
import type { FileRange } from './tus-http-stack';

type UploadOptions = ConstructorParameters<typeof Upload>[1];
/** What tus-js-client asks of a file reader (the type is not exported by name). */
export type TusFileReader = NonNullable<UploadOptions['fileReader']>;

/**
 * The file reader for an upload whose input is an `fs.ReadStream` of the file (as
 * `createReadStream(path)`): that stream only names the path and is closed at once; the file's
 * size is read when the upload opens it.
 * @throws TypeError from `openFile` when the input is not an `fs.ReadStream`.
 */
export const diskFileReader: TusFileReader = {
  async openFile(input: unknown) {
    if (!(input instanceof ReadStream))
      throw new TypeError('The tus file reader takes an fs.ReadStream of the file.');
    const path = input.path.toString();
    input.destroy();
    const size = (await stat(path)).size;
    return {
      size,
      slice(start: number, end: number) {
        const last = Math.min(end, size);
        const value: FileRange = { path, start, end: last, size: last - start };
        return Promise.resolve({ value, done: last >= size });
      },
      close() {
        // Nothing is held open between PATCHes: each body opens and closes the file.
      },
    };
  },
};
