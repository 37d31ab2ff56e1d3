/**
 * Two screens follow one desk (issue 35 §3): the language, theme and text size chosen in the
 * main window's Settings reach an open pop-out at once (main's `settings.changed`, no reload),
 * and Shift+1 … 9 in a pop-out, which has no top bar, open that view in the main window
 * (`window.showMainView`), by physical key, in Hangul input mode too. Screenshots of the
 * pop-out in Korean, light theme, go to test-results/screens/ (looked at by hand).
 */
import { en } from '../src-main/shared/i18n/en';
import { ko } from '../src-main/shared/i18n/ko';
import { test, expect } from './fixtures';
import { modifierBits, pressHangul } from './hangul';

const shots = (name: string) => ({ path: `test-results/screens/${name}.png`, fullPage: true });

test.describe('a pop-out follows the main window', () => {
  test('Settings reach the open pop-out at once; its Shift+2 opens the main window’s Multiview', async ({
    app,
  }) => {
    const views = app.getByRole('navigation', { name: en.shell.viewsLabel });
    await views.getByRole('button', { name: en.shell.views.multiview }).click();
    const [popOut] = await Promise.all([
      app.context().waitForEvent('page'),
      app.getByRole('button', { name: en.popOut.multiview }).click(),
    ]);
    await popOut.waitForLoadState();
    await expect(
      popOut.getByRole('heading', { level: 1, name: en.multiview.heading }),
    ).toBeVisible();
    const loads = await popOut.evaluate(() => performance.getEntriesByType('navigation').length);

    // Korean in the main window's Settings: the pop-out speaks it, without a reload.
    await app.getByRole('button', { name: en.settings.button }).click();
    await app
      .getByRole('group', { name: en.settings.title })
      .getByLabel(en.settings.language)
      .selectOption('ko');
    await expect(popOut.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(
      popOut.getByRole('heading', { level: 1, name: ko.multiview.heading }),
    ).toBeVisible();
    await expect(popOut).toHaveTitle(`${ko.shell.views.multiview} · OnAir Desk`);

    // The light theme and 150 % text: the pop-out's root follows.
    const menu = app.getByRole('group', { name: ko.settings.title });
    await menu.getByLabel(ko.settings.theme).selectOption('light');
    await expect(popOut.locator('html')).toHaveAttribute('data-theme', 'light');
    await menu.getByLabel(ko.settings.textSize).selectOption('150');
    await expect
      .poll(() =>
        popOut.evaluate(() => document.documentElement.style.getPropertyValue('--text-scale')),
      )
      .toBe('1.5');
    await popOut.screenshot(shots('pop-out-follows-ko-light'));
    // Still the page it loaded: it followed, it was not opened again.
    expect(await popOut.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(
      loads,
    );
    await app.keyboard.press('Escape');

    // Shift+2 in the pop-out: the main window opens its second view, the Multiview; the pop-out
    // stays what it is.
    const koViews = app.getByRole('navigation', { name: ko.shell.viewsLabel });
    const current = (name: string) =>
      expect(koViews.getByRole('button', { name })).toHaveAttribute('aria-current', 'page');
    await koViews.getByRole('button', { name: ko.shell.views.controlRoom }).click();
    await current(ko.shell.views.controlRoom);
    await popOut.keyboard.press('Shift+Digit2');
    await current(ko.shell.views.multiview);
    await expect(
      popOut.getByRole('heading', { level: 1, name: ko.multiview.heading }),
    ).toBeVisible();

    // As a Hangul input method sends it (the key is the IME's, the physical key Digit2).
    await koViews.getByRole('button', { name: ko.shell.views.controlRoom }).click();
    await current(ko.shell.views.controlRoom);
    await pressHangul(popOut, 'Digit2', 'Process', modifierBits.shift);
    await current(ko.shell.views.multiview);

    // The sheet there says where the view keys go, in Korean.
    await popOut.keyboard.press('Shift+Slash');
    const sheet = popOut.getByRole('dialog', { name: ko.shortcutSheet.title });
    await expect(sheet).toContainText(ko.shortcutSheet.viewNInMain);
    await popOut.screenshot(shots('pop-out-sheet-ko'));
  });
});
