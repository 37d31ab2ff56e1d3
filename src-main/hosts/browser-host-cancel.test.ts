/**
 * A page that stops waiting gives its queued reads back (docs/dev/architecture.md, "The API budget":
 * queued reads whose view closed are cancelled). Real host, real core, the sandbox with its rate
 * limit on (300 ms apart here): reads the page abandoned never reach the platform, while an
 * operator's change the page stopped waiting for still runs.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../sandbox/index';
import { createDeskCore, type DeskCore } from '../services/app/desk-core';
import { memorySecrets } from '../services/app/test-support';
import { openSandboxWorkspace } from '../services/workspaces/workspace';
import { startBrowserHost, type BrowserHost } from './browser-host';

const spacingMs = 300;
let sandbox: SandboxHandle;
let core: DeskCore;
let host: BrowserHost;
let dir: string;
let secret: string;

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    seed: 1,
    rateLimit: true,
    rateLimitPolicy: { spacingMs, maxCalls: 600 },
  });
  dir = await mkdtemp(join(tmpdir(), 'onair-host-cancel-'));
  await mkdir(join(dir, 'renderer'));
  await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html><title>OnAir Desk</title>');
  const pacing = { minSpacingMs: spacingMs, marginMs: 50, limitPerMinute: 600 };
  core = await createDeskCore({
    dataDir: join(dir, 'data'),
    secrets: memorySecrets(),
    openSandbox: () => openSandboxWorkspace({ sandboxInfo: sandbox.info, pacing }),
    workspaceOptions: { pacing },
    log: () => undefined,
  });
  host = await startBrowserHost({ core, rendererDir: join(dir, 'renderer'), port: 0 });
  secret = new URL(host.url).hash.replace('#k=', '');
});

afterAll(async () => {
  await host.close();
  await core.dispose();
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

const vodCalls = () =>
  sandbox.calls
    .counts()
    .filter((minute) => minute.account.startsWith('vod:'))
    .reduce((sum, minute) => sum + minute.calls, 0);

function rpc(command: string, input: object, signal?: AbortSignal): Promise<Response> {
  return fetch(`http://127.0.0.1:${host.port}/rpc/${command}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ input }),
    ...(signal ? { signal } : {}),
  });
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

it('drops the reads a page stopped waiting for; they never reach the platform', async () => {
  const page = (await (await rpc('content.list', { perPage: 8 })).json()) as {
    data: { data: { items: { uploadFileKey: string }[] } };
  };
  const keys = page.data.data.items.map((item) => item.uploadFileKey);
  expect(keys.length).toBeGreaterThanOrEqual(6);
  await pause(2 * spacingMs);
  const before = vodCalls();

  // Six detail reads queue up at one call per 350 ms; the page leaves after the first went.
  const asker = new AbortController();
  const reads = keys
    .slice(0, 6)
    .map((uploadFileKey) => rpc('content.get', { uploadFileKey }, asker.signal));
  await pause(100);
  asker.abort();
  await Promise.allSettled(reads);
  await pause(8 * spacingMs);
  // The first was already on its way (maybe a second); the rest were never sent.
  expect(vodCalls() - before).toBeLessThanOrEqual(2);

  // The same six reads, waited for: every one reaches the platform.
  const again = vodCalls();
  const answers = await Promise.all(
    keys.slice(0, 6).map((uploadFileKey) => rpc('content.get', { uploadFileKey })),
  );
  expect(answers.every((answer) => answer.ok)).toBe(true);
  expect(vodCalls() - again).toBe(6);
});
