/**
 * Who a platform call is made for, without threading it through every handler: the command
 * pipeline runs a studio seat's command inside {@link runAsCallOwner} with the seat's name,
 * and the request scheduler takes turns between owners at the same priority (round-robin),
 * so no seat's reads can starve another seat's (docs/dev/architecture.md, "The API budget").
 * The hub's own calls, and the app's (watches), have the owner `''`.
 *
 * A shared watch (one read for every seat that watches the same thing) is made for all of
 * them: the watch planner runs it inside {@link runAsSharedCall} with the owners watching it,
 * and each seat's share of the last minute counts `1 / n` of each such call (n owners).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** The owner of the calls being made, and who shares them (a shared watch). */
interface OwnerContext {
  owner: string;
  sharedBy: readonly string[] | null;
}

const current = new AsyncLocalStorage<OwnerContext>();

/** Runs `handle` with `owner` as the owner of every platform call it makes. */
export function runAsCallOwner<T>(owner: string, handle: () => T): T {
  return current.run({ owner, sharedBy: null }, handle);
}

/**
 * Runs `handle` as this desk's own calls (owner `''`, so they take their turn as the hub's)
 * shared among `sharedBy` (the seats, `''` for this desk, watching what it reads). An empty
 * list counts the calls as this desk's.
 */
export function runAsSharedCall<T>(sharedBy: readonly string[], handle: () => T): T {
  return current.run({ owner: '', sharedBy: sharedBy.length > 0 ? sharedBy : null }, handle);
}

/** The owner of the call being made: a seat's name, or `''` for this desk itself. */
export function callOwner(): string {
  return current.getStore()?.owner ?? '';
}

/**
 * Whom the call being made counts for in the shares of the last minute: the owners sharing
 * it (each counts `1 / n`), or the owner alone.
 */
export function callSharers(): readonly string[] {
  const context = current.getStore();
  return context?.sharedBy ?? [context?.owner ?? ''];
}
