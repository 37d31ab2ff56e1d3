/**
 * The Library's bulk actions (enable, disable, move to a category, delete) as batches run by
 * the batch runner (core/batch-run.ts): one platform call per content, in
 * order, at `bulk` priority so the operator's own commands go first; the batch stops at the
 * first refusal with the platform's message. Progress is kept per session, read by the view
 * when it starts following (`library.batch`) and pushed after every operation
 * (`library.batchProgress`); a batch of a closed session stops with its session's scheduler.
 */
import { randomUUID } from 'node:crypto';
import type { BatchProgress } from '../../shared/model';
import type { LibraryBatchPlan, LibraryOperation } from '../../shared/library-model';
import { runBatch } from '../core/batch-run';
import { vodRepeatable, vodRepeatableRemoval } from './library-calls';
import type { AccountContext } from '../core/account-context';

/** At most this many finished batches are remembered per session. */
const keptBatches = 20;

const progressByWorkspace = new WeakMap<AccountContext, Map<string, BatchProgress>>();

/**
 * The budget cost of `operations`: one call each, at the VOD account's pace (its scheduler's
 * spacing between call starts, 1 s on the platform).
 */
export function planLibraryBatch(
  account: AccountContext,
  operations: LibraryOperation[],
): LibraryBatchPlan {
  const spacingMs = account.vodScheduler.state().minSpacingMs;
  return {
    operations,
    calls: operations.length,
    seconds: Math.ceil((operations.length * spacingMs) / 1000),
  };
}

/**
 * Starts `operations` and answers its id at once; never rejects. `onProgress` gets the
 * progress after each operation (the session pushes it as `library.batchProgress`).
 */
export function startLibraryBatch(
  account: AccountContext,
  operations: LibraryOperation[],
  onProgress: (progress: BatchProgress) => void,
): { batchId: string } {
  const batchId = randomUUID();
  const batches = progressByWorkspace.get(account) ?? new Map<string, BatchProgress>();
  progressByWorkspace.set(account, batches);
  batches.set(batchId, {
    batchId,
    done: 0,
    total: operations.length,
    failed: 0,
    lastError: null,
    finished: false,
  });
  for (const old of [...batches.keys()].slice(0, Math.max(0, batches.size - keptBatches))) {
    batches.delete(old);
  }
  void runBatch<LibraryOperation>({
    batchId,
    operations,
    send: (operation) => sendOperation(account, operation),
    onProgress: (progress) => {
      batches.set(batchId, progress);
      onProgress(progress);
    },
  });
  return { batchId };
}

/** The progress of a batch of this session, or null. */
export function libraryBatchProgress(
  account: AccountContext,
  batchId: string,
): BatchProgress | null {
  return progressByWorkspace.get(account)?.get(batchId) ?? null;
}

function sendOperation(account: AccountContext, operation: LibraryOperation): Promise<unknown> {
  const path = { upload_file_key: operation.uploadFileKey };
  switch (operation.op) {
    case 'enable':
      return vodRepeatable(account, 'bulk', (api, fetch) =>
        api.PUT('/media-contents/{upload_file_key}/enable', { params: { path }, fetch }),
      );
    case 'disable':
      return vodRepeatable(account, 'bulk', (api, fetch) =>
        api.PUT('/media-contents/{upload_file_key}/disable', { params: { path }, fetch }),
      );
    case 'move':
      return vodRepeatable(account, 'bulk', (api, fetch) =>
        api.PUT('/media-contents/{upload_file_key}/categories/{category_key}', {
          params: { path: { ...path, category_key: operation.categoryKey } },
          fetch,
        }),
      );
    case 'delete':
      return vodRepeatableRemoval(account, 'bulk', (api, fetch) =>
        api.DELETE('/media-contents/{upload_file_key}', { params: { path }, fetch }),
      );
  }
}
