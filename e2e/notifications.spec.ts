/**
 * OS notifications in the browser host: main's notice policy decides (`notify`), the page
 * shows it with the web Notification API once the operator allowed notifications, a click
 * opens the view concerned, and a kind switched off in Settings shows nothing. Chromium's
 * `window.Notification` is wrapped by an init script that records what was shown and lets
 * the test click it (the browser's API, not our code). Also screenshots of the Settings
 * section in English and Korean.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { findOnAir } from './on-air';

test.use({ budget: 'fast' });

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** What the recording wrapper of `window.Notification` keeps. */
interface Shown {
  title: string;
  body: string;
}

async function recordNotifications(page: Page, origin: string): Promise<void> {
  await page.context().grantPermissions(['notifications'], { origin });
  await page.addInitScript(() => {
    const shown: { title: string; body: string }[] = [];
    const instances: Notification[] = [];
    const Real = window.Notification;
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, body: options?.body ?? '' });
        instances.push(this);
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recorded });
    Object.defineProperty(window, 'shownNotifications', { value: shown });
    Object.defineProperty(window, 'clickNotification', {
      value: (index: number) => {
        const target = instances[index];
        target?.onclick?.call(target, new Event('click'));
      },
    });
  });
}

const shownOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { shownNotifications: Shown[] }).shownNotifications);

async function upload(page: Page, file: string): Promise<void> {
  await page.getByRole('button', { name: 'Uploads' }).click();
  await page.getByTestId('upload-file-input').setInputFiles(file);
  const dialog = page.getByRole('dialog', { name: /Upload 1 item/ });
  await dialog.getByRole('radio', { name: /Waiting screens/ }).check();
  await dialog.getByRole('button', { name: 'Queue it' }).click();
}

test('a finished upload batch is notified; the click opens Uploads; a switched-off kind is not', async ({
  page,
  appUrl,
  clock,
}) => {
  const folder = await mkdtemp(join(tmpdir(), 'onair-e2e-notices-'));
  try {
    const first = join(folder, 'first.png');
    const second = join(folder, 'second.png');
    await writeFile(first, png);
    await writeFile(second, png);
    await recordNotifications(page, new URL(appUrl).origin);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.clock.install({ time: clock.now() });
    await page.goto(appUrl);

    await upload(page, first);
    await expect
      .poll(() => shownOf(page), { timeout: 30_000 })
      .toEqual([{ title: 'Uploads finished', body: '1 file uploaded.' }]);

    // Elsewhere, the operator clicks the notification: Uploads opens.
    await page.getByRole('button', { name: 'Control room' }).click();
    await expect(page.getByRole('button', { name: 'Control room' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.evaluate(() =>
      (window as unknown as { clickNotification: (i: number) => void }).clickNotification(0),
    );
    await expect(page.getByRole('button', { name: 'Uploads' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // Switched off in Settings: the next batch finishes without a notification.
    await page.getByRole('button', { name: 'Settings' }).click();
    const transfers = page.getByRole('checkbox', {
      name: 'Uploads and downloads finished or failed',
    });
    await expect(transfers).toBeChecked();
    await transfers.uncheck();
    await expect(transfers).not.toBeChecked();
    await page.keyboard.press('Escape');
    await upload(page, second);
    await expect(
      page.locator('[data-testid="upload-row"][data-name="second.png"]'),
    ).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    expect(await shownOf(page)).toHaveLength(1);
    // Back on for the next tests of this data folder. The switch takes a click once the menu
    // has read the switches (disabled and unchecked until then, never shown on before it knows).
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(transfers).toBeEnabled();
    await expect(transfers).not.toBeChecked();
    await transfers.check();
    await expect(transfers).toBeChecked();
    expect(problems).toEqual([]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('a watched broadcast going off air is notified; the click focuses its channel', async ({
  page,
  appUrl,
  clock,
  platform,
  sandbox,
}) => {
  await recordNotifications(page, new URL(appUrl).origin);
  await page.clock.install({ time: clock.now() });
  await page.goto(appUrl);
  const {
    channel,
    broadcast: { key: broadcastKey, title },
  } = await findOnAir(platform);
  const channels = page.getByRole('listbox', { name: 'Live channels' });
  const option = channels.locator(`[data-key="${channel.key}"]`);
  await option.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The encoder stops: the watch's next poll finds it off air.
  const origin = new URL(sandbox.info.live_base_url).origin;
  const stopped = await fetch(`${origin}/__sandbox/broadcasts/${broadcastKey}/stop`, {
    method: 'POST',
  });
  expect(stopped.status).toBe(200);
  await expect
    .poll(() => shownOf(page), { timeout: 30_000 })
    .toEqual([{ title: 'Off air', body: `${title} went off air.` }]);

  // The operator is elsewhere; the click brings the control room with that channel focused.
  await page.getByRole('button', { name: 'Uploads' }).click();
  await page.evaluate(() =>
    (window as unknown as { clickNotification: (i: number) => void }).clickNotification(0),
  );
  await expect(page.getByRole('button', { name: 'Control room' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(channels.locator(`[data-key="${channel.key}"]`)).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('the Settings section lists every kind, in English and Korean', async ({ app }) => {
  await app.getByRole('button', { name: 'Settings' }).click();
  const menu = app.getByRole('group', { name: 'Settings' });
  const kinds = menu.getByRole('group', { name: 'Notifications' }).getByRole('checkbox');
  // Off air, recording stopped, token refused, budget paused, uploads and downloads, and a
  // stored token about to expire.
  await expect(kinds).toHaveCount(6);
  await expect(
    menu.getByRole('checkbox', { name: 'A stored token expires within 7 days, or within a day' }),
  ).toBeChecked();
  await menu.screenshot({ path: 'test-results/notifications-settings-en.png' });
  await menu.getByLabel('Language').selectOption('ko');
  const menuKo = app.getByRole('group', { name: '설정' });
  await expect(
    menuKo.getByRole('group', { name: '알림', exact: true }).getByRole('checkbox'),
  ).toHaveCount(6);
  await menuKo.screenshot({ path: 'test-results/notifications-settings-ko.png' });
  await menuKo.getByLabel('언어').selectOption('system');
});
