/**
 * The Library as an operator works in it, against the sandbox (the rate-limit policy ten times
 * faster): build a category tree (create, subcategory, rename, the depth limit, delete with the
 * spec's rule), connect a VOD channel to a category, search and filter the contents, run bulk
 * actions from a multi-selection with their preview, drag contents onto a category and a VOD
 * channel, and edit one content's overview and poster. Every change is checked through the
 * sandbox's VOD API as a second client (`vodPlatform`).
 */
import { deflateSync, crc32 } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { test, expect, type VodProbe, type SandboxHandle } from './fixtures';
import { needsKeyring } from './keyring';
import { modifierBits, pressHangul } from './hangul';

test.use({ budget: 'fast' });

const shot = (name: string) => ({ path: `test-results/shots/library-${name}.png` });

interface Category {
  key: string;
  name: string;
  parent_category_key: string | null;
  level: number;
}
interface Content {
  upload_file_key: string;
  title: string;
  status: 'enabled' | 'disabled';
}
interface ContentDetail extends Content {
  category_key: string | null;
  vr_projection_type: string;
  sound_mode: string;
  poster_url: string | null;
}

/** A real PNG of `width`×`height` (a grey gradient), made here byte by byte. */
function makePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = (x * 4 + y * 2) % 256;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function categories(vod: VodProbe): Promise<Category[]> {
  return (await vod.get<{ data: Category[] }>('/categories')).data;
}

async function contentByTitle(vod: VodProbe, title: string): Promise<ContentDetail> {
  const page = await vod.get<{ data: Content[] }>('/media-contents', {
    keyword: title,
    per_page: '100',
  });
  const found = page.data.find((content) => content.title === title);
  if (!found) throw new Error(`no content titled ${title}`);
  return (await vod.get<{ data: ContentDetail }>(`/media-contents/${found.upload_file_key}`)).data;
}

async function openLibrary(app: Page): Promise<void> {
  await app.getByRole('button', { name: 'Library', exact: true }).click();
  await expect(contentRows(app).first()).toBeVisible();
}

const contentRows = (app: Page): Locator =>
  app.getByRole('listbox', { name: 'Contents' }).getByRole('option');
const tree = (app: Page): Locator => app.getByRole('tree', { name: 'Categories' });
const treeItem = (app: Page, name: string): Locator =>
  tree(app).getByRole('treeitem', { name: new RegExp(`^${name}`) });

async function newCategory(app: Page, name: string, sub: boolean): Promise<void> {
  await app
    .getByRole('button', { name: sub ? 'Add subcategory' : 'New category', exact: true })
    .click();
  await app
    .getByLabel(sub ? /^Name of the new subcategory/ : 'Name of the new category')
    .fill(name);
  await app.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(treeItem(app, name)).toHaveAttribute('aria-selected', 'true');
}

test('an operator builds a category tree and connects a VOD channel to a category', async ({
  app,
  vodPlatform,
}) => {
  await openLibrary(app);
  await app.screenshot(shot('contents'));

  // Create, then a subcategory, then rename it.
  await newCategory(app, 'Concerts', false);
  await newCategory(app, 'Live 2026', true);
  await app.getByRole('button', { name: 'Rename', exact: true }).click();
  await app.getByLabel('New name').fill('Live Sessions');
  await app.getByRole('button', { name: 'Save name' }).click();
  await expect(treeItem(app, 'Live Sessions')).toBeVisible();
  let all = await categories(vodPlatform);
  const concerts = all.find((c) => c.name === 'Concerts');
  expect(concerts).toMatchObject({ level: 1, parent_category_key: null });
  expect(all.find((c) => c.name === 'Live Sessions')).toMatchObject({
    level: 2,
    parent_category_key: concerts?.key,
  });

  // Down to the fifth level: the sixth is refused before anything is sent.
  await newCategory(app, 'Level 3', true);
  await newCategory(app, 'Level 4', true);
  await app.getByRole('button', { name: 'Add subcategory', exact: true }).click();
  await expect(app.getByText('Categories nest at most 5 levels deep.')).toBeVisible();
  await app.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(app.getByRole('alert')).toHaveText('A category needs a name.');
  await app.getByLabel(/^Name of the new subcategory/).fill('Level 5');
  await app.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(treeItem(app, 'Level 5')).toHaveAttribute('aria-selected', 'true');
  await expect(app.getByRole('button', { name: 'Add subcategory' })).toBeDisabled();
  await expect(app.getByRole('note')).toContainText('categories nest at most 5 levels');
  await app.screenshot(shot('depth-limit'));
  all = await categories(vodPlatform);
  expect(all.find((c) => c.name === 'Level 5')?.level).toBe(5);

  // Delete, with the spec's rule said first.
  await app.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = app.getByRole('dialog', { name: 'Delete the category "Level 5"?' });
  await expect(confirm).toContainText(
    'Its contents stay in the library, and the positions of its subcategories are readjusted automatically.',
  );
  await app.screenshot(shot('delete-rule'));
  await confirm.getByRole('button', { name: 'Delete category' }).click();
  await expect(treeItem(app, 'Level 5')).toHaveCount(0);
  expect((await categories(vodPlatform)).some((c) => c.name === 'Level 5')).toBe(false);

  // Connect a VOD channel to Concerts, then disconnect it.
  await treeItem(app, 'Concerts').click();
  await app.getByLabel('Choose a VOD channel').selectOption({ label: 'Public Web Player' });
  await app.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(app.getByRole('button', { name: 'Disconnect Public Web Player' })).toBeVisible();
  const linked = await vodPlatform.get<{ data: { channels: { name: string }[] } }>(
    `/categories/${concerts?.key ?? ''}`,
  );
  expect(linked.data.channels.map((c) => c.name)).toEqual(['Public Web Player']);
  await app.screenshot(shot('category-channels'));
  await app.getByRole('button', { name: 'Disconnect Public Web Player' }).click();
  await expect(app.getByText('No VOD channel is connected.')).toBeVisible();
  const unlinked = await vodPlatform.get<{ data: { channels: unknown[] } }>(
    `/categories/${concerts?.key ?? ''}`,
  );
  expect(unlinked.data.channels).toEqual([]);

  // A category's contents.
  await treeItem(app, 'Talk & News').click();
  await expect(contentRows(app)).toHaveText([
    /Election Night Special: Recap/,
    /Council Meeting: Zoning/,
    /Morning Talk: Best of March/,
  ]);
});

test('an operator searches, filters, runs bulk actions and drags contents', async ({
  app,
  vodPlatform,
}) => {
  await openLibrary(app);
  const search = app.getByRole('searchbox', { name: 'Search contents' });
  await search.fill('summer festival');
  await expect(contentRows(app)).toHaveText([/Opening Night/, /Aftermovie/]);
  await search.fill('');
  await app.getByLabel('Status', { exact: true }).selectOption({ label: 'Disabled' });
  await expect(contentRows(app)).toHaveText([/Product Launch Keynote/]);
  await app.getByLabel('Status', { exact: true }).selectOption({ label: 'Any status' });
  await expect(contentRows(app)).not.toHaveCount(1);

  // Ctrl/Cmd+A selects every row; a click, then Shift-click: a range of three; Ctrl-click
  // adds a fourth.
  const row = (title: string) => contentRows(app).filter({ hasText: title });
  await row('Matchday 13').click();
  await app.keyboard.press('ControlOrMeta+a');
  await expect(app.getByTestId('selected-count')).toHaveText('12 selected');
  // With a Hangul input method the A key gives ㅁ: the key's place still selects all.
  await row('Matchday 13').click();
  await expect(app.getByTestId('selected-count')).toHaveText('1 selected');
  await pressHangul(app, 'KeyA', 'ㅁ', modifierBits.ctrl);
  await expect(app.getByTestId('selected-count')).toHaveText('12 selected');
  await row('Election Night Special').click();
  await row('Newsroom Promo').click({ modifiers: ['Shift'] });
  await row('Morning Talk').click({ modifiers: ['ControlOrMeta'] });
  await expect(app.getByTestId('selected-count')).toHaveText('4 selected');
  await app
    .getByRole('toolbar', { name: 'Selected contents' })
    .getByRole('button', {
      name: 'Disable',
    })
    .click();
  const dialog = app.getByRole('dialog', { name: 'Disable 4 contents' });
  await expect(dialog.getByTestId('library-batch-budget')).toContainText('4 calls');
  await app.screenshot(shot('bulk-preview'));
  await dialog.getByRole('button', { name: 'Run 4 operations' }).click();
  await expect(dialog.getByTestId('library-batch-progress')).toContainText('Done');
  await dialog.getByRole('button', { name: 'Close' }).click();
  for (const title of ['Election Night Special: Recap', 'Morning Talk: Best of March'])
    expect((await contentByTitle(vodPlatform, title)).status).toBe('disabled');

  // Enable two again, move them, then delete one: each previewed.
  await row('Election Night Special').click();
  await row('Morning Talk').click({ modifiers: ['ControlOrMeta'] });
  const bulk = app.getByRole('toolbar', { name: 'Selected contents' });
  await bulk.getByRole('button', { name: 'Enable' }).click();
  await app.getByRole('button', { name: 'Run 2 operations' }).click();
  await expect(app.getByTestId('library-batch-progress')).toContainText('Done');
  await app.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  expect((await contentByTitle(vodPlatform, 'Morning Talk: Best of March')).status).toBe('enabled');
  await row('Election Night Special').click();
  await row('Morning Talk').click({ modifiers: ['ControlOrMeta'] });
  await bulk.getByLabel('Move to…').selectOption({ label: 'Archive' });
  await bulk.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(app.getByRole('dialog', { name: 'Move 2 contents to Archive' })).toBeVisible();
  await app.getByRole('button', { name: 'Run 2 operations' }).click();
  await expect(app.getByTestId('library-batch-progress')).toContainText('Done');
  await app.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  const archive = (await categories(vodPlatform)).find((c) => c.name === 'Archive');
  expect((await contentByTitle(vodPlatform, 'Morning Talk: Best of March')).category_key).toBe(
    archive?.key,
  );
  await row('Newsroom Promo').click();
  await bulk.getByRole('button', { name: 'Delete' }).click();
  const deleting = app.getByRole('dialog', { name: 'Delete 1 content' });
  await expect(deleting).toContainText('Deleting is permanent');
  await deleting.getByRole('button', { name: 'Run 1 operation' }).click();
  await expect(deleting.getByTestId('library-batch-progress')).toContainText('Done');
  await deleting.getByRole('button', { name: 'Close' }).click();
  await expect(row('Newsroom Promo')).toHaveCount(0);
  await expect(contentByTitle(vodPlatform, 'Newsroom Promo: Live Desk')).rejects.toThrow(
    /no content/,
  );

  // Drag a content onto a category (move), then onto a VOD channel (link).
  await row('Council Meeting').dragTo(treeItem(app, 'Education'));
  await expect(app.getByRole('status').filter({ hasText: 'moved to Education' })).toBeVisible();
  const education = (await categories(vodPlatform)).find((c) => c.name === 'Education');
  const council = await contentByTitle(vodPlatform, 'Council Meeting: Zoning');
  expect(council.category_key).toBe(education?.key);
  await row('Council Meeting').dragTo(
    app.getByRole('list', { name: 'VOD channels' }).getByLabel('Partner Syndication'),
  );
  await expect(
    app.getByRole('status').filter({ hasText: '1 content linked to Partner Syndication' }),
  ).toBeVisible();
  await app.screenshot(shot('dragged'));
  const channels = await vodPlatform.get<{ data: { key: string; name: string }[] }>('/channels');
  const partner = channels.data.find((c) => c.name === 'Partner Syndication');
  const linked = await vodPlatform.get<{ data: Content[] }>(
    `/channels/${partner?.key ?? ''}/media-contents`,
  );
  expect(linked.data.map((c) => c.title)).toContain('Council Meeting: Zoning');
});

test("an operator edits a content's overview and uploads its poster", async ({
  app,
  vodPlatform,
}) => {
  await openLibrary(app);
  await contentRows(app).filter({ hasText: 'Data Structures, Lecture 6' }).click();
  const detail = app.getByRole('region', { name: 'Content', exact: true });
  await expect(
    detail.getByRole('heading', { name: 'Data Structures, Lecture 6: Trees' }),
  ).toBeVisible();

  await detail.getByLabel('Title').fill('');
  await detail.getByRole('button', { name: 'Save changes' }).click();
  await expect(detail.getByRole('alert')).toHaveText('A content needs a title.');
  await detail.getByLabel('Title').fill('Data Structures 6: Trees and Heaps');
  await detail.getByLabel('VR projection type').selectOption({ label: '360° equirectangular' });
  await detail.getByLabel('Sound mode').selectOption({ label: '5.1 surround' });
  await detail.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    detail.getByRole('heading', { name: 'Data Structures 6: Trees and Heaps' }),
  ).toBeVisible();
  const edited = await contentByTitle(vodPlatform, 'Data Structures 6: Trees and Heaps');
  expect(edited).toMatchObject({
    vr_projection_type: 'equirectangular_360',
    sound_mode: 'surround_5_1',
  });

  await detail.getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(detail.getByRole('button', { name: 'Enable', exact: true })).toBeVisible();
  expect((await contentByTitle(vodPlatform, edited.title)).status).toBe('disabled');
  await detail.getByRole('button', { name: 'Enable', exact: true }).click();
  await expect(detail.getByRole('button', { name: 'Disable', exact: true })).toBeVisible();
  expect((await contentByTitle(vodPlatform, edited.title)).status).toBe('enabled');

  const festivals = (await categories(vodPlatform)).find((c) => c.name === 'Festivals');
  await detail.getByLabel('Category to move to').selectOption(festivals?.key ?? '');
  await detail.getByRole('button', { name: 'Move', exact: true }).click();
  await expect
    .poll(async () => (await contentByTitle(vodPlatform, edited.title)).category_key)
    .toBe(festivals?.key);

  // A poster: an odd height is refused here; a 320×180 PNG is uploaded.
  const posterInput = detail.getByLabel('Poster image');
  await posterInput.setInputFiles({
    name: 'odd.png',
    mimeType: 'image/png',
    buffer: makePng(64, 63),
  });
  await expect(detail.getByRole('alert')).toContainText('a poster needs an even height');
  await expect(detail.getByRole('button', { name: 'Upload poster' })).toBeDisabled();
  await posterInput.setInputFiles({
    name: 'lecture-poster.png',
    mimeType: 'image/png',
    buffer: makePng(320, 180),
  });
  const before = (await contentByTitle(vodPlatform, edited.title)).poster_url;
  await detail.getByRole('button', { name: 'Upload poster' }).click();
  // The picker empties once the platform took the image.
  await expect(detail.getByRole('button', { name: 'Upload poster' })).toBeDisabled();
  await expect(detail.getByRole('alert')).toHaveCount(0);
  await expect(detail.getByText('A poster is set.')).toBeVisible();
  // The button is disabled while the upload is under way too: wait for the platform's answer.
  await expect
    .poll(async () => (await contentByTitle(vodPlatform, edited.title)).poster_url)
    .toMatch(/\.png$/);
  const after = (await contentByTitle(vodPlatform, edited.title)).poster_url;
  expect(after).not.toBe(before);
  await app.screenshot(shot('overview'));

  // Original-file storage is off for this one: the download says why it cannot be offered.
  await contentRows(app).filter({ hasText: 'Morning Talk' }).click();
  await expect(
    app.getByRole('note').filter({ hasText: 'Original-file storage is off' }),
  ).toBeVisible();

  // Delete from the overview, asked first.
  await detail.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = app.getByRole('dialog', { name: 'Delete "Morning Talk: Best of March"?' });
  await confirm.getByRole('button', { name: 'Delete content' }).click();
  await expect(contentRows(app).filter({ hasText: 'Morning Talk' })).toHaveCount(0);
  await expect(contentByTitle(vodPlatform, 'Morning Talk: Best of March')).rejects.toThrow(
    /no content/,
  );

  // The same screen in Korean, once (looked at).
  await contentRows(app).filter({ hasText: 'Trees and Heaps' }).click();
  await app.getByRole('button', { name: 'Settings' }).click();
  await app.getByLabel('Language').selectOption('ko');
  await expect(app.getByRole('button', { name: '카테고리 추가' })).toBeVisible();
  await app.screenshot(shot('ko-overview'));
});

/** Adds the sandbox's VOD or live API as a real account through the Accounts view. */
async function addAccount(app: Page, sandbox: SandboxHandle, kind: 'live' | 'vod', name: string) {
  await app.getByRole('button', { name: 'Accounts' }).click();
  await app.getByRole('radio', { name: kind === 'vod' ? 'VOD API v3' : 'Live API v1' }).check();
  await app.getByLabel('Name', { exact: true }).fill(name);
  if (kind === 'vod') {
    await app.getByLabel('VOD base URL').fill(sandbox.info.vod_base_url);
    await app.getByLabel('Access token').fill(sandbox.info.vod_access_token);
  } else {
    await app.getByLabel('Live base URL').fill(sandbox.info.live_base_url);
    await app.getByLabel('Service account key').fill(sandbox.info.service_account_key);
    await app.getByLabel('Personal access token').fill(await sandbox.issueToken());
  }
  await app.getByRole('button', { name: 'Check and add' }).click();
  await expect(app.getByRole('status').filter({ hasText: `Added “${name}”` })).toBeVisible();
}

test('a paired real-style workspace works in the Library', async ({
  app,
  sandbox,
  vodPlatform,
}) => {
  // Real accounts keep their tokens in the OS keychain: only inside scripts/with-keyring.sh.
  needsKeyring();
  await addAccount(app, sandbox, 'live', 'Seoul live');
  await addAccount(app, sandbox, 'vod', 'Seoul VOD');
  await app.getByRole('button', { name: 'Pair', exact: true }).click();
  await app.getByLabel('Workspace').selectOption({ label: 'Seoul live + Seoul VOD' });
  await openLibrary(app);
  await expect(contentRows(app).filter({ hasText: 'Council Meeting: Zoning' })).toBeVisible();
  await newCategory(app, 'Paired picks', false);
  expect((await categories(vodPlatform)).some((c) => c.name === 'Paired picks')).toBe(true);
  await app.screenshot(shot('paired'));
});
