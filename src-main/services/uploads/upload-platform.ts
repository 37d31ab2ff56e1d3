/**
 * The platform calls of the upload engine, made as every domain makes them (liveCall and
 * vodCall, core/platform-call.ts): the workspace's typed clients through its request
 * schedulers (docs/dev/architecture.md, "The API budget"):
 * - one-time upload URLs at `bulk` priority, just in time, one per file (observed: single
 *   use): VOD `POST /upload/create-url`; program media
 *   `GET .../programs/media-contents/upload-url`; waiting screens
 *   `POST .../programs/media-contents/upload-wait-file`;
 * - the follow-up at `watch` priority: VOD `GET /media-contents/{upload_file_key}/progress`
 *   (transcoding stage 21 = done, observed "Media content"); program media and waiting
 *   screens: their lists (newest first), one call confirming every file waiting for it.
 * The files' bytes themselves go to the upload URL, not through a scheduler: they are not API
 * calls. Every method throws PlatformError on a refusal or when the platform is unreachable.
 *
 * `GET .../upload-url` answers a NEW URL on every call, so it is sent with `coalesce: false`
 * (the scheduler would otherwise hand two files asking at once the same single-use URL). URL
 * requests also go one at a time: they are paced at the scheduler's spacing anyway, and a
 * file asks only when a slot of the upload concurrency is free.
 */
import type { UploadKind, UploadTarget } from '../../shared/uploads';
import type { AccountContext } from '../core/account-context';
import { liveCall, vodCall } from '../core/platform-call';

/** Seconds a one-time URL is asked to live (observed maximum 21600: 6 h, room to resume). */
export const urlLifetimeS = 21_600;
/** Files confirmed per list call (the page size the live lists take at most). */
const listPageSize = 100;

/** A new one-time upload URL; `expiresAt` ISO-8601 UTC. */
export interface IssuedUrl {
  uploadUrl: string;
  progressUrl: string | null;
  uploadFileKey: string;
  expiresAt: string;
}

/** What the engine needs of the platform. */
export interface UploadPlatform {
  /** Whether the workspace can take `kind` (a live-only workspace has no VOD, a VOD-only one no live). */
  available(kind: UploadKind): boolean;
  /** A new one-time upload URL for one file, at `bulk` priority. */
  createUrl(
    file: { target: UploadTarget; title: string; isAudio: boolean },
    signal: AbortSignal,
  ): Promise<IssuedUrl>;
  /** VOD transcoding of one content, at `watch` priority: percent 0..100, done at stage 21. */
  transcoding(
    uploadFileKey: string,
    signal: AbortSignal,
  ): Promise<{ percent: number; done: boolean }>;
  /** Keys among the newest {@link listPageSize} of a live list, at `watch` priority. */
  listedKeys(kind: 'program-media' | 'waiting-screen', signal: AbortSignal): Promise<Set<string>>;
}

/** The upload calls of the workspace whose accounts are `account`. */
export function workspaceUploadPlatform(account: AccountContext): UploadPlatform {
  const createUrl = async (
    file: { target: UploadTarget; title: string; isAudio: boolean },
    signal: AbortSignal,
  ): Promise<IssuedUrl> => {
    if (file.target.kind === 'vod') {
      const { target } = file;
      const body = await vodCall(
        account,
        'bulk',
        (api, fetch) =>
          api.POST('/upload/create-url', {
            body: {
              expire_time: urlLifetimeS,
              title: target.title ?? file.title,
              ...(target.categoryKey ? { category_key: target.categoryKey } : {}),
              ...(file.isAudio ? { is_audio_upload: 1 as const } : {}),
            },
            fetch,
          }),
        signal,
      );
      return {
        uploadUrl: body.data.upload_url,
        progressUrl: body.data.progress_url,
        uploadFileKey: body.data.upload_file_key,
        expiresAt: new Date(body.data.expired_at * 1000).toISOString(),
      };
    }
    // Each upload-url GET answers a new single-use URL: it must never share a call.
    const body =
      file.target.kind === 'program-media'
        ? await liveCall(
            account,
            'bulk',
            (api, fetch, sa) =>
              api.GET(
                '/v1/live/service-accounts/{service_account_key}/programs/media-contents/upload-url',
                {
                  params: {
                    path: { service_account_key: sa },
                    query: { expire_time: urlLifetimeS },
                  },
                  fetch,
                },
              ),
            signal,
            { coalesce: false },
          )
        : await liveCall(
            account,
            'bulk',
            (api, fetch, sa) =>
              api.POST(
                '/v1/live/service-accounts/{service_account_key}/programs/media-contents/upload-wait-file',
                { params: { path: { service_account_key: sa } }, fetch },
              ),
            signal,
            { coalesce: false },
          );
    return {
      uploadUrl: body.data.upload_url,
      progressUrl: null,
      uploadFileKey: body.data.upload_file_key,
      expiresAt: new Date(body.data.expired_at).toISOString(),
    };
  };
  let urlQueue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(task: () => Promise<T>): Promise<T> => {
    const next = urlQueue.then(task, task);
    urlQueue = next.catch(() => undefined);
    return next;
  };
  return {
    available: (kind) => (kind === 'vod' ? account.vod !== null : account.apis.live),

    createUrl: (file, signal) => oneAtATime(() => createUrl(file, signal)),

    async transcoding(uploadFileKey, signal) {
      const body = await vodCall(
        account,
        'watch',
        (api, fetch) =>
          api.GET('/media-contents/{upload_file_key}/progress', {
            params: { path: { upload_file_key: uploadFileKey } },
            fetch,
          }),
        signal,
      );
      const done = body.data.transcoding_stage === 21;
      return { percent: done ? 100 : body.data.transcoding_progress, done };
    },

    async listedKeys(kind, signal) {
      const query = { per_page: listPageSize };
      if (kind === 'program-media') {
        const body = await liveCall(
          account,
          'watch',
          (api, fetch, sa) =>
            api.GET('/v1/live/service-accounts/{service_account_key}/programs/media-contents', {
              params: { path: { service_account_key: sa }, query },
              fetch,
            }),
          signal,
        );
        return new Set(body.data.map((item) => item.upload_file_key));
      }
      const body = await liveCall(
        account,
        'watch',
        (api, fetch, sa) =>
          api.GET('/v1/live/service-accounts/{service_account_key}/programs/wait-media-contents', {
            params: { path: { service_account_key: sa }, query },
            fetch,
          }),
        signal,
      );
      return new Set(body.data.map((item) => item.wait_media_content_key));
    },
  };
}
