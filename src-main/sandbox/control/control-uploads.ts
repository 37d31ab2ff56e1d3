/**
 * Control of the upload host (upload-host.ts), loopback only, JSON or form-encoded bodies.
 * Outside the OpenAPI documents, like every `/__sandbox` control.
 *
 * - `GET  /__sandbox/uploads/{upload_file_key}` → `{ path, sizeBytes, sha256 }` of the stored
 *   file (bytes, hex); 404 `{ message }` while unfinished, refused or unknown.
 * - `GET  /__sandbox/uploads/throttle` → `{ bytesPerSecond }`;
 *   `POST /__sandbox/uploads/throttle` `{ bytesPerSecond: n | null }` (n a whole number > 0)
 *   slows every upload body to n bytes per second (null: full speed) → `{ bytesPerSecond }`.
 * - `GET  /__sandbox/uploads/faults` → `{ storageFull, dropAfterBytes }`;
 *   `POST /__sandbox/uploads/faults` with any of `{ storageFull: boolean,
 *   dropAfterBytes: n | null }` → the new faults. `storageFull`: every upload write answers 507;
 *   `dropAfterBytes`: the next upload body is cut after n bytes (one shot).
 *   `DELETE /__sandbox/uploads/faults` → no fault, no throttle → the faults.
 * - `GET  /__sandbox/uploads/mode` → `{ mode }`; `POST /__sandbox/uploads/mode`
 *   `{ mode: "tus" | "multipart" }` switches the protocol of every one-time upload URL at once
 *   (upload-host.ts) → `{ mode }`.
 * Invalid input answers 422 `{ message, errors }` and changes nothing.
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../state/http-error';
import type { UploadHost } from '../upload-host/upload-host';
import { uploadModes } from '../upload-host/upload-host';
import { controlPrefix } from './control';
import { loopbackOnly, parseControlBody } from './control-support';

const wholeNumber = (name: string, min: number) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value.trim() === '' || value === 'null'
          ? null
          : Number(value)
        : value,
    z
      .number({ error: `The ${name} must be a whole number of at least ${min}, or null.` })
      .int(`The ${name} must be a whole number.`)
      .min(min, `The ${name} must be at least ${min}.`)
      .nullable(),
  );

const throttleSchema = z.object({ bytesPerSecond: wholeNumber('bytesPerSecond', 1) }).strict();

const faultsSchema = z
  .object({
    storageFull: z.preprocess(
      (value) => ({ true: true, false: false, 1: true, 0: false })[String(value)] ?? value,
      z.boolean({ error: 'The storageFull field must be true or false.' }),
    ),
    dropAfterBytes: wholeNumber('dropAfterBytes', 0),
  })
  .partial()
  .strict();

const modeSchema = z
  .object({
    mode: z.enum(uploadModes as ['tus', 'multipart'], {
      error: 'The mode must be "tus" or "multipart".',
    }),
  })
  .strict();

/** Options of `uploadControlPlugin`. */
export interface UploadControlOptions {
  host: UploadHost;
}

/** Registers the upload controls on `app`. */
export const uploadControlPlugin: FastifyPluginCallback<UploadControlOptions> = (
  app,
  { host },
  done,
) => {
  const base = `${controlPrefix}/uploads`;

  app.get(`${base}/throttle`, { onRequest: loopbackOnly }, () => ({
    bytesPerSecond: host.throttle,
  }));
  app.post(`${base}/throttle`, { onRequest: loopbackOnly }, (request) => {
    const { bytesPerSecond } = parseControlBody(throttleSchema, request.body);
    host.setThrottle(bytesPerSecond);
    return { bytesPerSecond: host.throttle };
  });

  app.get(`${base}/mode`, { onRequest: loopbackOnly }, () => ({ mode: host.mode }));
  app.post(`${base}/mode`, { onRequest: loopbackOnly }, (request) => {
    const { mode } = parseControlBody(modeSchema, request.body);
    host.setMode(mode);
    return { mode: host.mode };
  });

  app.get(`${base}/faults`, { onRequest: loopbackOnly }, () => host.faults);
  app.post(`${base}/faults`, { onRequest: loopbackOnly }, (request) => {
    const change = parseControlBody(faultsSchema, request.body);
    return host.setFaults(
      Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)),
    );
  });
  app.delete(`${base}/faults`, { onRequest: loopbackOnly }, () => {
    host.reset();
    return host.faults;
  });

  app.get<{ Params: { upload_file_key: string } }>(
    `${base}/:upload_file_key`,
    { onRequest: loopbackOnly },
    (request) => {
      const stored = host.stored(request.params.upload_file_key);
      if (stored === undefined)
        throw new ApiError(
          404,
          `No stored upload has the key "${request.params.upload_file_key}" (unfinished, refused or never uploaded).`,
        );
      return stored;
    },
  );
  done();
};
