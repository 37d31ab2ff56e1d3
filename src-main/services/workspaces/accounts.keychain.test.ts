/**
 * Accounts against a real Secret Service (gnome-keyring in its own D-Bus session:
 * `scripts/with-keyring.sh`, which `npm test` uses) and the sandbox platform: add, use and
 * remove an account; a revoked token pauses the account and a new one resumes it; and after
 * a session that used a token, no file in the data folder and no log line contains it.
 */
import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLog, type Log } from '../../hosts/log';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import { createKeychain, keychainService } from '../../secrets/keychain';
import type { AccountSummary, WorkspaceState } from '../../shared/model';
import type { Result } from '../../shared/result';
import { createDeskCore, type DeskCore } from '../app/desk-core';
import { confirmedBy } from '../app/test-support';
import { openSandboxWorkspace } from './workspace';

const withKeyring = process.env.ONAIR_TEST_KEYRING === '1';

// Runs inside `npm test` (scripts/with-keyring.sh); a bare `vitest` without a private
// keyring reports these as skipped rather than touching the developer's own keychain.
const suite =
  'accounts in the OS keychain (skipped without the private keyring of scripts/with-keyring.sh)';
describe.runIf(withKeyring)(suite, () => {
  let sandbox: SandboxHandle;
  let core: DeskCore;
  let dataDir: string;
  let log: Log;
  let requests = 0;
  const events: WorkspaceState[] = [];
  const ctx = { clientId: 'keychain-test' };
  const pacing = { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0 };

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 3, rateLimit: false });
    dataDir = await mkdtemp(join(tmpdir(), 'onair-keychain-'));
    log = await createLog(dataDir, { mirror: null });
    const counted = (request: Request) => {
      requests += 1;
      return fetch(request);
    };
    core = await createDeskCore({
      dataDir,
      secrets: createKeychain(),
      openSandbox: () => openSandboxWorkspace({ sandboxInfo: sandbox.info, pacing }),
      workspaceOptions: { pacing, fetch: counted },
      log: (m) => log.write(m),
    });
    core.subscribe((event, payload) => {
      if (event === 'workspace.changed') events.push(payload as WorkspaceState);
    });
  });

  afterAll(async () => {
    await core.dispose();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = async <T>(command: string, input: unknown): Promise<T> => {
    // Confirmed as the views confirm a destructive command (removing an account).
    const result = (await core.invoke(command, input, {
      ...ctx,
      ...confirmedBy(command),
    })) as Result<T>;
    if (!result.ok) throw new Error(`${command}: ${result.error.message}`);
    return result.data;
  };
  const keytarModule: string = 'keytar'; // optional dependency: see secrets/keychain.ts
  const keytar = async () =>
    (
      (await import(keytarModule)) as {
        default: { getPassword(service: string, account: string): Promise<string | null> };
      }
    ).default;

  it('adds a live account: token in the keychain only, access shown, usable, then removed', async () => {
    const token = sandbox.issueToken();
    const account = await call<AccountSummary>('account.add', {
      kind: 'live',
      name: 'Production (test)',
      baseUrl: sandbox.info.live_base_url,
      serviceAccountKey: sandbox.info.service_account_key,
      token,
    });
    expect(account.access.role).toBe('super_admin');
    expect(account.access.scopes).toContain('live:control');
    expect(account.access.summary).toMatch(/Super administrator/);
    expect(JSON.stringify(account)).not.toContain(token);
    expect(await (await keytar()).getPassword(keychainService, account.id)).toBe(token);

    const switched = await call<WorkspaceState>('workspace.switch', { id: account.id });
    expect(switched.active).toMatchObject({
      id: account.id,
      kind: 'live',
      name: 'Production (test)',
    });
    const channels = await call<{ data: { total: number } }>('channels.list', {});
    expect(channels.data.total).toBeGreaterThan(0);

    // Nothing in the data folder, the log included, holds the token or its signature.
    const signature = token.split('.')[2] ?? token;
    for (const file of await filesUnder(dataDir)) {
      const text = await readFile(file, 'utf8');
      expect(text, file).not.toContain(token);
      expect(text, file).not.toContain(signature);
    }

    expect(await call<{ removed: boolean }>('account.remove', { id: account.id })).toEqual({
      removed: true,
    });
    expect(await (await keytar()).getPassword(keychainService, account.id)).toBeNull();
    expect(await call<AccountSummary[]>('account.list', {})).toEqual([]);
    const state = await call<WorkspaceState>('workspace.state', {});
    expect(state.active.id).toBe('sandbox');
  });

  it('an administrator token shows as administrator; a revoked one is refused and nothing is kept', async () => {
    const admin = await call<AccountSummary>('account.add', {
      kind: 'live',
      name: 'Desk admin',
      baseUrl: sandbox.info.live_base_url,
      serviceAccountKey: sandbox.info.service_account_key,
      token: sandbox.issueToken({ role: 'admin' }),
    });
    expect(admin.access.role).toBe('admin');
    await call('account.remove', { id: admin.id });

    const revoked = sandbox.issueToken();
    sandbox.revokeToken(revoked);
    const refused = await core.invoke(
      'account.add',
      {
        kind: 'live',
        name: 'Revoked',
        baseUrl: sandbox.info.live_base_url,
        serviceAccountKey: sandbox.info.service_account_key,
        token: revoked,
      },
      ctx,
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'unauthorized', status: 401 } });
    expect(await call<AccountSummary[]>('account.list', {})).toEqual([]);
  });

  it('a token revoked mid-session pauses the account without a storm, and a new token resumes it', async () => {
    const token = sandbox.issueToken();
    const account = await call<AccountSummary>('account.add', {
      kind: 'live',
      name: 'Night shift',
      baseUrl: sandbox.info.live_base_url,
      serviceAccountKey: sandbox.info.service_account_key,
      token,
    });
    await call('workspace.switch', { id: account.id });
    await call('watch.subscribe', { spec: { kind: 'channels' } });
    await call('channels.list', {});

    sandbox.revokeToken(token);
    const refused = await core.invoke('channels.list', {}, ctx);
    expect(refused).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    await expect.poll(() => events.at(-1)?.status).toBe('token-rejected');
    expect(events.at(-1)?.message).toMatch(/refused the personal access token of “Night shift”/);
    // The renderer reads which token was refused from the typed state (a live-only account).
    expect(events.at(-1)?.tokens).toEqual({ live: 'refused', vod: null });
    expect((await call<WorkspaceState>('workspace.state', {})).tokens.live).toBe('refused');

    // Paused: a view's read now fails at once, without a call, instead of waiting for a token.
    const before = requests;
    const again = await core.invoke('channels.list', {}, ctx);
    expect(again).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect((again as { error: { message: string } }).error.message).toMatch(/new token/);
    expect(requests).toBe(before);

    // and the watch keeps asking for nothing while the token is refused.
    await new Promise((done) => setTimeout(done, 3_000));
    expect(requests - before).toBeLessThanOrEqual(1);

    await call('account.updateToken', { id: account.id, token: sandbox.issueToken() });
    expect(events.at(-1)?.status).toBe('ready');
    expect(events.at(-1)?.tokens).toEqual({ live: 'accepted', vod: null });
    const channels = await call<{ data: { total: number } }>('channels.list', {});
    expect(channels.data.total).toBeGreaterThan(0);
    await call('account.remove', { id: account.id });
  });
});

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out.push(join(entry.parentPath, entry.name));
  }
  return out;
}
