/**
 * The update settings: off until a server is configured, kept in settings.json across a restart,
 * and what the administrator's policy locks wins over the operator's choice.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import { createDeskCore } from '../app/desk-core';
import { memorySecrets } from '../app/test-support';
import { openSandboxWorkspace } from '../workspaces/workspace';
import type { UpdatesInfo } from './settings-commands';

let sandbox: SandboxHandle;
let dataDir: string;

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  dataDir = await mkdtemp(join(tmpdir(), 'onair-updates-'));
});
afterEach(async () => {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

function start(updates?: UpdatesInfo) {
  return createDeskCore({
    dataDir,
    secrets: memorySecrets(),
    openSandbox: () => openSandboxWorkspace({ sandboxInfo: sandbox.info }),
    log: () => undefined,
    ...(updates ? { updates } : {}),
  });
}

const client = { clientId: 't' };
const server = 'https://updates.example.test/desk/';

describe('settings.updates', () => {
  it('is off until a server is set, and keeps the server across a restart', async () => {
    const desktop: UpdatesInfo = { policy: null, state: () => ({ kind: 'off' }) };
    const core = await start(desktop);
    const first = await core.invoke('settings.updates', {}, client);
    expect(first).toMatchObject({
      ok: true,
      data: {
        available: true,
        own: { mode: 'default', url: null },
        effective: { enabled: false, locked: { mode: false, url: false }, lockReason: null },
        policyPath: null,
      },
    });
    const set = await core.invoke('settings.updates', { url: server }, client);
    expect(set).toMatchObject({ ok: true, data: { effective: { enabled: true, url: server } } });
    await core.dispose();

    const again = await start(desktop);
    const read = await again.invoke('settings.updates', {}, client);
    expect(read).toMatchObject({ ok: true, data: { own: { mode: 'default', url: server } } });
    const manual = await again.invoke('settings.updates', { mode: 'manual' }, client);
    expect(manual).toMatchObject({ ok: true, data: { own: { mode: 'manual', url: server } } });
    await again.dispose();
  });

  it('refuses a server that is not https (docs/security.md; the security test has the rest)', async () => {
    const core = await start({ policy: null, state: () => ({ kind: 'off' }) });
    const refused = await core.invoke(
      'settings.updates',
      { url: 'http://updates.example.test/' },
      client,
    );
    expect(refused.ok).toBe(false);
    await core.dispose();
  });

  it('shows the mode the policy locks, over the operator setting', async () => {
    const core = await start({
      policy: { path: '/etc/onair-desk/policy.json', mode: 'none', reason: 'policy' },
      state: () => ({ kind: 'off' }),
    });
    const read = await core.invoke('settings.updates', { url: server }, client);
    expect(read).toMatchObject({
      ok: true,
      data: {
        own: { mode: 'default', url: server },
        effective: {
          mode: 'none',
          enabled: false,
          locked: { mode: true, url: false },
          lockReason: 'policy',
        },
        policyPath: '/etc/onair-desk/policy.json',
      },
    });
    await core.dispose();
  });

  it('says the browser host does not update itself', async () => {
    const core = await start();
    const read = await core.invoke('settings.updates', {}, client);
    expect(read).toMatchObject({ ok: true, data: { available: false, state: { kind: 'off' } } });
    await core.dispose();
  });
});
