/**
 * Which operations the sandbox served to OnAir Desk itself, as opposed to a test's own probe
 * calls or any other client: a request counts when its `User-Agent` names the app
 * ({@link appUserAgentPrefix}, set by `platform/api-clients.ts` on every call) and the
 * sandbox answered it 2xx. A refusal does not count, wherever it came from: authentication,
 * the rate limit, the role check, an injected fault, or the handler's own rule (a 422 say):
 * the operation was asked for, not reached. The end-to-end suite writes
 * these per test and joins them into `test-results/ui-coverage.json` (`e2e/ui-coverage.ts`).
 *
 * Every call of the app is also counted per operation whatever the answer ({@link asked}), so
 * a spec can show that nothing was sent.
 */
import type { ApiName } from './openapi';

/** The app's `User-Agent` starts with this: `OnAirDesk/<version>`. */
export const appUserAgentPrefix = 'OnAirDesk/';

/** Operations served to the app, by API, as sorted operationIds. */
export interface ServedOperationsReport {
  live: string[];
  vod: string[];
}

/** Calls of the app per operationId, by API, whatever the answer. */
export interface AskedOperations {
  live: Record<string, number>;
  vod: Record<string, number>;
}

/** Records each operation served to the app (one entry per operationId, not per call). */
export class ServedOperations {
  private readonly served = { live: new Set<string>(), vod: new Set<string>() };
  private readonly calls = { live: new Map<string, number>(), vod: new Map<string, number>() };

  /**
   * Notes one answered call; ignored unless `userAgent` is the app's.
   * @param status the HTTP status the sandbox answered; only 2xx counts as served.
   */
  note(api: ApiName, operationId: string, userAgent: string | undefined, status: number): void {
    if (!userAgent?.startsWith(appUserAgentPrefix)) return;
    this.calls[api].set(operationId, (this.calls[api].get(operationId) ?? 0) + 1);
    if (status >= 200 && status < 300) this.served[api].add(operationId);
  }

  /** What was served (answered 2xx) so far. */
  report(): ServedOperationsReport {
    return { live: [...this.served.live].sort(), vod: [...this.served.vod].sort() };
  }

  /** How many calls of the app each operation received so far, whatever the answer. */
  asked(): AskedOperations {
    return {
      live: Object.fromEntries([...this.calls.live].sort()),
      vod: Object.fromEntries([...this.calls.vod].sort()),
    };
  }
}
