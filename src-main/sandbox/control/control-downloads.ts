/**
 * Control of the download serving (download-host.ts), loopback only, JSON or form-encoded
 * bodies. Outside the OpenAPI documents, like every `/__sandbox` control.
 *
 * - `GET  /__sandbox/downloads` → `{ settings, served: [{ fileName, sizeBytes, sha256,
 *   answers: [{ status, start }] }] }`: the settings and every file served through a download
 *   URL (SHA-256 hex of the whole file; each answer's status and first byte).
 * - `POST /__sandbox/downloads` with any of `{ bytesPerSecond: n | null, dropAfterBytes: n |
 *   null, ranges: boolean }` → the new settings. `bytesPerSecond` slows every download body
 *   (null: full speed); `dropAfterBytes` cuts the next answer after n bytes (one shot);
 *   `ranges: false` makes the server ignore `Range` (200 with the whole file).
 * - `DELETE /__sandbox/downloads` → full speed, ranges on, no drop → the settings.
 * Invalid input answers 422 `{ message, errors }` and changes nothing.
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import type { DownloadDesk } from '../kernel/download-host';
import { controlPrefix } from './control';
import { loopbackOnly, parseControlBody } from './control-support';

const wholeOrNull = (name: string, min: number) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' ? (value === '' || value === 'null' ? null : Number(value)) : value,
    z
      .number({ error: `The ${name} must be a whole number of at least ${min}, or null.` })
      .int(`The ${name} must be a whole number.`)
      .min(min, `The ${name} must be at least ${min}.`)
      .nullable(),
  );

const settingsSchema = z
  .object({
    bytesPerSecond: wholeOrNull('bytesPerSecond', 1),
    dropAfterBytes: wholeOrNull('dropAfterBytes', 0),
    ranges: z.preprocess(
      (value) => ({ true: true, false: false, 1: true, 0: false })[String(value)] ?? value,
      z.boolean({ error: 'The ranges field must be true or false.' }),
    ),
  })
  .partial()
  .strict();

/** Options of `downloadControlPlugin`. */
export interface DownloadControlOptions {
  desk: DownloadDesk;
}

/** Registers the download controls on `app`. */
export const downloadControlPlugin: FastifyPluginCallback<DownloadControlOptions> = (
  app,
  { desk },
  done,
) => {
  const path = `${controlPrefix}/downloads`;
  app.get(path, { onRequest: loopbackOnly }, () => ({
    settings: desk.settings,
    served: desk.served(),
  }));
  app.post(path, { onRequest: loopbackOnly }, (request) => {
    const change = parseControlBody(settingsSchema, request.body);
    desk.settings = {
      bytesPerSecond:
        change.bytesPerSecond !== undefined ? change.bytesPerSecond : desk.settings.bytesPerSecond,
      dropAfterBytes:
        change.dropAfterBytes !== undefined ? change.dropAfterBytes : desk.settings.dropAfterBytes,
      ranges: change.ranges ?? desk.settings.ranges,
    };
    return desk.settings;
  });
  app.delete(path, { onRequest: loopbackOnly }, () => {
    desk.reset();
    return desk.settings;
  });
  done();
};
