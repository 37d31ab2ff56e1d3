/**
 * The operator's name set in the settings menu is who the audit log records for each change,
 * outlives a restart, and gives way to the OS user's name when cleared.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import { createDeskCore } from '../app/desk-core';
import { memorySecrets } from '../app/test-support';
import { AuditLog, type AuditRecord } from '../core/audit-log';
import { openSandboxWorkspace } from '../workspaces/workspace';

let sandbox: SandboxHandle;
let dataDir: string;

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  dataDir = await mkdtemp(join(tmpdir(), 'onair-operator-'));
});
afterEach(async () => {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

function start() {
  return createDeskCore({
    dataDir,
    secrets: memorySecrets(),
    openSandbox: () =>
      openSandboxWorkspace({
        sandboxInfo: sandbox.info,
        pacing: { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0 },
      }),
    log: () => undefined,
  });
}

const client = { clientId: 't' };

/** The audit records of `command` once `count` of them are on disk. */
async function recordsOf(command: string, count: number): Promise<AuditRecord[]> {
  const audit = new AuditLog(dataDir, Date.now, () => undefined);
  let found: AuditRecord[] = [];
  await vi.waitFor(
    async () => {
      found = (await audit.recent('sandbox', 1000)).filter((r) => r.command === command);
      expect(found).toHaveLength(count);
    },
    { timeout: 5_000, interval: 100 },
  );
  return found;
}

describe('settings.operatorName', () => {
  it('names who ran each change in the audit log, across a restart, until cleared', async () => {
    const first = await start();
    const systemName = userInfo().username;
    expect(await first.invoke('settings.operatorName', {}, client)).toEqual({
      ok: true,
      data: { name: null, systemName },
    });
    const set = await first.invoke('settings.operatorName', { name: '  Mina Park ' }, client);
    expect(set).toEqual({ ok: true, data: { name: 'Mina Park', systemName } });
    await first.dispose();

    const second = await start();
    try {
      const setting = 'settings.language';
      await second.invoke(setting, { language: 'ko' }, { ...client, via: 'palette' });
      const [named] = await recordsOf(setting, 1);
      expect(named).toMatchObject({ who: 'Mina Park', via: 'palette' });

      await second.invoke('settings.operatorName', { name: '' }, client);
      await second.invoke(setting, { language: 'en' }, client);
      const records = await recordsOf(setting, 2);
      expect(records.map((r) => r.who)).toEqual(['Mina Park', systemName]);
    } finally {
      await second.dispose();
    }
  });

  it('refuses a name over 80 characters in the operator’s words, keeping the old one', async () => {
    const core = await start();
    try {
      await core.invoke('settings.operatorName', { name: 'Joon' }, client);
      const refused = await core.invoke('settings.operatorName', { name: 'x'.repeat(81) }, client);
      expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
      expect(JSON.stringify(refused)).toContain('at most 80 characters');
      expect(await core.invoke('settings.operatorName', {}, client)).toMatchObject({
        data: { name: 'Joon' },
      });
    } finally {
      await core.dispose();
    }
  });
});
