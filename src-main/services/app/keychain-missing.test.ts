/**
 * When the OS keychain is missing, adding an account says what to install or unlock, saves
 * nothing anywhere else, and the sandbox workspace keeps working. Run in a child process whose
 * D-Bus address leads nowhere, with the real keytar.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createKeychain, keychainService } from '../../secrets/keychain';
import type { KeychainStatus } from '../../shared/model';
import type { Result } from '../../shared/result';
import { createDeskCore } from './desk-core';
import { openSandboxWorkspace } from '../workspaces/workspace';

const run = promisify(execFile);

const script = `
import { createDeskCore } from './src-main/services/app/desk-core.ts';
import { openSandboxWorkspace } from './src-main/services/workspaces/workspace.ts';
import { createKeychain } from './src-main/secrets/keychain.ts';
const core = await createDeskCore({
  dataDir: process.env.DATA_DIR,
  secrets: createKeychain(),
  openSandbox: () => openSandboxWorkspace({ rateLimit: false, pacing: { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0 } }),
  log: () => undefined,
});
const ctx = { clientId: 'child' };
const keychain = await core.invoke('account.keychain', {}, ctx);
const add = await core.invoke('account.add', { kind: 'live', name: 'Prod', baseUrl: 'https://live.example/api', serviceAccountKey: 'sa1', token: 'eyJhbGciOiJub25lIn0.e30.sig' }, ctx);
const channels = await core.invoke('channels.list', {}, ctx);
process.stdout.write(JSON.stringify({ keychain, add, channelsOk: channels.ok, total: channels.ok ? channels.data.data.total : 0 }));
await core.dispose();
`;

describe('keychain missing', () => {
  it('refuses to store a token, says what to do, and the sandbox keeps working', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'onair-nokeychain-'));
    try {
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        {
          env: {
            ...process.env,
            DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/onair-bus',
            DATA_DIR: dataDir,
          },
          timeout: 30_000,
        },
      );
      const result = JSON.parse(stdout) as {
        keychain: { ok: boolean; data?: { available: boolean; message: string | null } };
        add: { ok: boolean; error?: { code: string; message: string } };
        channelsOk: boolean;
        total: number;
      };
      // Accounts says so before anyone tries to add an account.
      expect(result.keychain.data?.available).toBe(false);
      expect(result.keychain.data?.message).toMatch(/OS keychain is not available/);
      expect(result.add.ok).toBe(false);
      expect(result.add.error?.code).toBe('keychain-unavailable');
      expect(result.add.error?.message).toMatch(/OS keychain is not available/);
      expect(result.add.error?.message).toMatch(/gnome-keyring|Secret Service|unlock/);
      expect(result.add.error?.message).toMatch(/sandbox workspace keeps working/);
      expect(result.channelsOk).toBe(true);
      expect(result.total).toBeGreaterThan(0);
      // Nothing was written as a fallback: no accounts file.
      expect(await readdir(dataDir)).not.toContain('accounts.json');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 40_000);

  it('without the keychain module (keytar not built), Accounts says what to install and nothing is stored', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'onair-nokeytar-'));
    const core = await createDeskCore({
      dataDir,
      // The module a machine without libsecret never built.
      secrets: createKeychain(keychainService, 'keytar-that-was-never-built'),
      openSandbox: () =>
        openSandboxWorkspace({
          rateLimit: false,
          pacing: { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0 },
        }),
      log: () => undefined,
    });
    try {
      const ctx = { clientId: 'test' };
      const status = (await core.invoke('account.keychain', {}, ctx)) as Result<KeychainStatus>;
      expect(status.ok && status.data.available).toBe(false);
      const line = status.ok ? (status.data.message ?? '') : '';
      expect(line).toMatch(/keychain module is not installed/);
      if (process.platform === 'linux') {
        expect(line).toMatch(/libsecret-1-dev/);
        expect(line).toMatch(/npm rebuild keytar/);
      }
      expect(status.ok && status.data.text?.key).toMatch(/^errors\.keychainModuleMissing/);
      const add = await core.invoke(
        'account.add',
        {
          kind: 'vod',
          name: 'VOD',
          baseUrl: 'https://vod.example/api',
          token: 'eyJhbGciOiJub25lIn0.e30.sig',
        },
        ctx,
      );
      expect(add.ok).toBe(false);
      expect(add.ok ? '' : add.error.code).toBe('keychain-unavailable');
      // The sandbox works meanwhile, and nothing was written as a fallback.
      const channels = await core.invoke('channels.list', {}, ctx);
      expect(channels.ok).toBe(true);
      expect(await readdir(dataDir)).not.toContain('accounts.json');
    } finally {
      await core.dispose();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 40_000);
});
