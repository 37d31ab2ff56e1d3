/**
 * Tokens that expire, as an operator meets them: a live token the console issued for 3 days is
 * stored in Accounts; the status bar warns that it expires within 7 days, and Accounts says
 * when (UTC) and which workspace it breaks, in English and in Korean. The sandbox, the host
 * and the page share the test's clock (e2e/clock.ts).
 */
import { en } from '../src-main/shared/i18n/en';
import { ko } from '../src-main/shared/i18n/ko';
import { test, expect } from './fixtures';
import { needsKeyring } from './keyring';

// What this file tests is not the budget: the sandbox and the app pace ten times faster
// (docs/dev/testing.md); the budget itself is tested at the platform's pace.
test.use({ budget: 'fast' });

const shots = (name: string) => ({ path: `test-results/screens/${name}.png`, fullPage: true });

test('a token that expires in 3 days is warned of in the status bar and in Accounts', async ({
  app,
  sandbox,
}) => {
  needsKeyring();
  await app.getByRole('button', { name: 'Accounts' }).click();
  await app.getByLabel('Name').fill('Seoul production');
  await app.getByLabel('Live base URL').fill(sandbox.info.live_base_url);
  await app.getByLabel('Service account key').fill(sandbox.info.service_account_key);
  await app
    .getByLabel('Personal access token')
    .fill(await sandbox.issueToken({ lifetimeS: 3 * 24 * 60 * 60 }));
  await app.getByRole('button', { name: 'Check and add' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Super administrator' })).toBeVisible();

  const badge = app.getByTestId('token-expiry');
  await expect(badge).toHaveText('Token of Seoul production expires within 7 days');
  await expect(badge).toHaveAttribute(
    'title',
    /^The live API token of Seoul production expires .+ \d\d:\d\d UTC\. Workspaces it breaks: Seoul production\./,
  );
  const warning = app.locator('[data-testid^="token-expiry-acc-"]');
  await expect(warning).toContainText('Workspaces it breaks: Seoul production');
  await app.screenshot(shots('token-expiry-en'));
  expect(en.workstation.tokens.badge7).toContain('{account}');

  await app.getByRole('button', { name: en.settings.button }).click();
  await app.getByLabel(en.settings.language).selectOption('ko');
  await app.keyboard.press('Escape');
  await expect(badge).toHaveText('Seoul production 토큰이 7일 안에 만료됨');
  await expect(warning).toContainText(`${ko.workstation.tokens.api.live} 토큰이`);
  await expect(warning).toContainText('영향받는 작업 공간: Seoul production');
  await app.screenshot(shots('token-expiry-ko'));
});
