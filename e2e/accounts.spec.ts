/**
 * Accounts as an operator meets them: add a live account (its token goes to the OS keychain;
 * `npm test` runs these specs with a private gnome-keyring), see what the token may do, work
 * on it in the control room, survive a revoked token, and remove the account after confirming.
 */
import { test, expect } from './fixtures';
import { needsKeyring } from './keyring';

// What this file tests is not the budget: the sandbox and the app pace ten times faster
// (docs/dev/testing.md); the budget itself is tested at the platform's pace.
test.use({ budget: 'fast' });

const shots = (name: string) => ({ path: `test-results/screens/${name}.png`, fullPage: true });

test('an operator adds a live account, works on it, renews its token and removes it', async ({
  app,
  sandbox,
}) => {
  // Skipped only outside `npm test`: without scripts/with-keyring.sh the app would reach for
  // the developer's own keychain. `npm test` (and so CI) always runs it.
  needsKeyring();
  await app.getByRole('button', { name: 'Accounts' }).click();
  await expect(app.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();

  // A bad address is refused in the operator's words before anything is sent.
  await app.getByLabel('Name').fill('Seoul production');
  await app.getByLabel('Live base URL').fill('ftp://example');
  await app.getByLabel('Service account key').fill(sandbox.info.service_account_key);
  await app.getByLabel('Personal access token').fill('x');
  await app.getByRole('button', { name: 'Check and add' }).click();
  await expect(app.getByRole('alert')).toContainText('Use an https:// address');

  const token = await sandbox.issueToken();
  await app.getByLabel('Live base URL').fill(sandbox.info.live_base_url);
  await app.getByLabel('Personal access token').fill(token);
  await app.getByRole('button', { name: 'Check and add' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Super administrator' })).toBeVisible();
  await expect(app.getByLabel('Personal access token')).toHaveValue('');
  await app.screenshot(shots('10-accounts'));
  expect(await app.content()).not.toContain(token);

  // Work on it: the control room now shows that account's channels.
  await app.getByRole('button', { name: 'Use' }).click();
  await expect(app.getByLabel('Workspace')).toHaveValue(/^acc-/);
  await app.getByRole('button', { name: 'Control room' }).click();
  await expect(
    app.getByRole('listbox', { name: 'Live channels' }).getByRole('option').first(),
  ).toBeVisible();

  // The token is revoked in the console: calls pause and the operator is asked for a new one.
  await sandbox.revokeToken(token);
  const banner = app.getByRole('alert').filter({ hasText: 'refused the personal access token' });
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await app.screenshot(shots('11-token-refused'));
  await app.getByLabel('New token for Seoul production').fill(await sandbox.issueToken());
  await app.getByRole('button', { name: 'Save new token' }).click();
  await expect(banner).toBeHidden();

  // Remove it, after confirming; the sandbox takes over.
  await app.getByRole('button', { name: 'Accounts' }).click();
  await app.getByRole('button', { name: 'Remove…' }).click();
  const dialog = app.getByRole('dialog', { name: 'Remove this account?' });
  await dialog.getByRole('button', { name: 'Remove account' }).click();
  await expect(app.getByText('No real accounts yet')).toBeVisible();
  await expect(app.getByLabel('Workspace')).toHaveValue('sandbox');
});
