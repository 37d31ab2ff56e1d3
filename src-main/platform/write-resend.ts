/**
 * Which platform writes the request scheduler sends again after a 429, without threading it
 * through every handler (docs/dev/architecture.md, "The API budget": no operator command is lost for
 * budget). The command pipeline runs every command's handler inside {@link runResendingWrites};
 * a write it makes that the platform refuses with 429 is queued again at its priority and sent
 * once the platform's pause is over, while it is still wanted: until answered, its caller's
 * signal aborted, or {@link maxBudgetWaitMs} after it was first sent (a 429 answered within that
 * window is sent again after the pause; the first one answered past it goes back to the
 * caller). A 429 is a refusal before acting (docs/platform-facts.md, "Rate limit"): the refused
 * request had no effect, so sending that same request again is not a blind repeat of something
 * that may have acted.
 *
 * A domain that handles a write's 429 itself (it re-reads the platform before deciding to send
 * again: the control room's budget waits, `withRecheck`) sends inside {@link runWithoutResend},
 * and gets the 429 back as before. GETs are not concerned: the scheduler retries them anyway; a
 * read command that POSTs (serviceEncrypt computes, and changes nothing) is.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How long a command refused for budget is kept trying after it was first sent, ms: past that
 * the operator has long stopped expecting it (the control room's budget waits use it too).
 */
export const maxBudgetWaitMs = 60_000;

/** Whether writes are sent again after a 429, and for how long after their first send (ms). */
interface ResendContext {
  windowMs: number | null;
}

const current = new AsyncLocalStorage<ResendContext>();

/**
 * Runs `handle` so that every platform write it makes is sent again after a 429 for up to
 * `windowMs` (default {@link maxBudgetWaitMs}) after its first send.
 * @throws RangeError when `windowMs` is negative.
 */
export function runResendingWrites<T>(handle: () => T, windowMs: number = maxBudgetWaitMs): T {
  if (!(windowMs >= 0)) throw new RangeError('runResendingWrites: windowMs must be >= 0');
  return current.run({ windowMs }, handle);
}

/**
 * Runs `handle` so that a write it makes answers its first 429 to the caller, which decides
 * (re-read, then decide) whether to send it again.
 */
export function runWithoutResend<T>(handle: () => T): T {
  return current.run({ windowMs: null }, handle);
}

/**
 * For the request schedulers: how long after its first send (ms) a write made now is sent
 * again after a 429, or null when its 429 goes back to the caller.
 */
export function writeResendWindowMs(): number | null {
  return current.getStore()?.windowMs ?? null;
}
