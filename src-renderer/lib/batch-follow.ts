/**
 * Follows one batch of main's, whatever its kind (the schedule's, the Channels view's, the
 * Library's): one protocol for all of them. It listens to `batches.changed` first and then
 * reads the batch once (`batches.progress`), so a step pushed before the view knew the batch's
 * id is not missed; progress only moves forward, so an older answer never overwrites a newer
 * push. It stops listening once the batch is finished (services/core/batch-board.ts).
 */
import type { BatchProgress } from '../../src-main/shared/model';
import { call, desk } from './bridge';

/** Whether `next` is further on than `held` (a batch only moves forward). */
export function isFurther(next: BatchProgress, held: BatchProgress | null): boolean {
  return (
    held === null ||
    (next.finished && !held.finished) ||
    next.done + next.failed > held.done + held.failed
  );
}

/**
 * Calls `onProgress` with every step of batch `batchId` further on than the last one given,
 * until it is finished. Returns the function that stops following (a view that closes).
 * A batch main does not know (its session is gone) is never reported.
 */
export function followBatch(
  batchId: string,
  onProgress: (progress: BatchProgress) => void,
): () => void {
  let held: BatchProgress | null = null;
  let stopped = false;
  let off = (): void => undefined;
  const stop = (): void => {
    stopped = true;
    off();
  };
  const take = (progress: BatchProgress | null): void => {
    if (stopped || progress === null || progress.batchId !== batchId) return;
    if (!isFurther(progress, held)) return;
    held = progress;
    onProgress(progress);
    if (progress.finished) stop();
  };
  off = desk.on('batches.changed', take);
  void call('batches.progress', { batchId }).then(take, () => undefined);
  return stop;
}
