/**
 * Batches of channel actions (disable, enable, trash, restore of many
 * channels), run by the batch runner (core/batch-run.ts: one by one at
 * `bulk` priority, stopping at the first refusal with the platform's message). A plan is
 * previewed first with its cost; the session's batches run it and publish its
 * progress (core/batch-board.ts: `batches.changed`, `batches.progress`).
 */
import {
  actionAllowed,
  type BatchAction,
  type BatchChannel,
  type ChannelBatchPlan,
  type ChannelRow,
} from '../../shared/channels-model';
import type { BatchBoard } from '../core/batch-board';
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

/** Starts `action` on `channels` one by one on the session's batches; answers its id at once. */
export function startBatch(
  account: AccountContext,
  batches: BatchBoard,
  action: BatchAction,
  channels: BatchChannel[],
): { batchId: string } {
  return batches.start<BatchChannel>({
    operations: channels,
    send: (channel) => setChannelState(account, channel.key, action, 'bulk'),
    target: (channel) => ({ action, channelKey: channel.key, channelTitle: channel.title }),
    log: account.log,
  });
}
