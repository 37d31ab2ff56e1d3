/**
 * The transfer list: downloads of recording files, chat and like data, VOD original files,
 * transcoding files and posters to a folder on this computer. Main asks the platform for the
 * short-lived download URL just in time, at `bulk` priority, and streams the file to disk.
 */
import { z } from 'zod';
import { command, defineCommands, returns } from './define';
import { key } from './fields';

const fileId = z.number().int().min(1);

/** What a download fetches: which operation gives its one-time download URL. */
export const downloadSource = z.discriminatedUnion('kind', [
  /** GET .../recording-files/{recording_file_id}/download (live). */
  z.object({
    kind: z.literal('recording-file'),
    channelKey: key,
    broadcastKey: key,
    recordingFileId: fileId,
  }),
  /** GET broadcasts/{broadcast_key}/chatting-download (live). */
  z.object({ kind: z.literal('chat'), broadcastKey: key }),
  /** GET broadcasts/{broadcast_key}/like-download (live). */
  z.object({ kind: z.literal('likes'), broadcastKey: key }),
  /** GET media-contents/{upload_file_key}/original-file/download (VOD). */
  z.object({ kind: z.literal('vod-original'), uploadFileKey: key }),
  /** GET media-contents/{upload_file_key}/transcoding-files/{id}/download (VOD). */
  z.object({ kind: z.literal('vod-transcoding'), uploadFileKey: key, transcodingFileId: fileId }),
  /** GET media-contents/{upload_file_key}/poster/download (VOD). */
  z.object({ kind: z.literal('vod-poster'), uploadFileKey: key }),
]);

/** What a download fetches. */
export type DownloadSource = z.infer<typeof downloadSource>;

/** Commands of the transfer list. */
export const transferCommands = defineCommands({
  /**
   * Queues a download of `source` into the download folder; `label` names it in the list
   * (e.g. the content's title). Answers the transfer's id.
   */
  'transfer.start': command({
    input: z.object({ source: downloadSource, label: z.string().trim().max(200).optional() }),
    output: returns<{ transferId: string }>(),
    priority: 'bulk',
  }),
});
