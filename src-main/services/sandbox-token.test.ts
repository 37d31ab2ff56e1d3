/**
 * The sandbox workspace's token is not in the keychain (it comes with the sandbox), yet the
 * platform may revoke it like any other: the banner's new token must resume the sandbox too.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../sandbox/index';
import type { WorkspaceState } from '../shared/model';
import { createDeskCore, type DeskCore } from './desk-core';
import { memorySecrets } from './test-support';
import { openSandboxWorkspace } from './workspace';

let sandbox: SandboxHandle;
let core: DeskCore;
let dataDir: string;
const states: WorkspaceState[] = [];
const ctx = { clientId: 'sandbox-token' };

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 3, rateLimit: false });
  dataDir = await mkdtemp(join(tmpdir(), 'onair-sandbox-token-'));
  const pacing = { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0, limitPerMinute: 10_000 };
  core = await createDeskCore({
    dataDir,
    secrets: memorySecrets(),
    openSandbox: () => openSandboxWorkspace({ sandboxInfo: sandbox.info, pacing }),
    workspaceOptions: { pacing },
    log: () => undefined,
  });
  core.subscribe((event, payload) => {
    if (event === 'workspace.changed') states.push(payload as WorkspaceState);
  });
});

afterAll(async () => {
  await core.dispose();
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

it('a revoked sandbox token pauses the sandbox, a wrong one is refused, a new one resumes it', async () => {
  expect(await core.invoke('channel.list', {}, ctx)).toMatchObject({ ok: true });

  sandbox.revokeToken(sandbox.info.tokens.super_admin);
  expect(await core.invoke('channel.list', {}, ctx)).toMatchObject({
    ok: false,
    error: { code: 'unauthorized' },
  });
  await expect.poll(() => states.at(-1)?.status).toBe('token-rejected');
  expect(states.at(-1)?.message).toMatch(/refused the personal access token of “Sandbox”/);

  // A token the platform refuses is not taken: still paused, the reason in plain words.
  const stale = await core.invoke(
    'account.updateToken',
    { id: 'sandbox', token: sandbox.info.tokens.super_admin },
    ctx,
  );
  expect(stale).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
  expect((await core.invoke('workspace.state', {}, ctx)) as unknown).toMatchObject({
    ok: true,
    data: { status: 'token-rejected' },
  });

  const renewed = await core.invoke(
    'account.updateToken',
    { id: 'sandbox', token: sandbox.issueToken() },
    ctx,
  );
  expect(renewed).toMatchObject({
    ok: true,
    data: { id: 'sandbox', access: { role: 'super_admin' } },
  });
  expect(states.at(-1)?.status).toBe('ready');
  const channels = await core.invoke('channel.list', {}, ctx);
  expect(channels).toMatchObject({ ok: true });
  // The answer describes the token; it never carries it.
  expect(JSON.stringify(renewed)).not.toMatch(/eyJ/);
});
