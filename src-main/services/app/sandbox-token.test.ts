/**
 * The sandbox workspace's token is not in the keychain (it comes with the sandbox), yet the
 * platform may revoke it like any other: the banner's new token must resume the sandbox too.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SandboxHandle } from '../../sandbox/index';
import type { WorkspaceState } from '../../shared/model';
import type { DeskCore } from './desk-core';
import { startTestCore, type TestCore } from './test-support';

let sandbox: SandboxHandle;
let core: DeskCore;
let rig: TestCore;
const states: WorkspaceState[] = [];
const ctx = { clientId: 'sandbox-token' };

beforeAll(async () => {
  rig = await startTestCore({ seed: 3 });
  ({ sandbox, core } = rig);
  core.subscribe((event, payload) => {
    if (event === 'workspace.changed') states.push(payload as WorkspaceState);
  });
});

afterAll(async () => {
  await rig.close();
});

it('a revoked sandbox token pauses the sandbox, a wrong one is refused, a new one resumes it', async () => {
  expect(await core.invoke('channels.list', {}, ctx)).toMatchObject({ ok: true });

  sandbox.revokeToken(sandbox.info.tokens.super_admin);
  expect(await core.invoke('channels.list', {}, ctx)).toMatchObject({
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
  const channels = await core.invoke('channels.list', {}, ctx);
  expect(channels).toMatchObject({ ok: true });
  // The answer describes the token; it never carries it.
  expect(JSON.stringify(renewed)).not.toMatch(/eyJ/);
});
