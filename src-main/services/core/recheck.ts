/**
 * One non-idempotent platform call under the API budget (docs/architecture.md, "The API budget": a
 * 429 is never repeated blindly).
 */
import { PlatformError } from '../../platform/errors';

/**
 * Sends once; after a 429 (the scheduler then waits out the platform's pause) `recheck` reads
 * the platform and answers the outcome when the first call took effect after all, else null,
 * and only then is the call sent again.
 * @throws PlatformError as the platform answered the last call or the recheck.
 */
export async function withRecheck<T>(
  send: () => Promise<T>,
  recheck: () => Promise<T | null>,
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof PlatformError) || error.error.code !== 'rate-limited') throw error;
  }
  return (await recheck()) ?? send();
}

/** A recheck for a call whose repeat leaves the platform as once: send it again. */
export const sendAgain = (): Promise<null> => Promise.resolve(null);
