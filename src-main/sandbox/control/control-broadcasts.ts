/**
 * Drives a live broadcast as its encoder would, so tests and demos can pause, resume or end
 * one, loopback only, no body:
 *
 * `POST /__sandbox/broadcasts/{broadcast_key}/{start|stop|pause|resume}` → 200 `{ data }`, the
 * broadcast as the live API shows it; then the channel's live callback gets the event
 * (callbacks.ts). Unknown broadcast: 404; a transition the state forbids: 422 `{ message }`.
 *
 * State machine (observed: no status enum; state is `is_onair`, `started_at`, `paused_at`,
 * `ended_at`; callbacks report start|stop|pause|resume). Our rules:
 * - start: never started → on air, `started_at` = now;
 * - pause: on air, not paused → `paused_at` = now (still on air);
 * - resume: paused → `paused_at` = null;
 * - stop: on air (paused or not) → `endBroadcast` (broadcast-actions.ts): off air, `ended_at` =
 *   now, `paused_at` and manual recording cleared, recording files and their transfers. An
 *   ended broadcast does not start again (a new broadcast would).
 */
import type { FastifyPluginCallback } from 'fastify';
import { endBroadcast } from '../live/broadcast-actions';
import type { CallbackEngine, LiveBroadcastEvent } from '../callbacks/callbacks';
import { unprocessable } from '../state/http-error';
import type { SandboxContext } from '../kernel/operation';
import { presentBroadcast } from '../kernel/present';
import type { BroadcastRecord } from '../state/state';
import { findBroadcast } from '../state/state';
import { controlPrefix } from './control';
import { loopbackOnly } from './control-support';

/** An encoder action on a broadcast. */
export type BroadcastAction = LiveBroadcastEvent['event'];

const actions: readonly BroadcastAction[] = ['start', 'stop', 'pause', 'resume'];

/** Options of `broadcastControlPlugin`. */
export interface BroadcastControlOptions {
  context: SandboxContext;
  callbacks: CallbackEngine;
}

/** Registers the broadcast control routes on `app`. */
export const broadcastControlPlugin: FastifyPluginCallback<BroadcastControlOptions> = (
  app,
  { context, callbacks },
  done,
) => {
  for (const action of actions) {
    app.post<{ Params: { broadcast_key: string } }>(
      `${controlPrefix}/broadcasts/:broadcast_key/${action}`,
      { onRequest: loopbackOnly },
      (request) => {
        const broadcast = findBroadcast(context.state, request.params.broadcast_key);
        const now = wholeSecond(context.clock.now());
        if (action === 'stop') {
          // The end of a broadcast, and all that follows it (broadcast-actions.ts).
          if (!broadcast.isOnair) {
            throw unprocessable('The broadcast is not on air: nothing to stop.');
          }
          endBroadcast(context.state, broadcast, now);
          return { data: presentBroadcast(broadcast) };
        }
        applyBroadcastAction(broadcast, action, now);
        callbacks.emit({
          type: 'live.broadcast',
          event: action,
          channel_key: broadcast.channelKey,
          broadcast_key: broadcast.key,
          occurred_at: now,
        });
        return { data: presentBroadcast(broadcast) };
      },
    );
  }
  done();
};

/**
 * Applies `action` to `broadcast` at `now` (rules above).
 * @throws ApiError 422 with the reason, in the operator's words, when the state forbids it.
 */
export function applyBroadcastAction(
  broadcast: BroadcastRecord,
  action: BroadcastAction,
  now: Date,
): void {
  const ended = broadcast.endedAt !== null && !broadcast.isOnair;
  switch (action) {
    case 'start':
      if (broadcast.isOnair) throw unprocessable('The broadcast is already on air.');
      if (ended) {
        throw unprocessable('The broadcast has ended: an ended broadcast cannot start again.');
      }
      broadcast.isOnair = true;
      broadcast.startedAt = now;
      broadcast.pausedAt = null;
      return;
    case 'pause':
      if (!broadcast.isOnair) throw unprocessable('The broadcast is not on air: nothing to pause.');
      if (broadcast.pausedAt !== null) throw unprocessable('The broadcast is already paused.');
      broadcast.pausedAt = now;
      return;
    case 'resume':
      if (!broadcast.isOnair || broadcast.pausedAt === null) {
        throw unprocessable('The broadcast is not paused: nothing to resume.');
      }
      broadcast.pausedAt = null;
      return;
    case 'stop':
      if (!broadcast.isOnair) throw unprocessable('The broadcast is not on air: nothing to stop.');
      broadcast.isOnair = false;
      broadcast.endedAt = now;
      broadcast.pausedAt = null;
      return;
  }
}

function wholeSecond(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}
