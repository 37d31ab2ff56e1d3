/**
 * The live API's state beyond channels and broadcasts (live-v1.yaml): channel settings and
 * callbacks, creators, syndications, file-transfer destinations, recording files, chat
 * settings, programs of scheduled channels with their media and waiting screens, and the
 * short-lived download and one-time upload URLs. Times are `Date` instants (UTC).
 */
import { notFound } from '../state/http-error';
import type { ChannelSettings, ChatSettingsRecord, LiveState } from '../state/model/live';
import type { ChannelRecord } from '../state/model/platform';

export type {
  ChannelSettings,
  ChattingServiceRecord,
  CreatorRecord,
  SyndicationRecord,
  FileTransferKind,
  FileTransferRecord,
  RecordingTransferRecord,
  RecordingFileRecord,
  ChatSettingsRecord,
  ProgramMediaRecord,
  WaitMediaRecord,
  ProgramRecord,
  UploadUrlRecord,
  DownloadRecord,
  LiveState,
  ScheduledOutput,
} from '../state/model/live';

/** An empty live state (the seed fills it). */
export function emptyLiveState(): LiveState {
  return {
    chattingServices: [],
    creators: [],
    syndications: [],
    fileTransfers: [],
    recordingFiles: [],
    programMedia: [],
    waitMedia: [],
    programs: [],
    uploadUrls: [],
    downloads: [],
    origin: 'http://127.0.0.1',
  };
}

/** The channel's settings; the defaults for a channel that has none stored. */
export function channelSettingsOf(channel: Pick<ChannelRecord, 'settings'>): ChannelSettings {
  return (
    channel.settings ?? {
      recordingFilePolicy: 1,
      idleScreenKind: 0,
      useDuplicateBlock: false,
      useCaptureBlock: false,
      metaTitlePattern: null,
      metaDescription: null,
      chattingServiceId: null,
    }
  );
}

/** The channel's chat settings, created with defaults on first use. */
export function chatSettingsOf(channel: Pick<ChannelRecord, 'chat'>): ChatSettingsRecord {
  let settings = channel.chat;
  if (settings === undefined) {
    settings = {
      useSlowMode: false,
      slowModeSeconds: 5,
      maxMessageLength: 200,
      allowGuest: true,
      externalEnabled: false,
      externalUrl: null,
      externalProvider: null,
      updatedAt: null,
    };
    channel.chat = settings;
  }
  return settings;
}

/** The element of `items` that `matches`. @throws ApiError 404 naming `what` and `key`. */
export function findIn<T>(
  items: readonly T[],
  matches: (item: T) => boolean,
  what: string,
  key: string | number,
): T {
  const found = items.find(matches);
  if (found === undefined) throw notFound(what, String(key));
  return found;
}

/** Removes every element of `items` that `matches`, in place. */
export function removeWhere<T>(items: T[], matches: (item: T) => boolean): void {
  for (let i = items.length - 1; i >= 0; i -= 1) {
    const item = items[i];
    if (item !== undefined && matches(item)) items.splice(i, 1);
  }
}
