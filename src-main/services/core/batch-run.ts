/**
 * Runs a batch: its operations one by one, in order, a {@link BatchProgress} pushed after
 * each. Domains do not call it directly: they start their batches on the session's board
 * (core/batch-board.ts), which keeps and publishes the progress (`batches.changed`): the
 * schedule's batches, the Channels view's batches of channel actions
 * (channels/channels-batch.ts) and the Library's bulk actions (library/library-batch.ts).
 * The batch stops at the first refusal, with the platform's message in `lastError` and
 * `finished` set, so the operator sees where it stopped and what the platform said.
 */
import { say } from '../../shared/i18n/say';
import { PlatformError } from '../../platform/errors';
import type { BatchProgress, ScheduleOperation } from '../../shared/model';

/** One batch to run; `Op` is what one operation is (a schedule operation by default). */
export interface BatchRun<Op = ScheduleOperation> {
  batchId: string;
  operations: Op[];
  /** Sends one operation (at `bulk` priority); throws PlatformError on a refusal. */
  send: (operation: Op) => Promise<unknown>;
  onProgress: (progress: BatchProgress) => void;
  log?: (message: string) => void;
}

/** Runs `run.operations` one after the other; never rejects. */
export async function runBatch<Op>(run: BatchRun<Op>): Promise<void> {
  const progress: BatchProgress = {
    batchId: run.batchId,
    done: 0,
    total: run.operations.length,
    failed: 0,
    lastError: null,
    finished: run.operations.length === 0,
  };
  if (progress.finished) run.onProgress({ ...progress });
  for (const operation of run.operations) {
    try {
      await run.send(operation);
      progress.done += 1;
    } catch (error) {
      progress.failed += 1;
      if (error instanceof PlatformError) {
        progress.lastError = error.message;
        progress.lastErrorText = error.error.text ?? null;
      } else {
        const said = say('errors.batchInternal');
        progress.lastError = said.message;
        progress.lastErrorText = said.text;
        run.log?.(`batch ${run.batchId} failed: ${String(error)}`);
      }
    }
    progress.finished = progress.failed > 0 || progress.done === progress.total;
    run.onProgress({ ...progress });
    if (progress.finished) return;
  }
}
