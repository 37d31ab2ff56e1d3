/**
 * Checks a new or renewed token with one cheap call and says what it can do.
 * Live: GET contracts (super administrator only): 200 means super administrator, 403 a valid
 * token without that role (administrator, or a missing scope as its claims tell), 401 a
 * token the platform refuses. VOD: GET /countries with `access_token`.
 * Scopes and expiry come from the token's claims where it is JWT-shaped
 * (docs/platform-facts.md, "Auth": personal access tokens are RS256 JWTs with `scopes`, `exp`).
 */
import type { MessageKey, MessageRef } from '../../shared/i18n/message';
import { say } from '../../shared/i18n/say';
import { PlatformError } from '../../platform/errors';
import { LiveClient } from '../../platform/live-client';
import { RequestScheduler, type Clock } from '../../platform/scheduler';
import { liveAccount, vodAccount } from '../../platform/account-ledger';
import { VodClient } from '../../platform/vod-client';
import type { AccountAccess } from '../../shared/model';
import type { AccessChecker } from './accounts';
import type { WorkspaceOptions } from './workspace';

/** What the check needs: where, whose, the token, and the scheduler to call through. */
export interface AccessCheckInput {
  kind: 'live' | 'vod';
  baseUrl: string;
  serviceAccountKey?: string;
  token: string;
  scheduler: RequestScheduler;
  now?: () => number;
}

/**
 * Checks the token.
 * @throws PlatformError when the platform refuses it (401), cannot be reached, or answers
 *   something else unexpected; the message is the operator's reason not to save it.
 */
export async function checkAccess(input: AccessCheckInput): Promise<AccountAccess> {
  const now = input.now ?? Date.now;
  const claims = readClaims(input.token);
  const token = () => Promise.resolve(input.token);
  let role: AccountAccess['role'] = null;
  if (input.kind === 'live') {
    const live = new LiveClient({
      baseUrl: input.baseUrl,
      serviceAccountKey: input.serviceAccountKey ?? '',
      token,
      scheduler: input.scheduler,
    });
    try {
      await live.getContract({ priority: 'command' });
      role = 'super_admin';
    } catch (error) {
      if (!(error instanceof PlatformError) || error.error.code !== 'forbidden') throw error;
      role = claims?.scopes && !claims.scopes.includes('live:control') ? null : 'admin';
    }
  } else {
    await new VodClient({ baseUrl: input.baseUrl, token, scheduler: input.scheduler }).countries({
      priority: 'command',
    });
  }
  const expiresAt = claims?.exp ? new Date(claims.exp * 1000).toISOString() : null;
  return {
    role,
    scopes: claims?.scopes ?? null,
    expiresAt,
    checkedAt: new Date(now()).toISOString(),
    ...summarize(input.kind, role, claims?.scopes ?? null, expiresAt),
  };
}

function summarize(
  kind: 'live' | 'vod',
  role: AccountAccess['role'],
  scopes: string[] | null,
  expiresAt: string | null,
): { summary: string; text: MessageRef } {
  if (kind === 'vod') {
    const said = say('access.vodAccepted');
    return { summary: said.message, text: said.text };
  }
  const who: MessageKey =
    role === 'super_admin'
      ? 'access.superAdmin'
      : role === 'admin'
        ? 'access.admin'
        : 'access.noControl';
  const said = say('access.summary', {
    who: { key: who },
    scopes:
      scopes && scopes.length > 0
        ? { key: 'access.scopes', params: { scopes: scopes.join(', ') } }
        : '',
    expires: expiresAt ? { key: 'access.expires', params: { day: expiresAt.slice(0, 10) } } : '',
  });
  return { summary: said.message, text: said.text };
}

/** The claims of a JWT-shaped token, unverified (only main reads them, for display). */
function readClaims(token: string): { scopes?: string[]; exp?: number } | null {
  const payload = token.split('.')[1];
  if (!payload || token.split('.').length !== 3) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    return {
      ...(Array.isArray(claims.scopes)
        ? { scopes: claims.scopes.filter((s): s is string => typeof s === 'string') }
        : {}),
      ...(typeof claims.exp === 'number' ? { exp: claims.exp } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * The account registry's checker: each check gets a scheduler of its own for its one call,
 * at the platform's pacing (or the tests' `pacing`), disposed after. It shares the account's
 * start log with the account's other schedulers (platform/account-ledger.ts).
 */
export function accessChecker(options: {
  clock: Clock;
  fetch?: (request: Request) => Promise<Response>;
  pacing?: WorkspaceOptions['pacing'];
}): AccessChecker {
  return async (account) => {
    // It spends the account's budget: the account's own scheduler may have called a moment
    // ago (the call refused 401 that brought up the banner), so the check shares its start
    // log and keeps the platform's spacing from it (account-ledger.ts), and the account's
    // next call keeps it from the check.
    const name =
      account.kind === 'live' && account.serviceAccountKey
        ? liveAccount(account.baseUrl, account.serviceAccountKey)
        : account.kind === 'vod' && account.accountId
          ? vodAccount(account.baseUrl, account.accountId)
          : undefined;
    const scheduler = new RequestScheduler({
      name: 'check',
      fetch: options.fetch ?? ((request) => fetch(request)),
      clock: options.clock,
      ...(options.pacing ?? {}),
      ...(name === undefined ? {} : { account: name }),
    });
    try {
      return await checkAccess({ ...account, scheduler, now: () => options.clock.now() });
    } finally {
      scheduler.dispose();
    }
  };
}
