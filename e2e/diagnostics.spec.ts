/**
 * Settings → "Save diagnostics" in the browser host: the operator presses
 * it, is told where the archive was written, and that file is a zip in the data folder's
 * diagnostics/ holding the versions, the budget, the refusals and the audit records file,
 * with neither of the sandbox's tokens inside.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from './fixtures';

// What this file tests is not the budget: the sandbox and the app pace ten times faster
// (docs/dev/testing.md); the budget itself is tested at the platform's pace.
test.use({ budget: 'fast' });

test('Settings saves one diagnostics zip without tokens and says where', async ({
  app,
  sandbox,
  dataDir,
}) => {
  await app.getByRole('button', { name: 'Settings' }).click();
  await app.getByRole('button', { name: 'Save diagnostics' }).click();
  const saved = app.getByRole('status').filter({ hasText: 'Saved:' });
  await expect(saved).toBeVisible();
  const path = ((await saved.textContent()) ?? '').replace('Saved:', '').trim();
  expect(path.startsWith(join(dataDir, 'diagnostics'))).toBe(true);
  const files = unzipSync(new Uint8Array(await readFile(path)));
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(['about.json', 'budget.json', 'refusals.json', 'audit.jsonl']),
  );
  const tokens = [...Object.values(sandbox.info.tokens), sandbox.info.vod_access_token];
  for (const [name, data] of Object.entries(files)) {
    const text = strFromU8(data);
    for (const token of tokens) expect(text.includes(token), `${name} holds a token`).toBe(false);
  }
});
