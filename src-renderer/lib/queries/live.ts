/**
 * Query options of the live control room. Live values are kept fresh by the watch planner
 * in main (pushed as `watch.update` events into this cache), so these queries never poll:
 * `staleTime: Infinity`, no refetch on focus. The first read of each runs at `view` priority.
 * A command's result reaches the cache once, as the event main pushes to every window; a
 * failed poll marks its figure stale until a poll of it succeeds.
 */
import { queryOptions, type QueryClient } from '@tanstack/svelte-query';
import type { CallMeta, CommandInput } from '../../../src-main/shared/bridge';
import type { Broadcast, Fresh, WatchUpdate } from '../../../src-main/shared/model';
import { call, desk } from '../bridge';
import { onWatchUpdate } from '../watch-updates';
import { keys } from './keys';

/**
 * Why a live figure is stale: the last failed poll of it (docs/dev/architecture.md, "The API
 * budget").
 */
export type LiveProblem = Omit<Extract<WatchUpdate, { kind: 'error' }>, 'kind'>;

/** How long a command waits for its pushed result before showing its own answer, ms. */
const pushWaitMs = 5_000;

export const workspaceQuery = () =>
  queryOptions({
    queryKey: keys.workspace(),
    queryFn: ({ signal }) => call('workspace.get', {}, { signal }),
    staleTime: Infinity,
  });

export const budgetQuery = () =>
  queryOptions({
    queryKey: keys.budget(),
    queryFn: ({ signal }) => call('budget.get', {}, { signal }),
    staleTime: Infinity,
  });

export const broadcastQuery = (broadcastKey: string) =>
  queryOptions({
    queryKey: keys.broadcast(broadcastKey),
    queryFn: ({ signal }) => call('broadcast.get', { broadcastKey }, { signal }),
    staleTime: Infinity,
  });

export const participantsQuery = (broadcastKey: string) =>
  queryOptions({
    queryKey: keys.participants(broadcastKey),
    queryFn: ({ signal }) => call('broadcast.participants', { broadcastKey }, { signal }),
    staleTime: Infinity,
  });

export const viewersQuery = (broadcastKey: string) =>
  queryOptions({
    queryKey: keys.viewers(broadcastKey),
    queryFn: ({ signal }) => call('broadcast.viewers', { broadcastKey }, { signal }),
    staleTime: Infinity,
  });

/** The problem of a live figure, or null while its polls work; filled only by events. */
export const liveProblemQuery = (topic: LiveProblem['topic'], subject: string) =>
  queryOptions<LiveProblem | null>({
    queryKey: keys.liveProblem(topic, subject),
    queryFn: () => null,
    initialData: null,
    staleTime: Infinity,
  });

/** Commands on one broadcast whose answer is the broadcast as the platform now holds it. */
type BroadcastCommand =
  | 'broadcast.rename'
  | 'broadcast.startRecording'
  | 'broadcast.stopRecording'
  | 'broadcast.setCuePoint';

/**
 * Runs a broadcast command and resolves once its result is in the cache. The result gets
 * there as the `watch.update` main pushes to every window, not from this answer, so the
 * view sees it once; the answer is written only if that event has not come in
 * {@link pushWaitMs} (the event stream is down), and never over a newer value.
 * @throws DeskCallError with main's error when the command is refused.
 */
export async function runBroadcastCommand<C extends BroadcastCommand>(
  client: QueryClient,
  command: C,
  input: CommandInput<C> & { broadcastKey: string },
  meta: CallMeta = {},
): Promise<Fresh<Broadcast>> {
  const fresh: Fresh<Broadcast> = await call<BroadcastCommand>(command, input, meta);
  const key = keys.broadcast(input.broadcastKey);
  const shown = () =>
    (client.getQueryData<Fresh<Broadcast>>(key)?.fetchedAt ?? -1) >= fresh.fetchedAt;
  if (!shown()) {
    await new Promise<void>((resolve) => {
      const done = () => {
        off();
        clearTimeout(timer);
        resolve();
      };
      const off = client.getQueryCache().subscribe(() => {
        if (shown()) done();
      });
      const timer = setTimeout(() => {
        setFresh(client, key, fresh);
        done();
      }, pushWaitMs);
    });
  }
  return fresh;
}

/**
 * Feeds main's pushed values into the cache: watch updates (pushed, or replayed when this page
 * joined a watch: lib/watch-updates.ts), poll failures and budget changes. Channel-list updates are routed by the list itself (it knows its watch id).
 * @returns the function that stops listening.
 */
export function connectLiveUpdates(
  client: QueryClient,
  onChannels: (update: Extract<WatchUpdate, { kind: 'channels' }>) => void,
): () => void {
  const offWatch = onWatchUpdate((update) => {
    switch (update.kind) {
      case 'broadcast':
        setFresh(client, keys.broadcast(update.broadcastKey), update);
        clearProblem(client, update.kind, update.broadcastKey);
        break;
      case 'participants':
        setFresh(client, keys.participants(update.broadcastKey), update);
        clearProblem(client, update.kind, update.broadcastKey);
        break;
      case 'viewers':
        setFresh(client, keys.viewers(update.broadcastKey), update);
        clearProblem(client, update.kind, update.broadcastKey);
        break;
      case 'channels':
        onChannels(update);
        clearProblem(client, 'channels', update.watchId);
        break;
      case 'error': {
        const { kind: _kind, ...problem } = update;
        client.setQueryData(keys.liveProblem(update.topic, update.subject), problem);
        break;
      }
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

/** Writes a fresh value unless the cache already holds a newer one (answers may cross). */
function setFresh(
  client: QueryClient,
  key: readonly unknown[],
  fresh: { data: unknown; fetchedAt: number },
): void {
  const held = client.getQueryData<Fresh<unknown>>(key);
  if (held && held.fetchedAt > fresh.fetchedAt) return;
  client.setQueryData<Fresh<unknown>>(key, { data: fresh.data, fetchedAt: fresh.fetchedAt });
}

function clearProblem(client: QueryClient, topic: LiveProblem['topic'], subject: string): void {
  const key = keys.liveProblem(topic, subject);
  if (client.getQueryData(key)) client.setQueryData(key, null);
}
