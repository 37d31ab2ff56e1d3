/**
 * Recording files and the end of a broadcast (spec, States: trashing a channel stops its
 * broadcast). A recording's file appears when the recording ends, per the channel's
 * `recording_file_policy` (observed: 0 none, 1 segment, 3 segment + manual recording).
 */
import { emitCallback } from './callbacks';
import type { LiveState } from './live-state';
import { channelSettingsOf, takeId } from './live-state';
import type { BroadcastRecord, SandboxState } from './state';

/**
 * Records the file of a recording from `startedAt` to `endedAt` (about 5 Mbit/s: 625 000
 * bytes per second).
 */
export function addRecordingFile(
  live: LiveState,
  channelKey: string,
  broadcastKey: string,
  kind: 'segment' | 'duplicate',
  startedAt: Date,
  endedAt: Date,
): void {
  const stamp = startedAt.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const seconds = Math.max(0, Math.round((endedAt.getTime() - startedAt.getTime()) / 1000));
  live.recordingFiles.push({
    id: takeId(live),
    channelKey,
    broadcastKey,
    kind,
    fileName: `${broadcastKey}_${stamp}${kind === 'duplicate' ? '_manual' : ''}.mp4`,
    fileSize: seconds * 625_000,
    startedAt,
    endedAt,
    createdAt: endedAt,
  });
}

/**
 * Ends an on-air broadcast at `now` (whole seconds): off air, `ended_at` set, pause and manual
 * recording cleared; its recording files appear and the channel's live callback gets `stop`.
 * Does nothing for a broadcast that is not on air.
 */
export function endBroadcast(state: SandboxState, broadcast: BroadcastRecord, now: Date): void {
  if (!broadcast.isOnair) return;
  const endedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const policy = channelSettingsOf(state.live, broadcast.channelKey).recordingFilePolicy;
  const { channelKey, key } = broadcast;
  if (policy !== 0 && broadcast.startedAt !== null) {
    addRecordingFile(state.live, channelKey, key, 'segment', broadcast.startedAt, endedAt);
  }
  if (broadcast.duplicateRecordingStartedAt !== null) {
    const start = broadcast.duplicateRecordingStartedAt;
    addRecordingFile(state.live, channelKey, key, 'duplicate', start, endedAt);
  }
  broadcast.isOnair = false;
  broadcast.endedAt = endedAt;
  broadcast.pausedAt = null;
  broadcast.duplicateRecordingStartedAt = null;
  emitCallback(state, {
    type: 'live.broadcast',
    event: 'stop',
    channel_key: channelKey,
    broadcast_key: key,
    occurred_at: endedAt,
  });
}
