/**
 * The workspace the app works in: the sandbox platform (embedded, started in-process on
 * 127.0.0.1, or external: the JSON line `npm run sandbox` prints, passed in
 * `ONAIR_SANDBOX_INFO`), or a real live account whose token is read from the OS keychain
 * for each call. One request scheduler per API (DESIGN.md, "The API budget").
 * A 401 pauses that API's scheduler at once (no storm of retries) and is reported through
 * `onUnauthorized`, so the operator can enter a new token.
 */
import { LiveClient } from '../platform/live-client';
import { VodClient } from '../platform/vod-client';
import { PlatformError } from '../platform/errors';
import {
  RequestScheduler,
  type Clock,
  type Priority,
  type RefusePolicy,
  systemClock,
} from '../platform/scheduler';
import { startSandbox, type SandboxHandle, type SandboxInfo } from '../sandbox/index';
import type { AccountAccess, AccountSummary, WorkspaceInfo } from '../shared/model';

/** An open workspace: its description, clients and schedulers. Tokens stay in here. */
export interface Workspace {
  info: WorkspaceInfo;
  live: LiveClient;
  /** The VOD API v3 as this workspace's VOD account; null when it has none (live-only account). */
  vod: VodClient | null;
  liveScheduler: RequestScheduler;
  vodScheduler: RequestScheduler;
  /** The embedded sandbox, when this workspace runs one. */
  sandbox: SandboxHandle | null;
  /** Called once per 401 burst, after the scheduler was paused. */
  onUnauthorized(listener: (api: 'live' | 'vod') => void): () => void;
  /**
   * Replaces the live token kept in memory: the sandbox workspace's token comes from its
   * SandboxInfo, not the keychain, so a renewed one (after a 401) lives here until the app
   * stops. null for account workspaces, whose token is read from the keychain for each call.
   */
  replaceToken: ((token: string) => void) | null;
  /** Resumes the schedulers after a new token was stored. */
  resume(): void;
  dispose(): Promise<void>;
}

/** Pacing and plumbing shared by every kind of workspace. */
export interface WorkspaceOptions {
  clock?: Clock;
  /**
   * Scheduler pacing, for tests against a sandbox whose rate limit is off. The defaults
   * are the platform's (60 a minute, 1 s apart): never lower them against a real account.
   */
  pacing?: { minSpacingMs?: number; marginMs?: number; limitPerMinute?: number };
  /** The network; injectable for tests. */
  fetch?: (request: Request) => Promise<Response>;
}

export interface OpenSandboxOptions extends WorkspaceOptions {
  /** The sandbox to use instead of starting one (the JSON line of `npm run sandbox`). */
  sandboxInfo?: SandboxInfo;
  /** Seed of the embedded sandbox's demo data. */
  seed?: number;
  /** Rate limit of the embedded sandbox (default on, as the platform). */
  rateLimit?: boolean;
}

/** What the scheduler pause says while a token is refused. */
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
          message: `The platform refused the token of “${name}”; nothing was sent. Enter a new token in Accounts.`,
        })
      : null;
}

/** Opens the sandbox workspace (starting an embedded sandbox unless one is given). */
export async function openSandboxWorkspace(options: OpenSandboxOptions = {}): Promise<Workspace> {
  const sandbox = options.sandboxInfo
    ? null
    : await startSandbox({
        port: 0,
        seed: options.seed ?? 1,
        rateLimit: options.rateLimit ?? true,
      });
  const info = options.sandboxInfo ?? sandbox?.info;
  if (!info) throw new Error('No sandbox platform to open.');
  let token = info.tokens.super_admin;
  const workspace = build(
    {
      id: 'sandbox',
      name: 'Sandbox',
      kind: 'sandbox',
      liveBaseUrl: info.live_base_url,
      vodBaseUrl: info.vod_base_url,
      serviceAccountKey: info.service_account_key,
    },
    () => Promise.resolve(token),
    options,
    sandbox,
    () => Promise.resolve(info.vod_access_token),
  );
  return {
    ...workspace,
    replaceToken: (next) => {
      token = next;
    },
  };
}

/**
 * Checks a new live token for the sandbox workspace (one call, as for an account), then uses
 * it: the banner's "New token" after the sandbox platform revoked the one in use.
 * @returns the sandbox as an account summary (id `sandbox`), with what the token may do.
 * @throws PlatformError when the platform refuses the token; the old one stays in place.
 */
export async function renewSandboxToken(
  workspace: Workspace,
  token: string,
  check: (account: {
    kind: 'live';
    baseUrl: string;
    serviceAccountKey: string;
    token: string;
  }) => Promise<AccountAccess>,
): Promise<AccountSummary> {
  const { info } = workspace;
  const access = await check({
    kind: 'live',
    baseUrl: info.liveBaseUrl,
    serviceAccountKey: info.serviceAccountKey,
    token,
  });
  workspace.replaceToken?.(token);
  return {
    id: info.id,
    kind: 'live',
    name: info.name,
    baseUrl: info.liveBaseUrl,
    serviceAccountKey: info.serviceAccountKey,
    addedAt: access.checkedAt,
    access,
  };
}

/** A live account to open: its record and how to read its token (from the keychain). */
export interface LiveAccountTarget {
  id: string;
  name: string;
  baseUrl: string;
  serviceAccountKey: string;
  token: () => Promise<string>;
}

/** Opens a real live account's workspace. No call is made until a view asks. */
export function openLiveAccountWorkspace(
  account: LiveAccountTarget,
  options: WorkspaceOptions = {},
): Workspace {
  return build(
    {
      id: account.id,
      name: account.name,
      kind: 'account',
      liveBaseUrl: account.baseUrl,
      vodBaseUrl: '',
      serviceAccountKey: account.serviceAccountKey,
    },
    account.token,
    options,
    null,
  );
}

function build(
  info: WorkspaceInfo,
  token: () => Promise<string>,
  options: WorkspaceOptions,
  sandbox: SandboxHandle | null,
  vodToken?: () => Promise<string>,
): Workspace {
  const clock = options.clock ?? systemClock;
  const network = options.fetch ?? ((request: Request) => fetch(request));
  const pacing = options.pacing ?? {};
  const listeners = new Set<(api: 'live' | 'vod') => void>();
  const guarded =
    (api: 'live' | 'vod', scheduler: () => RequestScheduler) => async (request: Request) => {
      const response = await network(request);
      if (response.status === 401 && scheduler().state().pausedReason !== tokenRejectedReason) {
        scheduler().pause(tokenRejectedReason, refuseWhileTokenRejected(info.name));
        for (const listener of listeners) listener(api);
      }
      return response;
    };
  const liveScheduler: RequestScheduler = new RequestScheduler({
    name: 'live',
    fetch: guarded('live', () => liveScheduler),
    clock,
    ...pacing,
  });
  const vodScheduler: RequestScheduler = new RequestScheduler({
    name: 'vod',
    fetch: guarded('vod', () => vodScheduler),
    clock,
    ...pacing,
  });
  const live = new LiveClient({
    baseUrl: info.liveBaseUrl,
    serviceAccountKey: info.serviceAccountKey,
    token,
    scheduler: liveScheduler,
  });
  const vod =
    vodToken && info.vodBaseUrl !== ''
      ? new VodClient({ baseUrl: info.vodBaseUrl, token: vodToken, scheduler: vodScheduler })
      : null;
  return {
    info,
    live,
    vod,
    liveScheduler,
    vodScheduler,
    sandbox,
    replaceToken: null,
    onUnauthorized(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    resume() {
      liveScheduler.resume();
      vodScheduler.resume();
    },
    async dispose() {
      listeners.clear();
      liveScheduler.dispose();
      vodScheduler.dispose();
      await sandbox?.close();
    },
  };
}

/**
 * Reads `ONAIR_SANDBOX_INFO` (the JSON line `npm run sandbox` prints), if set.
 * @throws Error naming the missing field when the JSON is not a sandbox info line.
 */
export function sandboxInfoFromEnv(env: NodeJS.ProcessEnv): SandboxInfo | undefined {
  const raw = env.ONAIR_SANDBOX_INFO;
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('ONAIR_SANDBOX_INFO is not JSON: paste the line `npm run sandbox` printed.');
  }
  const p = parsed as Partial<SandboxInfo> | null;
  for (const field of ['live_base_url', 'vod_base_url', 'service_account_key', 'tokens'] as const) {
    if (!p?.[field]) throw new Error(`ONAIR_SANDBOX_INFO lacks "${field}".`);
  }
  return p as SandboxInfo;
}
