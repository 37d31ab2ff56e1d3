/**
 * What a refused token does to a workspace (docs/dev/architecture.md, "The API budget"): a 401
 * pauses that API's request scheduler at once (no storm of retries), refusing an operator's
 * commands and view reads while watch polls and bulk batches wait, and is reported once per
 * burst so the operator can enter a new token. Also the refusal of an API the workspace has
 * no account of: every call refused at once, nothing sent.
 */
import { say } from '../../shared/i18n/say';
import { PlatformError } from '../../platform/errors';
import type { Priority, RefusePolicy, RequestScheduler } from '../../platform/scheduler';
import type { WorkspaceTokens } from '../../shared/model';

/** The two APIs of a workspace. */
export type WorkspaceApi = 'live' | 'vod';

/** What the scheduler pause says while a token is refused (the status bar shows it). */
export const tokenRejectedReason = 'the platform refused the token (401)';

/**
 * While a token is refused, an operator's commands and view reads fail at once with a 401
 * DeskError (nothing is sent: the platform would refuse them too) instead of waiting for a
 * new token; watch polls and bulk batches stay queued and go on once a new token is entered.
 */
export function refuseWhileTokenRejected(name: string): RefusePolicy {
  return (priority: Priority) =>
    priority === 'command' || priority === 'view'
      ? new PlatformError({
          code: 'unauthorized',
          status: 401,
          ...say('errors.tokenRefused', { name }),
        })
      : null;
}

/**
 * The tokens' standing in one workspace: `accepted` for each API it has an account of (null
 * for the other), `refused` after a 401 until {@link TokenGuard.resume}.
 */
export class TokenGuard {
  readonly #listeners = new Set<(api: WorkspaceApi) => void>();
  readonly #has: Record<WorkspaceApi, boolean>;
  readonly #workspaceName: string;
  #tokens: WorkspaceTokens;
  // Counts the tokens this workspace has resumed with: a 401 speaks of the token its call was
  // sent with, so an answer to a call sent before `resume` does not refuse the new token.
  #epoch = 0;

  /** `has`: which APIs the workspace has an account of; `workspaceName` goes in the refusals. */
  constructor(has: Record<WorkspaceApi, boolean>, workspaceName: string) {
    this.#has = has;
    this.#workspaceName = workspaceName;
    this.#tokens = this.#fresh();
  }

  /** Whether the platform takes each API's token now. */
  get tokens(): WorkspaceTokens {
    return this.#tokens;
  }

  /**
   * The network of `api`'s scheduler: `network`, watching for 401. The first 401 of a burst
   * (to a call sent with the current token) marks the token refused, pauses the scheduler with
   * {@link refuseWhileTokenRejected} and tells the listeners once.
   */
  fetch(
    api: WorkspaceApi,
    network: (request: Request) => Promise<Response>,
    scheduler: () => RequestScheduler,
  ): (request: Request) => Promise<Response> {
    return async (request) => {
      const sentWith = this.#epoch;
      const response = await network(request);
      // Calls already in flight when the first 401 came answer 401 too: one pause, one report.
      if (response.status === 401 && sentWith === this.#epoch && this.#tokens[api] !== 'refused') {
        this.#tokens = { ...this.#tokens, [api]: 'refused' };
        scheduler().pause(tokenRejectedReason, refuseWhileTokenRejected(this.#workspaceName));
        for (const listener of this.#listeners) listener(api);
      }
      return response;
    };
  }

  /** Called once per 401 burst; answers the function that stops listening. */
  onUnauthorized(listener: (api: WorkspaceApi) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Takes the tokens as accepted again (a new token was stored); the caller resumes the schedulers. */
  resume(): void {
    this.#epoch += 1;
    this.#tokens = this.#fresh();
  }

  /** Forgets the listeners. */
  dispose(): void {
    this.#listeners.clear();
  }

  #fresh(): WorkspaceTokens {
    return { live: this.#has.live ? 'accepted' : null, vod: this.#has.vod ? 'accepted' : null };
  }
}

/** What the budget gauge says of an API the workspace has no account of. */
export function noAccountReason(api: WorkspaceApi): string {
  return `this workspace has no ${api === 'live' ? 'live' : 'VOD'} account`;
}

/** The refusal of every call to an API the workspace has no account of (`api-missing`). */
export function noAccountError(api: WorkspaceApi): PlatformError {
  return new PlatformError({
    code: 'api-missing',
    ...say(api === 'live' ? 'errors.noLiveApi' : 'errors.noVodApi'),
  });
}

/** A scheduler refusal policy refusing every call with `error`. */
export function refuseAll(error: PlatformError): RefusePolicy {
  return () => error;
}
