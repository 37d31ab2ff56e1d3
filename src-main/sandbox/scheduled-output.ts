/**
 * Scheduled channels play their programs on the virtual clock (spec, Endpoints: "uploaded VOD
 * content plays in sequence at set times"; Resources: the waiting screen is the "image shown
 * before a program starts"). docs/platform-facts.md, "Scheduled live", states
 * the rules in words:
 *
 * - when a program's `start_at` comes, its channel goes on air with a new broadcast titled
 *   like the program, `started_at` = `start_at`; the live callback gets `start`;
 * - when its last media content ends (start + the sum of the media durations), the broadcast
 *   ends there (`endBroadcast`: `stop` callback, statistics 30 minutes later, no recording
 *   file: scheduled channels record nothing);
 * - between programs the channel is off air and shows the waiting screen of the next program
 *   (its `wait_media_content_key`; null means the channel's idle screen); after the last
 *   program it is idle;
 * - a trashed channel plays nothing and is idle (spec, States: trashing stops its broadcast).
 *
 * The platform's time moves by itself, so `playSchedules` runs before every live operation
 * (server.ts): what happened since the last call happens then, with its own times (callbacks
 * carry `occurred_at`). Programs that had ended before the first call (the seed's past) are
 * left without a broadcast.
 */
import { endBroadcast } from './broadcast-actions';
import { emitCallback } from './callbacks';
import { programEnd } from './live-present';
import type { ProgramRecord, ScheduledOutput } from './live-state';

export type { ScheduledOutput } from './live-state';
import { newKey, nextId } from './ids';
import type { BroadcastRecord, SandboxState } from './state';

/**
 * Brings every scheduled channel to `now`: programs whose time has come go on air, those
 * that are over end, and each channel's `ScheduledOutput` is stored on its record.
 */
export function playSchedules(state: SandboxState, now: Date): void {
  const live = state.live;
  const nowMs = now.getTime();
  live.scheduleSince ??= now;
  const sinceMs = live.scheduleSince.getTime();
  for (const channel of state.channels) {
    if (channel.channelType !== 'scheduled') continue;
    if (channel.isTrashed) {
      // Trashing stopped its broadcast (spec, States): a hidden channel plays nothing.
      channel.scheduledOutput = outputAt(state, [], undefined, nowMs);
      continue;
    }
    const programs = live.programs
      .filter((program) => program.channelKey === channel.key)
      .sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
    let onAir: ProgramRecord | undefined;
    for (const program of programs) {
      const startMs = program.startAt.getTime();
      const endMs = programEnd(live, program).getTime();
      if (startMs > nowMs || endMs <= sinceMs) continue;
      const broadcast = broadcastOf(state, program);
      if (endMs <= nowMs) {
        endBroadcast(state, broadcast, new Date(endMs));
      } else {
        onAir = program;
      }
    }
    channel.scheduledOutput = outputAt(state, programs, onAir, nowMs);
  }
}

/** The broadcast of `program`, made (on air from its start, `start` callback) on first use. */
function broadcastOf(state: SandboxState, program: ProgramRecord): BroadcastRecord {
  const known = program.broadcastKey;
  const found = state.broadcasts.find((broadcast) => broadcast.key === known);
  if (found !== undefined) return found;
  const startedAt = program.startAt;
  const broadcast: BroadcastRecord = {
    id: nextId(state),
    key: newKey(state),
    channelKey: program.channelKey,
    title: program.title,
    isOnair: true,
    useTimeshift: false,
    startedAt,
    pausedAt: null,
    endedAt: null,
    cueSignAt: null,
    duplicateRecordingStartedAt: null,
    createdAt: startedAt,
  };
  state.broadcasts.push(broadcast);
  program.broadcastKey = broadcast.key;
  emitCallback(state, {
    type: 'live.broadcast',
    event: 'start',
    channel_key: broadcast.channelKey,
    broadcast_key: broadcast.key,
    occurred_at: startedAt,
  });
  return broadcast;
}

function outputAt(
  state: SandboxState,
  programs: ProgramRecord[],
  onAir: ProgramRecord | undefined,
  nowMs: number,
): ScheduledOutput {
  const live = state.live;
  if (onAir !== undefined) {
    // The media content playing: the one whose slot in the sequence holds now.
    let at = onAir.startAt.getTime();
    let playing: string | null = null;
    for (const key of onAir.mediaKeys) {
      const seconds = live.programMedia.find((m) => m.uploadFileKey === key)?.durationSeconds ?? 0;
      if (nowMs < at + seconds * 1000) {
        playing = key;
        break;
      }
      at += seconds * 1000;
    }
    return {
      state: 'program',
      programId: onAir.id,
      uploadFileKey: playing,
      waitMediaKey: null,
      until: programEnd(live, onAir),
    };
  }
  const next = programs.find((program) => program.startAt.getTime() > nowMs);
  if (next === undefined) {
    return { state: 'idle', programId: null, uploadFileKey: null, waitMediaKey: null, until: null };
  }
  return {
    state: 'waiting',
    programId: next.id,
    uploadFileKey: null,
    waitMediaKey: next.waitMediaKey,
    until: next.startAt,
  };
}
