import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLog } from './log';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'onair-log-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('main-process log', () => {
  it('writes redacted lines: no token, access_token or recording-destination password reaches the file', async () => {
    const log = await createLog(dir, { mirror: null });
    log.write('GET /api/media-contents?access_token=vod-secret-123 failed');
    log.write('Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl');
    log.write(
      'recording destination {"host":"ftp.example","password":"hunter2","secret_access_key":"AKIAsecret"}',
    );
    log.write('sftp://operator:pa55word@backup.example/recordings');
    await log.close();
    const text = await readFile(join(dir, 'logs', 'main.log'), 'utf8');
    for (const secret of ['vod-secret-123', 'c2lnbmF0dXJl', 'hunter2', 'AKIAsecret', 'pa55word'])
      expect(text).not.toContain(secret);
    expect(text).toContain('ftp.example');
    expect(text.trim().split('\n')).toHaveLength(4);
  });

  it('rotates past the size limit and keeps only the newest files', async () => {
    const log = await createLog(dir, { mirror: null, maxBytes: 200, keep: 2 });
    for (let i = 0; i < 40; i++) log.write(`line ${i} ${'x'.repeat(40)}`);
    await log.close();
    const files = (await readdir(join(dir, 'logs'))).sort();
    expect(files).toEqual(['main.1.log', 'main.2.log', 'main.log']);
    const newest = await readFile(join(dir, 'logs', 'main.log'), 'utf8');
    expect(newest).toContain('line 39');
    for (const f of files)
      expect((await readFile(join(dir, 'logs', f))).length).toBeLessThanOrEqual(200);
  });
});
