/**
 * The e2e sandbox in its own process (issue 34, "Tests that never need a retry";
 * docs/dev/sandbox.md, "The e2e sandbox"). Each Playwright worker starts one sandbox host
 * (`src-main/sandbox/testing/sandbox-host.ts`), a child process that reports its URL on
 * stdout, and stops it when the worker ends; every test gets a fresh sandbox from it, as
 * before. The platform's rate limit then measures the spacing of the app's calls in a
 * process the page driver cannot stall: a stalled worker no longer makes two well-spaced
 * calls look too close (the one 429 that made CI retry).
 *
 * {@link RemoteSandbox} is what a spec reaches of its sandbox: `info` and the probe key as
 * before, and the in-process handle's controls as async calls to the child.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type {
  EncoderCommand,
  EncoderStatus,
  MinuteCount,
  SandboxInfo,
  SandboxOptions,
  ServedOperationsReport,
  StoredUpload,
  UploadMode,
} from '../src-main/sandbox/index';

/** The sandbox host of this worker: a child process serving sandboxes on loopback. */
export interface SandboxHostProcess {
  url: string;
  child: ChildProcess;
}

/**
 * Starts the sandbox host and waits for the line with its URL.
 * @throws Error when it exits first or says nothing within `timeoutMs`.
 */
export async function startSandboxHost(timeoutMs = 60_000): Promise<SandboxHostProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src-main/sandbox/testing/sandbox-host.ts'],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The sandbox host said nothing within ${timeoutMs} ms.`)),
      timeoutMs,
    );
    child.once('exit', (code) => reject(new Error(`The sandbox host exited (${code}).`)));
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  return { url, child };
}

/** Stops the sandbox host (its stdin closes; SIGTERM as well) and waits for it to exit. */
export async function stopSandboxHost(host: SandboxHostProcess): Promise<void> {
  if (host.child.exitCode !== null) return;
  const exited = new Promise((done) => host.child.once('exit', done));
  host.child.stdin?.end();
  host.child.kill('SIGTERM');
  await exited;
}

/**
 * Options of a test's sandbox: those of `startSandbox`, the start as epoch ms (port 0 unless
 * given: a restart on the same port, e2e/panels.spec.ts).
 */
export type RemoteSandboxOptions = Omit<SandboxOptions, 'startAt'> & { startAt?: number };

/** A test's sandbox, running in the sandbox host's process. */
export interface RemoteSandbox {
  info: SandboxInfo;
  /** Sent as `X-Sandbox-Probe` by a test's own checking client (outside the rate limit). */
  probeKey: string;
  clock: {
    /** Moves the platform's clock forward by `ms`. */
    advance(ms: number): Promise<void>;
    /** Its speed (×1 normally) and whether it is paused. */
    status(): Promise<{ speed: number; paused: boolean }>;
  };
  issueToken(options?: { role?: string; scopes?: string[]; lifetimeS?: number }): Promise<string>;
  revokeToken(token: string): Promise<void>;
  faults: {
    update(change: Record<string, number | boolean | null>): Promise<void>;
    clear(): Promise<void>;
  };
  callbacks: { settle(): Promise<void> };
  encoders: {
    set(channelKey: string, command: EncoderCommand): Promise<EncoderStatus>;
    status(channelKey: string): Promise<EncoderStatus>;
    list(): Promise<EncoderStatus[]>;
    runDue(): Promise<void>;
    reconnectWindowMs(): Promise<number>;
  };
  uploads: {
    stored(uploadFileKey: string): Promise<StoredUpload | null>;
    receivedBytes(): Promise<number>;
    setThrottle(bytesPerSecond: number | null): Promise<void>;
    setMode(mode: UploadMode): Promise<void>;
  };
  scenarios: { status(): Promise<{ phase: string; errors: unknown[] } | null> };
  calls: { counts(): Promise<MinuteCount[]> };
  served: { asked(): Promise<{ live: Record<string, number>; vod: Record<string, number> }> };
  /** Closes it; answers the operations it served to the app (the UI coverage). */
  close(): Promise<ServedOperationsReport>;
}

async function ask<T>(url: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`sandbox host: ${answer.error ?? response.status}`);
  return answer;
}

/** Starts a fresh sandbox in the host's process. */
export async function startRemoteSandbox(
  host: SandboxHostProcess,
  options: RemoteSandboxOptions,
): Promise<RemoteSandbox> {
  const { startAt, ...rest } = options;
  const started = await ask<{ id: string; info: SandboxInfo; probeKey: string }>(
    `${host.url}sandboxes`,
    'POST',
    { ...rest, ...(startAt === undefined ? {} : { startAt: new Date(startAt).toISOString() }) },
  );
  const base = `${host.url}sandboxes/${started.id}`;
  const call = async <T>(name: string, ...args: unknown[]): Promise<T> =>
    (await ask<{ value: T }>(`${base}/call`, 'POST', { name, args })).value;
  return {
    info: started.info,
    probeKey: started.probeKey,
    clock: {
      advance: (ms) => call('clock.advance', ms),
      status: () => call('clock.status'),
    },
    issueToken: (options) => call('issueToken', options),
    revokeToken: (token) => call('revokeToken', token),
    faults: {
      update: (change) => call('faults.update', change),
      clear: () => call('faults.clear'),
    },
    callbacks: { settle: () => call('callbacks.settle') },
    encoders: {
      set: (key, command) => call('encoders.set', key, command),
      status: (key) => call('encoders.status', key),
      list: () => call('encoders.list'),
      runDue: () => call('encoders.runDue'),
      reconnectWindowMs: () => call('encoders.reconnectWindowMs'),
    },
    uploads: {
      stored: (key) => call('uploads.stored', key),
      receivedBytes: () => call('uploads.receivedBytes'),
      setThrottle: (rate) => call('uploads.setThrottle', rate),
      setMode: (mode) => call('uploads.setMode', mode),
    },
    scenarios: { status: () => call('scenarios.status') },
    calls: { counts: () => call('calls.counts') },
    served: { asked: () => call('served.asked') },
    close: async () => (await ask<{ served: ServedOperationsReport }>(base, 'DELETE')).served,
  };
}
