/**
 * Short-lived download URLs and one-time upload URLs of the live API (our design; spec:
 * "returns a URL to download ...", "creates a one-time upload endpoint URL", Limits: upload
 * URLs are single use).
 *
 * - A download URL is `{origin}/live/files/{token}`: a GET without token answers the file
 *   (with `Content-Disposition: attachment`) until 5 minutes of virtual time after issue, then
 *   404 `{ message }`. It may be fetched any number of times before it expires.
 * - An upload URL is `{origin}/live/uploads/{token}`; it is recorded with its key, expiry and
 *   `usedAt` (null), and unique. The upload host (upload-host*.ts) serves it.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import type { VirtualClock } from '../kernel/clock';
import type { DownloadDesk } from '../kernel/download-host';
import type { LiveState, UploadUrlRecord } from './live-state';
import { removeWhere } from './live-state';
import { isoUtc } from '../kernel/present';

/** How long a download URL lives: 5 minutes of virtual time. */
export const downloadLifetimeMs = 5 * 60_000;

/** Where the files are served, below the server's origin. */
export const liveFilesPrefix = '/live/files';

/** Where the one-time upload URLs point, below the server's origin (upload-host*.ts serve them). */
export const liveUploadsPrefix = '/live/uploads';

/**
 * Issues a download URL for a file made now; answers the live `DownloadLink` shape.
 * Expired downloads are forgotten on the way.
 */
export function issueDownload(
  live: LiveState,
  now: Date,
  file: { fileName: string; contentType: string; body: string | Buffer },
): { download_url: string; file_name: string; expired_at: string } {
  removeWhere(live.downloads, (download) => download.expiresAt.getTime() <= now.getTime());
  const token = randomBytes(16).toString('hex');
  const expiresAt = new Date(Math.floor((now.getTime() + downloadLifetimeMs) / 1000) * 1000);
  const { body, ...named } = file;
  live.downloads.push({
    token,
    ...named,
    ...(Buffer.isBuffer(body)
      ? { body: body.toString('base64'), encoding: 'base64' as const }
      : { body }),
    expiresAt,
  });
  return {
    download_url: `${live.origin}${liveFilesPrefix}/${token}`,
    file_name: file.fileName,
    expired_at: isoUtc(expiresAt),
  };
}

/**
 * Issues a one-time upload URL valid `lifetimeS` seconds; answers the live `UploadUrl` shape.
 * @param uploadFileKey the key the uploaded file will have.
 */
export function issueUploadUrl(
  live: LiveState,
  now: Date,
  kind: UploadUrlRecord['kind'],
  uploadFileKey: string,
  lifetimeS: number,
): { upload_url: string; upload_file_key: string; expired_at: string } {
  const token = randomBytes(16).toString('hex');
  const expiresAt = new Date(Math.floor(now.getTime() / 1000) * 1000 + lifetimeS * 1000);
  live.uploadUrls.push({ token, uploadFileKey, kind, expiresAt, usedAt: null });
  return {
    upload_url: `${live.origin}${liveUploadsPrefix}/${token}`,
    upload_file_key: uploadFileKey,
    expired_at: isoUtc(expiresAt),
  };
}

/** Options of `liveFilesPlugin`. */
export interface LiveFilesOptions {
  live: LiveState;
  clock: VirtualClock;
  desk: DownloadDesk;
}

/**
 * Records the server's origin once it listens, so the URLs answered by the operations point at
 * this server: a hook of the root (server.ts).
 */
export function trackLiveOrigin(app: FastifyInstance, live: LiveState): void {
  app.addHook('onListen', (done) => {
    const address = app.server.address();
    if (address !== null && typeof address === 'object') {
      live.origin = `http://127.0.0.1:${address.port}`;
    }
    done();
  });
}

/**
 * Serves `GET /live/files/:token` (through `desk`: ranges, throttle, faults), as an
 * encapsulated plugin (server.ts).
 */
export const liveFilesPlugin: FastifyPluginCallback<LiveFilesOptions> = (
  app,
  { live, clock, desk },
  done,
) => {
  app.get<{ Params: { token: string } }>(`${liveFilesPrefix}/:token`, (request, reply) => {
    const download = live.downloads.find((candidate) => candidate.token === request.params.token);
    if (download === undefined || download.expiresAt.getTime() <= clock.nowMs()) {
      return reply.code(404).send({
        message:
          'This download link has expired or does not exist: download links live 5 minutes. Ask for a new one.',
      });
    }
    return desk.send(request, reply, {
      fileName: download.fileName,
      contentType: download.contentType,
      bytes: Buffer.from(download.body, download.encoding ?? 'utf8'),
    });
  });
  done();
};
