/**
 * The `upload.changed` events of one upload engine: only the files that changed (and those
 * removed) since the last event, plus the summary; at once after a state change (the
 * synchronous changes of one operator action gathered into one event), at most every
 * `spacingMs` while only bytes flow (docs/dev/architecture.md, "Uploads and downloads": at most 4
 * events a second).
 */
import type { UploadChange, UploadItem, UploadSummary } from '../../shared/uploads';

/**
 * The number of the last `upload.changed` sent by any engine of this process: one counter
 * for all, so a workspace switch never makes an older change look newer to the renderer.
 */
let lastChangeSeq = 0;

/** The number of the last change sent by any engine (a snapshot carries it). */
export function lastUploadChangeSeq(): number {
  return lastChangeSeq;
}

/** What the batcher reads when an event leaves: the item of a file still queued, the summary. */
export interface UploadChangeSource {
  item(id: string): UploadItem | null;
  summary(): UploadSummary;
}

/** Gathers changed and removed files and sends them as one `UploadChange`. */
export class UploadChangeBatcher {
  readonly #changedIds = new Set<string>();
  #removedIds: string[] = [];
  #timer: ReturnType<typeof setTimeout> | null = null;
  #soon = false;
  #lastSentMs = 0;
  #closed = false;

  /**
   * @param spacingMs least time between two events while only bytes flow, ms
   * @param send receives each event
   */
  constructor(
    readonly source: UploadChangeSource,
    readonly spacingMs: number,
    readonly send: (change: UploadChange) => void,
  ) {}

  /** File `id` changed: `now` for a state change the operator sees, else progress. */
  changed(id: string, now: boolean): void {
    this.#changedIds.add(id);
    this.#schedule(now);
  }

  /** File `id` left the queue. */
  removed(id: string): void {
    this.#changedIds.delete(id);
    this.#removedIds.push(id);
    this.#schedule(true);
  }

  /** The summary changed (e.g. the concurrency): an event at once. */
  summaryChanged(): void {
    this.#schedule(true);
  }

  /** Sends nothing more. */
  close(): void {
    this.#closed = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #schedule(now: boolean): void {
    if (this.#closed) return;
    if (now && !this.#soon) {
      this.#soon = true;
      if (this.#timer !== null) clearTimeout(this.#timer);
      this.#timer = null;
      queueMicrotask(() => this.#send());
      return;
    }
    if (this.#soon || this.#timer !== null) return;
    const wait = Math.max(0, this.#lastSentMs + this.spacingMs - performance.now());
    this.#timer = setTimeout(() => this.#send(), wait);
  }

  #send(): void {
    this.#soon = false;
    this.#timer = null;
    if (this.#closed) return;
    this.#lastSentMs = performance.now();
    const items: UploadItem[] = [];
    for (const id of this.#changedIds) {
      const item = this.source.item(id);
      if (item) items.push(item);
    }
    this.#changedIds.clear();
    const removed = this.#removedIds;
    this.#removedIds = [];
    lastChangeSeq += 1;
    this.send({ seq: lastChangeSeq, items, removed, summary: this.source.summary() });
  }
}
