/**
 * The download list: downloads of recording files, chat and like data, VOD original files,
 * transcoding files and posters to a folder on this computer. Main asks the platform for the
 * short-lived download URL just in time, at `bulk` priority, and streams the file to disk
 * (services/downloads/). Commands that only change the list make no platform call (`local`).
 */
import { z } from 'zod';
import {
  downloadSource,
  type Download,
  type DownloadChange,
  type DownloadSnapshot,
} from '../downloads-model';
import { anyRole, command, defineCommands, defineEvents, event, returns } from './define';
import { noInput } from './fields';

/** Download ids: several at once, or none for "every download". */
const downloadIds = z.object({
  ids: z.array(z.string().min(1).max(64)).max(1000, 'At most 1,000 downloads at once.').optional(),
});

const changed = returns<{ changed: number }>();

/** Commands of the download list. */
export const downloadCommands = defineCommands({
  /**
   * Queues a download of `source` into the download folder; `label` names it in the list
   * (e.g. the content's title). Answers the download's id.
   */
  'downloads.start': command({
    scope: 'platform',
    input: z.object({ source: downloadSource, label: z.string().trim().max(200).optional() }),
    output: returns<{ downloadId: string }>(),
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
  'downloads.list': command({
    scope: 'platform',
    input: noInput,
    output: returns<DownloadSnapshot>(),
    priority: 'local',
    category: 'downloads',
    effect: 'read',
    api: null,
    operations: [],
    roles: anyRole,
  }),
  /** Stops running or queued downloads; what was received is kept beside the target. */
  'downloads.pause': command({
    scope: 'platform',
    input: downloadIds,
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
  'downloads.resume': command({
    scope: 'platform',
    input: downloadIds,
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
  'downloads.retry': command({
    scope: 'platform',
    input: downloadIds,
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
  'downloads.cancel': command({
    scope: 'platform',
    input: downloadIds,
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
  'downloads.remove': command({
    scope: 'platform',
    input: downloadIds,
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
  'downloads.folder': command({
    scope: 'workstation',
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
  'downloads.chooseFolder': command({
    scope: 'workstation',
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

/** One download, as `downloads.list` answers it. */
export type { Download };

/** Events of the download list. */
export const downloadEvents = defineEvents({
  /** The list changed (at once on a state change, at most 4 times a second while bytes flow). */
  'downloads.changed': event<DownloadChange>(),
});
