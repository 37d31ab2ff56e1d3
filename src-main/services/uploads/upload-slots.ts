/**
 * The upload slots of one engine (docs/dev/architecture.md, "Uploads and downloads"): which files
 * send now. Starts queued files, and retrying ones whose time came, while fewer than the
 * concurrency are running; wakes itself for the next retry; stops one running file or all.
 * What a file does in its slot is the engine's (`UploadSlotHooks.begin`).
 */
import type { UploadRecord } from './upload-record';

/** Why a running upload was stopped by us. */
export type StopReason = 'pause' | 'cancel' | 'dispose';

/** One running file: its abort controller and, once we stopped it, why. */
export interface Slot {
  controller: AbortController;
  stop: StopReason | null;
}

/** What the slots ask of the engine. */
export interface UploadSlotHooks {
  /** The queue, oldest first. */
  records: () => Iterable<UploadRecord>;
  /** Files sending at once, 1..8. */
  concurrency: () => number;
  /** Begins `record` in `slot`; the slot is free again when the promise settles. */
  begin: (record: UploadRecord, slot: Slot) => Promise<void>;
  /** A slot was freed (the file's run ended), before the next pump. */
  freed: (id: string) => void;
}

/** The running files of one engine and the timer of the next retry. */
export class UploadSlots {
  readonly #running = new Map<string, Slot>();
  readonly #runs = new Set<Promise<void>>();
  readonly #hooks: UploadSlotHooks;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  #closed = false;

  constructor(hooks: UploadSlotHooks) {
    this.#hooks = hooks;
  }

  /** Stops the file `id` if it is running (its run ends soon after); `message` goes in the abort. */
  stop(id: string, reason: StopReason, message: string): void {
    const slot = this.#running.get(id);
    if (!slot) return;
    slot.stop = reason;
    slot.controller.abort(new Error(message));
  }

  /** Starts queued files (and retrying ones whose time came) while slots are free. */
  pump(): void {
    if (this.#closed) return;
    const now = Date.now();
    let nextRetry = Infinity;
    for (const record of this.#hooks.records()) {
      if (this.#running.has(record.id)) continue;
      const due =
        record.state === 'queued' ||
        (record.state === 'retrying' && Date.parse(record.retryAt ?? '') <= now);
      if (record.state === 'retrying' && !due)
        nextRetry = Math.min(nextRetry, Date.parse(record.retryAt ?? ''));
      if (due && this.#running.size < this.#hooks.concurrency()) this.#start(record);
    }
    if (this.#retryTimer !== null) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    if (Number.isFinite(nextRetry)) {
      this.#retryTimer = setTimeout(() => this.pump(), Math.max(0, nextRetry - now) + 5);
    }
  }

  /** Stops every running file (`dispose`) and the retry timer; nothing starts any more. */
  close(): void {
    this.#closed = true;
    for (const slot of this.#running.values()) {
      slot.stop = 'dispose';
      slot.controller.abort(new Error('upload engine closed'));
    }
    if (this.#retryTimer !== null) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
  }

  /** Resolves when every run has ended (after {@link close}: once they noticed the abort). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#runs]);
  }

  #start(record: UploadRecord): void {
    const slot: Slot = { controller: new AbortController(), stop: null };
    this.#running.set(record.id, slot);
    const run = this.#hooks.begin(record, slot).finally(() => {
      this.#running.delete(record.id);
      this.#hooks.freed(record.id);
      this.#runs.delete(run);
      this.pump();
    });
    this.#runs.add(run);
  }
}
