/**
 * Where each kind of download gets its short-lived URL: one platform operation per kind, at
 * `bulk` priority through the workspace's scheduler (docs/dev/architecture.md, "The API budget":
 * downloads and exports are `bulk`). Live links expire at an ISO time, VOD links at Unix seconds.
 */
import type { DownloadSource } from '../../shared/downloads-model';
import { liveCall, vodCall } from '../core/platform-call';
import type { AccountContext } from '../core/account-context';
import type { DownloadLink } from './download-task';

const live = '/v1/live/service-accounts/{service_account_key}' as const;

/**
 * Asks the platform for the download URL of `source`.
 * @throws PlatformError as the platform refused (404 unknown, 422 not downloadable yet…).
 */
export async function resolveDownload(
  account: AccountContext,
  source: DownloadSource,
  signal: AbortSignal,
): Promise<DownloadLink> {
  switch (source.kind) {
    case 'recording-file': {
      const { data } = await liveCall(
        account,
        'bulk',
        (api, fetch, sa) =>
          api.GET(
            `${live}/channels/{channel_key}/broadcasts/{broadcast_key}/recording-files/{recording_file_id}/download`,
            {
              params: {
                path: {
                  service_account_key: sa,
                  channel_key: source.channelKey,
                  broadcast_key: source.broadcastKey,
                  recording_file_id: source.recordingFileId,
                },
              },
              fetch,
            },
          ),
        signal,
      );
      return liveLink(data);
    }
    case 'chat':
    case 'likes': {
      const path = { service_account_key: '', broadcast_key: source.broadcastKey };
      const { data } = await liveCall(
        account,
        'bulk',
        (api, fetch, sa) =>
          source.kind === 'chat'
            ? api.GET(`${live}/broadcasts/{broadcast_key}/chatting-download`, {
                params: { path: { ...path, service_account_key: sa } },
                fetch,
              })
            : api.GET(`${live}/broadcasts/{broadcast_key}/like-download`, {
                params: { path: { ...path, service_account_key: sa } },
                fetch,
              }),
        signal,
      );
      return liveLink(data);
    }
    case 'vod-original': {
      const { data } = await vodCall(
        account,
        'bulk',
        (api, fetch) =>
          api.GET('/media-contents/{upload_file_key}/original-file/download', {
            params: { path: { upload_file_key: source.uploadFileKey } },
            fetch,
          }),
        signal,
      );
      return vodLink(data);
    }
    case 'vod-transcoding': {
      const { data } = await vodCall(
        account,
        'bulk',
        (api, fetch) =>
          api.GET(
            '/media-contents/{upload_file_key}/transcoding-files/{transcoding_file_id}/download',
            {
              params: {
                path: {
                  upload_file_key: source.uploadFileKey,
                  transcoding_file_id: source.transcodingFileId,
                },
              },
              fetch,
            },
          ),
        signal,
      );
      return vodLink(data);
    }
    case 'vod-poster': {
      const { data } = await vodCall(
        account,
        'bulk',
        (api, fetch) =>
          api.GET('/media-contents/{upload_file_key}/poster/download', {
            params: { path: { upload_file_key: source.uploadFileKey } },
            fetch,
          }),
        signal,
      );
      return vodLink(data);
    }
  }
}

function liveLink(data: { download_url: string; file_name: string; expired_at: string }) {
  return {
    url: data.download_url,
    fileName: data.file_name,
    expiresAtMs: Date.parse(data.expired_at),
  };
}

function vodLink(data: { download_url: string; file_name: string; expired_at: number }) {
  return { url: data.download_url, fileName: data.file_name, expiresAtMs: data.expired_at * 1000 };
}
