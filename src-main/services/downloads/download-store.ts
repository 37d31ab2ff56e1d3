/**
 * The download list on disk: `transfers-<workspaceId>.json` in the data folder (the name it had
 * before the list was called downloads, so lists already on disk are read), one per
 * workspace, written atomically through {@link JsonStateFile} and validated on read (a corrupt
 * file is set aside and the list starts empty). It never holds a download URL: those carry
 * a token and live 5 minutes, so a restarted app asks for a new one.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { downloadSource, downloadStates, type Download } from '../../shared/downloads-model';
import { messageRefSchema } from '../../shared/i18n/say';
import { JsonStateFile } from '../core/local-state';
import type { PartRecord } from './part-file';

/** One stored download: the list's fields without the live figures, plus its part file. */
const storedDownload = z.object({
  id: z.string().min(1).max(64),
  source: downloadSource,
  label: z.string().max(200),
  state: z.enum(downloadStates),
  fileName: z.string().min(1).max(255).nullable(),
  folder: z.string().min(1),
  path: z.string().nullable(),
  partPath: z.string().nullable(),
  /**
   * What the list recorded of its part file when it last wrote it (part-file.ts): a part is
   * continued or deleted only when it still has this size and time. Absent in lists written
   * before: such a part is left alone and the download starts over under another name.
   */
  part: z
    .object({ bytes: z.number().int().min(0), mtimeMs: z.number() })
    .nullable()
    .optional(),
  receivedBytes: z.number().int().min(0),
  totalBytes: z.number().int().min(0).nullable(),
  note: z.enum(['restarted', 'new-url']).nullable(),
  error: z.object({ message: z.string(), text: messageRefSchema.optional() }).nullable(),
  queuedAt: z.number(),
});

/** A download as kept on disk. */
export type StoredDownload = z.infer<typeof storedDownload>;

const fileSchema = z.object({ version: z.literal(1), items: z.array(storedDownload) });

/** The stored shape of `download` (no speed, no URL), with its part file and its record. */
export function toStored(
  download: Download,
  partPath: string | null,
  part: PartRecord | null,
): StoredDownload {
  const { bytesPerSecond: _speed, etaSeconds: _eta, ...kept } = download;
  return { ...kept, partPath, part };
}

/** The list file of one workspace; writes never overlap, the last one wins. */
export class DownloadStore {
  readonly #file: JsonStateFile<z.infer<typeof fileSchema>>;
  #chain: Promise<void> = Promise.resolve();

  constructor(dataDir: string, workspaceId: string) {
    const safeId = workspaceId.replace(/[^A-Za-z0-9_-]/g, '_');
    this.#file = new JsonStateFile(
      join(dataDir, `transfers-${safeId}.json`),
      fileSchema,
      () => ({ version: 1 as const, items: [] }),
      'download list',
    );
  }

  /** The file's path (tests read it). */
  get path(): string {
    return this.#file.path;
  }

  /** The stored downloads (empty when missing or set aside). Never throws. */
  async load(): Promise<StoredDownload[]> {
    return (await this.#file.read()).value.items;
  }

  /** Writes `items` after any write under way. @returns when it is on disk. */
  save(items: StoredDownload[], log: (message: string) => void): Promise<void> {
    this.#chain = this.#chain
      .then(() => this.#file.write({ version: 1, items }))
      .catch((error: unknown) => {
        log(`download list not saved: ${error instanceof Error ? error.message : String(error)}`);
      });
    return this.#chain;
  }
}
