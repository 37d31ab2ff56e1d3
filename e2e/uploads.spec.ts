/**
 * Uploads as an operator does them, against the sandbox platform (rate limit on) through the
 * browser host: drop real videos (made by ffmpeg, known durations) and an image anywhere in
 * the window, choose where they go, watch them finish; the sandbox holds byte-identical files
 * and lists the true durations. Then the app is killed in the middle of a large upload and
 * started again on the same data folder: tus resumes from the server's offset, multipart
 * starts the file again cleanly with a new one-time URL.
 */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, startHost, type PlatformProbe } from './fixtures';
import { makeImage, makeVideo, sha256 } from './media';

// What this file tests is not the budget: the sandbox and the app pace ten times faster
// (docs/dev/testing.md); the budget itself is tested at the platform's pace.
test.use({ budget: 'fast' });

interface ProgramMedia {
  upload_file_key: string;
  title: string;
  duration: number;
}
interface WaitScreen {
  wait_media_content_key: string;
  title: string;
}

const shot = (name: string) => ({ path: `test-results/screens/${name}.png` });
let mediaDir: string;

test.beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'onair-e2e-media-'));
  await Promise.all([
    makeVideo(join(mediaDir, 'opening-titles.mp4'), 7),
    makeVideo(join(mediaDir, 'sponsor-loop.mp4'), 12),
    makeImage(join(mediaDir, 'back-soon.png')),
    // About 20 MB: long enough at a throttled 2 MB/s to kill the app half way.
    makeVideo(join(mediaDir, 'keynote-full.mp4'), 10, '16M'),
  ]);
});

test.afterAll(async () => {
  await rm(mediaDir, { recursive: true, force: true });
});

/** Drops files from disk onto the window, as a file manager does (DataTransfer of Files). */
async function dropFiles(page: Page, names: { name: string; type: string }[]): Promise<void> {
  const files = await Promise.all(
    names.map(async ({ name, type }) => ({
      name,
      type,
      base64: (await readFile(join(mediaDir, name))).toString('base64'),
    })),
  );
  const dataTransfer = await page.evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], item.name, { type: item.type }));
    }
    return transfer;
  }, files);
  for (const type of ['dragenter', 'dragover', 'drop'])
    await page.dispatchEvent('main', type, { dataTransfer });
}

/** The queue row of a file. */
const row = (page: Page, name: string) =>
  page.locator(`[data-testid="upload-row"][data-name="${name}"]`);

async function programMedia(platform: PlatformProbe, title: string): Promise<ProgramMedia> {
  const list = await platform.get<{ data: ProgramMedia[] }>(
    `/programs/media-contents?keyword=${encodeURIComponent(title)}`,
  );
  const found = list.data.find((media) => media.title === title);
  if (!found) throw new Error(`no program media titled ${title}`);
  return found;
}

test('dropped videos and an image upload byte-identical, with their true durations', async ({
  app,
  sandbox,
  platform,
}) => {
  // Dropped on the control room: the app takes files anywhere and asks where they go.
  await expect(app.getByRole('heading', { name: 'Pick a channel' })).toBeVisible();
  await dropFiles(app, [
    { name: 'opening-titles.mp4', type: 'video/mp4' },
    { name: 'sponsor-loop.mp4', type: 'video/mp4' },
  ]);
  const dialog = app.getByRole('dialog', { name: /Upload 2 items/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: /Program media/ }).check();
  await dialog.getByRole('button', { name: 'Queue them' }).click();
  await expect(dialog).toBeHidden();
  await expect(app.getByRole('heading', { name: 'Uploads' })).toBeVisible();

  await dropFiles(app, [{ name: 'back-soon.png', type: 'image/png' }]);
  const imageDialog = app.getByRole('dialog', { name: /Upload 1 item/ });
  await imageDialog.getByRole('radio', { name: /Waiting screens/ }).check();
  await imageDialog.getByRole('button', { name: 'Queue it' }).click();

  for (const name of ['opening-titles.mp4', 'sponsor-loop.mp4', 'back-soon.png'])
    await expect(row(app, name)).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  await expect(app.getByRole('progressbar', { name: 'All uploads progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await app.screenshot(shot('uploads-done'));

  for (const [title, seconds] of [
    ['opening-titles', 7],
    ['sponsor-loop', 12],
  ] as const) {
    const media = await programMedia(platform, title);
    expect(Math.abs(media.duration - seconds), `${title} duration`).toBeLessThanOrEqual(1);
    expect((await sandbox.uploads.stored(media.upload_file_key))?.sha256).toBe(
      await sha256(join(mediaDir, `${title}.mp4`)),
    );
  }
  const screens = await platform.get<{ data: WaitScreen[] }>('/programs/wait-media-contents');
  const screen = screens.data.find((item) => item.title === 'back-soon');
  if (!screen) throw new Error('the waiting screen is not listed');
  expect((await sandbox.uploads.stored(screen.wait_media_content_key))?.sha256).toBe(
    await sha256(join(mediaDir, 'back-soon.png')),
  );
});

for (const mode of ['tus', 'multipart'] as const) {
  test(`a ${mode} upload survives the app being killed half way`, async ({
    page,
    sandbox,
    platform,
    dataDir,
  }) => {
    test.setTimeout(120_000);
    await sandbox.uploads.setMode(mode);
    await sandbox.uploads.setThrottle(2_000_000);
    const file = join(mediaDir, 'keynote-full.mp4');
    const size = (await stat(file)).size;
    expect(size, 'a large file').toBeGreaterThan(15_000_000);

    const first = await startHost(sandbox, dataDir);
    await page.goto(first.url);
    await page.getByRole('button', { name: 'Uploads' }).click();
    await page.getByTestId('upload-file-input').setInputFiles(file);
    const dialog = page.getByRole('dialog', { name: /Upload 1 item/ });
    await dialog.getByRole('radio', { name: /Program media/ }).check();
    await dialog.getByRole('button', { name: 'Queue it' }).click();
    await expect(row(page, 'keynote-full.mp4')).toHaveAttribute('data-state', 'uploading');
    // Half way as the platform counts it: the app's own bar runs ahead by what sits in
    // socket buffers.
    await expect
      .poll(() => sandbox.uploads.receivedBytes(), { timeout: 30_000 })
      .toBeGreaterThan(size * 0.35);

    first.child.kill('SIGKILL');
    await new Promise((done) => first.child.once('exit', done));
    const receivedBeforeRestart = await sandbox.uploads.receivedBytes();
    expect(receivedBeforeRestart).toBeLessThan(size);

    const second = await startHost(sandbox, dataDir);
    try {
      await page.goto(second.url);
      await page.getByRole('button', { name: 'Uploads' }).click();
      const again = row(page, 'keynote-full.mp4');
      await expect(again).toBeVisible();
      await page.screenshot(shot(`uploads-resumed-${mode}`));
      await expect(again).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
      const sentAfterRestart = (await sandbox.uploads.receivedBytes()) - receivedBeforeRestart;
      if (mode === 'tus') {
        // Resumed from the server's offset: what was already there is not sent again.
        expect(sentAfterRestart).toBeLessThan(size * 0.8);
      } else {
        // The host has no resume: the file went again, whole, on a new one-time URL.
        expect(sentAfterRestart).toBeGreaterThanOrEqual(size);
        await expect(again).toContainText(/again|new one-time URL/i);
      }
      const media = await programMedia(platform, 'keynote-full');
      expect((await sandbox.uploads.stored(media.upload_file_key))?.sha256).toBe(
        await sha256(file),
      );
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((done) => second.child.once('exit', done));
    }
  });
}

test('2,000 queued files stay a short list in the page; the last is a scroll away; cancel all asks first', async ({
  app,
  sandbox,
}) => {
  test.setTimeout(120_000);
  // Slow the upload host so the queue stays long while we look at it.
  await sandbox.uploads.setThrottle(20_000);
  const dir = join(mediaDir, 'many');
  await mkdir(dir, { recursive: true });
  const head = await readFile(join(mediaDir, 'opening-titles.mp4'));
  const paths: string[] = [];
  for (let i = 0; i < 2000; i++) {
    const path = join(dir, `clip-${String(i).padStart(4, '0')}.mp4`);
    await writeFile(path, head.subarray(0, 4096));
    paths.push(path);
  }
  await expect(app.getByRole('heading', { name: 'Pick a channel' })).toBeVisible();
  // 2,000 files are picked as an operator picks them ("Add files…", in name order), and queued
  // as program media from the dialog: one enqueue of 2,000 files, through the page.
  await app.getByRole('button', { name: /^Uploads/ }).click();
  const chooser = app.waitForEvent('filechooser');
  await app.getByRole('button', { name: 'Add files…' }).click();
  await (await chooser).setFiles(paths);
  const dialog = app.getByRole('dialog', { name: /^Upload 2000 items/ });
  await dialog.getByRole('radio', { name: /Program media/ }).check();
  await dialog.getByRole('button', { name: 'Queue them' }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });

  await expect(app.getByRole('region', { name: 'All uploads' })).toContainText('2000 files');
  // Virtualized: only the rows in view (plus a few) are in the page.
  expect(await app.getByTestId('upload-row').count()).toBeLessThan(40);
  await app.getByRole('list', { name: 'Upload queue' }).evaluate((list) => {
    const scroller = list.parentElement;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  });
  await expect(row(app, 'clip-1999.mp4')).toBeVisible();
  expect(await app.getByTestId('upload-row').count()).toBeLessThan(40);
  await app.screenshot(shot('uploads-2000'));

  await app.getByRole('button', { name: 'Cancel all' }).click();
  const confirm = app.getByRole('dialog', { name: 'Cancel uploads?' });
  await confirm.getByRole('button', { name: 'Keep uploading' }).click();
  await expect(row(app, 'clip-1999.mp4')).toHaveAttribute('data-state', 'queued');
  await app.getByRole('button', { name: 'Cancel all' }).click();
  await confirm.getByRole('button', { name: 'Cancel uploads' }).click();
  await expect(row(app, 'clip-1999.mp4')).toHaveAttribute('data-state', 'cancelled');
});

test('VOD uploads offer the library categories to choose from', async ({ app }) => {
  await expect(app.getByRole('heading', { name: 'Pick a channel' })).toBeVisible();
  await dropFiles(app, [{ name: 'opening-titles.mp4', type: 'video/mp4' }]);
  const dialog = app.getByRole('dialog', { name: /Upload 1 item/ });
  await dialog.getByRole('radio', { name: /VOD library/ }).check();
  const category = dialog.getByRole('combobox', { name: 'Category' });
  await expect(category.locator('option')).not.toHaveCount(1);
  await app.screenshot(shot('uploads-vod-category'));
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
});
