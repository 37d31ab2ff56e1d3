/**
 * Recording files and the end of a broadcast (spec, States: trashing a channel stops its
 * broadcast). A recording's file appears when the recording ends, per the channel's
 * `recording_file_policy` (observed: 0 none, 1 segment, 3 segment + manual recording).
 */
import { emitCallback } from '../callbacks/callbacks';
import type { LiveState, RecordingFileRecord } from './live-state';
import type { IdHolder } from '../state/ids';
import { nextId } from '../state/ids';
import { channelSettingsOf } from './live-state';
import { transfersFor } from './recording-transfers';
import type { LiveRulesSlice } from '../kernel/operation';
import type { BroadcastRecord, SandboxState } from '../state/state';

/**
 * Records the file of a recording from `startedAt` to `endedAt` (about 5 Mbit/s: 625 000
 * bytes per second), with its transfers to the channel's active destinations
 * (recording-transfers.ts).
 */
export function addRecordingFile(
  live: LiveState,
  ids: IdHolder,
  channelKey: string,
  broadcastKey: string,
  kind: 'segment' | 'duplicate',
  startedAt: Date,
  endedAt: Date,
): RecordingFileRecord {
  const stamp = startedAt.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const seconds = Math.max(0, Math.round((endedAt.getTime() - startedAt.getTime()) / 1000));
  const id = nextId(ids);
  const fileName = `${broadcastKey}_${stamp}${kind === 'duplicate' ? '_manual' : ''}.mp4`;
  const file: RecordingFileRecord = {
    id,
    channelKey,
    broadcastKey,
    kind,
    fileName,
    fileSize: seconds * 625_000,
    startedAt,
    endedAt,
    createdAt: endedAt,
    transfers: transfersFor(live, channelKey, endedAt),
  };
  live.recordingFiles.push(file);
  return file;
}

/**
 * A recording ended: its file appears, and the channel's recording-file callback reports each
 * transfer, one call per active destination (observed fields, result 0 fail or 1 success;
 * `file_transfer_id` is ours). No active destination: no transfer, so no callback. A
 * scheduled channel records nothing (docs/platform-facts.md): no file, no callback.
 * @returns the file, or null for a scheduled channel.
 */
export function recordingFinished(
  state: Pick<SandboxState, LiveRulesSlice>,
  channelKey: string,
  broadcastKey: string,
  kind: 'segment' | 'duplicate',
  startedAt: Date,
  endedAt: Date,
): RecordingFileRecord | null {
  const channel = state.channels.find((candidate) => candidate.key === channelKey);
  if (channel?.channelType === 'scheduled') return null;
  const file = addRecordingFile(
    state.live,
    state,
    channelKey,
    broadcastKey,
    kind,
    startedAt,
    endedAt,
  );
  for (const transfer of file.transfers ?? []) {
    emitCallback(state, {
      type: 'live.recording_file',
      channel_key: channelKey,
      broadcast_key: broadcastKey,
      recording_file_id: file.id,
      recording_file_filename: file.fileName,
      recording_file_kind: kind,
      recording_file_transfer_result: transfer.result,
      file_transfer_id: transfer.fileTransferId,
      occurred_at: transfer.finishedAt,
    });
  }
  return file;
}

/**
 * The recordings of a broadcast that ends at `endedAt`: the segment recording (per the
 * channel's `recording_file_policy`) and a running manual recording each become a file, with
 * their callbacks; manual recording is cleared.
 */
export function finishRecordings(
  state: Pick<SandboxState, LiveRulesSlice>,
  broadcast: BroadcastRecord,
  endedAt: Date,
): void {
  const channel = state.channels.find((item) => item.key === broadcast.channelKey);
  const policy = channel === undefined ? 1 : channelSettingsOf(channel).recordingFilePolicy;
  const { channelKey, key } = broadcast;
  if (policy !== 0 && broadcast.startedAt !== null) {
    recordingFinished(state, channelKey, key, 'segment', broadcast.startedAt, endedAt);
  }
  if (broadcast.duplicateRecordingStartedAt !== null) {
    const start = broadcast.duplicateRecordingStartedAt;
    recordingFinished(state, channelKey, key, 'duplicate', start, endedAt);
    broadcast.duplicateRecordingStartedAt = null;
  }
}
