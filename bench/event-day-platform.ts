/**
 * The event-day bench's platform: the sandbox in its own process (`src-main/sandbox/cli/cli.ts`,
 * what `npm run sandbox -- --state FILE ...` runs), with faults on from its first call, and
 * the `/__sandbox/` controls the bench drives: a 429 burst, a token revoked and a new one
 * issued as a console user would, a restart on the same port with the same state, and the
 * calls it counted per account and minute (kept across restarts by the bench).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { MinuteCount, SandboxInfo } from '../src-main/sandbox/index';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The day's faults: answers 80–250 ms late, 2 % server errors, 2 % dropped connections. */
export const eventDayFaults = {
  latencyMs: 80,
  latencyMaxMs: 250,
  errorRate: 0.02,
  dropRate: 0.02,
};

/** A sandbox process the bench can restart. */
export class PlatformProcess {
  readonly #stateFile: string;
  #child: ChildProcess | null = null;
  #info: SandboxInfo | null = null;
  #port = 0;
  /** Counts of the processes already stopped: a restart starts its counts afresh. */
  readonly #earlierCounts: MinuteCount[] = [];

  constructor(stateFile: string) {
    this.#stateFile = stateFile;
  }

  /** The info line the running sandbox printed (tokens of this start; the key is kept). */
  get info(): SandboxInfo {
    if (this.#info === null) throw new Error('the sandbox is not running');
    return this.#info;
  }

  /** Starts the sandbox (port 0 the first time, then the same port). @throws when it fails. */
  async start(): Promise<SandboxInfo> {
    const faults = [
      ['--latency', eventDayFaults.latencyMs],
      ['--latency-max', eventDayFaults.latencyMaxMs],
      ['--error-rate', eventDayFaults.errorRate],
      ['--drop-rate', eventDayFaults.dropRate],
    ].flatMap(([flag, value]) => [String(flag), String(value)]);
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src-main/sandbox/cli/cli.ts',
        '--port',
        String(this.#port),
        '--state',
        this.#stateFile,
        ...faults,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`sandbox did not start:\n${stderr}`)),
        60_000,
      );
      createInterface({ input: child.stdout }).once('line', (first) => {
        clearTimeout(timer);
        resolve(first);
      });
      child.once('exit', (code) => reject(new Error(`sandbox exited ${code}:\n${stderr}`)));
    });
    this.#child = child;
    this.#info = JSON.parse(line) as SandboxInfo;
    this.#port = Number(new URL(this.#info.live_base_url).port);
    return this.#info;
  }

  /** Stops it (SIGTERM: it saves its state first), keeping the calls it counted. */
  async stop(): Promise<void> {
    const child = this.#child;
    if (child === null) return;
    this.#earlierCounts.push(...(await this.counts().catch(() => [])));
    this.#child = null;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }

  /** Changes the faults (faults.ts fields). */
  async setFaults(change: Record<string, number>): Promise<void> {
    await this.#control('PUT', '/faults', change);
  }

  /** A new personal access token of the service account, as a console user makes one. */
  async issueToken(): Promise<string> {
    return ((await this.#control('POST', '/tokens', {})) as { token: string }).token;
  }

  /** Revokes `token`, as a console user deleting it. */
  async revokeToken(token: string): Promise<void> {
    await this.#control('POST', '/tokens/revoke', { token });
  }

  /** Forgets the calls counted so far (the bench's own setup calls). */
  async clearCounts(): Promise<void> {
    await this.#control('DELETE', '/calls');
    this.#earlierCounts.length = 0;
  }

  /** The running sandbox's counts. */
  async counts(): Promise<MinuteCount[]> {
    return ((await this.#control('GET', '/calls')) as { minutes: MinuteCount[] }).minutes;
  }

  /** Every count since `clearCounts`, across restarts: one row per account and minute. */
  async allCounts(): Promise<MinuteCount[]> {
    const rows = [...this.#earlierCounts, ...(this.#child ? await this.counts() : [])];
    const merged = new Map<string, MinuteCount>();
    for (const row of rows) {
      const key = `${row.minute} ${row.account}`;
      const into = merged.get(key);
      if (into === undefined) {
        merged.set(key, { ...row });
        continue;
      }
      into.calls += row.calls;
      into.throttled += row.throttled;
      into.injectedThrottled += row.injectedThrottled;
      into.serverErrors += row.serverErrors;
      into.dropped += row.dropped;
    }
    return [...merged.values()].sort((a, b) => a.minute.localeCompare(b.minute));
  }

  async #control(method: string, path: string, body?: Record<string, unknown>): Promise<unknown> {
    const url = this.info.live_base_url.replace('/live/api', `/__sandbox${path}`);
    const response = await fetch(url, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`);
    return response.json();
  }
}

/** An on-air broadcast with timeshift on and not recording, found through the live API. */
export async function findFocusBroadcast(
  info: SandboxInfo,
): Promise<{ channelTitle: string; broadcastKey: string }> {
  const base = `${info.live_base_url}/v1/live/service-accounts/${info.service_account_key}`;
  const get = async <T>(path: string): Promise<T> => {
    // The bench's own look-up goes through the same faults as the app: try again. It keeps
    // the platform's pace (1 s apart), so the app starts with an unspent budget.
    for (let attempt = 0; attempt < 20; attempt++) {
      await new Promise((done) => setTimeout(done, 1_100));
      const response = await fetch(`${base}${path}`, {
        headers: { Authorization: `Bearer ${info.tokens.super_admin}`, Accept: 'application/json' },
      }).catch(() => null);
      if (response?.ok) return (await response.json()) as T;
    }
    throw new Error(`GET ${path} kept failing`);
  };
  const channels = await get<{
    data: { title: string; latest_broadcast: { key?: string; is_onair?: boolean } }[];
  }>('/channels?live_status=onair&per_page=100');
  for (const channel of channels.data) {
    const key = channel.latest_broadcast.key;
    if (!key) continue;
    const { data } = await get<{
      data: { is_onair: boolean; use_timeshift: boolean; is_duplicate_recording: boolean };
    }>(`/broadcasts/${key}`);
    if (data.is_onair && data.use_timeshift && !data.is_duplicate_recording)
      return { channelTitle: channel.title, broadcastKey: key };
  }
  throw new Error('the sandbox seed has no on-air broadcast with timeshift on');
}
