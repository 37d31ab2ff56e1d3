/**
 * An account workspace beside the sandbox workspace on the same sandbox service account, as an
 * operator has after adding the sandbox as an account: the sandbox workspace stays open, so
 * both spend one budget. The platform counts the account's calls whoever makes them
 * (docs/platform-facts.md, "Rate limit"); the app's schedulers of that account share one start
 * log (platform/account-ledger.ts), so switching from one to the other draws no 429. Before,
 * the account workspace's first read right after the sandbox's call was refused, and its
 * watches slowed to half speed for minutes (the good-neighbour rule).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import { openLiveAccountWorkspace, openSandboxWorkspace, type Workspace } from './workspace';

let sandbox: SandboxHandle;
const open: Workspace[] = [];

beforeAll(async () => {
  // The platform's own limit: 60 calls a minute, 1 s apart.
  sandbox = await startSandbox({ port: 0, seed: 3, rateLimit: true });
});

afterAll(async () => {
  for (const workspace of open) await workspace.dispose();
  await sandbox.close();
});

describe('two workspaces on one service account', () => {
  it('take turns at the platform’s spacing: no call is refused 429', async () => {
    const sandboxWorkspace = await openSandboxWorkspace({ sandboxInfo: sandbox.info });
    const token = sandbox.issueToken();
    const account = openLiveAccountWorkspace({
      id: 'acc-sandbox',
      name: 'Seoul production',
      baseUrl: sandbox.info.live_base_url,
      serviceAccountKey: sandbox.info.service_account_key,
      token: () => Promise.resolve(token),
    });
    open.push(sandboxWorkspace, account);

    await sandboxWorkspace.live.listChannels({});
    await account.live.listChannels({});
    await sandboxWorkspace.live.getContract();

    for (const workspace of [sandboxWorkspace, account]) {
      expect(workspace.liveScheduler.state().total429).toBe(0);
      expect(workspace.liveScheduler.state().backgroundPerMinute).toBe(60);
    }
    // Each one's budget shows the account's calls, the other's included.
    expect(account.liveScheduler.state().callsLastMinute).toBe(3);
  });
});
