/**
 * The Library's bulk actions (enable, disable, move to a category, delete) as batches run by
 * the batch runner (core/batch-run.ts): one platform call per content, in
 * order, at `bulk` priority so the operator's own commands go first; the batch stops at the
 * first refusal with the platform's message. The session's batches run it and publish its
 * progress (core/batch-board.ts); a batch of a closed session stops with its session's scheduler.
 */
import type { LibraryBatchPlan, LibraryOperation } from '../../shared/library-model';
import type { BatchBoard } from '../core/batch-board';
import { vodRepeatable, vodRepeatableRemoval } from './library-calls';
import type { AccountContext } from '../core/account-context';

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

/** Starts `operations` on the session's batches and answers its id at once; never rejects. */
export function startLibraryBatch(
  account: AccountContext,
  batches: BatchBoard,
  operations: LibraryOperation[],
): { batchId: string } {
  return batches.start<LibraryOperation>({
    operations,
    send: (operation) => sendOperation(account, operation),
    log: account.log,
    api: 'vod',
  });
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
