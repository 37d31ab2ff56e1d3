import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MinuteCount, SandboxHandle } from '../index';
import { startSandbox } from '../index';
import { liveCaller, vodGet } from '../testing/test-support';

const opened: SandboxHandle[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((sandbox) => sandbox.close()));
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function open(options: Parameters<typeof startSandbox>[0]): Promise<SandboxHandle> {
  const sandbox = await startSandbox(options);
  opened.push(sandbox);
  return sandbox;
}

function control(sandbox: SandboxHandle, path: string): string {
  return sandbox.info.live_base_url.replace('/live/api', `/__sandbox${path}`);
}

async function post<T>(url: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

async function counts(sandbox: SandboxHandle): Promise<MinuteCount[]> {
  return ((await (await fetch(control(sandbox, '/calls'))).json()) as { minutes: MinuteCount[] })
    .minutes;
}

function total(rows: MinuteCount[], account: string, field: keyof MinuteCount): number {
  return rows
    .filter((row) => row.account.startsWith(account))
    .reduce((sum, row) => sum + Number(row[field]), 0);
}

describe('calls counted per account and minute', () => {
  it('tells the rate limit’s 429s from an injected burst’s, and counts drops', async () => {
    const sandbox = await open({ rateLimit: true });
    const live = liveCaller(sandbox.info, sandbox.info.tokens.super_admin);
    // Three calls at once: the first is served, the next two come sooner than 1 s after it.
    const statuses = await Promise.all([0, 1, 2].map(() => live.get('/contracts')));
    expect(statuses.map((answer) => answer.status).sort()).toEqual([200, 429, 429]);
    sandbox.faults.update({ burst429: 2 });
    expect((await vodGet(sandbox.info, '/countries')).status).toBe(429);
    expect((await vodGet(sandbox.info, '/countries')).status).toBe(429);
    sandbox.faults.update({ dropRate: 1 });
    await expect(fetch(`${sandbox.info.vod_base_url}/countries`)).rejects.toThrow();

    const rows = await counts(sandbox);
    const account = `live:${sandbox.info.service_account_key}`;
    expect(total(rows, account, 'calls')).toBe(3);
    expect(total(rows, account, 'throttled')).toBe(2);
    expect(total(rows, account, 'injectedThrottled')).toBe(0);
    expect(total(rows, 'vod:', 'calls')).toBe(3);
    expect(total(rows, 'vod:', 'injectedThrottled')).toBe(2);
    expect(total(rows, 'vod:', 'throttled')).toBe(0);
    expect(total(rows, 'vod:', 'dropped')).toBe(1);
    // The VOD account is named without its whole access token.
    expect(JSON.stringify(rows)).not.toContain(sandbox.info.vod_access_token);
    expect(rows.every((row) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/.test(row.minute))).toBe(true);

    // Control calls are not platform calls; DELETE forgets the counts.
    await fetch(control(sandbox, '/calls'), { method: 'DELETE' });
    expect(await counts(sandbox)).toEqual([]);
  });
});

describe('personal access tokens, as a console user manages them', () => {
  it('issues a token that works, and a revoked one is refused with 401', async () => {
    const sandbox = await open({ rateLimit: false });
    const { token } = await post<{ token: string }>(control(sandbox, '/tokens'), {});
    expect((await liveCaller(sandbox.info, token).get('/contracts')).status).toBe(200);
    await post(control(sandbox, '/tokens/revoke'), { token });
    const refused = await liveCaller(sandbox.info, token).get('/contracts');
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/revoked/);
    // Other tokens go on working.
    expect(
      (await liveCaller(sandbox.info, sandbox.info.tokens.super_admin).get('/contracts')).status,
    ).toBe(200);
    const bad = await fetch(control(sandbox, '/tokens/revoke'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(bad.status).toBe(422);
  });

  it('keeps its tokens across a restart with the same state file, revoked ones refused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'onair-sandbox-tokens-'));
    folders.push(dir);
    const stateFile = join(dir, 'state.json');
    const first = await open({ rateLimit: false, stateFile });
    const kept = first.info.tokens.super_admin;
    const { token: revoked } = await post<{ token: string }>(control(first, '/tokens'), {});
    await post(control(first, '/tokens/revoke'), { token: revoked });
    const vodToken = first.info.vod_access_token;
    await first.close();
    opened.splice(opened.indexOf(first), 1);

    const second = await open({ rateLimit: false, stateFile });
    expect((await liveCaller(second.info, kept).get('/contracts')).status).toBe(200);
    expect((await liveCaller(second.info, revoked).get('/contracts')).status).toBe(401);
    expect(second.info.vod_access_token).toBe(vodToken);
    expect((await vodGet(second.info, '/countries')).status).toBe(200);

    // Another sandbox (its own state) refuses them: the key is the state's, not everyone's.
    const other = await open({ rateLimit: false });
    expect((await liveCaller(other.info, kept).get('/contracts')).status).toBe(401);
  });
});
