/**
 * This desk's place in a studio (`studio.status`, answered by this desk: no platform call):
 * hosting and its seats, or its link when it is a seat of another hub. The status bar reads it
 * every 5 s in every window; the command palette reads what it last answered.
 */
import { queryOptions, type QueryClient } from '@tanstack/svelte-query';
import type { SeatRole, StudioStatus } from '../../../src-main/shared/studio-model';
import { call } from '../bridge';
import { keys } from './keys';

/** `studio.status`, read again every 5 s while shown. */
export const studioStatusQuery = () =>
  queryOptions({
    queryKey: keys.studioStatus(),
    queryFn: () => call('studio.status', {}),
    refetchInterval: 5000,
  });

/**
 * This desk's role as a seat of a hub, as `studio.status` last answered (the role the hub gave
 * at pairing); null when it is not a seat, or before the first answer. Reads the cache only.
 */
export function seatRoleOf(client: QueryClient): SeatRole | null {
  return client.getQueryData<StudioStatus>(keys.studioStatus())?.seat?.role ?? null;
}

/**
 * This desk's role as a seat, followed for a view's buttons (`offerOf`'s `seatRole`): the
 * status bar's reads every 5 s keep it fresh, this adds no read of its own; null when this desk
 * is not a seat (or before the first answer: the hub still refuses what a seat may not run).
 */
export const seatRoleQuery = () =>
  queryOptions({
    ...studioStatusQuery(),
    refetchInterval: false,
    select: (status: StudioStatus): SeatRole | null => status.seat?.role ?? null,
  });
