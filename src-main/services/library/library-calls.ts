/**
 * One repeatable VOD operation of the Library (a read, an update, an enable or disable, a move,
 * a delete, a link): when the platform answers 429, the call is sent once more after the
 * scheduler's pause, as the schedule does for its updates (docs/dev/architecture.md, "The API budget":
 * these operations leave the same state when sent twice). Inside a command the scheduler already
 * sends a write refused with 429 again for up to 60 s (write-resend.ts), so this second try acts
 * on a 429 that comes back after that. A delete or a detach the platform no longer knows on that
 * second try is done.
 */
import { PlatformError } from '../../platform/errors';
import type { ApiResult, PlatformFetch, VodApi } from '../../platform/api-clients';
import { vodCall, type CallPriority } from '../core/platform-call';
import type { AccountContext } from '../core/account-context';

/**
 * Runs `send` as {@link vodCall} does, once more after a 429.
 * @throws PlatformError as the platform answered the last try.
 */
export async function vodRepeatable<D>(
  account: AccountContext,
  priority: CallPriority,
  send: (api: VodApi, fetch: PlatformFetch) => Promise<ApiResult<D>>,
): Promise<D> {
  try {
    return await vodCall(account, priority, send);
  } catch (error) {
    if (!isRateLimited(error)) throw error;
  }
  return vodCall(account, priority, send);
}

/**
 * A delete or detach as {@link vodRepeatable}: a 404 on the second try means the first try's
 * goal is reached. @throws PlatformError as the platform answered the last try.
 */
export async function vodRepeatableRemoval(
  account: AccountContext,
  priority: CallPriority,
  send: (api: VodApi, fetch: PlatformFetch) => Promise<ApiResult<unknown>>,
): Promise<void> {
  try {
    await vodCall(account, priority, send);
    return;
  } catch (error) {
    if (!isRateLimited(error)) throw error;
  }
  try {
    await vodCall(account, priority, send);
  } catch (error) {
    if (!(error instanceof PlatformError && error.error.code === 'not-found')) throw error;
  }
}

function isRateLimited(error: unknown): boolean {
  return error instanceof PlatformError && error.error.code === 'rate-limited';
}
