/**
 * The desktop app as an operator starts it: the built app in the Electron runtime, a fresh
 * data folder, the embedded sandbox platform. What only the desktop app has is checked here:
 * the window's hardening, a command's round trip over IPC, the permissions the page is
 * granted (notifications, clipboard writes) and a file's path through
 * `webUtils.getPathForFile`.
 */
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { en } from '../src-main/shared/i18n/en';
import { answerQuestionsCancel, hardenedPage, pageHardening, questionsAsked } from './hardening';

let app: ElectronApplication;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'onair-electron-'));
  app = await electron.launch({
    args: ['out/main/index.js', `--data-dir=${dataDir}`, '--no-sandbox'],
    env: { ...process.env, LANG: 'en_US.UTF-8' },
  });
  // Main's questions go to a stub answering "Cancel": none is left open on the screen.
  await answerQuestionsCancel(app);
});
test.afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

test('the window is hardened: no Node in the page, the bridge only, no new windows', async () => {
  const page = await app.firstWindow();
  await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible();
  // `window.open` of a loopback address, refused by the window-open handler before anything
  // is sent; the operator is asked whether to open it in the browser, and "Cancel" keeps it
  // shut.
  expect(await pageHardening(page)).toEqual(hardenedPage);
  expect(app.windows()).toHaveLength(1);
  const link = en.desktop.externalLink;
  await expect
    .poll(() => questionsAsked(app))
    .toEqual([
      {
        title: link.title,
        message: link.message,
        detail: 'http://127.0.0.1:9/',
        buttons: [link.cancel, link.open],
      },
    ]);
});

test('a command goes to main and back over IPC, and the page shows its answer', async () => {
  const page = await app.firstWindow();
  await page.getByRole('button', { name: 'Channels' }).click();
  await expect(page.getByRole('heading', { name: 'Channels', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /Open / }).first()).toBeVisible();
});

test('notifications are granted and a Copy button writes the clipboard', async () => {
  const page = await app.firstWindow();
  expect(await page.evaluate(() => Notification.permission)).toBe('granted');
  // The system clipboard holds something else first, so only the button can make it match.
  await app.evaluate(({ clipboard }) => clipboard.writeText('before the copy'));
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'Channels' })
    .click();
  await page.getByRole('button', { name: 'Open Main Stage' }).click();
  const settings = page.getByRole('region', { name: 'Channel settings' });
  const publish = await settings.getByRole('textbox', { name: 'RTMP publish URL' }).inputValue();
  expect(publish).toMatch(/^rtmp:\/\//);
  await settings.getByRole('button', { name: 'Copy RTMP publish URL' }).click();
  await expect(settings.getByRole('button', { name: 'Copy RTMP publish URL' })).toHaveText(
    'Copied',
  );
  // Read as main reads the OS clipboard: the page itself is never granted a clipboard read.
  expect(await app.evaluate(({ clipboard }) => clipboard.readText())).toBe(publish);
});

test('a chosen file reaches main with its path (webUtils.getPathForFile)', async () => {
  const page = await app.firstWindow();
  const file = join(dataDir, 'clip.mp4');
  await writeFile(file, Buffer.alloc(1024));
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'electron-spec-file';
    input.hidden = true;
    document.body.append(input);
  });
  await page.setInputFiles('#electron-spec-file', file);
  const paths = await page.evaluate(() => {
    const input = document.getElementById('electron-spec-file') as HTMLInputElement;
    const bridge = (
      window as unknown as {
        desk: { filePaths: (files: File[]) => Promise<{ ok: boolean; data?: string[] }> };
      }
    ).desk;
    return bridge.filePaths([...(input.files ?? [])]);
  });
  expect(paths).toEqual({ ok: true, data: [file] });
});
