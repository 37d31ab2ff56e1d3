/**
 * The sandbox platform: a spec-faithful emulator of the live API v1 and the VOD API v3
 * (resources/openapi/*.yaml, docs/platform-facts.md), started
 * in-process on 127.0.0.1 with seeded demo data. The app's default workspace, the tests and
 * the benchmarks run against it.
 */
import { seedOnAir } from './seed/seed-on-air';
import { ServedOperations } from './kernel/served-operations';
import { randomBytes, randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Role } from './kernel/auth';
import { TokenAuthority, randomOpaqueToken } from './kernel/auth';
import type { CallbackPolicy } from './callbacks/callbacks';
import { CallbackEngine } from './callbacks/callbacks';
import { CallCounter } from './kernel/call-count';
import { VirtualClock } from './kernel/clock';
import type { TokenName } from './rehearsal/scenario';
import { ScenarioDesk } from './rehearsal/scenario-desk';
import type { EncoderOptions } from './rehearsal/encoder';
import { EncoderSimulator } from './rehearsal/encoder';
import type { FaultSettings } from './kernel/faults';
import { FaultInjector } from './kernel/faults';
import { StateFile, saveAfterChanges, serializeState } from './state/persistence';
import { defaultRateLimitPolicy, type RateLimitPolicy } from './kernel/rate-limit';
import { RateLimiter } from './kernel/rate-limit';
import { seedState } from './seed/seed';
import { apiPrefixes, buildServer } from './server';
import type { UploadMode } from './upload-host/upload-host';
import { UploadHost } from './upload-host/upload-host';

export { VirtualClock } from './kernel/clock';
export type {
  EncoderCommand,
  EncoderState,
  EncoderStatus,
  EncoderSimulator,
} from './rehearsal/encoder';
export type { RateLimitPolicy } from './kernel/rate-limit';
export type { CallCounter, MinuteCount } from './kernel/call-count';
export type { StoredUpload, UploadFaults, UploadHost, UploadMode } from './upload-host/upload-host';
// What the contract tests, the e2e UI coverage and the benches read of the sandbox: the
// OpenAPI documents it serves, the response check, the seed and its PRNG (docs/dev/sandbox.md).
export type { ApiName, OperationSpec } from './kernel/openapi';
export { listOperations, loadOpenApiDocument } from './kernel/openapi';
export { validateResponse } from './kernel/openapi-validate';
export type { ServedOperationsReport } from './kernel/served-operations';
export { seedState } from './seed/seed';
export { mulberry32 } from './state/prng';

/** How to reach a running sandbox, and credentials for it. Printed by the CLI as one JSON line. */
export interface SandboxInfo {
  /** `http://127.0.0.1:PORT/live/api` (ends in `/api`, like the platform's). */
  live_base_url: string;
  /** `http://127.0.0.1:PORT/vod/api`. */
  vod_base_url: string;
  /** The one service account of the sandbox (`onair-sandbox`). */
  service_account_key: string;
  /**
   * Live bearer tokens, valid one year of virtual time:
   * - `super_admin`: role super_admin, scopes live:control, live-api:console-control, live:statistics;
   * - `admin`: role admin, the same scopes;
   * - `no_scope`: role super_admin, no scopes (every live operation answers 403).
   */
  tokens: { super_admin: string; admin: string; no_scope: string };
  /** VOD API access token, sent as `?access_token=`. */
  vod_access_token: string;
  /**
   * The protocol the one-time upload URLs spoke when the sandbox started (`tus` or
   * `multipart`, upload-host.ts); tests may switch it later (`handle.uploads.mode`).
   */
  upload_mode: UploadMode;
  /**
   * The rate limit this sandbox enforces per service account and per VOD access token, which
   * the app's sandbox workspace paces itself by. The real platform's is fixed (60 calls a
   * minute, 1000 ms apart); a test may start a sandbox with a scaled-down one
   * (`rateLimitPolicy`) so that long admin specs spend less time waiting on the budget.
   */
  rate_limit: { per_minute: number; spacing_ms: number };
}

/** Options of `startSandbox`. */
export interface SandboxOptions {
  /** TCP port on 127.0.0.1; default 0 (any free port). */
  port?: number;
  /** Seed of the demo data; default 1. Same seed and `startAt`, same data. */
  seed?: number;
  /** Enforce the platform's rate limit (60 calls/min, 1 s apart); default true. */
  rateLimit?: boolean;
  /**
   * Override parts of the rate-limit policy (defaults: 1000 ms spacing, 60 calls per 60 000 ms,
   * `performance.now`), e.g. to test the per-minute limit without waiting a minute.
   */
  rateLimitPolicy?: Partial<RateLimitPolicy>;
  /**
   * How many VOD media contents the seeded library holds (seed-vod-large.ts): e.g. 10 000 for
   * a large library, 0 for an empty one; default the 12 demo contents. Same seed, same library.
   */
  vodContents?: number;
  /** Virtual clock start; default the real now. Seed data is placed relative to it. */
  startAt?: Date;
  /** Log requests to stderr; default false. */
  logger?: boolean;
  /**
   * Keep the state in this JSON file across restarts (persistence.ts): loaded at start (a
   * corrupt file is reported on stderr and the seed used), saved 250 ms after changes and on
   * close. The clock resumes at the later of `startAt` and the saved virtual time.
   */
  stateFile?: string;
  /** Faults injected from the start (faults.ts); default none, seed = `seed`. */
  faults?: Partial<FaultSettings>;
  /** Callback timing (callbacks.ts); defaults: 2 s connect, 3 s answer, retry every 5 min. */
  callbackPolicy?: Partial<CallbackPolicy>;
  /** Simulated encoders (encoder.ts); default reconnect window 5 min of virtual time. */
  encoderOptions?: EncoderOptions;
  /**
   * Where the upload host keeps uploaded files (upload-host.ts). Default: `<stateFile>.uploads/`
   * beside the state file when there is one (a restarted sandbox keeps partial tus uploads),
   * else a fresh temp directory removed on `close()`.
   */
  storageDir?: string;
  /**
   * The protocol of the one-time upload URLs (upload-host.ts): `tus` (default) or `multipart`,
   * the real host's single `multipart/form-data` POST. Switchable later with
   * `handle.uploads.setMode`.
   */
  uploadMode?: UploadMode;
  /**
   * Exactly this many broadcasts on air from the start, each fed by a simulated encoder
   * (seed-on-air.ts; channels "Feed 01"... are added past the seeded ones), 0 to 64. Applied
   * to a fresh seed only, not to a state restored from `stateFile`. Default: the seed's three.
   */
  onAir?: number;
}

/** A running sandbox. */
export interface SandboxHandle {
  info: SandboxInfo;
  /** The platform's virtual clock; `advance` jumps it forward. */
  clock: VirtualClock;
  /** Switches the rate limit on or off (clears its history). */
  setRateLimit(enabled: boolean): void;
  /** Injected faults; also under `/__sandbox/faults`. */
  faults: FaultInjector;
  /** Callback deliveries (`deliveries()`, `settle()` after advancing the clock). */
  callbacks: CallbackEngine;
  /**
   * The simulated encoders (encoder.ts): `set(channelKey, 'live' | 'off')`, `status`, `list`,
   * `runDue()` after advancing the clock; also `/__sandbox/channels/{key}/encoder`.
   */
  encoders: EncoderSimulator;
  /**
   * The upload host serving the one-time upload URLs: `stored(uploadFileKey)`,
   * `setThrottle(bytesPerSecond | null)`, `setFaults({ storageFull, dropAfterBytes })`,
   * `mode` / `setMode('tus' | 'multipart')`, `storageDir`; also under `/__sandbox/uploads`.
   */
  uploads: UploadHost;
  /**
   * Creates a new personal access token of the service account, as a console user would
   * (default: super administrator, every live scope, one year of virtual time).
   */
  issueToken(options?: { role?: Role; scopes?: string[]; lifetimeS?: number }): string;
  /** Revokes a live token (deleted in the console): calls with it get 401 from now on. */
  revokeToken(token: string): void;
  /** Platform calls received per account and minute (call-count.ts); also `/__sandbox/calls`. */
  calls: CallCounter;
  /**
   * Sent as `X-Sandbox-Probe` by a test's own checking client: its calls skip the rate limit,
   * so they never spend the app's budget (server.ts). Not in `info`: the app never has it.
   */
  probeKey: string;
  /** Operations served to OnAir Desk itself (not to other clients): the UI coverage. */
  served: ServedOperations;
  /**
   * Rehearsal scenarios (scenario-desk.ts): `start({ name } | { yaml }, speed)`, `status`,
   * `pause`, `resume`, `stop`; also under `/__sandbox/scenario`.
   */
  scenarios: ScenarioDesk;
  /** Stops serving and closes open connections. */
  close(): Promise<void>;
}

const allLiveScopes = ['live:control', 'live-api:console-control', 'live:statistics'];
const tokenLifetimeSeconds = 365 * 86_400;

/**
 * Starts a sandbox on 127.0.0.1.
 * @throws Error when the port is taken or the OpenAPI documents cannot be read.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const stateFile = options.stateFile === undefined ? undefined : new StateFile(options.stateFile);
  const start = options.startAt ?? new Date();
  // Functions kept in state (PRNGs) come back from another seed, so they draw new keys.
  const seedOptions = options.vodContents === undefined ? {} : { vodContents: options.vodContents };
  const saved = stateFile?.load(
    seedState(options.seed ?? 1, start, seedOptions),
    seedState(randomInt(2 ** 31), start, seedOptions),
  );
  // The platform's time never goes back: a restored sandbox resumes at its saved time at least.
  const clock = new VirtualClock(new Date(Math.max(start.getTime(), saved?.virtualNowMs ?? 0)));
  const state = saved?.state ?? seedState(options.seed ?? 1, clock.now(), seedOptions);
  const faults = new FaultInjector({ seed: options.seed ?? 1, ...options.faults });
  const callbacks = new CallbackEngine(state, clock, options.callbackPolicy);
  const encoders = new EncoderSimulator(state, clock, options.encoderOptions);
  if (options.onAir !== undefined && saved?.state === undefined)
    seedOnAir(state, encoders, clock, options.onAir);
  // Drawn once per state: a restart with the same state file keeps accepting its tokens.
  const credentials = (state.credentials ??= {
    signingKey: randomBytes(32).toString('base64url'),
    revokedSignatures: [],
    vodAccessToken: randomOpaqueToken(),
  });
  const authority = new TokenAuthority(
    Buffer.from(credentials.signingKey, 'base64url'),
    credentials.revokedSignatures,
  );
  const limiter = new RateLimiter(options.rateLimitPolicy, options.rateLimit ?? true);
  const vodAccessToken = credentials.vodAccessToken;
  const issueToken = (opts: { role?: Role; scopes?: string[]; lifetimeS?: number } = {}) =>
    authority.mint({
      sub: state.serviceAccountKey,
      role: opts.role ?? 'super_admin',
      scopes: opts.scopes ?? allLiveScopes,
      iat: Math.floor(clock.nowMs() / 1000),
      exp: Math.floor(clock.nowMs() / 1000) + (opts.lifetimeS ?? tokenLifetimeSeconds),
      jti: randomOpaqueToken().slice(0, 16),
    });
  const calls = new CallCounter();
  const served = new ServedOperations();
  const probeKey = randomOpaqueToken();
  const uploads = new UploadHost(state, {
    ...(options.storageDir === undefined ? {} : { storageDir: options.storageDir }),
    ...(options.stateFile === undefined ? {} : { stateFile: options.stateFile }),
    ...(options.uploadMode === undefined ? {} : { mode: options.uploadMode }),
  });
  const iat = Math.floor(clock.nowMs() / 1000);
  const mint = (role: Role, scopes: string[], lifetimeS = tokenLifetimeSeconds): string =>
    authority.mint({
      sub: state.serviceAccountKey,
      role,
      scopes,
      iat,
      exp: iat + lifetimeS,
    });
  const namedTokens: Record<TokenName, string> = {
    super_admin: mint('super_admin', allLiveScopes),
    admin: mint('admin', allLiveScopes),
    no_scope: mint('super_admin', []),
  };
  const scenarios = new ScenarioDesk({
    clock,
    state,
    encoders,
    faults,
    revokeToken: (name) => authority.revoke(namedTokens[name]),
  });
  const app = buildServer({
    scenarios,
    state,
    clock,
    tokens: authority,
    vodAccessToken,
    limiter,
    logger: options.logger ?? false,
    faults,
    callbacks,
    encoders,
    uploads,
    served,
    probeKey,
    accounting: {
      calls,
      tokens: { issue: issueToken, revoke: (token) => authority.revoke(token) },
    },
  });
  if (stateFile !== undefined) {
    saveAfterChanges(app, stateFile, () => serializeState(state, clock.nowMs()));
  }
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    info: {
      live_base_url: origin + apiPrefixes.live,
      vod_base_url: origin + apiPrefixes.vod,
      service_account_key: state.serviceAccountKey,
      tokens: namedTokens,
      vod_access_token: vodAccessToken,
      upload_mode: uploads.mode,
      rate_limit: {
        per_minute: Math.round(
          ((options.rateLimitPolicy?.maxCalls ?? defaultRateLimitPolicy.maxCalls) * 60_000) /
            (options.rateLimitPolicy?.windowMs ?? defaultRateLimitPolicy.windowMs),
        ),
        spacing_ms: options.rateLimitPolicy?.spacingMs ?? defaultRateLimitPolicy.spacingMs,
      },
    },
    clock,
    setRateLimit: (enabled) => limiter.setEnabled(enabled),
    faults,
    callbacks,
    encoders,
    scenarios,
    uploads,
    issueToken,
    revokeToken: (token) => authority.revoke(token),
    calls,
    served,
    probeKey,
    close: async () => {
      scenarios.stop();
      await app.close();
      encoders.close();
      await callbacks.close();
      await stateFile?.flush();
      uploads.close();
    },
  };
}
