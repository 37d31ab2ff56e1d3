/**
 * The operator's notices about uploads (`app.notice`: a system notification when a
 * batch finishes or a file fails): one when every file of a batch has settled and some were
 * uploaded ("12 files uploaded to Program media."), and one per file that needs attention,
 * gathered over {@link attentionGatherMs} so a failing folder gives one notice, not hundreds.
 */
import type { MessageRef } from '../../shared/i18n/message';
import type { Notify } from '../core/notify';
import { say } from '../../shared/i18n/say';
import { m, targetWords } from './problem-words';
import type { UploadRecord } from './upload-record';

/** Files needing attention within this many ms share one notice. */
export const attentionGatherMs = 1000;

/** Batch and attention notices of one engine. */
export class UploadNotices {
  readonly #notify: Notify;
  readonly #settled = new Set<string>();
  #attention: UploadRecord[] = [];
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(notify: Notify) {
    this.#notify = notify;
  }

  /** Batches already settled when the queue was loaded: no notice for them again. */
  remember(records: Iterable<UploadRecord>): void {
    for (const batchId of settledBatches(records)) this.#settled.add(batchId);
  }

  /** A file of `batch` settled; notifies when it was the last of its batch. */
  settled(batch: UploadRecord[]): void {
    const first = batch[0];
    if (first === undefined || this.#settled.has(first.batchId)) return;
    if (!batch.every((r) => isSettled(r))) return;
    this.#settled.add(first.batchId);
    const done = batch.filter((r) => r.state === 'done').length;
    if (done === 0) return;
    const stuck = batch.filter((r) => r.state === 'needs-attention').length;
    this.#notify(
      stuck > 0 ? 'warning' : 'info',
      say('uploadNotice.pair', {
        first: m('uploadNotice.uploaded', { count: done, target: targetWords(first.target) }),
        second: stuck > 0 ? m('uploadNotice.stuck', { count: stuck }) : '',
      }),
    );
  }

  /** A file stopped for the operator. */
  attention(record: UploadRecord): void {
    this.#attention.push(record);
    this.#timer ??= setTimeout(() => {
      this.#timer = null;
      const [first, ...rest] = this.#attention;
      this.#attention = [];
      if (first === undefined) return;
      const what: MessageRef | string =
        first.problem?.text ?? first.problem?.message ?? m('uploadNotice.itStopped');
      this.#notify(
        'warning',
        rest.length === 0
          ? say('uploadNotice.attentionOne', { name: first.name, what })
          : say('uploadNotice.attentionMany', { count: rest.length + 1, name: first.name, what }),
      );
    }, attentionGatherMs);
  }

  dispose(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }
}

function isSettled(record: UploadRecord): boolean {
  return (
    record.state === 'done' || record.state === 'cancelled' || record.state === 'needs-attention'
  );
}

function settledBatches(records: Iterable<UploadRecord>): Set<string> {
  const open = new Set<string>();
  const all = new Set<string>();
  for (const record of records) {
    all.add(record.batchId);
    if (!isSettled(record)) open.add(record.batchId);
  }
  return new Set([...all].filter((id) => !open.has(id)));
}
