/**
 * Query options of the schedule (programs of scheduled channels). Reads run in main at
 * `view` priority; nothing polls: the view refetches the programs after every edit or
 * refusal so that what it shows equals the platform's state.
 */
import { queryOptions } from '@tanstack/svelte-query';
import type { ScheduleOperation } from '../../../src-main/shared/model';
import { call } from '../bridge';
import { keys } from './keys';

export const scheduledChannelsQuery = () =>
  queryOptions({
    queryKey: keys.scheduleChannels(),
    queryFn: () => call('schedule.channels', {}),
    staleTime: Infinity,
  });

/** Programs of one channel overlapping `[from, to)` (ISO-8601 UTC). */
export const programsQuery = (channelKey: string, from: string, to: string) =>
  queryOptions({
    queryKey: keys.programs(channelKey, from, to),
    queryFn: () => call('schedule.programs', { channelKey, from, to }),
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  });

/** The program-media library, newest first. */
export const programMediaQuery = (keyword: string) =>
  queryOptions({
    queryKey: keys.programMedia(keyword),
    queryFn: () => call('schedule.media', keyword ? { keyword } : {}),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });

/**
 * Sends one schedule operation to the platform.
 * @returns the program as the platform answered it (null for a delete).
 * @throws DeskCallError with the platform's message when refused (e.g. 422 overlap).
 */
export async function applyOperation(operation: ScheduleOperation) {
  return (await call('schedule.apply', { operation })).program;
}
