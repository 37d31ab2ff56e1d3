/**
 * Simulated encoders: one stream per encoder-fed channel (`live` and `low_latency` types), so
 * that a channel can go on air, drop, come back and end as it does at a real event
 * (platform-facts.md, Encoders and broadcasts).
 *
 * - `live` on a channel with no stream: a NEW broadcast with a NEW key goes on air (`is_onair`,
 *   `started_at` = now, the channel's title, timeshift as the channel has it) and the channel's
 *   live callback gets `start`.
 * - `off` while on air: the stream stops. The broadcast stays on air, paused (`paused_at` = now),
 *   and the live callback gets `pause`. The platform waits for the encoder for the reconnect
 *   window (observed: about 5 minutes, the "live broadcast policy" time; `reconnectWindowMs`).
 * - `live` within the window: the same broadcast continues (`paused_at` cleared, `resume`).
 * - The window runs out: the broadcast ends at the window's end, through `endBroadcast`
 *   (broadcast-actions.ts: recording files, `stop` callback).
 *
 * Scheduled channels play uploaded files only, never an encoder's stream (spec, What the
 * service does; platform-facts.md): both states are refused with 422. A disabled or trashed
 * channel refuses `live` with 422. Times come from the sandbox's virtual clock only: the end of
 * a window is checked on every request (`runDue`, hooked by control/control-encoders.ts) and by a
 * real-time tick, and dated at the window's end whenever it is noticed.
 */
import { endBroadcast } from '../live/broadcast-actions';
import { emitCallback } from '../callbacks/callbacks';
import type { VirtualClock } from '../kernel/clock';
import { unprocessable } from '../state/http-error';
import { isoUtc } from '../kernel/present';
import { newKey, nextId } from '../state/ids';
import type { BroadcastRecord, ChannelRecord, SandboxState } from '../state/state';
import { findChannel, latestBroadcastOf } from '../state/state';

/** How long the platform waits for a dropped encoder before it ends the broadcast: 5 min. */
export const defaultReconnectWindowMs = 5 * 60_000;

/** What an encoder is asked to do. */
export type EncoderCommand = 'live' | 'off';

/**
 * Where a channel's encoder stands:
 * - `live`: the channel's broadcast is on air and fed (a broadcast paused through
 *   `/__sandbox/broadcasts/{key}/pause` counts as fed);
 * - `reconnecting`: the stream dropped; the broadcast waits until `reconnect_until`;
 * - `off`: no broadcast on air.
 */
export type EncoderState = 'live' | 'reconnecting' | 'off';

/** A channel's encoder as the control answers it (snake_case, times ISO-8601 UTC). */
export interface EncoderStatus {
  channel_key: string;
  channel_title: string;
  /** True when the channel is disabled: `live` is refused until it is enabled. */
  channel_disabled: boolean;
  state: EncoderState;
  /** The broadcast on air (fed or waiting), else null. */
  broadcast_key: string | null;
  /** When the waiting broadcast ends if the encoder does not come back; null unless reconnecting. */
  reconnect_until: string | null;
  /** Milliseconds of virtual time left in the reconnect window; null unless reconnecting. */
  reconnect_left_ms: number | null;
}

/** Options of the simulator. */
export interface EncoderOptions {
  /** Reconnect window, virtual ms (default 5 min). */
  reconnectWindowMs?: number;
  /** How often (real ms) windows are checked besides each request; default 1000. */
  tickMs?: number;
}

/** The encoders of one sandbox; `close()` stops its tick. */
export class EncoderSimulator {
  readonly #state: SandboxState;
  readonly #clock: VirtualClock;
  readonly #timer: NodeJS.Timeout;
  /** The reconnect window in virtual ms. */
  readonly reconnectWindowMs: number;

  constructor(state: SandboxState, clock: VirtualClock, options: EncoderOptions = {}) {
    this.#state = state;
    this.#clock = clock;
    this.reconnectWindowMs = options.reconnectWindowMs ?? defaultReconnectWindowMs;
    this.#timer = setInterval(() => this.runDue(), options.tickMs ?? 1000);
    this.#timer.unref();
  }

  /**
   * Turns the encoder of `channelKey` on or off (rules above) and answers where it stands.
   * Asking for the state it already has changes nothing.
   * @throws ApiError 404 for an unknown channel; 422 for a scheduled channel, or `live` on a
   *   disabled or trashed one.
   */
  set(channelKey: string, command: EncoderCommand): EncoderStatus {
    this.runDue();
    const channel = findChannel(this.#state, channelKey);
    refuseUnfed(channel, command);
    const now = wholeSecond(this.#clock.now());
    const onAir = onAirBroadcastOf(this.#state, channel.key);
    const drop = onAir?.encoderDroppedAt;
    if (command === 'live') {
      if (onAir === undefined) this.#startBroadcast(channel, now);
      else if (drop !== undefined) this.#reconnect(onAir);
    } else if (onAir !== undefined && drop === undefined) {
      this.#drop(onAir, now);
    }
    return this.status(channel.key);
  }

  /** Where the encoder of `channelKey` stands. @throws ApiError 404 for an unknown channel. */
  status(channelKey: string): EncoderStatus {
    this.runDue();
    return this.#statusOf(findChannel(this.#state, channelKey));
  }

  /** The encoders of every encoder-fed channel not in the trash, in channel order. */
  list(): EncoderStatus[] {
    this.runDue();
    return this.#state.channels
      .filter((channel) => channel.channelType !== 'scheduled' && !channel.isTrashed)
      .map((channel) => this.#statusOf(channel));
  }

  /** Ends every broadcast whose reconnect window has run out, dated at the window's end. */
  runDue(): void {
    const nowMs = this.#clock.nowMs();
    for (const broadcast of this.#state.broadcasts) {
      const droppedAt = broadcast.encoderDroppedAt;
      if (droppedAt === undefined) continue;
      if (!broadcast.isOnair) {
        delete broadcast.encoderDroppedAt;
        continue;
      }
      const deadline = droppedAt.getTime() + this.reconnectWindowMs;
      if (deadline > nowMs) continue;
      delete broadcast.encoderDroppedAt;
      endBroadcast(this.#state, broadcast, new Date(deadline));
    }
  }

  /** Stops the tick. */
  close(): void {
    clearInterval(this.#timer);
  }

  #statusOf(channel: ChannelRecord): EncoderStatus {
    const onAir = onAirBroadcastOf(this.#state, channel.key);
    const droppedAt = onAir?.encoderDroppedAt;
    const base = {
      channel_key: channel.key,
      channel_title: channel.title,
      channel_disabled: channel.status === 'disabled',
    };
    if (onAir === undefined) {
      return {
        ...base,
        state: 'off',
        broadcast_key: null,
        reconnect_until: null,
        reconnect_left_ms: null,
      };
    }
    if (droppedAt === undefined) {
      return {
        ...base,
        state: 'live',
        broadcast_key: onAir.key,
        reconnect_until: null,
        reconnect_left_ms: null,
      };
    }
    const until = droppedAt.getTime() + this.reconnectWindowMs;
    return {
      ...base,
      state: 'reconnecting',
      broadcast_key: onAir.key,
      reconnect_until: isoUtc(new Date(until)),
      reconnect_left_ms: Math.max(0, Math.round(until - this.#clock.nowMs())),
    };
  }

  #startBroadcast(channel: ChannelRecord, now: Date): void {
    const state = this.#state;
    const key = newKey(state, 16, 'lower', (drawn) =>
      state.broadcasts.some((item) => item.key === drawn),
    );
    const id = nextId(state);
    state.broadcasts.push({
      id,
      key,
      channelKey: channel.key,
      title: channel.title,
      isOnair: true,
      useTimeshift: channel.useTimeshift && channel.channelType !== 'low_latency',
      startedAt: now,
      pausedAt: null,
      endedAt: null,
      cueSignAt: null,
      duplicateRecordingStartedAt: null,
      createdAt: now,
    });
    emitBroadcastEvent(state, 'start', channel.key, key, now);
  }

  #drop(broadcast: BroadcastRecord, now: Date): void {
    broadcast.encoderDroppedAt = now;
    broadcast.pausedAt = now;
    emitBroadcastEvent(this.#state, 'pause', broadcast.channelKey, broadcast.key, now);
  }

  #reconnect(broadcast: BroadcastRecord): void {
    delete broadcast.encoderDroppedAt;
    broadcast.pausedAt = null;
    const now = wholeSecond(this.#clock.now());
    emitBroadcastEvent(this.#state, 'resume', broadcast.channelKey, broadcast.key, now);
  }
}

/** @throws ApiError 422 when the channel cannot take `command` from an encoder. */
function refuseUnfed(channel: ChannelRecord, command: EncoderCommand): void {
  if (channel.channelType === 'scheduled') {
    throw unprocessable(
      `The channel "${channel.title}" is a scheduled channel: it plays its programs' uploaded videos, never an encoder's stream.`,
    );
  }
  if (command !== 'live') return;
  if (channel.isTrashed) {
    throw unprocessable(
      `The channel "${channel.title}" is in the trash: restore it before sending it a stream.`,
    );
  }
  if (channel.status === 'disabled') {
    throw unprocessable(
      `The channel "${channel.title}" is disabled: enable it before sending it a stream.`,
    );
  }
}

function onAirBroadcastOf(state: SandboxState, channelKey: string): BroadcastRecord | undefined {
  const latest = latestBroadcastOf(state, channelKey);
  if (latest?.isOnair === true) return latest;
  return state.broadcasts.find((item) => item.channelKey === channelKey && item.isOnair);
}

function emitBroadcastEvent(
  state: SandboxState,
  event: 'start' | 'pause' | 'resume',
  channelKey: string,
  broadcastKey: string,
  at: Date,
): void {
  emitCallback(state, {
    type: 'live.broadcast',
    event,
    channel_key: channelKey,
    broadcast_key: broadcastKey,
    occurred_at: at,
  });
}

function wholeSecond(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}
