/**
 * Accessible by test (issue 35 §1): axe-core's WCAG 2.1 A and AA rules (e2e/axe.ts) find no
 * violation on any view of the top bar, nor in the main dialogs (new channel, a channel batch,
 * the upload enqueue, Studio, the palette, the shortcut sheet, the stop-recording question:
 * every question of the app is that same ConfirmDialog), in English and in Korean, in each
 * theme: dark and light (the app follows the OS's `prefers-color-scheme` until Settings says
 * otherwise) and the OS's forced colours (high contrast).
 *
 * Per language, one app walks every view and another every dialog, and at each place the OS
 * turns through the three themes (the app follows it live): in dark every rule runs; in light
 * the rules whose outcome depends on colours (`colourRules`: the rest read the same page); in
 * forced colours the drawn colours are checked (`forcedColourClashes`: axe's contrast rule is
 * wrong there). One walk per theme would cost three times the start-ups and walks for the same
 * findings. The four walks run side by side (`mode: 'parallel'`). In dark, each place is also
 * checked for a choice box that shows nothing (`blankChoices`).
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { axeViolations, forcedColourClashes } from './axe';
import { en } from '../src-main/shared/i18n/en';
import { ko } from '../src-main/shared/i18n/ko';

// What this file tests is not the budget: the sandbox and the app pace ten times faster
// (docs/dev/testing.md); the budget itself is tested at the platform's pace.
test.use({ budget: 'fast' });

type Catalogue = typeof en;

const shots = (name: string) => ({ path: `test-results/screens/${name}.png`, fullPage: true });

/** The top bar's views in their order, by catalogue key. */
const views = [
  'controlRoom',
  'multiview',
  'schedule',
  'channels',
  'recordings',
  'statistics',
  'library',
  'uploads',
  'accounts',
  'rehearsal',
  'activity',
] as const satisfies readonly (keyof Catalogue['shell']['views'])[];

/** Opens a view from the top bar and waits until its content has come. */
async function openView(app: Page, c: Catalogue, view: (typeof views)[number]): Promise<void> {
  const tab = app
    .getByRole('navigation', { name: c.shell.viewsLabel })
    .getByRole('button', { name: c.shell.views[view] });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-current', 'page');
  if (view === 'controlRoom')
    await app
      .getByRole('listbox', { name: c.channels.listLabel })
      .getByRole('option')
      .first()
      .click();
  if (view === 'schedule')
    await expect(app.getByTestId('timeline')).toHaveAttribute('data-ready', 'true');
  if (view === 'channels') await expect(app.getByTestId('channel-row').first()).toBeVisible();
  if (view === 'multiview') await expect(app.getByTestId('multiview-count')).toBeVisible();
  // Queries settle: nothing still says it is loading.
  await expect(app.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Fails with every violation, where it was found, rule, element and help. */
function expectNone(found: Record<string, string[]>): void {
  const lines = Object.entries(found).flatMap(([where, list]) => list.map((v) => `${where}: ${v}`));
  expect(lines, `axe WCAG 2.1 A/AA violations:\n${lines.join('\n')}`).toEqual([]);
}

test.describe.configure({ mode: 'parallel' });

/** The themes, as the OS asks for them: the app follows it (src-renderer/lib/appearance.svelte.ts). */
const themes = [
  { theme: 'dark', colorScheme: 'dark', forcedColors: 'none' },
  { theme: 'light', colorScheme: 'light', forcedColors: 'none' },
  { theme: 'forced colours', colorScheme: 'dark', forcedColors: 'active' },
] as const;

/**
 * Scans `place` (a CSS selector; the whole page when absent) of `app` in each theme, as the OS
 * turns through them (the app follows it live), into `found` under `where (theme)`, and turns
 * it back to dark. A place with findings is kept as a screenshot per theme.
 */
async function scanThemes(
  app: Page,
  language: string,
  found: Record<string, string[]>,
  where: string,
  place?: string,
): Promise<void> {
  for (const { theme, colorScheme, forcedColors } of themes) {
    await app.emulateMedia({ colorScheme, forcedColors });
    await expect(app.locator('html')).toHaveAttribute('data-theme', colorScheme);
    expect(await app.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(
      forcedColors === 'active',
    );
    const key = `${where} (${theme})`;
    found[key] =
      forcedColors === 'active'
        ? await forcedColourClashes(app)
        : await axeViolations(app, place, theme === 'dark' ? 'all' : 'colours');
    if (theme === 'dark') found[key].push(...(await blankChoices(app, place)));
    if (found[key].length > 0)
      await app.screenshot(shots(`a11y-${language}-${theme.replace(' ', '-')}-${where}`));
  }
  await app.emulateMedia({ colorScheme: 'dark', forcedColors: 'none' });
}

/**
 * The choice boxes (`<select>`) in `place` (the whole page when absent) that are on screen and
 * show nothing although they have options: none is chosen (`selectedIndex` -1), so the box is
 * blank while the app would act on a value the operator cannot see (the Rehearsal view's
 * scenario box was, and Play played the first scenario). A screen reader announces no value
 * either. One line per box: its label (or name, or id).
 */
function blankChoices(page: Page, place?: string): Promise<string[]> {
  return page.evaluate((scope) => {
    const roots = scope ? [...document.querySelectorAll(scope)] : [document.documentElement];
    return roots.flatMap((root) =>
      [...root.querySelectorAll('select')]
        .filter((box) => box.getClientRects().length > 0)
        .filter((box) => box.options.length > 0 && box.selectedIndex === -1)
        .map(
          (box) =>
            `blank-choice: a choice box shows no option (${
              box.getAttribute('aria-label') ??
              box.labels?.[0]?.textContent?.replace(box.textContent ?? '', '').trim() ??
              (box.name || box.id || box.outerHTML.slice(0, 80))
            })`,
        ),
    );
  }, place ?? null);
}

for (const [language, c, locale] of [
  ['en', en, 'en-US'],
  ['ko', ko as unknown as Catalogue, 'ko-KR'],
] as const)
  test.describe(`in ${language}`, () => {
    test.use({ locale, colorScheme: 'dark' });

    test(`every view has no WCAG 2.1 A/AA violation in dark, light and forced colours (${language})`, async ({
      app,
    }) => {
      test.setTimeout(240_000);
      const found: Record<string, string[]> = {};
      for (const view of views) {
        await openView(app, c, view);
        await scanThemes(app, language, found, view);
      }
      expectNone(found);
    });

    test(`every main dialog has no WCAG 2.1 A/AA violation in dark, light and forced colours (${language})`, async ({
      app,
    }) => {
      test.setTimeout(240_000);
      const found: Record<string, string[]> = {};
      const dialog = app.getByRole('dialog');
      const check = async (where: string) => {
        await expect(dialog).toBeVisible();
        await scanThemes(app, language, found, where, 'dialog[open], [role="dialog"]');
      };

      // The stop-recording question, on the first channel (the seed has it on air).
      await openView(app, c, 'controlRoom');
      await app.getByRole('button', { name: c.recording.start }).click();
      await app.getByRole('button', { name: c.recording.stop }).click();
      await check('stop-recording');
      await app.getByRole('button', { name: c.recording.keep }).click();
      await expect(dialog).toBeHidden();

      // The palette and the shortcut sheet.
      await app.keyboard.press('Control+KeyK');
      await check('palette');
      await app.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await app.keyboard.press('Shift+Slash');
      await check('shortcut-sheet');
      await app.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // Settings → Studio.
      await app.getByRole('button', { name: c.settings.button, exact: true }).click();
      await app.getByTestId('open-studio').click();
      await check('studio');
      await app.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // Channels: a new channel, and a batch on two selected channels.
      await openView(app, c, 'channels');
      await app.getByRole('button', { name: c.channelsView.list.newChannel }).click();
      await check('new-channel');
      await dialog.getByRole('button', { name: c.common.cancel }).click();
      await expect(dialog).toBeHidden();
      const rows = app.getByTestId('channel-row');
      for (const index of [0, 1]) await rows.nth(index).getByRole('checkbox').check();
      await app.getByRole('button', { name: c.channelsView.bulk.disable }).click();
      await check('channel-batch');
      await dialog.getByRole('button', { name: c.common.cancel }).click();
      await expect(dialog).toBeHidden();

      // Uploads: the question where dropped files go.
      await openView(app, c, 'uploads');
      await app.getByTestId('upload-file-input').setInputFiles({
        name: 'opening.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not really a picture'),
      });
      await check('upload-enqueue');
      await app.getByRole('button', { name: c.enqueue.discard }).click();
      await expect(dialog).toBeHidden();

      expectNone(found);
    });
  });
