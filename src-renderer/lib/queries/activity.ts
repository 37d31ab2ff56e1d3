/**
 * Query keys and options of the Activity view (docs/architecture.md, "Activity"): pages of
 * the open workspace's journal, which lives in main (no platform call). The list keeps its
 * page while re-reading and re-reads every few seconds while on screen, so a command run
 * elsewhere (another view, a seat, a panel) shows up.
 */
import { keepPreviousData } from '@tanstack/svelte-query';
import type { CommandInput } from '../../../src-main/shared/bridge';
import type { ActivityKind } from '../../../src-main/shared/activity-model';
import { call } from '../bridge';

/** The view's filters (UI state; `''` for none). `from`/`to` are `YYYY-MM-DDTHH:mm` in UTC. */
export interface ActivityFilterState {
  seat: string;
  operator: string;
  channelKey: string;
  kind: '' | ActivityKind;
  from: string;
  to: string;
}

export const noActivityFilters: ActivityFilterState = {
  seat: '',
  operator: '',
  channelKey: '',
  kind: '',
  from: '',
  to: '',
};

/** `seat` filter value meaning "this workstation" (the command's `seat: ''`). */
export const workstationSeat = '\u0000workstation';

/** How often the list re-reads main's journal while on screen, ms. */
export const activityRefreshMs = 5_000;

/** The filters as the commands' input (empty ones left out; UTC inputs as ISO instants). */
export function activityFilterInput(
  filters: ActivityFilterState,
): CommandInput<'activity.exportCsv'> {
  return {
    ...(filters.seat === workstationSeat
      ? { seat: '' }
      : filters.seat
        ? { seat: filters.seat }
        : {}),
    ...(filters.operator ? { operator: filters.operator } : {}),
    ...(filters.channelKey ? { channelKey: filters.channelKey } : {}),
    ...(filters.kind ? { kinds: [filters.kind] } : {}),
    ...(filters.from ? { from: utcInstant(filters.from) } : {}),
    ...(filters.to ? { to: utcInstant(filters.to) } : {}),
  };
}

/** `YYYY-MM-DDTHH:mm[:ss]` read as UTC, as ISO 8601 with `Z`. */
function utcInstant(local: string): string {
  return `${local.length === 16 ? `${local}:00` : local.slice(0, 19)}Z`;
}

/** One page of the journal, newest first. */
export const activityQuery = (input: CommandInput<'activity.query'>) => ({
  queryKey: ['activity', input] as const,
  queryFn: () => call('activity.query', input),
  placeholderData: keepPreviousData,
  refetchInterval: activityRefreshMs,
});

/**
 * Hands an export to the host: a download of the browser host, which the desktop app
 * answers with its save dialog (Electron asks where for a download the page starts).
 */
export function saveExport(file: { fileName: string; mime: string; content: string }): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
