/**
 * What the renderer keeps of the server state it last saw, per workspace (never a
 * secret): a few query results (the control
 * room's channel list, the Library's contents and categories...), each with the time it was
 * fetched, so that after a restart a view shows them at once, marked with their age, while
 * it reads them again. Main keeps them in the data folder as `cache.<workspaceId>.json`.
 */

/** A JSON value, as a query key part or a query's data crosses the bridge. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** One query's last result. */
export interface PersistedQuery {
  /** The TanStack Query key, e.g. `['channels', '', 'id_desc']`. */
  queryKey: JsonValue[];
  /** When the result arrived in the renderer, epoch ms UTC (the query's `dataUpdatedAt`). */
  updatedAt: number;
  /** The result as the view holds it (its own `fetchedAt`, if any, says its age). */
  data: JsonValue;
}

/** The saved results of one workspace. */
export interface PersistedCache {
  /** The workspace they belong to (`sandbox`, `acc-…`, `pair-…`). */
  workspaceId: string;
  /** When they were written, epoch ms UTC; 0 when nothing was ever saved. */
  savedAt: number;
  queries: PersistedQuery[];
}

/** What a save did: `saved` false when the workspace is no longer the active one. */
export interface PersistSaveResult {
  saved: boolean;
  /** Queries written (the oldest are dropped past the size cap; secret-looking ones never). */
  kept: number;
  /** Size of what was written, bytes of compact JSON. */
  bytes: number;
}
