/**
 * What a sliced resource group may do with the sandbox's callbacks (spec, Events; callbacks.ts):
 * the callback engine is found by the whole state, which a group given only its slice
 * (operation.ts `SliceContext`) does not hold, so operation-groups.ts binds this port to it.
 */
import type { CallbackDelivery, CallbackEvent } from './callbacks';
import { emitCallback, scheduleCallback } from './callbacks';
import type { SandboxState } from './model/state';

/** The callbacks of one sandbox, as its groups use them. */
export interface CallbackPort {
  /** Reports an event now: queues its delivery when a URL is set (see `emitCallback`). */
  emit(event: CallbackEvent): CallbackDelivery | undefined;
  /** Reports an event that happens at `atMs`, virtual ms since the epoch (`scheduleCallback`). */
  schedule(atMs: number, event: CallbackEvent): void;
}

/** The callback port of the sandbox whose whole state is `state`. */
export function callbackPort(state: SandboxState): CallbackPort {
  return {
    emit: (event) => emitCallback(state, event),
    schedule: (atMs, event) => scheduleCallback(state, atMs, event),
  };
}
