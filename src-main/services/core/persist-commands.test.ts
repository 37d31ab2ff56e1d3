/**
 * The saved server state of each workspace (persist.load / persist.save): survives a restart
 * of the app on the same data folder, stays with its workspace, never holds a secret, and
 * stays within its size cap.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import type { PersistedQuery } from '../../shared/persist-model';
import { createDeskCore, type DeskCore } from '../app/desk-core';
import { cacheFileCapBytes } from './query-cache-store';
import { commandCaller, memorySecrets } from '../app/test-support';
import { openSandboxWorkspace } from '../workspaces/workspace';

const pacing = { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0 };

describe('persisted server state per workspace', () => {
  let sandbox: SandboxHandle;
  let dataDir: string;
  let core: DeskCore;
  const secrets = memorySecrets();
  const call = commandCaller(() => core, 'persist-test');
  const start = () =>
    createDeskCore({
      dataDir,
      secrets,
      openSandbox: () => openSandboxWorkspace({ sandboxInfo: sandbox.info, pacing }),
      workspaceOptions: { pacing },
      log: () => undefined,
    });

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 3, rateLimit: false });
    dataDir = await mkdtemp(join(tmpdir(), 'onair-persist-'));
    core = await start();
  });
  afterAll(async () => {
    await core.dispose();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the channel list the control room last saw across a restart, with its age', async () => {
    expect(await call('persist.load', {})).toEqual({
      workspaceId: 'sandbox',
      savedAt: 0,
      queries: [],
    });
    const channels = await call('channels.list', { order: 'id_desc' });
    const query: PersistedQuery = {
      queryKey: ['channels', '', 'id_desc'],
      updatedAt: channels.fetchedAt,
      data: JSON.parse(JSON.stringify(channels)) as PersistedQuery['data'],
    };
    const saved = await call('persist.save', { workspaceId: 'sandbox', queries: [query] });
    expect(saved).toMatchObject({ saved: true, kept: 1 });
    await core.dispose();
    core = await start();
    const loaded = await call('persist.load', {});
    expect(loaded.workspaceId).toBe('sandbox');
    expect(loaded.queries).toEqual([query]);
    expect((loaded.queries[0]?.data as { fetchedAt: number }).fetchedAt).toBe(channels.fetchedAt);
    expect(await readdir(dataDir)).toContain('cache.sandbox.json');
  });

  it('drops a save for a workspace that is not the active one, and shows another workspace nothing', async () => {
    const vod = await call('account.add', {
      kind: 'vod',
      name: 'Persist VOD',
      baseUrl: sandbox.info.vod_base_url,
      token: sandbox.info.vod_access_token,
    });
    await call('workspace.switch', { id: vod.id });
    const loaded = await call('persist.load', {});
    expect(loaded).toEqual({ workspaceId: vod.id, savedAt: 0, queries: [] });
    // A late save of the sandbox workspace, sent just before the switch: never written.
    const late = await call('persist.save', {
      workspaceId: 'sandbox',
      queries: [{ queryKey: ['channels', 'late'], updatedAt: 1, data: { late: true } }],
    });
    expect(late.saved).toBe(false);
    expect((await call('persist.load', {})).queries).toEqual([]);
    await call('workspace.switch', { id: 'sandbox' });
    const back = await call('persist.load', {});
    expect(back.queries.map((q) => q.queryKey)).toEqual([['channels', '', 'id_desc']]);
  });

  it('never writes a query that carries a secret, and keeps the newest within the size cap', async () => {
    const big = 'x'.repeat(Math.floor(cacheFileCapBytes / 3));
    const queries: PersistedQuery[] = [
      { queryKey: ['user-keys'], updatedAt: 5, data: [{ userKey: 'SECRETKEY1234567' }] },
      { queryKey: ['channel', 'k'], updatedAt: 6, data: { streamKey: 'live_sk_abcdef' } },
      { queryKey: ['big', 1], updatedAt: 1, data: big },
      { queryKey: ['big', 2], updatedAt: 2, data: big },
      { queryKey: ['big', 3], updatedAt: 3, data: big },
      { queryKey: ['big', 4], updatedAt: 4, data: big },
    ];
    const saved = await call('persist.save', { workspaceId: 'sandbox', queries });
    expect(saved.kept).toBe(2);
    expect(saved.bytes).toBeLessThanOrEqual(cacheFileCapBytes);
    const text = await readFile(join(dataDir, 'cache.sandbox.json'), 'utf8');
    expect(text).not.toContain('SECRETKEY1234567');
    expect(text).not.toContain('live_sk_abcdef');
    const loaded = await call('persist.load', {});
    expect(loaded.queries.map((q) => q.queryKey)).toEqual([
      ['big', 4],
      ['big', 3],
    ]);
  });

  it('reads a damaged file as nothing saved, and the app keeps working', async () => {
    await writeFile(join(dataDir, 'cache.sandbox.json'), '{ half a file');
    expect((await call('persist.load', {})).queries).toEqual([]);
    const saved = await call('persist.save', { workspaceId: 'sandbox', queries: [] });
    expect(saved.saved).toBe(true);
  });
});
