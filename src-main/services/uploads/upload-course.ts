/**
 * The course a file takes in one engine's queue once it is started (docs/dev/architecture.md,
 * "Uploads and downloads"): begun in a slot (`uploading`, or `processing` when only the
 * follow-up is left), its bytes sent (upload-run.ts), then followed up until `done`
 * (follow-up.ts); a failed attempt retried later with backoff (`retrying`, upload-retry.ts) or
 * stopped for the operator (`needs-attention`, upload-failure.ts). Every state change is
 * persisted and announced at once, bytes as they flow (spaced), and the operator is told when
 * a file needs attention or a batch settles (upload-notices.ts).
 *
 * Apart from upload-engine.ts, which holds the queue and answers the operator's actions on it
 * (enqueue, pause, resume, retry, cancel, clear, concurrency, handover): this is what happens
 * to a file between those actions.
 */
import type { MessageRef } from '../../shared/i18n/message';
import type { UploadProblem, UploadState } from '../../shared/uploads';
import { FollowUp } from './follow-up';
import type { UploadChangeBatcher } from './upload-changes';
import { failureOutcome } from './upload-failure';
import type { UploadNotices } from './upload-notices';
import type { UploadPlatform } from './upload-platform';
import type { UploadRecord } from './upload-record';
import { retryDecision } from './upload-retry';
import { runUpload } from './upload-run';
import type { Slot } from './upload-slots';
import type { UploadSpeeds } from './upload-speeds';
import type { UploadQueueStore } from './upload-store';
import type { UploadTuning } from './upload-tuning';

/** What a file's course needs of its engine: the queue and the engine's parts it moves. */
export interface UploadCourseParts {
  platform: UploadPlatform;
  tuning: UploadTuning;
  /** The log (file paths may appear; URLs never do). */
  log: (message: string) => void;
  /** The queue, oldest first. */
  records: () => Iterable<UploadRecord>;
  /** The queue file: written at once on a state change, offsets spaced. */
  store: UploadQueueStore;
  /** The `upload.changed` events. */
  changes: UploadChangeBatcher;
  /** The running files' speed meters. */
  speeds: UploadSpeeds;
  /** The batch and attention notices. */
  notices: UploadNotices;
}

/** The started files of one engine, from their slot to `done`, `retrying` or `needs-attention`. */
export class UploadCourse {
  readonly #parts: UploadCourseParts;
  readonly #followUp: FollowUp;

  constructor(parts: UploadCourseParts) {
    this.#parts = parts;
    this.#followUp = new FollowUp(
      parts.platform,
      {
        processing: () => [...parts.records()].filter((r) => r.state === 'processing'),
        onPercent: (record, percent) => {
          if (record.transcodingPercent === percent) return;
          record.transcodingPercent = percent;
          this.changed(record);
        },
        onDone: (record) => this.#done(record),
        onAttention: (record, problem) => this.#attention(record, problem),
        log: parts.log,
      },
      parts.tuning.followUp,
    );
  }

  /**
   * Begins `record` in `slot` (upload-slots.ts): one more attempt, its bytes sent, or its
   * follow-up started when only that is left. Resolves when the run ended, however it ended
   * (a failure is a state of the file, never a rejection).
   */
  begin(record: UploadRecord, slot: Slot): Promise<void> {
    record.attempts += 1;
    this.set(record, record.phase === 'follow-up' ? 'processing' : 'uploading', {
      retryAt: null,
      problem: null,
    });
    return this.#run(record, slot);
  }

  /** Follows a file that is `processing` (the queue was loaded with it) until it is done. */
  follow(record: UploadRecord): void {
    this.#followUp.start(record);
  }

  /** Sets `record`'s state (and `patch`): persisted and announced at once. */
  set(record: UploadRecord, state: UploadState, patch: Partial<UploadRecord> = {}): void {
    Object.assign(record, patch, { state });
    this.changed(record);
  }

  /** A change the operator sees: persisted and announced at once. */
  changed(record: UploadRecord): void {
    this.#parts.store.changed(true);
    this.#parts.changes.changed(record.id, true);
  }

  /** `record` settled (done, cancelled, needing attention): its batch's notice when all have. */
  settled(record: UploadRecord): void {
    this.#parts.notices.settled(
      [...this.#parts.records()].filter((r) => r.batchId === record.batchId),
    );
  }

  /** Stops following up every file (the engine closes; the files keep their state). */
  dispose(): void {
    this.#followUp.dispose();
  }

  async #run(record: UploadRecord, slot: Slot): Promise<void> {
    if (record.phase === 'follow-up') {
      this.#followUp.start(record);
      return;
    }
    const { platform, tuning, speeds, store } = this.#parts;
    const signal = slot.controller.signal;
    speeds.begin(record.id);
    try {
      const end = await runUpload(
        {
          platform,
          changed: (r) => this.changed(r),
          progressed: (r, bytes) => this.#progressed(r, bytes),
          flush: () => store.flush(),
          tusChunkBytes: tuning.tusChunkBytes,
          urlMarginMs: tuning.urlMarginMs,
        },
        record,
        signal,
      );
      if (slot.stop !== null) return;
      if (end.kind === 'attention') return this.#attention(record, end.problem);
      record.phase = 'follow-up';
      record.sentBytes = record.sizeBytes;
      record.failures = 0;
      record.urlRenewed = false;
      record.location = null;
      this.set(record, 'processing', { transcodingPercent: record.kind === 'vod' ? 0 : null });
      this.#followUp.start(record);
    } catch (error) {
      if (slot.stop !== null || signal.aborted) return; // pause, cancel, dispose: state set there
      this.#failed(record, error);
    }
  }

  #failed(record: UploadRecord, error: unknown): void {
    const outcome = failureOutcome(error);
    if (outcome.kind === 'retry')
      return this.#retryLater(record, outcome.why, outcome.retryAfterMs);
    if (outcome.internal)
      this.#parts.log(`upload ${record.id} (${record.name}) failed: ${describe(error)}`);
    this.#attention(record, outcome.problem);
  }

  /** `why`: a catalogue message, or the platform's own words. */
  #retryLater(record: UploadRecord, why: MessageRef | string, retryAfterMs = 0): void {
    record.failures += 1;
    const next = retryDecision(
      this.#parts.tuning.backoff,
      record.failures,
      why,
      retryAfterMs,
      Date.now(),
    );
    if (next.kind === 'attention') return this.#attention(record, next.problem);
    this.set(record, 'retrying', { retryAt: next.retryAt, problem: next.problem });
  }

  #attention(record: UploadRecord, problem: UploadProblem): void {
    this.set(record, 'needs-attention', { problem, retryAt: null });
    this.#parts.notices.attention(record);
    this.settled(record);
  }

  #done(record: UploadRecord): void {
    this.set(record, 'done', {
      finishedAt: new Date().toISOString(),
      problem: null,
      transcodingPercent: record.kind === 'vod' ? 100 : null,
    });
    this.settled(record);
  }

  #progressed(record: UploadRecord, bytes: number): void {
    record.sentBytes = Math.min(bytes, record.sizeBytes);
    this.#parts.speeds.add(record.id, Date.now(), record.sentBytes);
    this.#parts.store.changed(false);
    this.#parts.changes.changed(record.id, false);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
