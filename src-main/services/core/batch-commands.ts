/**
 * Handlers of the batches' commands (`shared/commands/batches.ts`): reading a batch's latest
 * progress from the session's board (core/batch-board.ts). No platform call.
 */
import { batchCommands } from '../../shared/commands/batches';
import { registerHandlers } from './command-registry';

/** The batches domain: one read of any batch of the open session. */
export const batchHandlers = registerHandlers(batchCommands, {
  'batches.progress': ({ batchId }, { session }) => session.batches.progress(batchId),
});
