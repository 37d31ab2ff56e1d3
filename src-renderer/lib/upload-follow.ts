/**
 * The renderer's copy of the upload queue, kept from one snapshot (`upload.list`) and the
 * changes main pushes (`upload.changed`), whatever order they arrive in. The renderer
 * listens before it asks for the snapshot; changes that arrive while the snapshot is on its
 * way are held, and once it answers only those newer than it (by change number) are merged
 * on top: none is lost, and none older than the snapshot undoes it. Pure: the reactive
 * wrapper is `uploads.svelte.ts`.
 */
import type {
  UploadChange,
  UploadItem,
  UploadSnapshot,
  UploadState,
  UploadSummary,
} from '../../src-main/shared/uploads';

/** What merging one change did: the states its files had before (for notifications). */
export interface Merged {
  change: UploadChange;
  before: Map<string, UploadState>;
}

/** The queue as last known; `items` and `summary` are replaced, never mutated. */
export class UploadFollower {
  items: UploadItem[] = [];
  summary: UploadSummary | null = null;

  #index = new Map<string, number>();
  /** Changes up to this number are in `items`. */
  #seq = 0;
  /** Changes held while a snapshot is on its way; null when none is awaited. */
  #held: UploadChange[] | null = null;
  /** Which snapshot request is the latest: an older answer is ignored. */
  #request = 0;

  /** A snapshot is being asked for: changes are held until it answers. @returns its ticket. */
  expectSnapshot(): number {
    this.#held ??= [];
    return ++this.#request;
  }

  /**
   * The snapshot of request `ticket` answered: it replaces the queue, then the held changes
   * newer than it are merged in order. An answer overtaken by a later request is ignored.
   * @returns the held changes that were merged (empty when ignored).
   */
  takeSnapshot(ticket: number, snapshot: UploadSnapshot): Merged[] {
    if (ticket !== this.#request) return [];
    this.items = snapshot.items;
    this.#index = new Map(snapshot.items.map((item, i) => [item.id, i]));
    this.summary = snapshot.summary;
    this.#seq = snapshot.seq;
    const held = this.#held ?? [];
    this.#held = null;
    return held.filter((change) => change.seq > this.#seq).map((change) => this.#merge(change));
  }

  /** The snapshot of request `ticket` failed: held changes are merged as they are. */
  snapshotFailed(ticket: number): Merged[] {
    if (ticket !== this.#request) return [];
    const held = this.#held ?? [];
    this.#held = null;
    return held.filter((change) => change.seq > this.#seq).map((change) => this.#merge(change));
  }

  /**
   * A pushed change: merged now, held while a snapshot is awaited, or dropped when the
   * queue already holds it. @returns what merging did, or null when it was held or dropped.
   */
  offer(change: UploadChange): Merged | null {
    if (this.#held) {
      this.#held.push(change);
      return null;
    }
    if (change.seq <= this.#seq) return null;
    return this.#merge(change);
  }

  /** Finds a file by id. */
  get(id: string): UploadItem | undefined {
    const at = this.#index.get(id);
    return at === undefined ? undefined : this.items[at];
  }

  #merge(change: UploadChange): Merged {
    const before = new Map<string, UploadState>();
    let next = this.items;
    if (change.removed.length > 0) {
      const gone = new Set(change.removed);
      next = next.filter((item) => !gone.has(item.id));
      this.#index = new Map(next.map((item, i) => [item.id, i]));
    }
    if (change.items.length > 0) {
      next = next === this.items ? [...next] : next;
      for (const item of change.items) {
        const at = this.#index.get(item.id);
        if (at === undefined) {
          this.#index.set(item.id, next.length);
          next.push(item);
        } else {
          const previous = next[at];
          if (previous) before.set(item.id, previous.state);
          next[at] = item;
        }
      }
    }
    this.items = next;
    this.summary = change.summary;
    this.#seq = change.seq;
    return { change, before };
  }
}
