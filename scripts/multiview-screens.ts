/**
 * `npx tsx scripts/multiview-screens.ts`: screenshots of the Multiview with 4, 9 and 16
 * channels on air, in English and Korean, tiles and table, to look at by hand (not a test:
 * it asserts nothing). Needs `npm run -s build` first. A sandbox with a tenfold faster rate
 * limit (600 calls a minute, 100 ms apart) per count, so every tile's figures are read
 * within seconds; written to test-results/screens/multiview-<count>-<lang>[-table].png.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startSandbox } from '../src-main/sandbox/index';
import { startHost } from '../e2e/host';

const counts = [4, 9, 16];
const languages = [
  { lang: 'en', locale: 'en-US', table: 'Table', tile: 'Multiview' },
  { lang: 'ko', locale: 'ko-KR', table: '표', tile: '멀티뷰' },
] as const;

async function main(): Promise<void> {
  await mkdir('test-results/screens', { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    for (const count of counts) {
      const sandbox = await startSandbox({
        rateLimit: true,
        rateLimitPolicy: { spacingMs: 100, maxCalls: 600 },
        onAir: count,
      });
      const dataDir = await mkdtemp(join(tmpdir(), 'onair-multiview-screens-'));
      const { child, url } = await startHost(sandbox, dataDir);
      try {
        for (const { lang, locale, table, tile } of languages) {
          const context = await browser.newContext({
            locale,
            viewport: { width: 1440, height: 900 },
          });
          const page = await context.newPage();
          await page.goto(url);
          await page.getByRole('navigation').getByRole('button', { name: tile }).click();
          await page.getByTestId('multiview-tile').first().waitFor();
          // Every tile's viewers read (no dash left), or 30 s.
          await page
            .waitForFunction(
              () =>
                [...document.querySelectorAll('[data-testid="viewers"]')].every(
                  (node) => !(node.textContent ?? '').includes('—'),
                ),
              undefined,
              { timeout: 30_000 },
            )
            .catch(() => undefined);
          await page.screenshot({ path: `test-results/screens/multiview-${count}-${lang}.png` });
          await page.getByRole('button', { name: table, exact: true }).click();
          await page.screenshot({
            path: `test-results/screens/multiview-${count}-${lang}-table.png`,
          });
          await context.close();
        }
      } finally {
        child.kill('SIGTERM');
        await new Promise((done) => child.once('exit', done));
        await sandbox.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
