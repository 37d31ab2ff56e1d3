/**
 * The upload queue on disk: `uploads-<workspaceId>.json` in the data folder, one per
 * workspace, written atomically through {@link JsonStateFile} and validated on read (a corrupt
 * file is set aside and the queue starts empty, with a notice; nothing else is touched).
 *
 * Writes are coalesced and never overlap: a state change asks for a write at once
 * (`urgent`), byte offsets at most once per {@link offsetWriteSpacingMs}.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { JsonStateFile, type ReadResult } from '../core/local-state';
import { defaultConcurrency, uploadQueueSchema, type UploadQueueFile } from './upload-record';

/** Offsets of running uploads reach the disk at most this often, ms. */
export const offsetWriteSpacingMs = 1000;

/** The queue file of one workspace. */
export class UploadQueueStore {
  readonly #file: JsonStateFile<UploadQueueFile>;
  readonly #snapshot: () => UploadQueueFile;
  readonly #log: (message: string) => void;
  #writing: Promise<void> | null = null;
  #dirty = false;
  #urgent = false;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #lastWriteMs = 0;
  #failedOnce = false;

  /**
   * @param snapshot answers the queue as it is now (called when a write starts).
   * @param log where a failed write is reported (once; the next success clears it).
   */
  constructor(
    dataDir: string,
    workspaceId: string,
    snapshot: () => UploadQueueFile,
    log: (message: string) => void,
  ) {
    const safeId = workspaceId.replace(/[^A-Za-z0-9_-]/g, '_');
    this.#file = new JsonStateFile(
      join(dataDir, `uploads-${safeId}.json`),
      uploadQueueSchema,
      () => ({ version: 1 as const, concurrency: defaultConcurrency, items: [] }),
      'upload queue',
    );
    this.#snapshot = snapshot;
    this.#log = log;
  }

  /** The file's path (tests read it). */
  get path(): string {
    return this.#file.path;
  }

  /** Reads the queue; `notice` explains a file that was set aside. Never throws. */
  async load(): Promise<ReadResult<UploadQueueFile>> {
    return this.#file.read();
  }

  /** The queue changed: write it at once (`urgent`) or within `offsetWriteSpacingMs`. */
  changed(urgent: boolean): void {
    this.#dirty = true;
    this.#urgent ||= urgent;
    if (this.#writing) return;
    const wait = urgent ? 0 : Math.max(0, this.#lastWriteMs + offsetWriteSpacingMs - Date.now());
    if (this.#timer !== null) {
      if (!urgent) return;
      clearTimeout(this.#timer);
    }
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#write();
    }, wait);
  }

  /** Writes what is pending now and resolves once it is on disk. */
  async flush(): Promise<void> {
    if (this.#timer !== null) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    while (this.#writing || this.#dirty) {
      await (this.#writing ?? this.#write());
    }
  }

  /** Stops pending timers (call `flush` first to keep the last changes). */
  dispose(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #write(): Promise<void> {
    this.#dirty = false;
    this.#urgent = false;
    this.#lastWriteMs = Date.now();
    const value = this.#snapshot();
    this.#writing = this.#file
      .write(value)
      .then(() => {
        this.#failedOnce = false;
      })
      .catch((error: unknown) => {
        if (!this.#failedOnce) this.#log(`upload queue not saved: ${(error as Error).message}`);
        this.#failedOnce = true;
      })
      .finally(() => {
        this.#writing = null;
        if (this.#dirty) this.changed(this.#urgent);
      });
    return this.#writing;
  }
}

/**
 * The paths of every file in any workspace's upload queue under `dataDir` (every
 * `uploads-*.json`; a file that does not read or validate is skipped). The browser host keeps
 * the copies of dropped files these name and sweeps the others.
 */
export async function queuedPaths(dataDir: string): Promise<Set<string>> {
  const paths = new Set<string>();
  const names = await readdir(dataDir).catch(() => [] as string[]);
  for (const name of names) {
    if (!/^uploads-.+\.json$/.test(name)) continue;
    try {
      const parsed = uploadQueueSchema.safeParse(
        JSON.parse(await readFile(join(dataDir, name), 'utf8')),
      );
      if (parsed.success) for (const item of parsed.data.items) paths.add(item.path);
    } catch {
      // Unreadable: its own loader sets it aside with a notice.
    }
  }
  return paths;
}
