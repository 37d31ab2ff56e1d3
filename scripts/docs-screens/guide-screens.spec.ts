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
    }
    // The view's first reads settle (the event stream stays open, so not `networkidle`).
    await app
      .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, {
        timeout: 10_000,
      })
      .catch(() => undefined);
    await app.screenshot({ path: `docs/screens/${kebab(view)}-${lang}.png` });
  }
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
