/**
 * Playwright fixtures: every test gets its own sandbox platform (port 0, rate limit ON as the
 * real platform) in the worker's sandbox process (e2e/sandbox-process.ts: a child process, so
 * a stalled worker cannot make the app's well-spaced calls look too close), its own browser
 * host (spawned as a user would start it, with a temp data folder) and a page opened on the
 * app. `platform` reads the sandbox through the live API itself, as a second client would, to
 * check what the app did.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHost } from './host';
import { writeCoveragePart } from './ui-coverage';
import { startE2eClock, type E2eClock } from './clock';
import {
  startRemoteSandbox,
  startSandboxHost,
  stopSandboxHost,
  type RemoteSandbox,
  type SandboxHostProcess,
} from './sandbox-process';

/** A test's sandbox as specs reach it: in the worker's sandbox process (sandbox-process.ts). */
export type SandboxHandle = RemoteSandbox;

export { startHost };

/** A second client of the sandbox's live API (super administrator token). */
export interface PlatformProbe {
  /** GET a live path under the service account, e.g. `/broadcasts/KEY`; retries 429s. */
  get<T = unknown>(path: string): Promise<T>;
  send<T = unknown>(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    form?: Record<string, string>,
  ): Promise<T>;
}

/** A second client of the sandbox's VOD API (its access token), to check what the app did. */
export interface VodProbe {
  /** GET a VOD path, e.g. `/media-contents/KEY`; answers the whole envelope; retries 429s. */
  get<T = unknown>(path: string, query?: Record<string, string>): Promise<T>;
  send<T = unknown>(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    form?: Record<string, string>,
  ): Promise<T>;
}

export interface AppFixtures {
  /**
   * The rate limit the sandbox enforces, and the app paces itself by (SandboxInfo.rate_limit):
   * `platform` (default) the real one, 60 calls a minute, 1 s apart; `fast` the same policy
   * ten times faster (600 a minute, 100 ms apart), for admin specs that walk many operations
   * (`test.use({ budget: 'fast' })`). The budget's behaviour itself is tested at the real pace.
   */
  budget: 'platform' | 'fast';
  /**
   * How many broadcasts the sandbox starts with on air (`startSandbox({ onAir })`, each fed by
   * a simulated encoder); undefined: the seed's (`test.use({ onAir: 6 })`).
   */
  onAir: number | undefined;
  /**
   * The instant the test starts at (ISO 8601 with its zone), set by a Playwright project
   * (`use: { clockAt }`, playwright.config.ts: the schedule tests' reruns across midnight and
   * the month's end); undefined: `ONAIR_E2E_CLOCK` or the real now.
   */
  clockAt: string | undefined;
  /** The test's clock: `clockAt`, `ONAIR_E2E_CLOCK` or the real now, shared by sandbox, host and page. */
  clock: E2eClock;
  sandbox: SandboxHandle;
  platform: PlatformProbe;
  /** The sandbox's VOD API as a second client would read it. */
  vodPlatform: VodProbe;
  appUrl: string;
  dataDir: string;
  app: Page;
}

/** Fixtures that live as long as the Playwright worker. */
export interface WorkerFixtures {
  /** The sandbox process serving this worker's sandboxes, one per test. */
  sandboxHost: SandboxHostProcess;
}

export const test = base.extend<AppFixtures, WorkerFixtures>({
  sandboxHost: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const host = await startSandboxHost();
      await use(host);
      await stopSandboxHost(host);
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  clockAt: [undefined, { option: true }],
  clock: async ({ clockAt }, use) => {
    await use(startE2eClock(clockAt === undefined ? process.env : { ONAIR_E2E_CLOCK: clockAt }));
  },
  budget: ['platform', { option: true }],
  onAir: [undefined, { option: true }],
  sandbox: async ({ sandboxHost, clock, budget, onAir }, use) => {
    const sandbox = await startRemoteSandbox(sandboxHost, {
      seed: 1,
      rateLimit: true,
      ...(budget === 'fast' ? { rateLimitPolicy: { spacingMs: 100, maxCalls: 600 } } : {}),
      startAt: clock.now(),
      ...(onAir === undefined ? {} : { onAir }),
    });
    await use(sandbox);
    // The operations it served to the app, fetched from the sandbox process as it closes.
    writeCoveragePart(await sandbox.close());
  },
  platform: async ({ sandbox }, use) => {
    await use(createProbe(sandbox));
  },
  vodPlatform: async ({ sandbox }, use) => {
    await use(createVodProbe(sandbox));
  },
  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'onair-desk-e2e-'));
    await use(dir);
    await rm(dir, { recursive: true, force: true });
  },
  appUrl: async ({ sandbox, dataDir, clock }, use) => {
    const { child, url } = await startHost(sandbox, dataDir, clock.offsetMs);
    await use(url);
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  },
  app: async ({ page, appUrl, clock }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // The page's clock starts where the sandbox's and the host's are, then runs freely.
    await page.clock.install({ time: clock.now() });
    await page.goto(appUrl);
    await use(page);
    // No CSP violation, no uncaught error: the app ran clean.
    expect(problems, 'console errors').toEqual([]);
  },
});

export { expect };

export function createVodProbe(sandbox: SandboxHandle): VodProbe {
  const request = async <T>(
    method: string,
    path: string,
    query: Record<string, string> = {},
    form?: Record<string, string>,
  ): Promise<T> => {
    const url = new URL(`${sandbox.info.vod_base_url}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    url.searchParams.set('access_token', sandbox.info.vod_access_token);
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await fetch(url, {
        method,
        // A checking client: outside the rate limit, so it never takes the app's budget.
        headers: { Accept: 'application/json', 'X-Sandbox-Probe': sandbox.probeKey },
        ...(form ? { body: new URLSearchParams(form) } : {}),
      });
      if (response.status === 429) {
        const wait = Number(response.headers.get('retry-after') ?? '1');
        await new Promise((done) => setTimeout(done, wait * 1000));
        continue;
      }
      const body = (response.status === 204 ? undefined : await response.json()) as T;
      if (!response.ok)
        throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(body)}`);
      return body;
    }
    throw new Error(`${method} ${path}: still rate limited after 10 tries`);
  };
  return {
    get: (path, query) => request('GET', path, query),
    send: (method, path, form) => request(method, path, {}, form),
  };
}

export function createProbe(sandbox: SandboxHandle): PlatformProbe {
  const base = `${sandbox.info.live_base_url}/v1/live/service-accounts/${sandbox.info.service_account_key}`;
  const request = async <T>(
    method: string,
    path: string,
    form?: Record<string, string>,
  ): Promise<T> => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${sandbox.info.tokens.super_admin}`,
          Accept: 'application/json',
          'X-Sandbox-Probe': sandbox.probeKey,
        },
        ...(form ? { body: new URLSearchParams(form) } : {}),
      });
      if (response.status === 429) {
        // Only an injected 429 burst reaches the probe (it is outside the rate limit).
        const wait = Number(response.headers.get('retry-after') ?? '1');
        await new Promise((done) => setTimeout(done, wait * 1000));
        continue;
      }
      // 204: done, no body (a DELETE).
      const body = (response.status === 204 ? undefined : await response.json()) as T;
      if (!response.ok)
        throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(body)}`);
      return body;
    }
    throw new Error(`${method} ${path}: still rate limited after 10 tries`);
  };
  return {
    get: (path) => request('GET', path),
    send: (method, path, form) => request(method, path, form),
  };
}
