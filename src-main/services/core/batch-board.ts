/**
 * The one protocol of batch progress, whatever the batch: the schedule's batches, the Channels
 * view's batches of channel actions and the Library's bulk actions. A session keeps one board;
 * a domain starts its batch on it and answers the batch's id at once; the board runs it
 * (core/batch-run.ts: one operation after the other, stopping at the first refusal), keeps its
 * latest {@link BatchProgress} and publishes every step (the `batches.changed` event). A view
 * follows a batch by listening to that event and reading the batch once (`batches.progress`),
 * so it misses nothing whether it listens before or after the batch moves. A batch started by
 * a journaled command writes a line per operation and one at its end (core/command-journal.ts).
 * See docs/dev/architecture.md, "Batches".
 */
import { randomUUID } from 'node:crypto';
import type { BatchProgress } from '../../shared/model';
import { runBatch } from './batch-run';
import { journalBatch } from './command-journal';

/** At most this many batches are remembered per session (the oldest are forgotten first). */
const keptBatches = 20;

/** One batch to start on the board. */
export interface BatchStart<Op> {
  operations: Op[];
  /** Sends one operation (at `bulk` priority); throws PlatformError on a refusal. */
  send: (operation: Op) => Promise<unknown>;
  log?: (message: string) => void;
  /** The API its operations call (`live` unless said): the budget forecast counts it there. */
  api?: 'live' | 'vod';
  /**
   * What an operation acted on, for its journal line (core/command-journal.ts); absent: its
   * key, id and title fields and its `op`.
   */
  target?: (operation: Op) => Record<string, string | string[]>;
}

/** A session's batches: starts them, remembers their progress, publishes every step. */
export class BatchBoard {
  readonly #publish: (progress: BatchProgress) => void;
  readonly #kept = new Map<string, BatchProgress>();
  readonly #apis = new Map<string, 'live' | 'vod'>();

  /** `publish` gets the progress after every operation (the session emits `batches.changed`). */
  constructor(publish: (progress: BatchProgress) => void) {
    this.#publish = publish;
  }

  /** Starts `batch` and answers its id (a UUID) at once; the run never rejects. */
  start<Op>(batch: BatchStart<Op>): { batchId: string } {
    const batchId = randomUUID();
    this.#apis.set(batchId, batch.api ?? 'live');
    this.#keep({
      batchId,
      done: 0,
      total: batch.operations.length,
      failed: 0,
      lastError: null,
      finished: batch.operations.length === 0,
    });
    // Started by a person's command: each operation and the end go to the journal as theirs.
    const journal = journalBatch<Op>(batchId, batch.operations.length, batch.target);
    void runBatch<Op>({
      batchId,
      operations: batch.operations,
      send: journal ? journal.send(batch.send) : batch.send,
      onProgress: (progress) => {
        this.#keep(progress);
        this.#publish(progress);
        if (progress.finished) journal?.finished(progress);
      },
      ...(batch.log ? { log: batch.log } : {}),
    });
    return { batchId };
  }

  /** The latest progress of a batch of this session, or null for one it does not know. */
  progress(batchId: string): BatchProgress | null {
    return this.#kept.get(batchId) ?? null;
  }

  /**
   * Operations of the running batches on `api` not sent yet (one platform call each): the
   * budget forecast's queued work (platform/budget-forecast.ts).
   */
  remaining(api: 'live' | 'vod'): number {
    let sum = 0;
    for (const progress of this.#kept.values()) {
      if (progress.finished || this.#apis.get(progress.batchId) !== api) continue;
      sum += Math.max(0, progress.total - progress.done - progress.failed);
    }
    return sum;
  }

  #keep(progress: BatchProgress): void {
    this.#kept.set(progress.batchId, progress);
    for (const old of [...this.#kept.keys()].slice(0, Math.max(0, this.#kept.size - keptBatches))) {
      this.#kept.delete(old);
      this.#apis.delete(old);
    }
  }
}
