/**
 * Which operations the sandbox served to OnAir Desk itself, as opposed to a test's own probe
 * calls or any other client: a request counts when its `User-Agent` names the app
 * ({@link appUserAgentPrefix}, set by `platform/api-clients.ts` on every call) and it reached
 * the operation's handler (past authentication, the rate limit and the role check; a handler's
 * own refusal, a 422 say, still counts: the platform answered that operation). The end-to-end
 * suite writes these per test and joins them into `test-results/ui-coverage.json`
 * (`e2e/ui-coverage.ts`).
 */
import type { ApiName } from './openapi';

/** The app's `User-Agent` starts with this: `OnAirDesk/<version>`. */
export const appUserAgentPrefix = 'OnAirDesk/';

/** Operations served to the app, by API, as sorted operationIds. */
export interface ServedOperationsReport {
  live: string[];
  vod: string[];
}

/** Records each operation served to the app (one entry per operationId, not per call). */
export class ServedOperations {
  private readonly served = { live: new Set<string>(), vod: new Set<string>() };

  /** Notes one served call; ignored unless `userAgent` is the app's. */
  note(api: ApiName, operationId: string, userAgent: string | undefined): void {
    if (userAgent?.startsWith(appUserAgentPrefix)) this.served[api].add(operationId);
  }

  /** What was served so far. */
  report(): ServedOperationsReport {
    return { live: [...this.served.live].sort(), vod: [...this.served.vod].sort() };
  }
}
