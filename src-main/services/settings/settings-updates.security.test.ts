/**
 * docs/security.md, "The packaged app": what the update server sends is installed and run, so
 * the desk takes only an https server, and a server the administrator's policy file locks stays
 * that server whatever `settings.updates` is sent (from Settings, a palette, or any way in that
 * reaches the command). Against the real core and settings.json, with the sandbox platform.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
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
  dataDir = await mkdtemp(join(tmpdir(), 'onair-updates-security-'));
});
afterEach(async () => {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

function start(updates: UpdatesInfo) {
  return createDeskCore({
    dataDir,
    secrets: memorySecrets(),
    openSandbox: () => openSandboxWorkspace({ sandboxInfo: sandbox.info }),
    log: () => undefined,
    updates,
  });
}

const client = { clientId: 'security' };
const unlocked: UpdatesInfo = { policy: null, state: () => ({ kind: 'off' }) };

describe('an update server anyone on the path could answer for is refused (https only)', () => {
  it.each([
    'http://updates.example.test/desk/',
    'http://127.0.0.1:9/',
    'ftp://updates.example.test/',
  ])('refuses %s in the operator’s words, and keeps updates off', async (url) => {
    const core = await start(unlocked);
    const refused = await core.invoke('settings.updates', { url }, client);
    expect(refused).toMatchObject({
      ok: false,
      error: {
        message: 'Give the update server as an https:// address.',
        text: { key: 'validation.updateServer' },
      },
    });
    const read = await core.invoke('settings.updates', {}, client);
    expect(read).toMatchObject({
      ok: true,
      data: { own: { url: null }, effective: { enabled: false } },
    });
    await core.dispose();
  });
});

describe('an update server the policy file locks cannot be changed by settings.updates', () => {
  it('refuses the change, and the server in force and settings.json stay as they were', async () => {
    const locked = 'https://updates.example.test/org/';
    const policy: UpdatesInfo = {
      policy: { path: '/etc/onair-desk/policy.json', url: locked, reason: 'policy' },
      state: () => ({ kind: 'off' }),
    };
    const core = await start(policy);
    const before = await readFile(join(dataDir, 'settings.json'), 'utf8').catch(() => null);
    const refused = await core.invoke(
      'settings.updates',
      { url: 'https://updates.example.test/attacker/' },
      client,
    );
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'forbidden',
        message:
          'The administrator’s policy file (/etc/onair-desk/policy.json) sets this; it cannot be changed in OnAir Desk.',
        text: { key: 'validation.updateLocked' },
      },
    });
    // Clearing it is a change too.
    expect((await core.invoke('settings.updates', { url: null }, client)).ok).toBe(false);
    const read = await core.invoke('settings.updates', {}, client);
    expect(read).toMatchObject({
      ok: true,
      data: { own: { url: null }, effective: { url: locked, locked: { url: true } } },
    });
    expect(await readFile(join(dataDir, 'settings.json'), 'utf8').catch(() => null)).toBe(before);
    await core.dispose();

    // And it stays after a restart.
    const again = await start(policy);
    const reread = await again.invoke('settings.updates', {}, client);
    expect(reread).toMatchObject({ ok: true, data: { effective: { url: locked } } });
    await again.dispose();
  });
});
