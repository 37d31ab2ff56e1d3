/**
 * The download list of one workspace (docs/dev/architecture.md, "Uploads and downloads"): downloads of
 * recording files, chat and like data, VOD originals, transcoding files and posters, two at a time.
 *
 * - The short-lived download URL is asked for just in time (`resolve`, at `bulk` priority),
 *   kept in memory only, and asked for again when it expired or the server says it is gone.
 * - Bytes go to `<name>.part` beside the target; at the end it is renamed to `<name>`, or
 *   `<name> (2)` … when that name is taken. Nothing half-written is ever under the final name,
 *   and no file is ever replaced. A part file is continued or deleted only when it is the one
 *   the list wrote, never through a link (part-file.ts).
 * - Pause keeps the part file; resume continues with `Range` (download-run.ts); cancel
 *   deletes it. A broken connection is tried again (3 times, 0.5 s, 1 s, 1.5 s apart) from
 *   where the part file ends.
 * - The list survives a restart (download-store.ts): what was running is queued again.
 * - Every change is pushed as the whole list (`onChange`, the `downloads.changed` event): at once
 *   when a download changes state, at most 4 times a second while bytes flow. Each change
 *   counts up `version`, so the renderer keeps the newest of a read and an event.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { PlatformError } from '../../platform/errors';
import type {
  Download,
  DownloadChange,
  DownloadSource,
  DownloadState,
} from '../../shared/downloads-model';
import { ChangeFeed } from '../core/change-feed';
import { SpeedMeter, etaSeconds } from '../core/speed-meter';
import {
  failureWords,
  runDownloadTask,
  type DownloadEntry,
  type DownloadLink,
} from './download-task';
import { downloadFileName, numbered } from './file-names';
import { isFree, removeOwnPart } from './part-file';
import { DownloadStore, toStored } from './download-store';

/** What the engine needs from its workspace and host. */
export interface DownloadListOptions {
  dataDir: string;
  workspaceId: string;
  /** Asks the platform for the source's download URL (at `bulk` priority). */
  resolve: (source: DownloadSource, signal: AbortSignal) => Promise<DownloadLink>;
  /** The download folder now; `ready` makes sure it can be written (throws why not). */
  folder: { get(): Promise<string>; ready(folder: string): Promise<void> };
  log: (message: string) => void;
  /** Epoch ms UTC (the workstation's clock). */
  now: () => number;
  /** Downloads at once (default 2). */
  concurrency?: number;
  /** Wait before the n-th try after a broken connection, ms × n (default 500). */
  retryStepMs?: number;
  /** Receives the whole list after changes (`downloads.changed`). */
  onChange?: (change: DownloadChange) => void;
  /** Least time between two progress events, ms (default 250: 4 a second). */
  eventSpacingMs?: number;
  fetch?: typeof fetch;
}

/** Byte counts reach the disk at most this often, ms. */
const saveSpacingMs = 1000;

/** The download list of one workspace (its items are the bridge's `Download`s). */
export class DownloadList {
  readonly #options: DownloadListOptions;
  readonly #store: DownloadStore;
  readonly #entries = new Map<string, DownloadEntry>();
  #lastSaveMs = 0;
  #disposed = false;
  /** Pushes the list after changes and counts them (DownloadChange.version). */
  readonly #feed: ChangeFeed<Download[]>;
  readonly #listId = randomUUID();

  private constructor(options: DownloadListOptions) {
    this.#options = options;
    this.#store = new DownloadStore(options.dataDir, options.workspaceId);
    const { onChange, workspaceId } = options;
    const listId = this.#listId;
    this.#feed = new ChangeFeed(
      () => this.list(),
      onChange && ((version, items) => onChange({ workspaceId, listId, version, items })),
      options.eventSpacingMs,
    );
  }

  /** Opens the workspace's list from disk; what was running starts again. */
  static async open(options: DownloadListOptions): Promise<DownloadList> {
    const engine = new DownloadList(options);
    for (const stored of await engine.#store.load()) {
      const { partPath, part, ...download } = stored;
      const state: DownloadState = download.state === 'downloading' ? 'queued' : download.state;
      engine.#entries.set(download.id, {
        download: { ...download, state, bytesPerSecond: null, etaSeconds: null },
        partPath,
        part: part ?? null,
        link: null,
        controller: null,
        running: null,
        speed: new SpeedMeter(),
      });
    }
    engine.#pump();
    return engine;
  }

  /** The file the list is kept in. */
  get storePath(): string {
    return this.#store.path;
  }

  /** The list as `downloads.list` answers it (without the folder), with its change count. */
  snapshot(): { listId: string; version: number; items: Download[] } {
    return { listId: this.#listId, version: this.#feed.version, items: this.list() };
  }

  /** Every download, newest first, with its speed and time left now. */
  list(): Download[] {
    const nowMs = this.#options.now();
    return [...this.#entries.values()]
      .map(({ download, speed }) => {
        if (download.state !== 'downloading') return download;
        const bytesPerSecond = speed.bytesPerSecond(nowMs);
        const left =
          download.totalBytes === null ? null : download.totalBytes - download.receivedBytes;
        return {
          ...download,
          bytesPerSecond,
          etaSeconds: left === null ? null : etaSeconds(left, bytesPerSecond),
        };
      })
      .sort((a, b) => b.queuedAt - a.queuedAt);
  }

  /** Queues a download into the current download folder. @returns its id. */
  async start(source: DownloadSource, label: string | undefined): Promise<string> {
    const folder = await this.#options.folder.get();
    const id = randomUUID();
    this.#entries.set(id, {
      download: {
        id,
        source,
        label: label ?? '',
        state: 'queued',
        fileName: null,
        folder,
        path: null,
        receivedBytes: 0,
        totalBytes: null,
        bytesPerSecond: null,
        etaSeconds: null,
        note: null,
        error: null,
        queuedAt: this.#options.now(),
      },
      partPath: null,
      part: null,
      link: null,
      controller: null,
      running: null,
      speed: new SpeedMeter(),
    });
    await this.#save();
    this.#pump();
    return id;
  }

  /** Stops queued or running downloads; the part file stays. @returns how many changed. */
  async pause(ids?: string[]): Promise<number> {
    const picked = this.#pick(ids, ['queued', 'downloading']);
    for (const entry of picked) this.#stop(entry, 'paused');
    await settled(picked);
    await this.#save();
    return picked.length;
  }

  /** Queues paused downloads again. */
  async resume(ids?: string[]): Promise<number> {
    return this.#requeue(this.#pick(ids, ['paused']));
  }

  /** Queues failed or cancelled downloads again. */
  async retry(ids?: string[]): Promise<number> {
    return this.#requeue(this.#pick(ids, ['failed', 'cancelled']));
  }

  /** Stops downloads and deletes their part files. */
  async cancel(ids?: string[]): Promise<number> {
    const picked = this.#pick(ids, ['queued', 'downloading', 'paused', 'failed']);
    for (const entry of picked) this.#stop(entry, 'cancelled');
    await settled(picked);
    for (const entry of picked) await this.#dropPart(entry);
    await this.#save();
    return picked.length;
  }

  /** Takes finished, failed or cancelled downloads off the list (a failed one's part too). */
  async remove(ids?: string[]): Promise<number> {
    const picked = this.#pick(ids, ['done', 'failed', 'cancelled']);
    for (const entry of picked) {
      await this.#dropPart(entry);
      this.#entries.delete(entry.download.id);
    }
    await this.#save();
    return picked.length;
  }

  /** Stops every download where it is (part files and the list kept). */
  async dispose(): Promise<void> {
    this.#disposed = true;
    this.#feed.close();
    const running = [...this.#entries.values()].filter((entry) => entry.running !== null);
    for (const entry of running) entry.controller?.abort(new Error('closing'));
    await settled(running);
    await this.#save();
  }

  #pick(ids: string[] | undefined, states: DownloadState[]): DownloadEntry[] {
    const wanted = ids === undefined ? null : new Set(ids);
    return [...this.#entries.values()].filter(
      (entry) =>
        (wanted === null || wanted.has(entry.download.id)) && states.includes(entry.download.state),
    );
  }

  #stop(entry: DownloadEntry, state: 'paused' | 'cancelled'): void {
    entry.download = { ...entry.download, state, bytesPerSecond: null, etaSeconds: null };
    entry.controller?.abort(new Error(state));
  }

  async #requeue(picked: DownloadEntry[]): Promise<number> {
    for (const entry of picked)
      entry.download = { ...entry.download, state: 'queued', error: null };
    await this.#save();
    this.#pump();
    return picked.length;
  }

  /** Deletes the entry's part file, only if it is still the one the list wrote (part-file.ts). */
  async #dropPart(entry: DownloadEntry): Promise<void> {
    if (entry.partPath !== null) await removeOwnPart(entry.partPath, entry.part);
    entry.partPath = null;
    entry.part = null;
    entry.download = { ...entry.download, receivedBytes: 0 };
  }

  #pump(): void {
    if (this.#disposed) return;
    const entries = [...this.#entries.values()];
    let running = entries.filter((entry) => entry.running !== null).length;
    const waiting = entries
      .filter((entry) => entry.download.state === 'queued' && entry.running === null)
      .sort((a, b) => a.download.queuedAt - b.download.queuedAt);
    for (const entry of waiting) {
      if (running >= (this.#options.concurrency ?? 2)) break;
      running += 1;
      const controller = new AbortController();
      entry.controller = controller;
      entry.download = { ...entry.download, state: 'downloading', error: null };
      entry.running = this.#run(entry, controller.signal).finally(() => {
        entry.running = null;
        entry.controller = null;
        this.#pump();
      });
      this.#feed.changed(true);
    }
  }

  async #run(entry: DownloadEntry, signal: AbortSignal): Promise<void> {
    try {
      await runDownloadTask(
        entry,
        {
          ready: (folder) => this.#options.folder.ready(folder),
          resolve: (source, signal) => this.#options.resolve(source, signal),
          now: () => this.#options.now(),
          retryStepMs: this.#options.retryStepMs ?? 500,
          note: (note) => this.#note(entry, note),
          choosePart: (name) => this.#choosePart(entry, name),
          progress: (received, total) => this.#progress(entry, received, total),
          fetch: this.#options.fetch,
        },
        signal,
      );
      await this.#save();
    } catch (error) {
      if (signal.aborted) return; // paused, cancelled or closing: the caller set the state
      const said = failureWords(error);
      if (!(error instanceof PlatformError)) this.#options.log(`download failed: ${String(error)}`);
      entry.download = { ...entry.download, state: 'failed', error: said, bytesPerSecond: null };
      await this.#save();
    }
  }

  /**
   * Picks `<name>.part` in the download's folder, or `<name> (2).part` … : a name no other
   * download uses and nothing on disk has (a file or link there is someone else's).
   */
  async #choosePart(entry: DownloadEntry, platformName: string): Promise<void> {
    const fileName = downloadFileName(platformName);
    const taken = new Set([...this.#entries.values()].map((other) => other.partPath));
    let partPath = join(entry.download.folder, `${fileName}.part`);
    for (let n = 2; taken.has(partPath) || !(await isFree(partPath)); n += 1)
      partPath = join(entry.download.folder, `${numbered(fileName, n)}.part`);
    entry.partPath = partPath;
    entry.part = null;
    entry.download = {
      ...entry.download,
      fileName,
      label: entry.download.label === '' ? fileName : entry.download.label,
    };
  }

  #note(entry: DownloadEntry, note: 'restarted' | 'new-url'): void {
    entry.download = { ...entry.download, note };
    this.#feed.changed(false);
  }

  #progress(entry: DownloadEntry, received: number, total: number | null): void {
    const nowMs = this.#options.now();
    entry.speed.add(nowMs, received);
    entry.download = { ...entry.download, receivedBytes: received, totalBytes: total };
    this.#feed.changed(false);
    if (nowMs - this.#lastSaveMs >= saveSpacingMs) void this.#persist();
  }

  /** Writes the list after a state change and tells the listener at once. */
  #save(): Promise<void> {
    this.#feed.changed(true);
    return this.#persist();
  }

  #persist(): Promise<void> {
    this.#lastSaveMs = this.#options.now();
    const items = [...this.#entries.values()].map((entry) =>
      toStored(entry.download, entry.partPath, entry.part),
    );
    return this.#store.save(items, this.#options.log);
  }
}

/** Waits for the runs of `entries` to end (those not running end at once). */
async function settled(entries: DownloadEntry[]): Promise<void> {
  await Promise.all(entries.map((entry) => entry.running ?? Promise.resolve()));
}
