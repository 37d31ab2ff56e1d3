/**
 * The workspace the app works in: the sandbox platform (embedded, started in-process on
 * 127.0.0.1, or external: the JSON line `npm run sandbox` prints, passed in
 * `ONAIR_SANDBOX_INFO`), or real accounts (a live account, a VOD account, or a pair of the
 * two) whose tokens are read from the OS keychain for each call. One request scheduler per
 * account and API (docs/dev/architecture.md, "The API budget").
 * A 401 pauses that API's scheduler at once (no storm of retries) and is reported through
 * `onUnauthorized`, so the operator can enter a new token.
 */
import { LiveClient } from '../../platform/live-client';
import { VodClient } from '../../platform/vod-client';
import { withLiveCredential, withVodCredential } from '../../platform/api-clients';
import { RequestScheduler, type Clock, systemClock } from '../../platform/scheduler';
import { liveAccount, vodAccount } from '../../platform/account-ledger';
import { TokenGuard, noAccountError, noAccountReason, refuseAll } from './token-guard';
import { startSandbox, type SandboxHandle, type SandboxInfo } from '../../sandbox/index';
import type { Role } from '../../shared/commands/define';
import type {
  AccountAccess,
  AccountSummary,
  WorkspaceInfo,
  WorkspaceTokens,
} from '../../shared/model';

/** An open workspace: its description, clients and schedulers. Tokens stay in here. */
export interface Workspace {
  info: WorkspaceInfo;
  /**
   * The live API v1 as this workspace's live account. Without one (`info.apis.live` false)
   * every call is refused at once with PlatformError `api-missing`.
   */
  live: LiveClient;
  /** The VOD API v3 as this workspace's VOD account; null when it has none (live-only). */
  vod: VodClient | null;
  liveScheduler: RequestScheduler;
  vodScheduler: RequestScheduler;
  /** The embedded sandbox, when this workspace runs one. */
  sandbox: SandboxHandle | null;
  /** Whether the platform takes each API's token (a 401 makes it `refused`). */
  tokens(): WorkspaceTokens;
  /** Called once per 401 burst, after the token was refused and its scheduler paused. */
  onUnauthorized(listener: (api: 'live' | 'vod') => void): () => void;
  /**
   * Replaces the live token kept in memory: the sandbox workspace's token comes from its
   * SandboxInfo, not the keychain, so a renewed one (after a 401) lives here until the app
   * stops. null for account workspaces, whose token is read from the keychain for each call.
   */
  replaceToken: ((token: string) => void) | null;
  /**
   * Accepts the tokens again and resumes the schedulers after a new token was stored. A 401
   * answering a call sent before this (with the old token) no longer refuses the new one.
   */
  resume(): void;
  /** What the app knows of the live token's role (the pipeline refuses by it). */
  role: RoleState;
  dispose(): Promise<void>;
}

/**
 * The live token's role as the app last learned it: from the access check when the token was
 * added or renewed, and from each read of the contract (`channels.access`: answered, super
 * administrator; 403, administrator). null while unknown, and for a VOD-only workspace (the
 * VOD API states no roles): the command pipeline then lets the platform decide.
 */
export class RoleState {
  #role: Role | null;
  constructor(initial: Role | null) {
    this.#role = initial;
  }
  /** The role, or null when not known. */
  get(): Role | null {
    return this.#role;
  }
  /** Takes what a check or a read showed; null leaves what was known. */
  learn(role: Role | null): void {
    if (role !== null) this.#role = role;
  }
}

/** Pacing and plumbing shared by every kind of workspace. */
export interface WorkspaceOptions {
  clock?: Clock;
  /**
   * Scheduler pacing, for tests against a sandbox whose rate limit is off. The defaults
   * are the platform's (60 a minute, 1 s apart): never lower them against a real account.
   */
  pacing?: {
    minSpacingMs?: number;
    marginMs?: number;
    maxMarginMs?: number;
    limitPerMinute?: number;
  };
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
      apis: { live: true, vod: true },
      accounts: { live: null, vod: null },
      liveBaseUrl: info.live_base_url,
      vodBaseUrl: info.vod_base_url,
      serviceAccountKey: info.service_account_key,
    },
    {
      live: () => Promise.resolve(token),
      vod: () => Promise.resolve(info.vod_access_token),
    },
    // The sandbox announces the limit it enforces (SandboxInfo.rate_limit); the app paces by it.
    options.pacing
      ? options
      : {
          ...options,
          pacing: {
            minSpacingMs: info.rate_limit.spacing_ms,
            limitPerMinute: info.rate_limit.per_minute,
            // The specs' fast budget (100 ms apart) keeps a margin in proportion.
            ...(info.rate_limit.spacing_ms < 1000 ? { marginMs: 50, maxMarginMs: 150 } : {}),
          },
        },
    sandbox,
    // The sandbox workspace starts with the super administrator's token (SandboxInfo.tokens).
    'super_admin',
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
  workspace.role.learn(access.role);
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

/**
 * Real accounts to open as one workspace: a live account, a VOD account, or both (a pair).
 * Each API's token is read from the keychain for each call.
 */
export interface AccountWorkspaceTarget {
  /** The workspace's id: the account's own id, or the pair's. */
  id: string;
  name: string;
  live?: {
    accountId: string;
    baseUrl: string;
    serviceAccountKey: string;
    token: () => Promise<string>;
    /** The token's role from the access check kept with the account; null when unknown. */
    role?: Role | null;
  };
  vod?: { accountId: string; baseUrl: string; token: () => Promise<string> };
}

/**
 * Opens a workspace of real accounts. No call is made until a view asks. An API the
 * workspace has no account of refuses every call at once (PlatformError `api-missing`):
 * nothing is ever sent for it.
 * @throws Error when `target` names neither API.
 */
export function openAccountWorkspace(
  target: AccountWorkspaceTarget,
  options: WorkspaceOptions = {},
): Workspace {
  const { live, vod } = target;
  if (!live && !vod) throw new Error('A workspace needs a live or a VOD account.');
  return build(
    {
      id: target.id,
      name: target.name,
      kind: live && vod ? 'pair' : live ? 'live' : 'vod',
      apis: { live: live !== undefined, vod: vod !== undefined },
      accounts: { live: live?.accountId ?? null, vod: vod?.accountId ?? null },
      liveBaseUrl: live?.baseUrl ?? '',
      vodBaseUrl: vod?.baseUrl ?? '',
      serviceAccountKey: live?.serviceAccountKey ?? '',
    },
    { ...(live ? { live: live.token } : {}), ...(vod ? { vod: vod.token } : {}) },
    options,
    null,
    live?.role ?? null,
  );
}

/** A live account to open on its own (see {@link openAccountWorkspace}). */
export interface LiveAccountTarget {
  id: string;
  name: string;
  baseUrl: string;
  serviceAccountKey: string;
  token: () => Promise<string>;
}

/** Opens a live account's workspace on its own (live-only: no VOD). */
export function openLiveAccountWorkspace(
  account: LiveAccountTarget,
  options: WorkspaceOptions = {},
): Workspace {
  const { id, name, ...live } = account;
  return openAccountWorkspace({ id, name, live: { accountId: id, ...live } }, options);
}

/**
 * `network` with the API's current credential written into each request just before it is
 * sent. A request carries the token read when it was queued; one that waited in the queue
 * while the platform refused that token (a watch poll, a bulk batch: token-guard.ts) would
 * otherwise go out with the refused token after the operator stored a new one, and its 401
 * would refuse the new token too. When the token cannot be read now, the request goes as it
 * was queued (the read's failure is the queue-time read's to report, not the network's).
 */
function sentWithToken(
  read: (() => Promise<string>) | undefined,
  write: (request: Request, token: string) => Request,
  network: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  if (!read) return network;
  return async (request) => {
    let token: string;
    try {
      token = await read();
    } catch {
      return network(request);
    }
    return network(write(request, token));
  };
}

function build(
  info: WorkspaceInfo,
  token: { live?: () => Promise<string>; vod?: () => Promise<string> },
  options: WorkspaceOptions,
  sandbox: SandboxHandle | null,
  role: Role | null,
): Workspace {
  const clock = options.clock ?? systemClock;
  const network = options.fetch ?? ((request: Request) => fetch(request));
  const pacing = options.pacing ?? {};
  const has = { live: token.live !== undefined, vod: token.vod !== undefined };
  const guard = new TokenGuard(has, info.name);
  // Every scheduler of one platform account in this app shares its start log (account-ledger.ts):
  // the sandbox workspace stays open beside an account workspace on the same sandbox.
  const liveScheduler: RequestScheduler = new RequestScheduler({
    name: 'live',
    fetch: guard.fetch(
      'live',
      sentWithToken(token.live, withLiveCredential, network),
      () => liveScheduler,
    ),
    clock,
    ...pacing,
    ...(has.live ? { account: liveAccount(info.liveBaseUrl, info.serviceAccountKey) } : {}),
  });
  const vodScheduler: RequestScheduler = new RequestScheduler({
    name: 'vod',
    fetch: guard.fetch(
      'vod',
      sentWithToken(token.vod, withVodCredential, network),
      () => vodScheduler,
    ),
    clock,
    ...pacing,
    ...(has.vod ? { account: vodAccount(info.vodBaseUrl, info.accounts.vod ?? info.id) } : {}),
  });
  // The control room and the schedule always hold a live client; without a live account its
  // scheduler refuses every call before anything is sent, in words the operator can act on.
  if (!has.live) liveScheduler.pause(noAccountReason('live'), refuseAll(noAccountError('live')));
  if (!has.vod) vodScheduler.pause(noAccountReason('vod'), refuseAll(noAccountError('vod')));
  const live = new LiveClient({
    baseUrl: info.liveBaseUrl || 'http://127.0.0.1/no-live-account/api',
    serviceAccountKey: info.serviceAccountKey,
    token: token.live ?? (() => Promise.reject(noAccountError('live'))),
    scheduler: liveScheduler,
  });
  const vod = token.vod
    ? new VodClient({ baseUrl: info.vodBaseUrl, token: token.vod, scheduler: vodScheduler })
    : null;
  return {
    info,
    live,
    vod,
    liveScheduler,
    vodScheduler,
    sandbox,
    tokens: () => guard.tokens,
    replaceToken: null,
    role: new RoleState(role),
    onUnauthorized: (listener) => guard.onUnauthorized(listener),
    resume() {
      guard.resume();
      // An API without an account stays refused: there is no token to resume with.
      if (has.live) liveScheduler.resume();
      if (has.vod) vodScheduler.resume();
    },
    async dispose() {
      guard.dispose();
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
