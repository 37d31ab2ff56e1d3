/**
 * What the desk says is what happened, when the asker leaves before the answer (a page
 * reloaded, a seat failed over): a change runs on at the platform, and its outcome is in the
 * journal as it happened, though the asker is told only that it left. Against the sandbox.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AuditRecord } from '../core/audit-log';
import { startTestCore, type TestCore } from './test-support';

let test: TestCore;

beforeAll(async () => {
  test = await startTestCore({ seed: 17 });
});

afterAll(async () => {
  await test.close();
});

async function journal(): Promise<AuditRecord[]> {
  const dir = join(test.dataDir, 'audit', 'sandbox');
  const lines: AuditRecord[] = [];
  for (const file of await readdir(dir).catch(() => []))
    for (const line of (await readFile(join(dir, file), 'utf8')).split('\n'))
      if (line.trim()) lines.push(JSON.parse(line) as AuditRecord);
  return lines;
}

it('journals a change the platform refused after its asker left, and tells the asker it left', async () => {
  const asker = new AbortController();
  const answer = test.core.invoke(
    'broadcast.rename',
    { broadcastKey: 'zzzzzzzzzzzzzzzz', title: 'Gone before the answer' },
    { clientId: 'page-reloaded', signal: asker.signal },
  );
  asker.abort(new Error('The page reloaded.'));
  const said = await answer;
  expect(said.ok).toBe(false);
  if (!said.ok) expect(said.error.text?.key).toBe('errors.askerGone');
  const renames = async () =>
    (await journal()).filter((r) => r.command === 'broadcast.rename').map((r) => r.answer);
  await expect.poll(renames).toHaveLength(1);
  expect((await renames())[0]).toMatchObject({ ok: false, code: 'not-found', sent: true });
});
