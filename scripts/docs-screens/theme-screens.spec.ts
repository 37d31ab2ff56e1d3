/**
 * The screens of docs/guide/themes-and-text-size.md (`npm run docs:screens`): the Multiview in
 * the light theme at 200 % text and in the dark theme at 100 %, and the control room in the
 * OS's forced colours at 200 %, each in a 1280×800 window on the sandbox, written to
 * `docs/screens/theme-<light-200|dark-100|forced-200>.png`. Theme and text size are chosen in
 * the settings menu as an operator does (e2e/text-size.spec.ts); forced colours are the OS's,
 * emulated by the browser as e2e/accessibility.spec.ts does. Asserts only that each took.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../../e2e/fixtures';
import { en } from '../../src-main/shared/i18n/en';

test.use({ viewport: { width: 1280, height: 800 } });

/** Sets the theme and text size in the settings menu, then closes it. */
async function appearance(app: Page, theme: 'dark' | 'light', textSize: '100' | '200') {
  const nav = app.getByRole('navigation', { name: en.shell.viewsLabel });
  await expect(nav.getByRole('button', { name: en.shell.views.controlRoom })).toBeVisible();
  await app.getByRole('button', { name: en.settings.button }).click();
  const menu = app.getByRole('group', { name: en.settings.title });
  await menu.getByLabel(en.settings.theme).selectOption(theme);
  await menu.getByLabel(en.settings.textSize).selectOption(textSize);
  await expect(app.locator('html')).toHaveAttribute('data-theme', theme);
  await app.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

/** Opens `view` by its top-bar button and saves the screen once its first reads settled. */
async function shoot(app: Page, view: 'multiview' | 'controlRoom', file: string) {
  const nav = app.getByRole('navigation', { name: en.shell.viewsLabel });
  await nav.getByRole('button', { name: en.shell.views[view], exact: true }).click();
  // The event stream stays open, so not `networkidle`.
  await app
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  // The Multiview's tiles with their viewers (one account read, every 7.5 s); chat comes later.
  if (view === 'multiview')
    await expect(app.getByText(/viewers not read yet/)).toHaveCount(0, { timeout: 20_000 });
  await app.screenshot({ path: `docs/screens/${file}` });
}

test('light theme at 200 %', async ({ app }) => {
  await appearance(app, 'light', '200');
  await shoot(app, 'multiview', 'theme-light-200.png');
});

test('dark theme at 100 %', async ({ app }) => {
  await appearance(app, 'dark', '100');
  await shoot(app, 'multiview', 'theme-dark-100.png');
});

test.describe('forced colours', () => {
  test.use({ colorScheme: 'dark', forcedColors: 'active' });
  test('at 200 %', async ({ app }) => {
    await appearance(app, 'dark', '200');
    await shoot(app, 'controlRoom', 'theme-forced-200.png');
  });
});
