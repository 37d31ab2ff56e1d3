/**
 * The abort signal of the command being handled, without threading it through every handler:
 * the dispatcher runs a `view` read's handler inside {@link runWithCallSignal}, and
 * `liveCall` / `vodCall` pick the signal up, so a read still queued in the request scheduler
 * is dropped when whoever asked for it went away (docs/dev/architecture.md, "The API budget": queued
 * reads whose view closed are cancelled). Commands never get one: an operator's change runs on.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<AbortSignal>();

/** Runs `handle` with `signal` as the call signal of every platform call it makes. */
export function runWithCallSignal<T>(signal: AbortSignal | undefined, handle: () => T): T {
  return signal === undefined ? handle() : current.run(signal, handle);
}

/** The signal of the command being handled, if it has one. */
export function callSignal(): AbortSignal | undefined {
  return current.getStore();
}
