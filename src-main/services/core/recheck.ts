/**
 * One non-idempotent platform call under the API budget (docs/dev/architecture.md, "The API budget":
 * re-read, then decide). Its 429 comes back here, not resent by the scheduler underneath
 * (write-resend.ts): the recheck decides.
 */
import { PlatformError } from '../../platform/errors';
import { runWithoutResend } from '../../platform/write-resend';

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
    return await runWithoutResend(send);
  } catch (error) {
    if (!(error instanceof PlatformError) || error.error.code !== 'rate-limited') throw error;
  }
  return (await recheck()) ?? runWithoutResend(send);
}

/** A recheck for a call whose repeat leaves the platform as once: send it again. */
export const sendAgain = (): Promise<null> => Promise.resolve(null);
