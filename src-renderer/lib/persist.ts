/**
 * What was last seen, shown at once after a restart (server state is kept per
 * workspace, never a secret). A few safe query results (the control room's channel list
 * and broadcasts, the Library's contents and categories; see `persistedRoots`) are saved per
 * workspace through main (`persist.save`, a file in the data folder: the browser host's
 * origin changes with its port, so localStorage would forget them), and put back into the
 * cache at start and after a workspace switch (`persist.load`). Each keeps its own
 * `fetchedAt`, so a view shows its age; each is marked stale, so a view that shows it reads it
 * again at once (at the view's own priority, within the budget).
 *
 * Why not `persistQueryClient` of @tanstack/query-persist-client: its `hydrate` only writes a
 * query that is not newer in the cache and keeps `staleTime: Infinity` queries (the control
 * room's, kept fresh by pushes) from being read again, and a query that no view observes is
 * garbage-collected and then dropped from the next save. Here a restored result only fills a
 * query that has nothing yet, is invalidated, and stays saved until a newer result replaces it.
 */
import { hashKey, type Query, type QueryClient } from '@tanstack/svelte-query';
import type { JsonValue, PersistedQuery } from '../../src-main/shared/persist-model';
import { call, desk } from './bridge';

/**
 * First parts of the query keys worth showing at once after a restart. Nothing here holds a
 * secret (main drops any query that looks like one anyway). A query elsewhere opts in with
 * `meta: { persist: true }`.
 */
export const persistedRoots: ReadonlySet<string> = new Set([
  'channels',
  'broadcast',
  'vod-categories',
  // The Library's categories, VOD channels, contents list and content overviews
  // (lib/queries/library.ts: every key starts with 'library').
  'library',
]);

/** A save waits this long after a change, so a burst of updates is written once, ms. */
export const saveDelayMs = 1_500;
/**
 * Saves at least this far apart, ms: the control room's list changes with every poll during
 * a live event, and the age a restart shows needs no finer grain than this.
 */
export const minSaveSpacingMs = 10_000;
/** At most this many queries per workspace (the newest kept). */
const maxQueries = 60;
/** Pages of an infinite list kept: the first rows are what a view shows at once. */
const keptPages = 2;

/** True when `query`'s results are saved. */
export function isPersisted(query: Pick<Query, 'meta' | 'queryKey'>): boolean {
  return query.meta?.persist === true || persistedRoots.has(String(query.queryKey[0]));
}

/** How a page takes part in the saved queries. */
export interface PersistOptions {
  /**
   * A pop-out window (lib/pop-out.ts): it restores what the main window saved without marking
   * it stale (the main window keeps it fresh and saves it at least every 10 s, and the pop-out's
   * live state arrives from main's watches), so opening a pop-out reads nothing again from the
   * platform; and it never saves, so two windows never race to write one file.
   */
  follower?: boolean;
  /** Called once the first restore is done (or failed): a pop-out shows its view then. */
  onRestored?: () => void;
}

/**
 * Restores the active workspace's saved queries into `client`, then saves them as they
 * change; follows workspace switches. Answers the function that stops it.
 */
export function persistQueries(client: QueryClient, options: PersistOptions = {}): () => void {
  const follower = options.follower === true;
  let onRestored = options.onRestored;
  let workspaceId: string | null = null;
  /** What is saved, by query hash: a restored result stays until a newer one replaces it. */
  let saved = new Map<string, PersistedQuery>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastSaveAt = Number.NEGATIVE_INFINITY;
  const schedule = (): void => {
    const wait = Math.max(saveDelayMs, lastSaveAt + minSaveSpacingMs - performance.now());
    timer ??= setTimeout(flush, wait);
  };
  let generation = 0;
  let restoring = false;

  const restore = async (): Promise<void> => {
    try {
      await restoreNow();
    } finally {
      onRestored?.();
      onRestored = undefined;
    }
  };
  const restoreNow = async (): Promise<void> => {
    const mine = ++generation;
    const cache = await call('persist.load', {}).catch(() => null);
    // A switch while this was read: that workspace's own restore runs instead.
    if (cache === null || mine !== generation) return;
    workspaceId = cache.workspaceId;
    saved = new Map(cache.queries.map((query) => [hashKey(query.queryKey), query]));
    restoring = true;
    try {
      for (const query of cache.queries) {
        if (client.getQueryData(query.queryKey) !== undefined) continue;
        client.setQueryData(query.queryKey, query.data, { updatedAt: query.updatedAt });
        if (follower) continue;
        // Shown at once, read again as soon as a view observes it (even `staleTime: Infinity`).
        void client.invalidateQueries({
          queryKey: query.queryKey,
          exact: true,
          refetchType: 'none',
        });
      }
    } finally {
      restoring = false;
    }
    // What views read before the workspace was known is saved now.
    schedule();
  };

  const flush = (): void => {
    timer = null;
    if (workspaceId === null || follower) return;
    for (const query of client.getQueryCache().getAll()) {
      if (!isPersisted(query) || query.state.status !== 'success') continue;
      if (query.state.data === undefined) continue;
      saved.set(query.queryHash, {
        queryKey: toJson(query.queryKey) as JsonValue[],
        updatedAt: query.state.dataUpdatedAt,
        data: toJson(firstPages(query.state.data)),
      });
    }
    const queries = [...saved.values()]
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .slice(0, maxQueries);
    lastSaveAt = performance.now();
    // Losing a save costs only the age of what a restart shows: nothing to tell the operator.
    void call('persist.save', { workspaceId, queries }).catch(() => undefined);
  };

  const offCache = client.getQueryCache().subscribe((event) => {
    if (restoring || event.type !== 'updated' || event.action.type !== 'success') return;
    const { meta, queryKey } = event.query as Pick<Query, 'meta' | 'queryKey'>;
    if (!isPersisted({ meta, queryKey })) return;
    schedule();
  });
  const offWorkspace = desk.on('workspace.changed', (next) => {
    if (next.active.id === workspaceId) return;
    // Whatever waited belongs to the workspace that is gone (its views were just cleared).
    if (timer !== null) clearTimeout(timer);
    timer = null;
    workspaceId = null;
    saved = new Map();
    void restore();
  });
  const onHide = (): void => {
    if (timer === null) return;
    clearTimeout(timer);
    flush();
  };
  window.addEventListener('pagehide', onHide);
  void restore();
  return () => {
    generation += 1;
    offCache();
    offWorkspace();
    window.removeEventListener('pagehide', onHide);
    if (timer !== null) clearTimeout(timer);
  };
}

/** An infinite query's first pages only; any other data as it is. */
function firstPages(data: unknown): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const { pages, pageParams } = data as { pages?: unknown; pageParams?: unknown };
  if (!Array.isArray(pages) || !Array.isArray(pageParams)) return data;
  return { pages: pages.slice(0, keptPages), pageParams: pageParams.slice(0, keptPages) };
}

/** `value` as plain JSON (drops `undefined` fields, which an IPC answer may carry). */
function toJson(value: unknown): JsonValue {
  return JSON.parse(JSON.stringify(value ?? null)) as JsonValue;
}
