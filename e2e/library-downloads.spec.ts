/**
 * Downloads from the Library go through the download list, as an operator uses them: the
 * download folder typed once in Recordings, then a content's poster, its original file and
 * one of its transcoding files asked for from the content's detail. Each lands in the folder
 * under its own name, byte-identical (SHA-256) with what the sandbox served, with no part file
 * left behind.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect, type SandboxHandle } from './fixtures';

test.use({ budget: 'fast' });

interface Served {
  fileName: string;
  sha256: string;
}

/** What the sandbox's download host served so far (`/__sandbox/downloads`). */
async function served(sandbox: SandboxHandle): Promise<Served[]> {
  const origin = new URL(sandbox.info.vod_base_url).origin;
  const body = (await (await fetch(`${origin}/__sandbox/downloads`)).json()) as {
    served?: Served[];
  };
  return body.served ?? [];
}

async function sha256Of(path: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}

async function useFolder(app: Page, folder: string): Promise<Locator> {
  await app
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'Recordings' })
    .click();
  const downloadList = app.getByRole('complementary', { name: 'Downloads' });
  await downloadList.getByRole('button', { name: 'Change' }).click();
  await downloadList.getByLabel('Folder path').fill(folder);
  await downloadList.getByRole('button', { name: 'Use this folder' }).click();
  await expect(downloadList.getByTestId('download-folder')).toHaveText(folder);
  return downloadList;
}

test('a content’s poster, original file and a transcoding file download into the chosen folder', async ({
  app,
  sandbox,
}) => {
  const folder = await mkdtemp(join(tmpdir(), 'onair-e2e-library-downloads-'));
  try {
    const downloadList = await useFolder(app, folder);

    await app.getByRole('button', { name: 'Library', exact: true }).click();
    const rows = app.getByRole('listbox', { name: 'Contents' }).getByRole('option');
    await rows.filter({ hasText: 'Data Structures, Lecture 6' }).click();
    const detail = app.getByRole('region', { name: 'Content', exact: true });
    await detail.getByRole('button', { name: 'Download poster' }).click();
    await expect(detail.getByText('Added to the download list.')).toBeVisible();
    await detail.getByRole('button', { name: 'Download original file' }).click();
    await detail.getByRole('tab', { name: 'Transcoding' }).click();
    const fileDownload = detail.getByRole('button', { name: /^Download / }).first();
    await fileDownload.click();
    await expect(detail.getByText(/^Added to the download list: /)).toBeVisible();

    // The download list shows all three done; the folder holds exactly what was served.
    await app
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: 'Recordings' })
      .click();
    const done = downloadList
      .getByTestId('download')
      .getByRole('status')
      .filter({ hasText: 'Done' });
    await expect(done).toHaveCount(3, { timeout: 30_000 });
    const names = (await readdir(folder)).sort();
    expect(names).toHaveLength(3);
    expect(names.some((name) => name.endsWith('.part'))).toBe(false);
    const servedFiles = await served(sandbox);
    for (const name of names) {
      const sha = await sha256Of(join(folder, name));
      expect(
        servedFiles.some((file) => file.sha256 === sha),
        `${name} matches a served file`,
      ).toBe(true);
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
