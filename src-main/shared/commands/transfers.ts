/**
 * The transfer list: downloads of recording files, chat and like data, VOD original files,
 * transcoding files and posters to a folder on this computer. Main asks the platform for the
 * short-lived download URL just in time, at `bulk` priority, and streams the file to disk
 * (services/transfers/). Commands that only change the list make no platform call (`local`).
 */
import { z } from 'zod';
import type { Transfer, TransferChange, TransferSnapshot } from '../recordings-model';
import { anyRole, command, defineCommands, defineEvents, event, returns } from './define';
import { key, noInput } from './fields';

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

/** Transfer ids: several at once, or none for "every transfer". */
const transferIds = z.object({
  ids: z.array(z.string().min(1).max(64)).max(1000, 'At most 1,000 downloads at once.').optional(),
});

const changed = returns<{ changed: number }>();

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
    category: 'downloads',
    effect: 'change',
    api: 'any',
    operations: [
      'live.getRecordingFileDownload',
      'live.getChattingDownload',
      'live.getLikeDownload',
      'vod.getMediaContentOriginalFileDownload',
      'vod.getTranscodingFileDownload',
      'vod.getMediaContentPosterDownload',
    ],
    roles: anyRole,
  }),
  /** The whole list of the workspace, newest first, and the download folder. */
  'transfer.list': command({
    input: noInput,
    output: returns<TransferSnapshot>(),
    priority: 'local',
    category: 'downloads',
    effect: 'read',
    api: null,
    operations: [],
    roles: anyRole,
  }),
  /** Stops running or queued downloads; what was received is kept beside the target. */
  'transfer.pause': command({
    input: transferIds,
    output: changed,
    priority: 'local',
    category: 'downloads',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** Goes on with paused downloads (from where they stopped, where the server allows). */
  'transfer.resume': command({
    input: transferIds,
    output: changed,
    priority: 'bulk',
    category: 'downloads',
    effect: 'change',
    api: 'any',
    operations: [
      'live.getRecordingFileDownload',
      'live.getChattingDownload',
      'live.getLikeDownload',
      'vod.getMediaContentOriginalFileDownload',
      'vod.getTranscodingFileDownload',
      'vod.getMediaContentPosterDownload',
    ],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** Tries failed or cancelled downloads again. */
  'transfer.retry': command({
    input: transferIds,
    output: changed,
    priority: 'bulk',
    category: 'downloads',
    effect: 'change',
    api: 'any',
    operations: [
      'live.getRecordingFileDownload',
      'live.getChattingDownload',
      'live.getLikeDownload',
      'vod.getMediaContentOriginalFileDownload',
      'vod.getTranscodingFileDownload',
      'vod.getMediaContentPosterDownload',
    ],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** Stops downloads and deletes what was received; nothing is left on disk. */
  'transfer.cancel': command({
    input: transferIds,
    output: changed,
    priority: 'local',
    // Destructive: what was received is deleted from disk.
    category: 'downloads',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: null,
    operations: [],
    roles: anyRole,
  }),
  /** Takes finished, failed or cancelled downloads off the list (files stay on disk). */
  'transfer.remove': command({
    input: transferIds,
    output: changed,
    priority: 'local',
    category: 'downloads',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
  }),
  /**
   * The download folder; sets it first when `folder` is given (it must exist and be
   * writable). `canChoose`: this host can show the system's folder picker.
   */
  'transfer.folder': command({
    input: z.object({
      folder: z
        .string()
        .trim()
        .min(1, 'Type the folder to download into.')
        .max(4096, 'That folder path is too long.')
        .optional(),
    }),
    output: returns<{ folder: string; canChoose: boolean }>(),
    priority: 'local',
    category: 'downloads',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
  }),
  /** Shows the system's folder picker (Electron) and keeps the folder picked; null: cancelled. */
  'transfer.chooseFolder': command({
    input: noInput,
    output: returns<{ folder: string | null }>(),
    priority: 'local',
    category: 'downloads',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
  }),
});

/** One transfer, as `transfer.list` answers it. */
export type { Transfer };

/** Events of the transfer list. */
export const transferEvents = defineEvents({
  /** The list changed (at once on a state change, at most 4 times a second while bytes flow). */
  'transfer.changed': event<TransferChange>(),
});
