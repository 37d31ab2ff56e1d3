/**
 * Query options of the Schedule's "All channels" agenda and the program-media delete. The
 * agenda's key sits under `keys.schedulePrograms()`, so every edit or batch that re-reads the
 * timeline re-reads it too.
 */
import { queryOptions } from '@tanstack/svelte-query';
import type { Confirmation } from '../../../src-main/shared/commands/define';
import { call } from '../bridge';
import { keys } from './keys';

/** The agenda's query key for `[from, to)` (ISO-8601 UTC). */
export const agendaKey = (from: string, to: string) =>
  [...keys.schedulePrograms(), 'all-channels', from, to] as const;

/**
 * Programs of every scheduled channel overlapping `[from, to)` (ISO-8601 UTC), ordered by
 * start: one listPrograms read at `view` priority, stamped with its time of reading.
 */
export const agendaQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: agendaKey(from, to),
    queryFn: ({ signal }) => call('schedule.agenda', { from, to }, { signal }),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });

/**
 * Deletes an uploaded program media item for good (deleteProgramMediaContent, `command`);
 * `confirmation` is what the operator confirmed (a destructive command carries it).
 * @throws DeskCallError with the platform's message, e.g. while a program plays it.
 */
export function deleteProgramMedia(uploadFileKey: string, confirmation: Confirmation) {
  return call('schedule.deleteMedia', { uploadFileKey }, { confirmation });
}
