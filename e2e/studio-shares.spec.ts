/**
 * Each seat's share of the last minute on screen (loopback only): a hub (`--host-studio`) and
 * two seats (`--join`: "PD" and "Graphics") focus the same on-air channel, so the hub reads
 * that broadcast once for the three of them and each share counts a third of those reads
 * (docs/architecture.md, "The API budget": shared watches). The hub's Budget details list the three
 * shares, fractional ("2.3 calls"), each through the plural strings; screens in English and
 * Korean.
 */
import type { Page } from '@playwright/test';
import { test, expect, shots, focusChannel, onAirChannel } from './studio-fixture';

test('Budget details show each seat’s fractional share of a shared watch', async ({
  page,
  browser,
  platform,
  clock,
  desks,
}) => {
  test.setTimeout(180_000);
  const hub = await desks.start(['--host-studio']);
  const join = async (name: string) =>
    desks.join(hub, await desks.pairingCode(hub, 'operator'), name);
  const pd = await join('PD');
  const graphics = await join('Graphics');
  const channel = await onAirChannel(platform);

  // The hub's operator and both seats focus the same channel: one watch, three owners.
  const open = async (target: Page, url: string) => {
    await target.clock.install({ time: clock.now() });
    await target.goto(url);
    await focusChannel(target, channel.title);
  };
  await open(page, hub.url);
  await open(await page.context().newPage(), pd.url);
  await open(await page.context().newPage(), graphics.url);

  // The hub's Budget details: the three owners, shares with a decimal once reads are shared.
  await page.getByTestId('budget-details-button').click();
  const shares = page.getByTestId('budget-shares-live');
  await expect(shares.getByRole('listitem')).toHaveCount(3, { timeout: 40_000 });
  await expect(shares).toContainText('This hub');
  await expect(shares).toContainText('PD');
  await expect(shares).toContainText('Graphics');
  await expect(shares).toContainText(/\d\.\d calls/, { timeout: 40_000 });
  // A plural of one is "1 call", never "1.0 calls"; no share reads "1 calls".
  await expect(shares).not.toContainText(/\b1 calls|\.0 call/);
  await page.screenshot(shots('studio-shares-01-budget-details'));

  // The same in Korean.
  const context = await browser.newContext({
    locale: 'ko-KR',
    viewport: { width: 1440, height: 900 },
  });
  const ko = await context.newPage();
  await open(ko, hub.url);
  await expect(ko.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await ko.getByTestId('budget-details-button').click();
  const koShares = ko.getByTestId('budget-shares-live');
  await expect(koShares).toContainText('이 허브');
  await expect(koShares).toContainText(/\d\.\d회/);
  await ko.screenshot(shots('studio-shares-02-budget-details-ko'));
  await context.close();
});
