/**
 * Query options of the live control room. Live values are kept fresh by the watch planner
 * in main (pushed as `watch.update` events into this cache), so these queries never poll:
 * `staleTime: Infinity`, no refetch on focus. The first read of each runs at `view` priority.
 */
import { queryOptions, type QueryClient } from '@tanstack/svelte-query';
import type { WatchUpdate } from '../../../src-main/shared/model';
import { call, desk } from '../bridge';
import { keys, type ChannelListParams } from './keys';

export const workspaceQuery = () =>
  queryOptions({
    queryKey: keys.workspace(),
    queryFn: () => call('workspace.get', {}),
    staleTime: Infinity,
  });

export const budgetQuery = () =>
  queryOptions({
    queryKey: keys.budget(),
    queryFn: () => call('budget.get', {}),
    staleTime: Infinity,
  });

export const channelsQuery = (params: ChannelListParams) =>
  queryOptions({
    queryKey: keys.channels(params),
    queryFn: () =>
      call('channel.list', {
        ...(params.keyword ? { keyword: params.keyword } : {}),
        order: params.order,
      }),
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  });

export const broadcastQuery = (broadcastKey: string) =>
  queryOptions({
    queryKey: keys.broadcast(broadcastKey),
    queryFn: () => call('broadcast.get', { broadcastKey }),
    staleTime: Infinity,
  });

export const participantsQuery = (broadcastKey: string) =>
  queryOptions({
    queryKey: keys.participants(broadcastKey),
    queryFn: () => call('broadcast.participants', { broadcastKey }),
    staleTime: Infinity,
  });

export const viewersQuery = (broadcastKey: string) =>
  queryOptions({
    queryKey: keys.viewers(broadcastKey),
    queryFn: () => call('broadcast.viewers', { broadcastKey }),
    staleTime: Infinity,
  });

/**
 * Feeds main's pushed values into the cache: watch updates and budget changes.
 * Channel-list updates are routed by the list itself (it knows its watch id).
 * @returns the function that stops listening.
 */
export function connectLiveUpdates(
  client: QueryClient,
  onChannels: (update: Extract<WatchUpdate, { kind: 'channels' }>) => void,
): () => void {
  const offWatch = desk.on('watch.update', (update) => {
    switch (update.kind) {
      case 'broadcast':
        client.setQueryData(keys.broadcast(update.broadcastKey), {
          data: update.data,
          fetchedAt: update.fetchedAt,
        });
        break;
      case 'participants':
        client.setQueryData(keys.participants(update.broadcastKey), {
          data: update.data,
          fetchedAt: update.fetchedAt,
        });
        break;
      case 'viewers':
        client.setQueryData(keys.viewers(update.broadcastKey), {
          data: update.data,
          fetchedAt: update.fetchedAt,
        });
        break;
      case 'channels':
        onChannels(update);
        break;
      case 'error':
        break;
    }
  });
  const offBudget = desk.on('budget.changed', (budgets) =>
    client.setQueryData(keys.budget(), budgets),
  );
  return () => {
    offWatch();
    offBudget();
  };
}
