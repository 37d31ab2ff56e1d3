/**
 * What the browser host's page may do without any permission granted to
 * Chromium: Copy buttons copy (a secure context, http://127.0.0.1, writes the
 * clipboard on the operator's click; no fallback is needed), and upload notifications show
 * once the operator allows them at the browser's own prompt. The desktop app grants both to
 * its page by policy (src-main/hosts/permission-policy.ts). What was copied is read back as
 * an operator would: pasted into a field.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

test.use({ budget: 'fast' });

/** Pastes the clipboard into `field` with the keyboard, as an operator does. */
async function pasteInto(app: Page, field: ReturnType<Page['getByLabel']>): Promise<void> {
  await field.fill('');
  await field.focus();
  await app.keyboard.press('ControlOrMeta+V');
}

test('Copy buttons copy with no clipboard permission granted', async ({ app }) => {
  // Chromium's permission name, which TypeScript's DOM types do not list.
  const clipboardRead = 'clipboard-read' as PermissionName;
  const state = await app.evaluate(
    async (name) => (await navigator.permissions.query({ name })).state,
    clipboardRead,
  );
  // Nothing was granted: the page cannot read the clipboard, only write it on a click.
  expect(state).not.toBe('granted');

  // A channel's RTMP publish URL.
  await app
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'Channels' })
    .click();
  await app.getByRole('button', { name: 'Open Main Stage' }).click();
  const settings = app.getByRole('region', { name: 'Channel settings' });
  await expect(settings.getByRole('heading', { name: 'Main Stage' })).toBeVisible();
  const publish = await settings.getByRole('textbox', { name: 'RTMP publish URL' }).inputValue();
  expect(publish).toMatch(/^rtmp:\/\//);
  await settings.getByRole('button', { name: 'Copy RTMP publish URL' }).click();
  await expect(settings.getByRole('button', { name: 'Copy RTMP publish URL' })).toHaveText(
    'Copied',
  );
  await expect(settings.getByRole('alert')).toHaveCount(0);
  const title = settings.getByLabel('Channel title');
  await pasteInto(app, title);
  await expect(title).toHaveValue(publish);

  // The user key, shown only once.
  await app.getByRole('button', { name: 'Library', exact: true }).click();
  await app.getByRole('tab', { name: 'Tools', exact: true }).click();
  await app.getByRole('button', { name: 'Issue a user key' }).click();
  const issued = app.getByRole('dialog', { name: 'New user key' });
  await issued.getByRole('button', { name: 'Copy' }).click();
  await expect(issued.getByRole('button', { name: 'Copied' })).toBeVisible();
  await issued.getByRole('button', { name: 'Show' }).click();
  const key = ((await issued.getByRole('status').textContent()) ?? '').trim();
  expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
  await issued.getByRole('button', { name: 'I have copied it' }).click();
  const existing = app.getByLabel('Existing user key');
  await pasteInto(app, existing);
  await expect(existing).toHaveValue(key);
});

// A 1×1 PNG: a waiting-screen image is sniffed by its bytes, not its name.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('an upload batch shows a system notification once the operator allows them', async ({
  page,
  appUrl,
  clock,
}) => {
  const folder = await mkdtemp(join(tmpdir(), 'onair-e2e-notify-'));
  try {
    const file = join(folder, 'be-right-back.png');
    await writeFile(file, png);
    // The operator answers "Allow" at the browser's prompt (the only grant in this spec);
    // Chromium's notifications are recorded as they are shown.
    await page.context().grantPermissions(['notifications'], { origin: new URL(appUrl).origin });
    await page.addInitScript(() => {
      const shown: { title: string; body: string }[] = [];
      const Real = window.Notification;
      class Recorded extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push({ title, body: options?.body ?? '' });
        }
      }
      Object.defineProperty(window, 'Notification', { value: Recorded });
      Object.defineProperty(window, 'shownNotifications', { value: shown });
    });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.clock.install({ time: clock.now() });
    await page.goto(appUrl);

    await page.getByRole('button', { name: 'Uploads' }).click();
    await page.getByTestId('upload-file-input').setInputFiles(file);
    const dialog = page.getByRole('dialog', { name: /Upload 1 item/ });
    await dialog.getByRole('radio', { name: /Waiting screens/ }).check();
    await dialog.getByRole('button', { name: 'Queue it' }).click();
    await expect(
      page.locator('[data-testid="upload-row"][data-name="be-right-back.png"]'),
    ).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (window as unknown as { shownNotifications: { title: string; body: string }[] })
              .shownNotifications,
        ),
      )
      .toEqual([{ title: 'Uploads finished', body: '1 file uploaded.' }]);
    expect(problems).toEqual([]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
