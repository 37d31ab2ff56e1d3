/**
 * A new token is checked with one call on a scheduler of its own, right after the call the
 * platform refused 401. That check must keep the platform's spacing from the account's last
 * call start (the platform may count a refused call; the sandbox does not), so the renewal
 * never costs a 429 (bench/event-day.ts). The network is observed where it leaves.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import { createDeskCore, type DeskCore } from './desk-core';
import { memorySecrets } from './test-support';
import { openSandboxWorkspace } from '../workspaces/workspace';

let sandbox: SandboxHandle;
let core: DeskCore;
let dataDir: string;
const ctx = { clientId: 'sandbox-token-spacing' };
/** When each live call left the app, ms (performance.now), and its path. */
const sent: { at: number; path: string }[] = [];
const recording = (request: Request): Promise<Response> => {
  const { pathname } = new URL(request.url);
  if (pathname.includes('/live/')) sent.push({ at: performance.now(), path: pathname });
  return fetch(request);
};
// The platform's rule at a tenth of the time: 300 ms apart (the app adds its margin).
const spacingMs = 300;

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    seed: 3,
    rateLimit: true,
    rateLimitPolicy: { spacingMs, maxCalls: 600 },
  });
  dataDir = await mkdtemp(join(tmpdir(), 'onair-sandbox-token-spacing-'));
  const pacing = { minSpacingMs: spacingMs, marginMs: 50, limitPerMinute: 600 };
  core = await createDeskCore({
    dataDir,
    secrets: memorySecrets(),
    openSandbox: () =>
      openSandboxWorkspace({ sandboxInfo: sandbox.info, pacing, fetch: recording }),
    workspaceOptions: { pacing, fetch: recording },
    log: () => undefined,
  });
});

afterAll(async () => {
  await core.dispose();
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

const throttled = () => sandbox.calls.counts().reduce((sum, minute) => sum + minute.throttled, 0);

it('a token renewed right after the 401 keeps the spacing from that call: no 429', async () => {
  sandbox.revokeToken(sandbox.info.tokens.super_admin);
  expect(await core.invoke('channels.list', {}, ctx)).toMatchObject({
    ok: false,
    error: { code: 'unauthorized' },
  });
  const refusedAt = sent.at(-1)?.at ?? 0;
  // At once, as the banner's Save would be pressed by a quick operator.
  const renewed = await core.invoke(
    'account.updateToken',
    { id: 'sandbox', token: sandbox.issueToken() },
    ctx,
  );
  expect(renewed).toMatchObject({ ok: true, data: { id: 'sandbox' } });
  // The check (GET contracts) left at least the platform's spacing after the refused call.
  const check = sent.find((call) => call.at > refusedAt && call.path.endsWith('/contracts'));
  expect(check?.at ?? 0).toBeGreaterThanOrEqual(refusedAt + spacingMs);
  expect(await core.invoke('channels.list', {}, ctx)).toMatchObject({ ok: true });
  expect(throttled()).toBe(0);
});
