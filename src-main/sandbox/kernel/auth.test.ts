import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index';
import { startSandbox } from '../index';
import { liveCaller, vodGet } from '../testing/test-support';

let sandbox: SandboxHandle;
let other: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  other = await startSandbox({ rateLimit: false });
});
afterAll(async () => {
  await sandbox.close();
  await other.close();
});

describe('live authentication (401)', () => {
  it('refuses a call without a token, asking for a Bearer token', async () => {
    const answer = await liveCaller(sandbox.info, null).get('/channels');
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(answer.body.message).toMatch(/Authorization: Bearer/);
  });

  it('refuses a token that is not a JWT', async () => {
    const answer = await liveCaller(sandbox.info, 'not-a-token').get('/channels');
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(answer.body.message).toMatch(/malformed/);
  });

  it('refuses a token signed by another sandbox, though its claims are the same', async () => {
    expect(other.info.service_account_key).toBe(sandbox.info.service_account_key);
    const answer = await liveCaller(sandbox.info, other.info.tokens.super_admin).get('/channels');
    expect(answer.status).toBe(401);
    expect(answer.body.message).toMatch(/signature/);
  });

  it('refuses a token whose claims were edited (admin promoted to super_admin)', async () => {
    const [header, payload, signature] = sandbox.info.tokens.admin.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'super_admin' })).toString(
      'base64url',
    );
    const answer = await liveCaller(sandbox.info, `${header}.${forged}.${signature}`).get(
      '/contracts',
    );
    expect(answer.status).toBe(401);
  });

  it('refuses a token of this service account on another service account path', async () => {
    const caller = liveCaller(sandbox.info, sandbox.info.tokens.super_admin);
    const answer = await caller.get(
      `${sandbox.info.live_base_url}/v1/live/service-accounts/someone-else/channels`,
    );
    expect(answer.status).toBe(401);
    expect(answer.body.message).toMatch(/does not belong to the service account "someone-else"/);
  });

  it('refuses an expired token once a year of platform time has passed', async () => {
    const aging = await startSandbox({ rateLimit: false });
    try {
      const caller = liveCaller(aging.info, aging.info.tokens.super_admin);
      expect((await caller.get('/channels')).status).toBe(200);
      aging.clock.advance(366 * 86_400_000);
      const answer = await caller.get('/channels');
      expect(answer.status).toBe(401);
      expect(answer.body.message).toMatch(/expired/);
    } finally {
      await aging.close();
    }
  });
});

describe('live authorization (403)', () => {
  it('refuses a token without the scope of the operation, naming the scope', async () => {
    const answer = await liveCaller(sandbox.info, sandbox.info.tokens.no_scope).get('/channels');
    expect(answer.status).toBe(403);
    expect(answer.body.message).toMatch(/live:control/);
  });

  it('needs live-api:console-control for profile groups', async () => {
    const caller = liveCaller(sandbox.info, sandbox.info.tokens.no_scope);
    const groups = await caller.get('/profile-groups');
    expect(groups.status).toBe(403);
    expect(groups.body.message).toMatch(/live-api:console-control/);
  });

  it('keeps the contract for super administrators: an admin gets 403, a super admin 200', async () => {
    const asAdmin = await liveCaller(sandbox.info, sandbox.info.tokens.admin).get('/contracts');
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.message).toMatch(/super administrators only/);
    const asSuper = await liveCaller(sandbox.info, sandbox.info.tokens.super_admin).get(
      '/contracts',
    );
    expect(asSuper.status).toBe(200);
    expect(asSuper.body.data).toMatchObject({ active_profile_limit: 3 });
  });

  it('lets an admin read channels (no role restriction)', async () => {
    const answer = await liveCaller(sandbox.info, sandbox.info.tokens.admin).get('/channels');
    expect(answer.status).toBe(200);
  });
});

describe('VOD authentication', () => {
  it('answers 401 in the VOD envelope without or with a wrong access_token', async () => {
    const missing = await vodGet(sandbox.info, '/countries', null);
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ status: 'fail' });
    const wrong = await vodGet(sandbox.info, '/countries', other.info.vod_access_token);
    expect(wrong.status).toBe(401);
    expect((await vodGet(sandbox.info, '/countries')).status).toBe(200);
  });
});

describe('test controls', () => {
  it('read and advance the platform clock without auth', async () => {
    const before = (await (await fetch(`${origin()}/__sandbox/clock`)).json()) as { now: string };
    const response = await fetch(`${origin()}/__sandbox/clock/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'seconds=3600',
    });
    const after = (await response.json()) as { now: string };
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(3_600_000);
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeLessThan(3_605_000);
  });

  it('set the clock speed, pause and resume it, and refuse a speed outside 1..60', async () => {
    const post = async (path: string, body?: unknown) =>
      fetch(`${origin()}/__sandbox/clock${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
    const fast = (await (await post('/speed', { speed: 30 })).json()) as ClockAnswer;
    expect(fast).toMatchObject({ speed: 30, paused: false });
    const paused = (await (await post('/pause')).json()) as ClockAnswer;
    expect(paused.paused).toBe(true);
    const read = (await (await fetch(`${origin()}/__sandbox/clock`)).json()) as ClockAnswer;
    expect(read).toEqual(paused);
    expect((await post('/speed', { speed: 61 })).status).toBe(422);
    expect((await post('/speed', {})).status).toBe(422);
    const resumed = (await (await post('/resume')).json()) as ClockAnswer;
    expect(resumed).toMatchObject({ speed: 30, paused: false });
    expect((await (await post('/speed', { speed: 1 })).json()) as ClockAnswer).toMatchObject({
      speed: 1,
    });
  });

  it('refuse a clock that goes back', async () => {
    const response = await fetch(`${origin()}/__sandbox/clock/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds: -5 }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ errors: { seconds: [expect.any(String)] } });
  });
});

interface ClockAnswer {
  now: string;
  speed: number;
  paused: boolean;
}

function origin(): string {
  return new URL(sandbox.info.live_base_url).origin;
}
