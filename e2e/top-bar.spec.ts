/**
 * The top bar's view tabs at 100 % text in a 1440×900 window, in English and Korean: every
 * view on one row, none scrolled away. Narrower, or at 200 % text, the tabs wrap to a second
 * row, each inside the window and reached from the keyboard. Screenshots of the bar go to test-results/screens/.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { en } from '../src-main/shared/i18n/en';
import { ko } from '../src-main/shared/i18n/ko';

// What this file tests is not the budget: the sandbox and the app pace ten times faster
// (docs/dev/testing.md); the budget itself is tested at the platform's pace.
test.use({ budget: 'fast' });

/** Each tab's top and the nav's own overflow, px. */
async function tabRows(nav: Locator): Promise<{ tops: number[]; overflowPx: number }> {
  const tops = await nav
    .getByRole('button')
    .evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
  const overflowPx = await nav.evaluate((el) => el.scrollWidth - el.clientWidth);
  return { tops, overflowPx };
}

async function oneRow(page: Page, viewsLabel: string, shot: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  const nav = page.getByRole('navigation', { name: viewsLabel });
  await expect(nav.getByRole('button')).toHaveCount(11);
  const { tops, overflowPx } = await tabRows(nav);
  expect(new Set(tops).size, `tab tops ${tops.join(', ')}`).toBe(1);
  expect(overflowPx, 'the tabs scroll sideways').toBeLessThanOrEqual(0);
  // The last tab lies inside the window.
  const box = await nav.getByRole('button').last().boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(1440);
  await page.screenshot({
    path: `test-results/screens/${shot}.png`,
    clip: { x: 0, y: 0, width: 1440, height: 120 },
  });
}

test.describe('English', () => {
  test('at 1440×900 and 100 % every view tab is on one row', async ({ app }) => {
    await oneRow(app, en.shell.viewsLabel, 'top-bar-1440-en');
  });

  test('narrower and at 200 % the tabs wrap, every view in sight and reached by the keyboard', async ({
    app,
  }) => {
    await app.setViewportSize({ width: 1280, height: 800 });
    await app.getByRole('button', { name: en.settings.button }).click();
    const menu = app.getByRole('group', { name: en.settings.title });
    await menu.getByLabel(en.settings.textSize).selectOption('200');
    await app.keyboard.press('Escape');
    const tabs = app.getByRole('navigation', { name: en.shell.viewsLabel }).getByRole('button');
    await app.screenshot({
      path: 'test-results/screens/top-bar-1280-200-en.png',
      clip: { x: 0, y: 0, width: 1280, height: 200 },
    });
    // From the first tab, Tab walks every view, each inside the window; Enter opens the last.
    await tabs.first().focus();
    const count = await tabs.count();
    for (let index = 0; index < count; index += 1) {
      const tab = tabs.nth(index);
      await expect(tab).toBeFocused();
      await expect(tab).toBeInViewport({ ratio: 0.95 });
      if (index < count - 1) await app.keyboard.press('Tab');
    }
    await app.keyboard.press('Enter');
    await expect(tabs.last()).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('Korean', () => {
  test.use({ locale: 'ko-KR' });
  test('at 1440×900 and 100 % every view tab is on one row', async ({ app }) => {
    await oneRow(app, ko.shell.viewsLabel, 'top-bar-1440-ko');
  });
});
