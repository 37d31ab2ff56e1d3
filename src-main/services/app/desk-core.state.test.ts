/**
 * Each local state file corrupted by hand is survived: the app starts on the sandbox, tells
 * the operator what was set aside, and nothing else is lost.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import type { Notice } from '../../shared/model';
import { createDeskCore } from './desk-core';
import { memorySecrets } from './test-support';
import { openSandboxWorkspace } from '../workspaces/workspace';

let sandbox: SandboxHandle;
let dataDir: string;

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  dataDir = await mkdtemp(join(tmpdir(), 'onair-corrupt-'));
});
afterEach(async () => {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function start() {
  const pacing = { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0 };
  return createDeskCore({
    dataDir,
    secrets: memorySecrets(),
    openSandbox: () => openSandboxWorkspace({ sandboxInfo: sandbox.info, pacing }),
    log: () => undefined,
  });
}

describe('corrupted local state', () => {
  it.each([
    ['settings.json', 'settings'],
    ['accounts.json', 'accounts list'],
  ])('%s damaged by hand: the app starts, says so, and works', async (name, label) => {
    await writeFile(join(dataDir, name), '{ this is not json');
    const core = await start();
    try {
      const notices = await core.invoke('app.notices', {}, { clientId: 't' });
      expect(notices.ok).toBe(true);
      const list = (notices.ok ? notices.data : []) as Notice[];
      expect(list.map((n) => n.message).join(' ')).toContain(`The ${label} file was damaged`);
      expect((await readdir(dataDir)).some((f) => f.startsWith(`${name}.corrupt-`))).toBe(true);
      const channels = await core.invoke('channels.list', {}, { clientId: 't' });
      expect(channels.ok).toBe(true);
    } finally {
      await core.dispose();
    }
  });

  it('a settings file naming an account that is gone falls back to the sandbox', async () => {
    await writeFile(
      join(dataDir, 'settings.json'),
      JSON.stringify({ version: 1, activeWorkspace: 'acc-0123456789ab' }),
    );
    const core = await start();
    try {
      const state = await core.invoke('workspace.state', {}, { clientId: 't' });
      expect(state).toMatchObject({ ok: true, data: { active: { id: 'sandbox' } } });
    } finally {
      await core.dispose();
    }
  });
});
