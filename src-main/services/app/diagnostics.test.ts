/**
 * "Save diagnostics": the archive holds what support asks for, and no
 * secret. The test keychain holds the sandbox's tokens (two accounts added as an operator
 * adds them), a log line leaks them the way a careless message would, and the archive is
 * unzipped and searched, every file, for each token and for any `access_token` value.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRecordsKept } from './diagnostics';
import { commandCaller, startTestCore, type TestCore } from './test-support';

let test: TestCore;
let call: ReturnType<typeof commandCaller>;
let tokens: string[];

beforeAll(async () => {
  test = await startTestCore();
  call = commandCaller(() => test.core, 'diagnostics-test');
  const info = test.sandbox.info;
  tokens = [...Object.values(info.tokens), info.vod_access_token];
  await call('account.add', {
    kind: 'live',
    name: 'Studio live',
    baseUrl: info.live_base_url,
    serviceAccountKey: info.service_account_key,
    token: info.tokens.admin,
  });
  await call('account.add', {
    kind: 'vod',
    name: 'Studio VOD',
    baseUrl: info.vod_base_url,
    token: info.vod_access_token,
  });
  // What a careless log line would hold: every token, bare, in a query and in JSON.
  await mkdir(join(test.dataDir, 'logs'), { recursive: true });
  await writeFile(
    join(test.dataDir, 'logs', 'main.log'),
    [
      `tokens ${tokens.join(' ')}`,
      `GET ${info.vod_base_url}/v3/contents?access_token=${info.vod_access_token}&page=1`,
      JSON.stringify({ access_token: info.vod_access_token, refresh: info.tokens.super_admin }),
      `encoded ${encodeURIComponent(info.tokens.admin)}`,
    ].join('\n'),
  );
});

afterAll(async () => {
  await test.close();
});

/** The archive's files as text, by path inside it. */
async function unzipped(path: string): Promise<Record<string, string>> {
  const entries = unzipSync(new Uint8Array(await readFile(path)));
  return Object.fromEntries(Object.entries(entries).map(([name, data]) => [name, strFromU8(data)]));
}

describe('diagnostics.save', () => {
  it('writes one zip with versions, settings, budget, refusals, logs and audit records', async () => {
    const saved = await call('diagnostics.save', {});
    expect(saved.path.startsWith(join(test.dataDir, 'diagnostics'))).toBe(true);
    expect(saved.path.endsWith('.zip')).toBe(true);
    const files = await unzipped(saved.path);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'about.json',
        'settings/accounts.json',
        'budget.json',
        'refusals.json',
        'logs/main.log',
        'audit.jsonl',
        'README.txt',
      ]),
    );
    expect(saved.files).toBe(Object.keys(files).length);
    const about = JSON.parse(files['about.json'] ?? '{}') as Record<string, unknown>;
    expect(about.node).toBe(process.versions.node);
    expect(about).toHaveProperty('os.platform', process.platform);
    // The accounts the operator added are named; the budget is the open workspace's.
    expect(files['settings/accounts.json']).toContain('Studio live');
    expect(files['budget.json']).toContain('"budgets"');
    // The audit log's newest records: the two account.add commands among them.
    const audit = (files['audit.jsonl'] ?? '').split('\n').filter(Boolean);
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(audit.length).toBeLessThanOrEqual(auditRecordsKept);
    expect(audit.filter((line) => line.includes('"account.add"'))).toHaveLength(2);
  });

  it('holds no token and no access_token value anywhere inside', async () => {
    const saved = await call('diagnostics.save', {});
    const files = await unzipped(saved.path);
    const all = Object.entries(files);
    expect(all.length).toBeGreaterThan(5);
    // The leaked log line is there, with its secrets replaced.
    expect(files['logs/main.log']).toContain('[redacted]');
    for (const [name, text] of all) {
      for (const token of tokens) {
        expect(text.includes(token), `${name} holds a token`).toBe(false);
        expect(text.includes(encodeURIComponent(token)), `${name} holds a token`).toBe(false);
      }
      for (const match of text.matchAll(/access_token["']?\s*[:=]\s*["']?([^\s"'&,}]*)/gi)) {
        expect(match[1], `${name}: access_token=${match[1] ?? ''}`).toBe('[redacted]');
      }
    }
  });

  it('holds no credential of the update server’s address, in its user part or its query', async () => {
    await call('settings.updates', {
      mode: 'manual',
      url: 'https://admin:hunter2xyz@127.0.0.1:9/updates/?channel=beta&token=tok3nSECRET42',
    });
    const saved = await call('diagnostics.save', {});
    const files = await unzipped(saved.path);
    expect(files['settings/settings.json']).toContain('127.0.0.1:9/updates/?channel=beta');
    for (const [name, text] of Object.entries(files)) {
      expect(text.includes('hunter2xyz'), `${name} holds the update server's password`).toBe(false);
      expect(text.includes('tok3nSECRET42'), `${name} holds the update server's token`).toBe(false);
    }
  });
});
