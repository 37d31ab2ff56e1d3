/**
 * What an operator can do to a broadcast, with the platform's rules (spec, States and
 * Endpoints). Each action changes the record in place or throws `ApiError` 422 with a message
 * fit to show to the operator. `now` is the virtual clock's time.
 */
import { emitCallback } from '../callbacks/callbacks';
import { unprocessable } from '../state/http-error';
import { finishRecordings } from './live-recordings';
import { isoUtc } from '../kernel/present';
import type { LiveRulesSlice } from '../kernel/operation';
import type { BroadcastRecord, SandboxState } from '../state/state';

/**
 * The "broadcast ended" transition, whatever ends it (the encoder's reconnect window running
 * out, `POST /__sandbox/broadcasts/{key}/stop`, a trashed channel, a scheduled program's end):
 * ends an on-air broadcast at `now` (whole seconds): off air, `ended_at` set, pause and manual
 * recording cleared. What the platform does after hangs
 * here: the recording files appear with their transfers and callbacks (live-recordings.ts),
 * the channel's live callback gets `stop`; statistics follow 30 minutes later and chat and
 * like downloads from now (live-statistics.ts, live/routes/live-recordings.ts read `ended_at`).
 * Does nothing for a broadcast that is not on air.
 */
export function endBroadcast(
  state: Pick<SandboxState, LiveRulesSlice>,
  broadcast: BroadcastRecord,
  now: Date,
): void {
  if (!broadcast.isOnair) return;
  const endedAt = wholeSecond(now);
  finishRecordings(state, broadcast, endedAt);
  broadcast.isOnair = false;
  broadcast.endedAt = endedAt;
  broadcast.pausedAt = null;
  emitCallback(state, {
    type: 'live.broadcast',
    event: 'stop',
    channel_key: broadcast.channelKey,
    broadcast_key: broadcast.key,
    occurred_at: endedAt,
  });
}

/** Renames the broadcast. The title is trimmed, then must hold 1 to 200 characters. */
export function renameBroadcast(broadcast: BroadcastRecord, title: string): void {
  const trimmed = title.trim();
  if (trimmed === '') throw unprocessable('The title field is required.', 'title');
  if (Array.from(trimmed).length > 200) {
    throw unprocessable('The title must not be greater than 200 characters.', 'title');
  }
  broadcast.title = trimmed;
}

/**
 * Starts manual (duplicate) recording (spec, States: only while the broadcast is running).
 * @throws ApiError 422 when the broadcast is not on air or already records.
 */
export function startManualRecording(broadcast: BroadcastRecord, now: Date): void {
  if (!broadcast.isOnair) {
    throw unprocessable(
      'The broadcast is not on air: manual recording can only start while it is on air.',
    );
  }
  if (broadcast.duplicateRecordingStartedAt !== null) {
    throw unprocessable(
      `Manual recording is already running for this broadcast (since ${isoUtc(broadcast.duplicateRecordingStartedAt)}).`,
    );
  }
  broadcast.duplicateRecordingStartedAt = wholeSecond(now);
}

/**
 * Stops manual recording at once (spec, States: only while it runs).
 * @throws ApiError 422 when no manual recording runs.
 */
export function stopManualRecording(broadcast: BroadcastRecord): Date {
  const startedAt = broadcast.duplicateRecordingStartedAt;
  if (startedAt === null) {
    throw unprocessable(
      'Manual recording is not running for this broadcast: there is nothing to stop.',
    );
  }
  broadcast.duplicateRecordingStartedAt = null;
  return startedAt;
}

/**
 * Sets the timeshift start point (spec: for broadcasts with timeshift on; viewers can seek back
 * only as far as it). Our rules: the broadcast is on air with timeshift on, and the cue point
 * lies between its start and now, both inclusive.
 * @param cueSignAt the requested point, or undefined for now.
 * @throws ApiError 422 with a field error on `cue_sign_at`.
 */
export function setCuePoint(
  broadcast: BroadcastRecord,
  cueSignAt: Date | undefined,
  now: Date,
): void {
  const field = 'cue_sign_at';
  if (!broadcast.useTimeshift) {
    throw unprocessable('Timeshift is off for this broadcast: it has no cue point to set.', field);
  }
  if (!broadcast.isOnair || broadcast.startedAt === null) {
    throw unprocessable(
      'The broadcast is not on air: a cue point can only be set while it is on air.',
      field,
    );
  }
  const cue = cueSignAt ?? now;
  if (cue.getTime() < broadcast.startedAt.getTime()) {
    throw unprocessable(
      `The cue point must not be before the broadcast started (${isoUtc(broadcast.startedAt)}).`,
      field,
    );
  }
  if (cue.getTime() > now.getTime()) {
    throw unprocessable(`The cue point must not be in the future (now is ${isoUtc(now)}).`, field);
  }
  broadcast.cueSignAt = wholeSecond(cue);
}

function wholeSecond(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}
