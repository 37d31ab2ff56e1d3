/**
 * The UI coverage's record (served-operations.ts) against a running sandbox: an operation
 * counts as served to the app only when the sandbox answered the app's own call 2xx; a
 * refusal (the role check, the handler's own rule, an injected fault, a dropped connection)
 * and a test's probe call do not. Every call of the app is still counted as asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../index';
import { appUserAgentPrefix } from './served-operations';

let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 3, rateLimit: false });
});

afterAll(async () => {
  await sandbox.close();
});

/** One live GET as the app (its User-Agent) or as another client; answers the status. */
async function get(
  path: string,
  options: { token?: string; userAgent?: string } = {},
): Promise<number> {
  const { info } = sandbox;
  const response = await fetch(
    `${info.live_base_url}/v1/live/service-accounts/${info.service_account_key}${path}`,
    {
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${options.token ?? info.tokens.super_admin}`,
        'User-Agent': options.userAgent ?? `${appUserAgentPrefix}0.0.0-test`,
      },
    },
  );
  await response.arrayBuffer();
  return response.status;
}

describe('served operations (UI coverage)', () => {
  it('counts only what the app was answered 2xx, and every call of the app as asked', async () => {
    expect(await get('/channels')).toBe(200);
    // Refused by the role check: GET contracts is the super administrator's.
    expect(await get('/contracts', { token: sandbox.info.tokens.admin })).toBe(403);
    // Refused by the handler's own rule: no such channel.
    expect(await get('/channels/no-such-channel')).toBe(404);
    // Answered 2xx, but to another client.
    expect(await get('/profile-groups', { userAgent: 'probe/1' })).toBe(200);
    // An injected server error, then a dropped connection.
    sandbox.faults.update({ errorRate: 1 });
    expect(await get('/programs')).toBeGreaterThanOrEqual(500);
    sandbox.faults.update({ errorRate: 0, dropRate: 1 });
    await expect(get('/programs/media-contents')).rejects.toThrow();
    sandbox.faults.clear();

    expect(sandbox.served.report()).toEqual({ live: ['listChannels'], vod: [] });
    expect(sandbox.served.asked().live).toMatchObject({
      listChannels: 1,
      getContract: 1,
      getChannel: 1,
    });
    expect(sandbox.served.asked().live).not.toHaveProperty('listProfileGroups');
  });
});
