import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index';
import { startSandbox } from '../index';
import { liveCaller, vodGet } from '../testing/test-support';

let sandbox: SandboxHandle | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe('rate limit over HTTP (on by default)', () => {
  it('answers 429 with Retry-After to a call 100 ms after the previous one', async () => {
    sandbox = await startSandbox();
    const live = liveCaller(sandbox.info, sandbox.info.tokens.super_admin);
    expect((await live.get('/channels')).status).toBe(200);
    await sleep(100);
    const refused = await live.get('/channels');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body.message).toMatch(/60 calls a minute, at least 1 s apart/);
  });

  it('does not rate-limit a 401, and lets the next call through after a second', async () => {
    sandbox = await startSandbox();
    const live = liveCaller(sandbox.info, sandbox.info.tokens.super_admin);
    expect((await live.get('/channels')).status).toBe(200);
    expect((await liveCaller(sandbox.info, null).get('/channels')).status).toBe(401);
    expect((await live.get('/channels')).status).toBe(429);
    await sleep(1_050);
    expect((await live.get('/channels')).status).toBe(200);
  });

  it('refuses the 61st call within a minute (spacing shortened to keep the test fast)', async () => {
    sandbox = await startSandbox({ rateLimitPolicy: { spacingMs: 0 } });
    const live = liveCaller(sandbox.info, sandbox.info.tokens.admin);
    for (let call = 1; call <= 60; call += 1) {
      expect((await live.get('/channels?per_page=1')).status, `call ${call}`).toBe(200);
    }
    const refused = await live.get('/channels?per_page=1');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('can be switched off through the handle and the control endpoint', async () => {
    sandbox = await startSandbox();
    const live = liveCaller(sandbox.info, sandbox.info.tokens.super_admin);
    sandbox.setRateLimit(false);
    for (let call = 0; call < 5; call += 1) expect((await live.get('/channels')).status).toBe(200);
    const origin = new URL(sandbox.info.live_base_url).origin;
    const on = await fetch(`${origin}/__sandbox/rate-limit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ enabled: true }),
    });
    expect(await on.json()).toEqual({ enabled: true });
    expect((await live.get('/channels')).status).toBe(200);
    expect((await live.get('/channels')).status).toBe(429);
  });

  it('limits VOD per access token, with the VOD error envelope', async () => {
    sandbox = await startSandbox();
    expect((await vodGet(sandbox.info, '/countries')).status).toBe(200);
    const refused = await vodGet(sandbox.info, '/timezones');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body).toMatchObject({ status: 'fail' });
  });
});
