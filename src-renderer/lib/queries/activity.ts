/**
 * Query keys and options of the Activity view (docs/dev/architecture.md, "Activity"): pages of
 * the open workspace's journal, which lives in main (no platform call). The list keeps its
 * page while re-reading and re-reads every few seconds while on screen, so a command run
 * elsewhere (another view, a seat, a panel) shows up.
 */
import { keepPreviousData } from '@tanstack/svelte-query';
import type { CommandInput } from '../../../src-main/shared/bridge';
import { call } from '../bridge';

export * from '../activity-filters';

/** How often the list re-reads main's journal while on screen, ms. */
export const activityRefreshMs = 5_000;

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
