/**
 * What was last seen, shown at once after a restart: the operator works in the
 * control room and the Library, closes OnAir Desk, and opens it again on the same data folder
 * while the platform answers slowly. The channel list and the Library's contents are there
 * before any platform call answers, the channel list with its age; then they refresh (a
 * content renamed meanwhile by another client shows its new title). Another workspace shows
 * nothing of it, on screen or in its own file.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, startHost, test } from './fixtures';
import { needsKeyring } from './keyring';

test.use({ budget: 'fast' });

const shot = (name: string) => ({ path: `test-results/shots/${name}.png` });
/** How late the platform answers after the restart, real ms: longer than the checks take. */
const slowAnswerMs = 8_000;
const aftermovie = 'Summer Festival 2024: Aftermovie';
const renamed = `${aftermovie} (director's cut)`;

test.beforeEach(() => {
  // The second workspace is a real VOD account: its token goes to the private keyring.
  needsKeyring();
});

const channelList = (app: Page) => app.getByRole('listbox', { name: 'Live channels' });
const libraryText = (app: Page, text: string) =>
  app.getByRole('main').getByText(text, { exact: true });

test('after a restart the channel list and the Library show what was last seen, then refresh', async ({
  page: firstPage,
  context,
  sandbox,
  dataDir,
  clock,
  vodPlatform,
}) => {
  test.setTimeout(90_000);
  const problems: string[] = [];
  const opened = async (page: Page, url: string) => {
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    // The page's clock starts where the sandbox's and the host's are, then runs freely.
    await page.clock.install({ time: clock.now() });
    await page.goto(url);
  };
  let page = firstPage;

  // First run: the operator looks at the control room and the Library, and adds a VOD account.
  const first = await startHost(sandbox, dataDir, clock.offsetMs);
  await opened(page, first.url);
  await expect(channelList(page).getByText('Main Stage')).toBeVisible();
  await page.getByRole('button', { name: 'Library' }).click();
  await expect(libraryText(page, aftermovie)).toBeVisible();
  await page.getByRole('button', { name: 'Accounts' }).click();
  await page.getByRole('radio', { name: 'VOD API v3' }).check();
  await page.getByLabel('Name', { exact: true }).fill('Archive VOD');
  await page.getByLabel('VOD base URL').fill(sandbox.info.vod_base_url);
  await page.getByLabel('Access token').fill(sandbox.info.vod_access_token);
  await page.getByRole('button', { name: 'Check and add' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added “Archive VOD”' })).toBeVisible();
  await page.getByRole('button', { name: 'Library' }).click();
  // Saved a moment after it was seen, in the data folder, for this workspace.
  await expect
    .poll(async () => readCache(dataDir, 'cache.sandbox.json'), { timeout: 15_000 })
    .toMatch(/Main Stage[\s\S]*Summer Festival 2024: Aftermovie|Aftermovie[\s\S]*Main Stage/);
  const saved = await readCache(dataDir, 'cache.sandbox.json');
  expect(saved).not.toContain(sandbox.info.vod_access_token);
  expect(saved).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);
  await page.close();
  first.child.kill('SIGTERM');
  await new Promise((done) => first.child.once('exit', done));

  // While the app is closed another client renames a content; the platform turns slow.
  const found = await vodPlatform.get<{ data: { upload_file_key: string }[] }>('/media-contents', {
    keyword: aftermovie,
  });
  const key = found.data[0]?.upload_file_key;
  if (key === undefined) throw new Error('the seed has no aftermovie');
  await vodPlatform.send('PUT', `/media-contents/${key}`, { title: renamed });
  await sandbox.faults.update({ latencyMs: slowAnswerMs });

  // Second run on the same data folder: what was last seen is there before any answer.
  const second = await startHost(sandbox, dataDir, clock.offsetMs);
  try {
    page = await context.newPage();
    await opened(page, second.url);
    await expect(channelList(page).getByText('Main Stage')).toBeVisible();
    await expect(page.getByLabel('Channels').getByText(/^updated .+ ago$/)).toBeVisible();
    await page.screenshot(shot('persist-control-room-restored'));
    await page.getByRole('button', { name: 'Library' }).click();
    await expect(libraryText(page, aftermovie)).toBeVisible();
    await expect(libraryText(page, renamed)).toHaveCount(0);
    await page.screenshot(shot('persist-library-restored'));
    // Then it refreshes: the Library reads the platform again and shows the new title.
    await expect(libraryText(page, renamed)).toBeVisible({ timeout: 30_000 });
    await expect(libraryText(page, aftermovie)).toHaveCount(0);

    // Another workspace shows nothing of it while its own first read is under way.
    await page.getByLabel('Workspace').selectOption({ label: 'Archive VOD' });
    await expect(libraryText(page, renamed)).toHaveCount(0);
    await expect(libraryText(page, 'Matchday 13 Highlights')).toHaveCount(0);
    await expect(libraryText(page, renamed)).toBeVisible({ timeout: 30_000 });
    // Its own file holds its own Library, and nothing of the sandbox workspace's channels.
    const ownFile = async () =>
      (await readdir(dataDir)).find((name) => /^cache\.acc-.+\.json$/.test(name)) ?? '';
    await expect
      .poll(async () => readCache(dataDir, await ownFile()), { timeout: 15_000 })
      .toContain(renamed);
    expect(await readCache(dataDir, await ownFile())).not.toContain('Main Stage');
  } finally {
    await sandbox.faults.clear();
    second.child.kill('SIGTERM');
    await new Promise((done) => second.child.once('exit', done));
  }
  expect(problems).toEqual([]);
});

async function readCache(dataDir: string, name: string): Promise<string> {
  return readFile(join(dataDir, name), 'utf8').catch(() => '');
}
