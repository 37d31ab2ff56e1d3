/**
 * The renderer's copy of the upload queue: loaded with `upload.list`, then kept current by
 * `upload.changed` (only the files that changed, merged here); changes and the snapshot may
 * cross, and UploadFollower keeps the newest of each file. Also the files the operator
 * dropped and has not yet sent anywhere (`pending`), and the system notifications when a
 * batch finishes or a file needs attention.
 */
/* eslint-disable svelte/prefer-svelte-reactivity -- the bookkeeping set is internal and never
   rendered; `items` and `summary` are the reactive state. */
import type {
  UploadItem,
  UploadState,
  UploadSummary,
  UploadTarget,
} from '../../src-main/shared/uploads';
import { t, tMessage } from '../i18n/i18n.svelte';
import { targetText } from './upload-labels';
import { call, desk, errorText } from './bridge';
import { UploadFollower, type Merged } from './upload-follow';

/** States a file does not leave without the operator. */
const settled = new Set<UploadState>(['done', 'needs-attention', 'cancelled']);

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
  #notifiedBatches = new Set<string>();
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
      // Batches already in the list are not announced again (a reload never notifies).
      for (const item of snapshot.items) this.#notifiedBatches.add(item.batchId);
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

  /** Shows the follower's queue and announces what the merged changes finished. */
  #show(merged: Merged[]): void {
    this.items = this.#follower.items;
    this.summary = this.#follower.summary;
    for (const { change, before } of merged) this.#notify(change.items, before);
  }

  #notify(changed: UploadItem[], before: Map<string, UploadState>): void {
    for (const item of changed) {
      if (item.state === 'needs-attention' && before.get(item.id) !== 'needs-attention') {
        systemNotification(
          t('notify.attention', { name: item.name }),
          item.problem ? problemText(item.problem) : '',
        );
      }
    }
    const batches = new Set(
      changed.filter((item) => settled.has(item.state)).map((i) => i.batchId),
    );
    for (const batchId of batches) {
      if (this.#notifiedBatches.has(batchId)) continue;
      const files = this.items.filter((item) => item.batchId === batchId);
      if (!files.every((item) => settled.has(item.state))) continue;
      this.#notifiedBatches.add(batchId);
      const done = files.filter((item) => item.state === 'done').length;
      const attention = files.filter((item) => item.state === 'needs-attention').length;
      systemNotification(
        attention === 0 ? t('notify.finished') : t('notify.finishedProblems'),
        t('notify.uploaded', {
          done,
          count: files.length,
          target: files[0] ? targetText(files[0].target) : t('notify.thePlatform'),
        }) + (attention > 0 ? ` ${t('notify.needAttention', { count: attention })}` : ''),
      );
    }
  }
}

/** A problem in the operator's language: what happened, then the next step. */
function problemText(problem: NonNullable<UploadItem['problem']>): string {
  const message = problem.text ? tMessage(problem.text) : problem.message;
  const next = problem.nextText ? tMessage(problem.nextText) : problem.nextStep;
  return `${message} ${next}`;
}

/** The app's upload queue. */
export const uploads = new UploadQueue();

/**
 * Shows a system notification when notifications are allowed: the desktop app grants them
 * to its own page (src-main/hosts/permission-policy.ts); a browser asks the operator once,
 * on the first drop, and shows nothing if they refuse. Never throws.
 */
export function systemNotification(title: string, body: string): void {
  try {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    new Notification(title, { body, tag: `onair-desk-${title}`, silent: false });
  } catch {
    // Notifications are a courtesy: the queue itself shows every state.
  }
}

/** Asks for notification permission if the browser has not been asked yet. */
export function askNotificationPermission(): void {
  if (typeof Notification !== 'undefined' && Notification.permission === 'default') {
    void Notification.requestPermission().catch(() => undefined);
  }
}
