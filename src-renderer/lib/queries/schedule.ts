/**
 * Query options of the schedule (programs of scheduled channels; the channels themselves are
 * the one channel list's, lib/queries/channels.ts). Reads run in main at
 * `view` priority; nothing polls: the view refetches the programs after every edit or
 * refusal so that what it shows equals the platform's state.
 */
import { queryOptions } from '@tanstack/svelte-query';
import type { BatchPlan, ScheduleOperation } from '../../../src-main/shared/model';
import type { CallMeta } from '../../../src-main/shared/bridge';
import { call } from '../bridge';
import { keys } from './keys';

/** Programs of one channel overlapping `[from, to)` (ISO-8601 UTC). */
export const programsQuery = (channelKey: string, from: string, to: string) =>
  queryOptions({
    queryKey: keys.programs(channelKey, from, to),
    queryFn: ({ signal }) => call('schedule.programs', { channelKey, from, to }, { signal }),
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  });

/** The program-media library, newest first. */
export const programMediaQuery = (keyword: string) =>
  queryOptions({
    queryKey: keys.programMedia(keyword),
    queryFn: ({ signal }) => call('schedule.media', keyword ? { keyword } : {}, { signal }),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });

/** Every waiting screen of the account (newest first); they change rarely. */
export const waitingScreensQuery = () =>
  queryOptions({
    queryKey: ['waiting-screens'] as const,
    queryFn: ({ signal }) => call('schedule.waitingScreens', {}, { signal }),
    staleTime: 5 * 60_000,
  });

/**
 * Plans copying a channel's programs of `fromDay` to `toDay` (UTC days, `YYYY-MM-DD`); main
 * reads both days and answers the operations without sending any.
 * @throws DeskCallError e.g. when `toDay` has passed or is `fromDay`.
 */
export function planCopyDay(channelKey: string, fromDay: string, toDay: string) {
  return call('schedule.planCopyDay', { channelKey, fromDay, toDay });
}

/**
 * Plans filling `[from, to)` (ISO-8601 UTC) of a channel back to back with the media, in
 * order and repeated; nothing is sent.
 * @throws DeskCallError for a range in the past or unknown media.
 */
export function planFill(channelKey: string, from: string, to: string, uploadFileKeys: string[]) {
  return call('schedule.planFill', { channelKey, from, to, uploadFileKeys });
}

/**
 * Starts running a previewed plan in main (bulk priority, one call per operation); progress
 * is followed as every batch's (lib/batch-follow.ts) by the batch id answered here.
 */
export function runBatch(plan: BatchPlan) {
  return call('schedule.runBatch', { plan });
}

/**
 * Sends one schedule operation to the platform.
 * @returns the program as the platform answered it (null for a delete).
 * @param meta `{ confirmation: { kind: 'override' } }` to overwrite a program someone changed
 *   since it was read (a `crossed` refusal the operator answered).
 * @throws DeskCallError with the platform's message when refused (e.g. 422 overlap), or
 *   `crossed` when the program changed since `operation.read`.
 */
export async function applyOperation(operation: ScheduleOperation, meta: CallMeta = {}) {
  return (await call('schedule.apply', { operation }, meta)).program;
}
