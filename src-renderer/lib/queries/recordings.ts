/**
 * Query keys and options of broadcast history, recording files and the download list. Lists
 * keep their data while re-reading (`keepPreviousData`), so paging and filtering never blank
 * the screen. The download list is main's (no platform call): it is read when a view opens
 * (the state after a restart) and then follows main's `downloads.changed` pushes (progress,
 * speed and time left at most 4 times a second while bytes flow).
 */
import { keepPreviousData, type QueryClient } from '@tanstack/svelte-query';
import type { CommandInput } from '../../../src-main/shared/bridge';
import type { WorkspaceState } from '../../../src-main/shared/model';
import type { DownloadSnapshot } from '../../../src-main/shared/downloads-model';
import { call, desk } from '../bridge';
import { keys } from './keys';

/** Filters of the recording file list (UI state; mapped to `recording.list`). */
export interface RecordingFilters {
  channelKey: string;
  broadcastKey: string;
  kind: '' | 'segment' | 'duplicate';
  /** `YYYY-MM-DD` (UTC) or ''. */
  from: string;
  to: string;
  order: 'id_desc' | 'id_asc';
}

export const noRecordingFilters: RecordingFilters = {
  channelKey: '',
  broadcastKey: '',
  kind: '',
  from: '',
  to: '',
  order: 'id_desc',
};

export const recordingKeys = {
  channels: () => ['recordings', 'channels'] as const,
  files: (input: CommandInput<'recording.list'>) => ['recordings', 'files', input] as const,
  history: (input: CommandInput<'broadcast.history'>) => ['recordings', 'history', input] as const,
  broadcast: (broadcastKey: string) => ['recordings', 'broadcast', broadcastKey] as const,
  summary: (broadcastKey: string) => ['recordings', 'summary', broadcastKey] as const,
  downloads: () => ['downloads'] as const,
  folder: () => ['downloads', 'folder'] as const,
};

/** The channels the filters offer (read once a minute at most). */
export const recordingChannelsQuery = () => ({
  queryKey: recordingKeys.channels(),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('recording.channels', {}, { signal }),
  staleTime: 60_000,
});

/** `recording.list`'s input for `filters` at `page` (empty filters left out). */
export function recordingListInput(
  filters: RecordingFilters,
  page: number,
): CommandInput<'recording.list'> {
  return {
    ...(filters.channelKey ? { channelKey: filters.channelKey } : {}),
    ...(filters.channelKey && filters.broadcastKey ? { broadcastKey: filters.broadcastKey } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    order: filters.order,
    page,
  };
}

/** One page of recording files. */
export const recordingFilesQuery = (input: CommandInput<'recording.list'>) => ({
  queryKey: recordingKeys.files(input),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('recording.list', input, { signal }),
  placeholderData: keepPreviousData,
});

/** One page of broadcasts. */
export const broadcastHistoryQuery = (input: CommandInput<'broadcast.history'>) => ({
  queryKey: recordingKeys.history(input),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('broadcast.history', input, { signal }),
  placeholderData: keepPreviousData,
});

/** One broadcast. */
export const broadcastQuery = (broadcastKey: string) => ({
  queryKey: recordingKeys.broadcast(broadcastKey),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call('broadcast.detail', { broadcastKey }, { signal }),
});

/** A broadcast's summary statistics; a refusal (not ready yet) is not retried. */
export const broadcastSummaryQuery = (broadcastKey: string) => ({
  queryKey: recordingKeys.summary(broadcastKey),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call('broadcast.summary', { broadcastKey }, { signal }),
  retry: false,
});

/**
 * The download list, read once when a view opens; `downloads.changed` keeps it current after
 * (see {@link connectDownloadUpdates}). A push newer than the answer wins over it.
 */
export const downloadsQuery = () => ({
  queryKey: recordingKeys.downloads(),
  queryFn: async ({
    client,
    signal,
  }: {
    client: QueryClient;
    signal: AbortSignal;
  }): Promise<DownloadSnapshot> => {
    const answer = await call('downloads.list', {}, { signal });
    const held = client.getQueryData<DownloadSnapshot>(recordingKeys.downloads());
    return held?.listId === answer.listId && held.version > answer.version ? held : answer;
  },
});

/**
 * Follows main's pushes of the download list into the query cache, for the workspace shown
 * (a push from one just left is dropped); returns the function that stops following. Before
 * the first read nothing is cached: the read brings the folder and the list together.
 */
export function connectDownloadUpdates(client: QueryClient): () => void {
  return desk.on('downloads.changed', (change) => {
    const workspace = client.getQueryData<WorkspaceState>(keys.workspaceState());
    if (workspace?.active.id !== change.workspaceId) return;
    client.setQueryData<DownloadSnapshot>(recordingKeys.downloads(), (held) =>
      held && (held.listId !== change.listId || held.version < change.version)
        ? {
            folder: held.folder,
            listId: change.listId,
            version: change.version,
            items: change.items,
          }
        : held,
    );
  });
}

/** The download folder and whether this host has a folder picker. */
export const downloadFolderQuery = () => ({
  queryKey: recordingKeys.folder(),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('downloads.folder', {}, { signal }),
});
