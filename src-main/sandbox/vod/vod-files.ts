/**
 * What the VOD sandbox serves outside `/vod/api`: short-lived download URLs
 * (`GET /vod/files/{token}`) and the progress of one-time upload URLs
 * (`GET /vod/upload-progress/{upload_file_key}`, observed: no auth,
 * `{ error: 0, result: { progress } }`, 404 `{ error: 1, message }` once the key is gone).
 * The upload host itself (upload-host*.ts) serves `upload_url` and keeps `progress` up to date.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginCallback, onRequestHookHandler } from 'fastify';
import type { VirtualClock } from '../kernel/clock';
import type { DownloadDesk } from '../kernel/download-host';
import type { SandboxState } from '../state/state';
import { unix } from './vod-present';
import type { UploadUrlRecord, VodState } from './vod-state';

/** How long a download URL lives, ms of platform time (our design). */
export const downloadLifetimeMs = 300_000;

/** Path prefixes served here. */
export const vodFilePrefix = '/vod/files';
export const vodUploadPrefix = '/vod/upload';
export const vodProgressPrefix = '/vod/upload-progress';

/** Options of `vodFilesPlugin`. */
export interface VodFilesOptions {
  state: SandboxState;
  clock: VirtualClock;
  desk: DownloadDesk;
}

/**
 * Notes the origin VOD callers reach the server at, for the URLs the VOD operations answer: a
 * hook of the root, so that it reaches the operation plugins (server.ts).
 */
export function trackVodOrigin(vod: VodState): onRequestHookHandler {
  return (request, _reply, done) => {
    if (request.url.startsWith('/vod/')) vod.publicOrigin = `${request.protocol}://${request.host}`;
    done();
  };
}

/**
 * Serves the download routes (through `desk`: ranges, throttle, faults) and the upload progress,
 * as an encapsulated plugin (server.ts).
 */
export const vodFilesPlugin: FastifyPluginCallback<VodFilesOptions> = (
  app,
  { state, clock, desk },
  done,
) => {
  app.get<{ Params: { token: string } }>(`${vodFilePrefix}/:token`, (request, reply) => {
    const link = state.vod.downloads.get(request.params.token);
    if (link === undefined || link.expiresAt.getTime() <= clock.nowMs()) {
      if (link !== undefined) state.vod.downloads.delete(request.params.token);
      return reply
        .code(404)
        .send({ message: 'This download link has expired or never existed: request a new one.' });
    }
    return desk.send(request, reply, {
      fileName: link.fileName,
      contentType: link.contentType,
      bytes: Buffer.from(link.base64, 'base64'),
    });
  });

  app.get<{ Params: { key: string } }>(`${vodProgressPrefix}/:key`, (request, reply) => {
    const upload = [...state.vod.uploads.values()].find(
      (item) => item.uploadFileKey === request.params.key,
    );
    const gone =
      upload === undefined ||
      (upload.usedAt === null && upload.expiresAt.getTime() <= clock.nowMs());
    if (gone)
      return reply.code(404).send({
        error: 1,
        message: 'No upload with this key is in progress (expired or unknown).',
      });
    return { error: 0, result: { progress: upload.progress } };
  });
  done();
};

/** A new download link for `file`, valid `downloadLifetimeMs`; the `DownloadUrl` wire object. */
export function issueDownload(
  vod: VodState,
  nowMs: number,
  file: { fileName: string; contentType: string; base64: string },
): { download_url: string; file_name: string; expired_at: number } {
  for (const [token, link] of vod.downloads) {
    if (link.expiresAt.getTime() <= nowMs) vod.downloads.delete(token);
  }
  const token = randomBytes(18).toString('base64url');
  const expiresAt = new Date(nowMs + downloadLifetimeMs);
  vod.downloads.set(token, { ...file, expiresAt });
  return {
    download_url: `${vod.publicOrigin}${vodFilePrefix}/${token}`,
    file_name: file.fileName,
    expired_at: unix(expiresAt),
  };
}

/** The wire `upload_url` and `progress_url` of a one-time upload URL. */
export function uploadUrls(
  vod: VodState,
  upload: UploadUrlRecord,
): { upload_url: string; progress_url: string } {
  return {
    upload_url: `${vod.publicOrigin}${vodUploadPrefix}/${upload.token}`,
    progress_url: `${vod.publicOrigin}${vodProgressPrefix}/${upload.uploadFileKey}`,
  };
}
