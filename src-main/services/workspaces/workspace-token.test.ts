/**
 * A refused token and its replacement, against the sandbox: a 401 answering a call sent with
 * the old token, arriving after the operator stored a new one, must not refuse the new token
 * (that left a renewed account paused, "nothing was sent", until renewed again). And a watch
 * poll that waited out the refusal in the queue goes out with the new token, not the one it
 * was queued with (CI found that one: the poll's 401 paused the renewed account again).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import { openLiveAccountWorkspace, type Workspace } from './workspace';

let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 3, rateLimit: false });
});

afterAll(async () => {
  await sandbox.close();
});

/** A workspace on `token()` whose answers wait for `release` while `held` is set. */
function heldWorkspace(token: () => string) {
  const gate: { held: Promise<void> | null; release: () => void; arrived: number[] } = {
    held: null,
    release: () => undefined,
    arrived: [],
  };
  const workspace: Workspace = openLiveAccountWorkspace(
    {
      id: 'night',
      name: 'Night shift',
      baseUrl: sandbox.info.live_base_url,
      serviceAccountKey: sandbox.info.service_account_key,
      token: () => Promise.resolve(token()),
    },
    {
      pacing: { minSpacingMs: 0, marginMs: 0, maxMarginMs: 0 },
      fetch: async (request) => {
        const response = await fetch(request);
        gate.arrived.push(response.status);
        if (gate.held) await gate.held;
        return response;
      },
    },
  );
  return { workspace, gate };
}

describe('a token replaced while a call with the old one is in flight', () => {
  it('keeps the new token accepted when the old call answers 401 after the replacement', async () => {
    let current = sandbox.issueToken();
    const { workspace, gate } = heldWorkspace(() => current);
    try {
      await workspace.live.listChannels({});
      sandbox.revokeToken(current);
      gate.held = new Promise((done) => (gate.release = done));
      const old = workspace.live.listChannels({}).catch((error: unknown) => error);
      await expect.poll(() => gate.arrived.at(-1)).toBe(401);
      // The operator stores a new token while the old call's answer is still on its way.
      current = sandbox.issueToken();
      workspace.resume();
      gate.held = null;
      gate.release();
      await old;
      expect(workspace.tokens().live).toBe('accepted');
      const page = await workspace.live.listChannels({});
      expect(page.data.length).toBeGreaterThan(0);
    } finally {
      await workspace.dispose();
    }
  });

  it('sends a poll queued while the token was refused with the new token once it is stored', async () => {
    let current = sandbox.issueToken();
    const { workspace, gate } = heldWorkspace(() => current);
    try {
      sandbox.revokeToken(current);
      await workspace.live.listChannels({}).catch(() => undefined);
      expect(workspace.tokens().live).toBe('refused');
      // A watch poll waits while the token is refused (an operator's read would fail at once).
      const sent = gate.arrived.length;
      const poll = workspace.live.listChannels({}, { priority: 'watch' });
      await new Promise((done) => setTimeout(done, 50));
      expect(gate.arrived.length).toBe(sent);
      // The operator stores a new token: the poll goes out with it and is answered.
      current = sandbox.issueToken();
      workspace.resume();
      const page = await poll;
      expect(page.data.length).toBeGreaterThan(0);
      expect(gate.arrived.slice(sent)).toEqual([200]);
      expect(workspace.tokens().live).toBe('accepted');
    } finally {
      await workspace.dispose();
    }
  });

  it('still refuses the token a 401 speaks of when nothing replaced it', async () => {
    const current = sandbox.issueToken();
    const { workspace } = heldWorkspace(() => current);
    try {
      sandbox.revokeToken(current);
      await workspace.live.listChannels({}).catch(() => undefined);
      expect(workspace.tokens().live).toBe('refused');
    } finally {
      await workspace.dispose();
    }
  });
});
