/**
 * The operator's guide's screenshots (`npm run docs:screens`, docs/dev/testing.md): every view
 * of the top bar on the sandbox, in English and in Korean, written to
 * `docs/screens/<view>-<en|ko>.png` at 1440×900, so the guide never shows a stale screen.
 * It runs the app as the end-to-end tests do (e2e/fixtures.ts: its own sandbox, browser host
 * and data folder) but is not part of `npm test`: it asserts only that each view opened.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../../e2e/fixtures';
import { en } from '../../src-main/shared/i18n/en';
import { ko } from '../../src-main/shared/i18n/ko';

const views = Object.keys(en.shell.views) as (keyof typeof en.shell.views)[];

// The guide shows the app as it looks in a control room at night: the dark theme (the app
// follows the OS's; Playwright's browser says light unless told). The light and forced-colour
// screens are theme-screens.spec.ts's.
test.use({ colorScheme: 'dark' });

/** Opens each view by its top-bar button and saves its screen. */
async function shootEveryView(app: Page, lang: 'en' | 'ko'): Promise<void> {
  const words = lang === 'en' ? en : ko;
  const nav = app.getByRole('navigation', { name: words.shell.viewsLabel });
  await expect(nav).toBeVisible();
  for (const view of views) {
    await nav.getByRole('button', { name: words.shell.views[view], exact: true }).click();
    // The control room is shown as an operator works it: the first channel on air in focus.
    if (view === 'controlRoom') {
      const channels = app.getByRole('listbox', { name: words.channels.listLabel });
      await channels.getByRole('option').first().click();
      await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
      // Its figures too, not "Loading viewers…": they come with the watch's first reads.
      await expect(app.getByTestId('viewers-now')).toBeVisible({ timeout: 30_000 });
      await expect(app.getByTestId('participants-count')).toBeVisible({ timeout: 30_000 });
    }
    // The Multiview's tiles with their figures, not "— viewers" (the account's viewers come
    // with the planner's first audience read).
    if (view === 'multiview')
      await expect(app.getByTestId('viewers').first()).toHaveText(/\d/, { timeout: 45_000 });
    // The view's first reads settle (the event stream stays open, so not `networkidle`):
    // no "Loading…" or "Reading…" of the catalogue is on screen any more, so the guide never
    // shows a view still waiting for the platform (the reads keep the 1 s spacing: up to a
    // few seconds a view).
    const waiting = loadingTexts(words);
    await expect
      .poll(
        () =>
          app.evaluate(
            (texts) => texts.filter((text) => document.body.innerText.includes(text)),
            waiting,
          ),
        { timeout: 60_000, message: `${view} still reads` },
      )
      .toEqual([]);
    await app.screenshot({ path: `docs/screens/${kebab(view)}-${lang}.png` });
  }
}

/**
 * Every "Loading…" / "Reading…" text in `words`: the strings at the catalogue paths where the
 * English one starts with Loading or Reading and ends with "…" (the same paths in Korean).
 */
function loadingTexts(words: typeof en | typeof ko): string[] {
  const found: string[] = [];
  const walk = (english: unknown, local: unknown): void => {
    if (typeof english === 'string') {
      if (/^(Loading|Reading)\b.*…$/.test(english) && typeof local === 'string') found.push(local);
      return;
    }
    if (english && typeof english === 'object' && local && typeof local === 'object')
      for (const [key, value] of Object.entries(english))
        walk(value, (local as Record<string, unknown>)[key]);
  };
  walk(en, words);
  return [...new Set(found)];
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

test.describe('English', () => {
  test.use({ locale: 'en-US' });
  test('every view', async ({ app }) => {
    test.setTimeout(180_000);
    await shootEveryView(app, 'en');
  });
});

test.describe('Korean', () => {
  test.use({ locale: 'ko-KR' });
  test('every view', async ({ app }) => {
    test.setTimeout(180_000);
    await shootEveryView(app, 'ko');
  });
});
