/**
 * Workspaces as an operator makes them: the sandbox's live and VOD APIs added through
 * Accounts as two real accounts (tokens in the private keyring of `npm test`), worked on
 * alone (VOD-only, live-only) and as a pair. A VOD-only workspace uploads a real video into a
 * chosen category, checked through the sandbox's VOD API as a second client; views missing an
 * API say so and offer to pair; pairing and unpairing change the top bar's workspace menu.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, type SandboxHandle } from './fixtures';
import { needsKeyring } from './keyring';
import { makeVideo, sha256 } from './media';

// What this file tests is not the budget: the sandbox and the app pace ten times faster
// (docs/dev/testing.md); the budget itself is tested at the platform's pace.
test.use({ budget: 'fast' });

const shot = (name: string) => ({ path: `test-results/screens/${name}.png` });
let mediaDir: string;

test.beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'onair-e2e-workspaces-'));
  await makeVideo(join(mediaDir, 'festival-recap.mp4'), 5);
});
test.afterAll(async () => {
  await rm(mediaDir, { recursive: true, force: true });
});

test.beforeEach(() => {
  // Skipped only outside `npm test`: without scripts/with-keyring.sh the app would reach for
  // the developer's own keychain. `npm test` (and so CI) always runs it.
  needsKeyring();
});

/** Adds the sandbox's VOD API as a real account through the Accounts view. */
async function addVodAccount(app: Page, sandbox: SandboxHandle, name: string): Promise<void> {
  await app.getByRole('button', { name: 'Accounts' }).click();
  await app.getByRole('radio', { name: 'VOD API v3' }).check();
  await app.getByLabel('Name', { exact: true }).fill(name);
  await app.getByLabel('VOD base URL').fill(sandbox.info.vod_base_url);
  await app.getByLabel('Access token').fill(sandbox.info.vod_access_token);
  await app.getByRole('button', { name: 'Check and add' }).click();
  await expect(app.getByRole('status').filter({ hasText: `Added “${name}”` })).toBeVisible();
}

/** Adds the sandbox's live API (a new personal access token) as a real account. */
async function addLiveAccount(app: Page, sandbox: SandboxHandle, name: string): Promise<void> {
  await app.getByRole('button', { name: 'Accounts' }).click();
  await app.getByRole('radio', { name: 'Live API v1' }).check();
  await app.getByLabel('Name', { exact: true }).fill(name);
  await app.getByLabel('Live base URL').fill(sandbox.info.live_base_url);
  await app.getByLabel('Service account key').fill(sandbox.info.service_account_key);
  await app.getByLabel('Personal access token').fill(await sandbox.issueToken());
  await app.getByRole('button', { name: 'Check and add' }).click();
  await expect(app.getByRole('status').filter({ hasText: `Added “${name}”` })).toBeVisible();
}

/** Drops a file from disk onto the window, as a file manager does. */
async function dropFile(app: Page, path: string, type: string): Promise<void> {
  const item = { name: basename(path), type, base64: (await readFile(path)).toString('base64') };
  const dataTransfer = await app.evaluateHandle((file) => {
    const transfer = new DataTransfer();
    const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
    transfer.items.add(new File([bytes], file.name, { type: file.type }));
    return transfer;
  }, item);
  for (const event of ['dragenter', 'dragover', 'drop'])
    await app.dispatchEvent('main', event, { dataTransfer });
}

/**
 * A GET of the sandbox's VOD API with its access token, as a second client: it shares the
 * account's budget with the app, so a 429 waits its `Retry-After` and tries again.
 */
async function vodGet<T>(sandbox: SandboxHandle, path: string): Promise<T> {
  const url = new URL(`${sandbox.info.vod_base_url}${path}`);
  url.searchParams.set('access_token', sandbox.info.vod_access_token);
  for (let attempt = 0; attempt < 10; attempt++) {
    const response = await fetch(url);
    if (response.status === 429) {
      const wait = Number(response.headers.get('retry-after') ?? '1');
      await new Promise((done) => setTimeout(done, wait * 1000));
      continue;
    }
    if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
    return (await response.json()) as T;
  }
  throw new Error(`GET ${path}: still rate limited after 10 tries`);
}

const menu = (app: Page) => app.getByLabel('Workspace').locator('option');

test('a VOD-only workspace uploads a real video into the chosen category', async ({
  app,
  sandbox,
}) => {
  test.setTimeout(120_000);
  await addVodAccount(app, sandbox, 'Seoul VOD');
  await app.getByLabel('Workspace').selectOption({ label: 'Seoul VOD' });
  await expect(app.getByText('VOD account', { exact: true })).toBeVisible();

  // The control room needs the live API: one line, and an offer to pair.
  await app.getByRole('button', { name: 'Control room' }).click();
  await expect(app.getByText('The control room needs a live account')).toBeVisible();
  await app.screenshot(shot('workspaces-vod-control-room'));
  await app.getByRole('button', { name: 'Schedule' }).click();
  await expect(app.getByText('The schedule needs a live account')).toBeVisible();
  await app.getByRole('button', { name: 'Pair a live account' }).click();
  await expect(app.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
  await expect(app.getByLabel('Live account to pair')).toBeFocused();
  await app.screenshot(shot('workspaces-pairing-focused'));

  // A top-level category of the library, read as a second client would.
  const categories = await vodGet<{ data: { key: string; name: string; level: number }[] }>(
    sandbox,
    '/categories',
  );
  const category = categories.data.find((c) => c.level === 1);
  if (!category) throw new Error('the sandbox library has no category');

  await dropFile(app, join(mediaDir, 'festival-recap.mp4'), 'video/mp4');
  const dialog = app.getByRole('dialog', { name: /Upload 1 item/ });
  // Program media and waiting screens need the live API this workspace lacks.
  await expect(dialog.getByRole('radio', { name: /Program media/ })).toBeDisabled();
  await expect(dialog.getByRole('radio', { name: /VOD library/ })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Pair a live account' })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ label: category.name });
  await dialog.getByRole('button', { name: 'Queue it' }).click();

  const row = app.locator('[data-testid="upload-row"][data-name="festival-recap.mp4"]');
  await expect(row).toHaveAttribute('data-state', /processing|done/, { timeout: 45_000 });

  // The content arrived in that category, byte-identical (the platform lists it a moment later).
  let uploadFileKey = '';
  await expect
    .poll(
      async () => {
        const page = await vodGet<{ data: { upload_file_key: string; title: string }[] }>(
          sandbox,
          `/categories/${category.key}/media-contents?keyword=festival-recap`,
        );
        uploadFileKey = page.data.find((c) => c.title === 'festival-recap')?.upload_file_key ?? '';
        return uploadFileKey;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  expect((await sandbox.uploads.stored(uploadFileKey))?.sha256).toBe(
    await sha256(join(mediaDir, 'festival-recap.mp4')),
  );

  // Transcoding runs on the platform's clock; the app follows it through the VOD account.
  await sandbox.clock.advance(10 * 60_000);
  await expect(row).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  await app.screenshot(shot('workspaces-vod-upload-done'));
});

test('pairing and unpairing change the workspace menu; a live-only workspace offers to pair', async ({
  app,
  sandbox,
}) => {
  await addLiveAccount(app, sandbox, 'Seoul live');
  await addVodAccount(app, sandbox, 'Seoul VOD');
  await expect(menu(app)).toHaveText(['Sandbox', 'Seoul live', 'Seoul VOD']);

  // Live-only: VOD uploads say so and offer to pair.
  await app.getByLabel('Workspace').selectOption({ label: 'Seoul live' });
  await expect(app.getByText('Live account', { exact: true })).toBeVisible();
  await dropFile(app, join(mediaDir, 'festival-recap.mp4'), 'video/mp4');
  const dialog = app.getByRole('dialog', { name: /Upload 1 item/ });
  await expect(dialog.getByRole('radio', { name: /VOD library/ })).toBeDisabled();
  await app.screenshot(shot('workspaces-live-only-upload'));
  await dialog.getByRole('button', { name: 'Pair a VOD account' }).click();
  await expect(dialog).toBeHidden();
  await expect(app.getByLabel('VOD account to pair')).toBeFocused();

  // Pair them: one workspace with both APIs, and the open live-only one becomes it.
  await app.getByRole('button', { name: 'Pair', exact: true }).click();
  await expect(menu(app)).toHaveText(['Sandbox', 'Seoul live + Seoul VOD']);
  await expect(app.getByText('Live + VOD', { exact: true }).first()).toBeVisible();
  await expect(app.getByLabel('Workspace')).toHaveValue(/^pair-/);
  await app.screenshot(shot('workspaces-paired'));
  await app.getByRole('button', { name: 'Control room' }).click();
  await expect(
    app.getByRole('listbox', { name: 'Live channels' }).getByRole('option').first(),
  ).toBeVisible();

  // Unpair: each account is a workspace again; the open pair follows its live account.
  await app.getByRole('button', { name: 'Accounts' }).click();
  await app.getByRole('button', { name: 'Unpair Seoul live + Seoul VOD' }).click();
  await expect(menu(app)).toHaveText(['Sandbox', 'Seoul live', 'Seoul VOD']);
  await expect(app.getByText('No pairs yet.')).toBeVisible();
});
