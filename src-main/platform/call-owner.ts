/**
 * Who a platform call is made for, without threading it through every handler: the command
 * pipeline runs a studio seat's command inside {@link runAsCallOwner} with the seat's name,
 * and the request scheduler takes turns between owners at the same priority (round-robin),
 * so no seat's reads can starve another seat's (docs/architecture.md, "The API budget").
 * The hub's own calls, and the app's (watches), have the owner `''`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<string>();

/** Runs `handle` with `owner` as the owner of every platform call it makes. */
export function runAsCallOwner<T>(owner: string, handle: () => T): T {
  return current.run(owner, handle);
}

/** The owner of the call being made: a seat's name, or `''` for this desk itself. */
export function callOwner(): string {
  return current.getStore() ?? '';
}
