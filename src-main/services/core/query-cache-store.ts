/**
 * The renderer's saved server state, one file per workspace in the data folder:
 * `cache.<workspaceId>.json` (shared/persist-model.ts). Written atomically (local-state.ts),
 * capped in size (the oldest queries go first), and never holding anything that looks like a
 * secret: a query whose data has a token, password, secret, stream key or user key field is
 * dropped before writing, whatever the renderer sent. A damaged file reads as empty (it is set
 * aside by JsonStateFile); the views then simply read from the platform.
 */
import { join } from 'node:path';
import { z } from 'zod';
import type { PersistedCache, PersistedQuery, PersistSaveResult } from '../../shared/persist-model';
import { JsonStateFile } from './local-state';

/** At most this many bytes of compact JSON per workspace (the oldest queries are dropped). */
export const cacheFileCapBytes = 2_000_000;

/**
 * Field names that carry secrets somewhere in the platform's answers (live stream keys, VOD
 * user keys shown once, tokens, passwords): a query holding one is never written.
 */
const secretField =
  /"(?:[A-Za-z_]*(?:token|Token|password|Password|secret|Secret)[A-Za-z_]*|stream_?[kK]ey|user_?[kK]ey|access_?[kK]ey)"\s*:/;

const fileSchema = z.object({
  version: z.literal(1),
  workspaceId: z.string(),
  savedAt: z.number(),
  queries: z.array(
    z.object({
      queryKey: z.array(z.unknown()),
      updatedAt: z.number(),
      data: z.unknown(),
    }),
  ),
});
type CacheFile = z.infer<typeof fileSchema>;

/** The saved queries of every workspace, in `dataDir`. */
export class QueryCacheStore {
  /** Writes of one file run one after the other (a newer save never lands under an older). */
  readonly #writes = new Map<string, Promise<unknown>>();

  constructor(
    private readonly dataDir: string,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  /** The saved queries of `workspaceId`; none when it has no file or the file is damaged. */
  async load(workspaceId: string): Promise<PersistedCache> {
    await this.#writes.get(workspaceId);
    const { value, notice } = await this.#file(workspaceId).read();
    if (notice) this.log(`view cache: ${notice}`);
    // A file renamed by hand to another workspace's name is not that workspace's data.
    if (value.workspaceId !== workspaceId) return { workspaceId, savedAt: 0, queries: [] };
    return {
      workspaceId,
      savedAt: value.savedAt,
      queries: value.queries as PersistedQuery[],
    };
  }

  /**
   * Replaces the saved queries of `workspaceId` with `queries` minus secret-looking ones,
   * newest first up to `cacheFileCapBytes`. `now` is epoch ms UTC.
   */
  async save(
    workspaceId: string,
    queries: readonly PersistedQuery[],
    now: number,
  ): Promise<PersistSaveResult> {
    const kept: PersistedQuery[] = [];
    let bytes = 0;
    for (const query of [...queries].sort((a, b) => b.updatedAt - a.updatedAt)) {
      const text = JSON.stringify(query);
      if (secretField.test(text)) continue;
      if (bytes + text.length > cacheFileCapBytes) continue;
      bytes += text.length;
      kept.push(query);
    }
    const file: CacheFile = { version: 1, workspaceId, savedAt: now, queries: kept };
    const previous = this.#writes.get(workspaceId) ?? Promise.resolve();
    const write = previous.catch(() => undefined).then(() => this.#file(workspaceId).write(file));
    this.#writes.set(workspaceId, write);
    await write;
    return { saved: true, kept: kept.length, bytes };
  }

  #file(workspaceId: string): JsonStateFile<CacheFile> {
    const safeId = workspaceId.replace(/[^A-Za-z0-9_-]/g, '_');
    return new JsonStateFile(
      join(this.dataDir, `cache.${safeId}.json`),
      fileSchema,
      () => ({ version: 1 as const, workspaceId, savedAt: 0, queries: [] }),
      'view cache',
    );
  }
}
