/**
 * The renderer's copy of the upload queue: loaded with `upload.list`, then kept current by
 * `upload.changed` (only the files that changed, merged here); changes and the snapshot may
 * cross, and UploadFollower keeps the newest of each file. Also the files the operator
 * dropped and has not yet sent anywhere (`pending`). A finished or failed batch is told by
 * main's notice policy (`notify`, shown by lib/os-notices.ts), not here.
 */
import type { UploadItem, UploadSummary, UploadTarget } from '../../src-main/shared/uploads';
import { call, desk, errorText } from './bridge';
import { UploadFollower, type Merged } from './upload-follow';

/** Files dropped or picked, waiting for the operator to choose where they go. */
export interface PendingDrop {
  files: File[];
  totalBytes: number;
}

/** The queue, as reactive state. One instance for the whole app: {@link uploads}. */
export class UploadQueue {
  items = $state.raw<UploadItem[]>([]);
  summary = $state.raw<UploadSummary | null>(null);
  loadError = $state<string | null>(null);
  /** Dropped files not yet queued; the Uploads view asks where they go. */
  pending = $state.raw<PendingDrop | null>(null);
  /** While dropped files are copied or checked: bytes done and total. */
  adding = $state<{ doneBytes: number; totalBytes: number } | null>(null);
  /** The last target chosen, offered first next time. */
  lastTarget = $state<UploadTarget>({ kind: 'program-media' });

  #follower = new UploadFollower();
  #connected = false;

  /** Follows the queue's changes, then loads it; returns the function that stops following. */
  connect(): () => void {
    if (this.#connected) return () => {};
    this.#connected = true;
    // Listen first, then ask: a change pushed while the list is on its way is held, not lost.
    const off = desk.on('upload.changed', (change) => {
      const merged = this.#follower.offer(change);
      if (merged) this.#show([merged]);
    });
    void this.reload();
    return () => {
      off();
      this.#connected = false;
    };
  }

  /** Reads the whole queue again (after a workspace switch, or at start). */
  async reload(): Promise<void> {
    const ticket = this.#follower.expectSnapshot();
    try {
      const snapshot = await call('upload.list', {});
      this.#show(this.#follower.takeSnapshot(ticket, snapshot));
      this.loadError = null;
    } catch (error) {
      this.#show(this.#follower.snapshotFailed(ticket));
      this.loadError = errorText(error);
    }
  }

  /** Finds a file by id. */
  get(id: string): UploadItem | undefined {
    return this.#follower.get(id);
  }

  /** Shows the follower's queue. */
  #show(_merged: Merged[]): void {
    this.items = this.#follower.items;
    this.summary = this.#follower.summary;
  }
}

/** The app's upload queue. */
export const uploads = new UploadQueue();

/** Asks for notification permission if the browser has not been asked yet. */
export function askNotificationPermission(): void {
  if (typeof Notification !== 'undefined' && Notification.permission === 'default') {
    void Notification.requestPermission().catch(() => undefined);
  }
}
