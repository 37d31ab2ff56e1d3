/**
 * Query keys and options of broadcast history, recording files and the transfer list. Lists
 * keep their data while re-reading (`keepPreviousData`), so paging and filtering never blank
 * the screen. The transfer list is main's (no platform call): it is re-read twice a second
 * while something downloads, to show progress, speed and time left.
 */
import { keepPreviousData } from '@tanstack/svelte-query';
import type { CommandInput } from '../../../src-main/shared/bridge';
import type { TransferSnapshot } from '../../../src-main/shared/recordings-model';
import { call } from '../bridge';

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
  transfers: () => ['transfers'] as const,
  folder: () => ['transfers', 'folder'] as const,
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

/** Whether any transfer is moving (then the list is re-read often). */
export function transfersMoving(snapshot: TransferSnapshot | undefined): boolean {
  return (snapshot?.items ?? []).some(
    (item) => item.state === 'queued' || item.state === 'downloading',
  );
}

/** The transfer list: every 500 ms while something moves, else every 5 s. */
export const transfersQuery = () => ({
  queryKey: recordingKeys.transfers(),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('transfer.list', {}, { signal }),
  refetchInterval: (query: { state: { data: TransferSnapshot | undefined } }) =>
    transfersMoving(query.state.data) ? 500 : 5000,
});

/** The download folder and whether this host has a folder picker. */
export const downloadFolderQuery = () => ({
  queryKey: recordingKeys.folder(),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('transfer.folder', {}, { signal }),
});
