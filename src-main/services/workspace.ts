/**
 * The workspace the app works in. Today: the sandbox platform, embedded (started in-process
 * on 127.0.0.1, port 0) or external (the JSON line `npm run sandbox` prints, passed in
 * `ONAIR_SANDBOX_INFO`). Real accounts with tokens in the OS keychain come with the accounts
 * work (issue 6). One request scheduler per API (DESIGN.md, "The API budget").
 */
import { LiveClient } from '../platform/live-client';
import { RequestScheduler, type Clock, systemClock } from '../platform/scheduler';
import { startSandbox, type SandboxHandle, type SandboxInfo } from '../sandbox/index';
import type { WorkspaceInfo } from '../shared/model';

/** An open workspace: its description, clients and schedulers. Tokens stay in here. */
export interface Workspace {
  info: WorkspaceInfo;
  live: LiveClient;
  liveScheduler: RequestScheduler;
  vodScheduler: RequestScheduler;
  /** The embedded sandbox, when this workspace runs one (for the CLI to report). */
  sandbox: SandboxHandle | null;
  dispose(): Promise<void>;
}

export interface OpenWorkspaceOptions {
  /** The sandbox to use instead of starting one (the JSON line of `npm run sandbox`). */
  sandboxInfo?: SandboxInfo;
  /** Seed of the embedded sandbox's demo data. */
  seed?: number;
  /** Rate limit of the embedded sandbox (default on, as the platform). */
  rateLimit?: boolean;
  clock?: Clock;
  /**
   * Scheduler pacing, for tests against a sandbox whose rate limit is off. The defaults
   * are the platform's (60 a minute, 1 s apart): never lower them against a real account.
   */
  pacing?: { minSpacingMs?: number; marginMs?: number; limitPerMinute?: number };
  /** The network; injectable for tests. */
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * Opens the sandbox workspace.
 * @throws Error when the external sandbox info is malformed (message says what is wrong).
 */
export async function openSandboxWorkspace(options: OpenWorkspaceOptions = {}): Promise<Workspace> {
  const sandbox = options.sandboxInfo
    ? null
    : await startSandbox({
        port: 0,
        seed: options.seed ?? 1,
        rateLimit: options.rateLimit ?? true,
      });
  const info = options.sandboxInfo ?? sandbox?.info;
  if (!info) throw new Error('No sandbox platform to open.');
  const clock = options.clock ?? systemClock;
  const network = options.fetch ?? ((request: Request) => fetch(request));
  const pacing = options.pacing ?? {};
  const liveScheduler = new RequestScheduler({ name: 'live', fetch: network, clock, ...pacing });
  const vodScheduler = new RequestScheduler({ name: 'vod', fetch: network, clock, ...pacing });
  const token = info.tokens.super_admin;
  const live = new LiveClient({
    baseUrl: info.live_base_url,
    serviceAccountKey: info.service_account_key,
    token: () => Promise.resolve(token),
    scheduler: liveScheduler,
  });
  return {
    info: {
      id: 'sandbox',
      name: 'Sandbox',
      kind: 'sandbox',
      liveBaseUrl: info.live_base_url,
      vodBaseUrl: info.vod_base_url,
      serviceAccountKey: info.service_account_key,
    },
    live,
    liveScheduler,
    vodScheduler,
    sandbox,
    async dispose() {
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
    if (!p || !p[field]) throw new Error(`ONAIR_SANDBOX_INFO lacks "${field}".`);
  }
  return p as SandboxInfo;
}
