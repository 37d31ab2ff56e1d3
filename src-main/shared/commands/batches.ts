/**
 * Batches, one protocol for all of them (the schedule's, the Channels view's and the
 * Library's): a domain's `runBatch` answers the batch's id at once; every step is pushed as
 * `batches.changed`, and `batches.progress` reads a batch's latest progress, so a view that
 * starts following late misses nothing (services/core/batch-board.ts).
 */
import { z } from 'zod';
import type { BatchProgress } from '../model';
import { defineCommands, defineEvents, event, localState, returns } from './define';

/** Commands of batches. */
export const batchCommands = defineCommands({
  /** A batch's latest progress (no platform call); null for a batch this session does not know. */
  'batches.progress': localState('read', {
    scope: 'platform',
    input: z.object({ batchId: z.uuid('Not a batch of this session.') }),
    output: returns<BatchProgress | null>(),
  }),
});

/** Events of batches. */
export const batchEvents = defineEvents({
  /** A batch ran one more operation, or stopped (`finished`). */
  'batches.changed': event<BatchProgress>(),
});
