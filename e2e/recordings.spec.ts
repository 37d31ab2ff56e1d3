/**
 * Recordings as an operator uses them, against the sandbox platform through the browser host:
 * set the download folder (a typed path, checked by main), filter the recording files by
 * channel, broadcast, kind and UTC days, download one into that folder and find it on disk
 * byte-identical with what the sandbox served (SHA-256); open a past broadcast in the
 * history, read its summary, download its chat and likes through the download list; pause a
 * throttled download, find the part file on disk, resume it (Range, 206), and cancel another.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect, type PlatformProbe, type SandboxHandle } from './fixtures';

test.use({ budget: 'fast' });

interface WireFile {
  id: number;
  channel_key: string;
  broadcast_key: string;
  kind: 'segment' | 'duplicate';
  file_name: string;
  started_at: string;
}
interface WireChannel {
  key: string;
  title: string;
  channel_type: string;
  use_chatting_service: boolean;
}
interface Served {
  fileName: string;
  sizeBytes: number;
  sha256: string;
  answers: { status: number; start: number }[];
}

const shot = (name: string) => ({ path: `test-results/shots/recordings-${name}.png` });
let folder: string;

test.beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'onair-e2e-downloads-'));
});
test.afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** The sandbox's download controls (`/__sandbox/downloads`). */
async function downloads(
  sandbox: SandboxHandle,
  change?: Record<string, number | boolean | null>,
): Promise<Served[]> {
  const origin = new URL(sandbox.info.live_base_url).origin;
  const response = await fetch(`${origin}/__sandbox/downloads`, {
    method: change ? 'POST' : 'GET',
    ...(change
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(change) }
      : {}),
  });
  const body = (await response.json()) as { served?: Served[] };
  return body.served ?? [];
}

async function servedFile(sandbox: SandboxHandle, fileName: string): Promise<Served> {
  const found = (await downloads(sandbox)).find((file) => file.fileName === fileName);
  if (!found) throw new Error(`the sandbox never served ${fileName}`);
  return found;
}

async function sha256Of(path: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}

/** Opens Recordings and types the download folder, as an operator in the browser host does. */
async function openRecordings(app: Page): Promise<Locator> {
  await app
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'Recordings' })
    .click();
  const downloadList = app.getByRole('complementary', { name: 'Downloads' });
  await expect(downloadList.getByText('Nothing downloaded yet.', { exact: false })).toBeVisible();
  return downloadList;
}

async function setFolder(downloadList: Locator, path: string): Promise<void> {
  await downloadList.getByRole('button', { name: 'Change' }).click();
  await downloadList.getByLabel('Folder path').fill(path);
  await downloadList.getByRole('button', { name: 'Use this folder' }).click();
}

/** The download row named `name`. */
function downloadRow(downloadList: Locator, name: string): Locator {
  return downloadList.getByTestId('download').filter({ hasText: name });
}

async function recordingFiles(platform: PlatformProbe): Promise<WireFile[]> {
  return (await platform.get<{ data: WireFile[] }>('/recording-files?per_page=100')).data;
}

test('filters the recording files and downloads one into the chosen folder, byte for byte', async ({
  app,
  platform,
  sandbox,
}) => {
  const downloadList = await openRecordings(app);

  // A path main cannot use is refused in the operator's words; the typed text stays.
  await downloadList.getByRole('button', { name: 'Change' }).click();
  await downloadList.getByLabel('Folder path').fill('relative/folder');
  await downloadList.getByRole('button', { name: 'Use this folder' }).click();
  await expect(downloadList.getByRole('alert')).toHaveText(
    'Give the full path of the folder (relative/folder is not one).',
  );
  await downloadList.getByLabel('Folder path').fill(join(folder, 'missing'));
  await downloadList.getByRole('button', { name: 'Use this folder' }).click();
  await expect(downloadList.getByRole('alert')).toHaveText(
    `The folder ${join(folder, 'missing')} does not exist.`,
  );
  await expect(downloadList.getByLabel('Folder path')).toHaveValue(join(folder, 'missing'));
  await downloadList.getByLabel('Folder path').fill(folder);
  await downloadList.getByRole('button', { name: 'Use this folder' }).click();
  await expect(downloadList.getByTestId('download-folder')).toHaveText(folder);

  // All files first, as the platform lists them (7 days kept: expiry shown).
  const all = await recordingFiles(platform);
  const total = (await platform.get<{ meta: { total: number } }>('/recording-files')).meta.total;
  await expect(app.getByRole('heading', { name: `${total} recording files` })).toBeVisible();
  await app.screenshot(shot('files'));

  // Filter by channel, kind, broadcast and day: the count follows the platform's.
  const file = all.find((candidate) => candidate.kind === 'duplicate') ?? all[0];
  if (!file) throw new Error('the seed has no recording file');
  const channel = (await platform.get<{ data: WireChannel }>(`/channels/${file.channel_key}`)).data;
  const filters = app.getByRole('form', { name: 'Filters' });
  await filters
    .getByRole('combobox', { name: 'Channel', exact: true })
    .selectOption({ label: channel.title });
  const ofChannel = await platform.get<{ meta: { total: number } }>(
    `/channels/${channel.key}/recording-files`,
  );
  await expect(
    app.getByRole('heading', { name: new RegExp(`^${ofChannel.meta.total} recording files?$`) }),
  ).toBeVisible();
  await filters
    .getByRole('combobox', { name: 'Kind', exact: true })
    .selectOption({ label: 'Manual recording' });
  await filters
    .getByRole('combobox', { name: 'Broadcast', exact: true })
    .selectOption(file.broadcast_key);
  const day = file.started_at.slice(0, 10);
  await filters.getByLabel('From (UTC)').fill(day);
  await filters.getByLabel('To (UTC)').fill('2000-01-01');
  await expect(filters.getByRole('alert')).toHaveText(
    'The first day must not be after the last day.',
  );
  await filters.getByLabel('To (UTC)').fill(day);
  const rows = app.getByTestId('recording-file');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(file.file_name);
  await expect(rows.first()).toContainText(/in \d+ days?/);
  await app.screenshot(shot('filtered'));

  // Download it: the file on disk is what the sandbox served, under its own name only.
  await rows
    .first()
    .getByRole('button', { name: `Download ${file.file_name}` })
    .click();
  const row = downloadRow(downloadList, file.file_name);
  await expect(row.getByRole('status')).toHaveText('Done');
  await expect(row).toContainText(`Saved as ${join(folder, file.file_name)}`);
  const served = await servedFile(sandbox, file.file_name);
  expect(await readdir(folder)).toEqual([file.file_name]);
  expect(await sha256Of(join(folder, file.file_name))).toBe(served.sha256);
  await app.screenshot(shot('downloaded'));

  // A scheduled channel makes no recordings, and says so.
  const scheduled = (
    await platform.get<{ data: WireChannel[] }>('/channels?channel_type=scheduled')
  ).data[0];
  expect(scheduled).toBeDefined();
  if (scheduled) {
    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await filters
      .getByRole('combobox', { name: 'Channel', exact: true })
      .selectOption({ label: scheduled.title });
    await expect(
      app.getByText('scheduled channels make no recordings', { exact: false }),
    ).toBeVisible();
    await app.screenshot(shot('scheduled'));
  }
});

test('opens a past broadcast, downloads its chat and likes, pauses, resumes and cancels downloads', async ({
  app,
  platform,
  sandbox,
}) => {
  const downloadList = await openRecordings(app);
  await setFolder(downloadList, folder);
  await expect(downloadList.getByTestId('download-folder')).toHaveText(folder);

  // A broadcast with recordings on a channel that has the service chat.
  const channels = (await platform.get<{ data: WireChannel[] }>('/channels?per_page=100')).data;
  const files = await recordingFiles(platform);
  const file = files.find(
    (candidate) =>
      channels.find((channel) => channel.key === candidate.channel_key)?.use_chatting_service,
  );
  if (!file) throw new Error('the seed has no recording on a channel with chat');
  const channel = channels.find((candidate) => candidate.key === file.channel_key) as WireChannel;
  const broadcast = (
    await platform.get<{ data: { key: string; title: string } }>(
      `/broadcasts/${file.broadcast_key}`,
    )
  ).data;

  await app.getByRole('tab', { name: 'Broadcast history' }).click();
  const history = app.getByRole('region', { name: /broadcasts?$/ });
  await history
    .getByRole('combobox', { name: 'Channel', exact: true })
    .selectOption({ label: channel.title });
  await history.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Not on air' });
  const ofChannel = await platform.get<{ meta: { total: number } }>(
    `/broadcasts?channel_key=${channel.key}&is_onair=0`,
  );
  await expect(
    app.getByRole('heading', { name: new RegExp(`^${ofChannel.meta.total} broadcasts?$`) }),
  ).toBeVisible();
  await history.getByRole('combobox', { name: 'Order' }).selectOption({ label: 'Oldest first' });
  await app.screenshot(shot('history'));
  await app
    .getByRole('button', { name: `Open ${broadcast.title}` })
    .first()
    .click();

  // Its summary, as the platform computes it.
  const summary = await platform.get<{ data: { view_count: number } }>(
    `/broadcasts/${broadcast.key}/statistics/summary`,
  );
  await expect(app.getByRole('heading', { name: broadcast.title })).toBeVisible();
  await expect(app.getByTestId('summary-views')).toHaveText(
    new Intl.NumberFormat('en-US').format(summary.data.view_count),
  );

  // Chat and likes go through the download list and land on disk as the sandbox served them.
  await app.getByRole('button', { name: 'Download chat' }).click();
  await app.getByRole('button', { name: 'Download likes' }).click();
  for (const [label, fileName] of [
    [`Chat of ${broadcast.title}`, `${broadcast.key}_chat.csv`],
    [`Likes of ${broadcast.title}`, `${broadcast.key}_likes.csv`],
  ] as const) {
    await expect(downloadRow(downloadList, label).getByRole('status')).toHaveText('Done');
    const served = await servedFile(sandbox, fileName);
    expect(await sha256Of(join(folder, fileName))).toBe(served.sha256);
  }
  await app.screenshot(shot('broadcast'));

  // A throttled recording download: pause it half way, the part file is on disk, resume.
  await downloads(sandbox, { bytesPerSecond: 200_000 });
  const detailFiles = app.getByRole('list', { name: 'Recording files of this broadcast' });
  await detailFiles.getByRole('button', { name: `Download ${file.file_name}` }).click();
  const row = downloadRow(downloadList, file.file_name);
  await expect(row.getByRole('status')).toHaveText(/Downloading [1-9]\d?%/);
  await expect(app.getByLabel('1 download under way')).toBeVisible();
  await app.screenshot(shot('downloading'));
  await row.getByRole('button', { name: `Pause ${file.file_name}` }).click();
  await expect(row.getByRole('status')).toHaveText(/Paused at \d+%/);
  expect(await readdir(folder)).toContain(`${file.file_name}.part`);
  expect(await readdir(folder)).not.toContain(file.file_name);
  await app.screenshot(shot('paused'));
  await downloads(sandbox, { bytesPerSecond: null });
  await row.getByRole('button', { name: `Resume ${file.file_name}` }).click();
  await expect(row.getByRole('status')).toHaveText('Done');
  const served = await servedFile(sandbox, file.file_name);
  const resumed = served.answers.at(-1);
  expect(resumed?.status).toBe(206);
  expect(resumed?.start).toBeGreaterThan(0);
  expect(await sha256Of(join(folder, file.file_name))).toBe(served.sha256);
  expect(await readdir(folder)).not.toContain(`${file.file_name}.part`);

  // Cancelling asks first, then nothing of it is left on disk.
  await downloads(sandbox, { bytesPerSecond: 100_000 });
  await detailFiles.getByRole('button', { name: `Download ${file.file_name}` }).click();
  const second = downloadRow(downloadList, file.file_name).filter({ hasText: /Downloading/ });
  await expect(second.getByRole('status')).toHaveText(/Downloading \d+%/);
  await second.getByRole('button', { name: `Cancel ${file.file_name}` }).click();
  const confirm = app.getByRole('dialog', { name: 'Cancel this download?' });
  await confirm.getByRole('button', { name: 'Cancel download' }).click();
  await expect(downloadList.getByText('Cancelled')).toBeVisible();
  expect((await readdir(folder)).filter((name) => name.endsWith('.part'))).toEqual([]);
  await downloads(sandbox, { bytesPerSecond: null });
  await app.screenshot(shot('downloads'));
  await downloadList.getByRole('button', { name: 'Clear finished' }).click();
  await expect(downloadList.getByTestId('download')).toHaveCount(0);

  // Once in Korean, for the eye: the same view with a finished download.
  await detailFiles.getByRole('button', { name: `Download ${file.file_name}` }).click();
  await expect(downloadRow(downloadList, file.file_name).getByRole('status')).toHaveText('Done');
  await app.getByRole('button', { name: 'Settings' }).click();
  await app.getByLabel('Language').selectOption('ko');
  await expect(app.getByRole('heading', { name: '요약 통계' })).toBeVisible();
  await app.getByRole('button', { name: '설정' }).click();
  await app.screenshot(shot('korean'));
  // The file list's filter row (components/FilterRow.svelte) in Korean, the same names.
  await app.getByRole('tab', { name: '녹화 파일' }).click();
  await expect(app.getByRole('form', { name: '필터' })).toBeVisible();
  await app.screenshot(shot('korean-filters'));
});
