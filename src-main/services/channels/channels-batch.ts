/**
 * Batches of channel actions (disable, enable, trash, restore of many
 * channels), run by the batch runner (core/batch-run.ts: one by one at
 * `bulk` priority, stopping at the first refusal with the platform's message). A plan is
 * previewed first with its cost; the renderer follows a running batch by asking its progress
 * (`channels.batchProgress`), which main keeps per session until the session ends.
 */
import { randomUUID } from 'node:crypto';
import {
  actionAllowed,
  type BatchAction,
  type BatchChannel,
  type ChannelBatchPlan,
  type ChannelBatchProgress,
  type ChannelRow,
} from '../../shared/channels-model';
import { PlatformError } from '../../platform/errors';
import { say } from '../../shared/i18n/say';
import { runBatch } from '../core/batch-run';
import { setChannelState } from './channels';
import type { AccountContext } from '../core/account-context';

/** A selected channel as the list last showed it. */
export type SelectedChannel = BatchChannel & Pick<ChannelRow, 'status' | 'trashed'>;

/**
 * The plan of `action` over the selection: channels whose state allows it (spec, States), in
 * the order selected, and the others left out. Seconds are at the account's pace (spacing
 * between call starts, `spacingMs`).
 */
export function planBatch(
  action: BatchAction,
  selected: SelectedChannel[],
  spacingMs: number,
): ChannelBatchPlan {
  const channels: BatchChannel[] = [];
  const skipped: BatchChannel[] = [];
  const seen = new Set<string>();
  for (const channel of selected) {
    if (seen.has(channel.key)) continue;
    seen.add(channel.key);
    (actionAllowed(action, channel) ? channels : skipped).push({
      key: channel.key,
      title: channel.title,
    });
  }
  const calls = channels.length;
  return { action, channels, skipped, calls, seconds: (calls * spacingMs) / 1000 };
}

// Progress of each session's batches: a switch of workspace starts a new session, so the
// old batches' progress goes with it.
const progressByWorkspace = new WeakMap<AccountContext, Map<string, ChannelBatchProgress>>();

/** Starts `action` on `channels` one by one; answers its id at once. */
export function startBatch(
  account: AccountContext,
  action: BatchAction,
  channels: BatchChannel[],
): { batchId: string } {
  const batchId = randomUUID();
  const batches = progressByWorkspace.get(account) ?? new Map<string, ChannelBatchProgress>();
  progressByWorkspace.set(account, batches);
  batches.set(batchId, {
    batchId,
    done: 0,
    total: channels.length,
    failed: 0,
    lastError: null,
    finished: false,
  });
  void runBatch<BatchChannel>({
    batchId,
    operations: channels,
    send: (channel) => setChannelState(account, channel.key, action, 'bulk'),
    onProgress: (progress) => batches.set(batchId, progress),
  });
  return { batchId };
}

/**
 * The latest progress of a batch of this session.
 * @throws PlatformError `not-found` for a batch this session does not know.
 */
export function batchProgress(account: AccountContext, batchId: string): ChannelBatchProgress {
  const progress = progressByWorkspace.get(account)?.get(batchId);
  if (progress === undefined) {
    throw new PlatformError({ code: 'not-found', ...say('channelsView.errors.noBatch') });
  }
  return progress;
}
