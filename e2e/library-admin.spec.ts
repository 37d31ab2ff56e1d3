/**
 * VOD administration as an operator does it, in the Library's VOD channels, Media profiles
 * and Tools sections, against the sandbox (its rate-limit policy ten times faster). Each
 * step is checked through the VOD probe, a second client of the platform.
 */
import { createDecipheriv, createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, type VodProbe } from './fixtures';

test.use({ budget: 'fast' });

interface Envelope<T> {
  data: T;
}
interface ApiChannel {
  key: string;
  name: string;
  kind: number;
  is_shared: boolean;
  use_playback_token: boolean;
  streaming_format: string;
  subtitle_language: string | null;
  callback_url: string | null;
  use_pingback: boolean;
  download_callback_url: string | null;
  block_external_output: boolean;
  country_access: { mode: string; country_codes: string[] };
  referer_policy: { mode: string; domains: string[]; refuse_empty_referer: boolean };
  player_skin_id: number | null;
}
interface ApiProfile {
  key: string;
  name: string;
  video_codec: string;
  video_bitrate: number;
  category_keys: string[];
}

const shot = (name: string) => ({ path: `test-results/shots/library-admin-${name}.png` });

async function openSection(app: Page, section: string): Promise<void> {
  await app.getByRole('button', { name: 'Library', exact: true }).click();
  await app.getByRole('tab', { name: section, exact: true }).click();
}

/** A tab of the selected VOD channel (the Library has its own Contents tab). */
async function detailTab(app: Page, name: string): Promise<void> {
  await app.getByRole('tablist', { name: 'Channel settings' }).getByRole('tab', { name }).click();
}

async function channelNamed(vod: VodProbe, name: string): Promise<ApiChannel | undefined> {
  const list = await vod.get<Envelope<ApiChannel[]>>('/channels', { keyword: name });
  return list.data.find((channel) => channel.name === name);
}

async function channelContents(vod: VodProbe, key: string): Promise<string[]> {
  const list = await vod.get<Envelope<{ title: string }[]>>(`/channels/${key}/media-contents`);
  return list.data.map((content) => content.title);
}

/** Every file under `dir`, as text (the data folder holds JSON and logs). */
async function allText(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => readFile(join(entry.parentPath, entry.name), 'utf8')),
  );
  return texts.join('\n');
}

test('an operator runs a VOD channel from creation to deletion, with contents, callbacks, security and skins', async ({
  app,
  vodPlatform,
}) => {
  await openSection(app, 'VOD channels');

  // The list filters by the spec's kind and status.
  const channels = app.getByRole('list', { name: 'VOD channels' });
  await app.getByRole('combobox', { name: 'Kind' }).selectOption('encryption');
  await expect(channels.getByRole('button')).toHaveCount(1);
  await expect(channels.getByRole('button', { name: /^Members Only \(DRM\)/ })).toBeVisible();
  await app.getByRole('combobox', { name: 'Kind' }).selectOption('all');
  await app.getByRole('combobox', { name: 'Status' }).selectOption('inactive');
  await expect(channels.getByRole('button')).toHaveCount(1);
  await expect(channels.getByRole('button', { name: /^Legacy Mobile App/ })).toBeVisible();
  await app.getByRole('combobox', { name: 'Status' }).selectOption('all');

  // Creation says what is fixed afterwards before anything is sent.
  await app.getByRole('button', { name: 'New channel' }).click();
  const create = app.getByRole('dialog', { name: 'New VOD channel' });
  await expect(create.getByRole('note', { name: 'Fixed after creation' })).toContainText(
    'cannot be changed after the channel is created',
  );
  await create.getByLabel('Name').fill('Night Desk Replays');
  await create.getByRole('radio', { name: /^Non-shared/ }).check();
  await create.getByLabel(/playback token/).check();
  await app.screenshot(shot('create'));
  await create.getByRole('button', { name: 'Create channel' }).click();
  await expect(app.getByRole('heading', { name: 'Night Desk Replays' })).toBeVisible();
  const created = await channelNamed(vodPlatform, 'Night Desk Replays');
  expect(created).toMatchObject({ kind: 0, is_shared: false, use_playback_token: true });
  const key = created?.key ?? '';
  const channel = async () =>
    (await vodPlatform.get<Envelope<ApiChannel>>(`/channels/${key}`)).data;

  // Settings: rename, streaming format, the player's first subtitle language.
  const settings = app.getByRole('form', { name: 'Channel settings' });
  await settings.getByLabel('Name', { exact: true }).fill('Night Desk Replays HD');
  await settings.getByLabel('Streaming format').selectOption('dash');
  await settings.getByLabel('First subtitle language in the player').selectOption('ko');
  await settings.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect(await channel()).toMatchObject({
    name: 'Night Desk Replays HD',
    streaming_format: 'dash',
    subtitle_language: 'ko',
  });
  await app.getByLabel('Times shown in').selectOption('Asia/Seoul');
  await expect(app.getByText(/Asia\/Seoul$/).first()).toBeVisible();
  await app.screenshot(shot('settings'));

  // Contents: add one found by searching the library, see it listed, remove it (asks first).
  await detailTab(app, 'Contents');
  await app.getByRole('searchbox', { name: 'Search the library' }).fill('Lecture 6');
  await app.getByRole('button', { name: 'Add Data Structures, Lecture 6: Trees' }).click();
  const listed = app.getByRole('list', { name: 'Contents in this channel' });
  await expect(listed.getByText('Data Structures, Lecture 6: Trees')).toBeVisible();
  expect(await channelContents(vodPlatform, key)).toEqual(['Data Structures, Lecture 6: Trees']);
  await app.screenshot(shot('contents'));
  await app
    .getByRole('button', { name: 'Remove Data Structures, Lecture 6: Trees from the channel' })
    .click();
  await app.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(app.getByText('No content in this channel yet.')).toBeVisible();
  expect(await channelContents(vodPlatform, key)).toEqual([]);

  // Callbacks.
  await detailTab(app, 'Callbacks');
  await app.getByLabel('Callback URL', { exact: true }).fill('https://hooks.example.com/vod');
  await app.getByLabel(/pingback/).check();
  await app.getByRole('button', { name: 'Save callback' }).click();
  await app.getByLabel('Download callback URL').fill('https://hooks.example.com/download');
  await app.getByRole('button', { name: 'Save download callback' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Saved.' })).toHaveCount(2);
  expect(await channel()).toMatchObject({
    callback_url: 'https://hooks.example.com/vod',
    use_pingback: true,
    download_callback_url: 'https://hooks.example.com/download',
  });

  // Security: TV-OUT blocking and a country allow list from the platform's countries.
  await detailTab(app, 'Security');
  await app.getByLabel(/Block external output/).check();
  await app.getByRole('radio', { name: 'Only the listed countries' }).check();
  await app.getByLabel('Add a country').selectOption('KR');
  await expect(app.getByRole('button', { name: /^Remove Korea/ })).toBeVisible();
  await app.getByRole('button', { name: 'Save security' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect(await channel()).toMatchObject({
    block_external_output: true,
    country_access: { mode: 'allow', country_codes: ['KR'] },
  });

  // Referer: a bad domain is refused here, before sending; then the three modes are set.
  await app.getByRole('radio', { name: 'Play only on the listed domains' }).check();
  await app.getByLabel('Domains, one per line').fill('example.com\nnot a domain');
  await expect(app.getByRole('alert')).toContainText('Not a domain name: not a domain');
  await expect(app.getByRole('button', { name: 'Save referer policy' })).toBeDisabled();
  await app.screenshot(shot('security'));
  await app.getByLabel('Domains, one per line').fill('example.com\n*.example.org');
  await app.getByLabel('Block requests with no referer').check();
  await app.getByRole('button', { name: 'Save referer policy' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Saved.' })).toHaveCount(2);
  expect((await channel()).referer_policy).toEqual({
    mode: 'allow',
    domains: ['example.com', '*.example.org'],
    refuse_empty_referer: true,
  });

  // Player skin: attach, replace (said first), detach; delete another skin (asks first).
  await detailTab(app, 'Player skin');
  await expect(app.getByText('No skin attached')).toBeVisible();
  await app.getByRole('button', { name: 'Attach OnAir Classic' }).click();
  await expect(app.getByRole('button', { name: 'Detach skin' })).toBeVisible();
  expect((await channel()).player_skin_id).toBe(1);
  await app.getByRole('button', { name: 'Attach Dark Cinema' }).click();
  const replace = app.getByRole('dialog', { name: 'Replace “OnAir Classic” with “Dark Cinema”?' });
  await expect(replace).toContainText('detaches “OnAir Classic” from this channel');
  await app.screenshot(shot('skin-replace'));
  await replace.getByRole('button', { name: 'Replace skin' }).click();
  await expect(app.getByRole('button', { name: 'Attach OnAir Classic' })).toBeVisible();
  expect((await channel()).player_skin_id).toBe(2);
  await app.getByRole('button', { name: 'Detach skin' }).click();
  await expect(app.getByText('No skin attached')).toBeVisible();
  expect((await channel()).player_skin_id).toBeNull();
  await app.getByRole('button', { name: 'Delete Minimal Audio' }).click();
  await app
    .getByRole('dialog', { name: 'Delete the skin “Minimal Audio”?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(app.getByRole('button', { name: 'Delete Minimal Audio' })).toHaveCount(0);
  const skins = await vodPlatform.get<Envelope<{ name: string }[]>>('/player-skins');
  expect(skins.data.map((skin) => skin.name)).not.toContain('Minimal Audio');

  // Deleting the channel asks first, then it is gone.
  await app.getByRole('button', { name: 'Delete channel' }).click();
  await app
    .getByRole('dialog', { name: 'Delete “Night Desk Replays HD”?' })
    .getByRole('button', { name: 'Delete channel' })
    .click();
  await expect(app.getByText('Pick a channel to see its settings.')).toBeVisible();
  expect(await channelNamed(vodPlatform, 'Night Desk Replays HD')).toBeUndefined();
});

test('an operator manages media profiles and uses the tools; a user key is shown once and kept nowhere', async ({
  app,
  vodPlatform,
  dataDir,
}) => {
  await openSection(app, 'Media profiles');

  // Formats, presets, groups and profiles, as the platform lists them.
  await expect(app.getByRole('table', { name: 'Standard formats' })).toContainText('H.264 / AVC');
  await expect(app.getByRole('table', { name: 'Presets' })).toContainText('720p H.264 (HLS)');
  await expect(app.getByRole('heading', { name: 'Adaptive streaming' })).toBeVisible();
  await expect(app.getByRole('button', { name: /^1080p H\.264/ })).toBeVisible();
  await app.screenshot(shot('profiles'));

  // Create from a preset; the technical details follow.
  await app.getByRole('button', { name: 'New profile from a preset' }).click();
  const create = app.getByRole('dialog', { name: 'New media profile' });
  await create.getByLabel('Preset').selectOption({ label: '2160p H.265 (HLS)' });
  await expect(create.getByRole('note')).toContainText('H.265 and AV1 need hardware encoding');
  await create.getByLabel('Preset').selectOption({ label: '720p H.264 (HLS)' });
  await create.getByLabel('Name (optional)').fill('Night 720p');
  await create.getByRole('button', { name: 'Create profile' }).click();
  await expect(app.getByRole('heading', { name: 'Night 720p' })).toBeVisible();
  const profiles = await vodPlatform.get<Envelope<ApiProfile[]>>('/media-profiles');
  const made = profiles.data.find((profile) => profile.name === 'Night 720p');
  expect(made).toMatchObject({ video_codec: 'h264', video_bitrate: 2800 });
  const profile = async () =>
    (await vodPlatform.get<Envelope<ApiProfile>>(`/media-profiles/${made?.key ?? ''}`)).data;

  // Update; H.265 is said to be restricted before sending and when the platform refuses it.
  await app.getByLabel('Video bitrate (kbit/s)').fill('3200');
  await app.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect((await profile()).video_bitrate).toBe(3200);
  await app.getByLabel('Video codec').selectOption('h265');
  await expect(app.getByRole('note')).toContainText('the platform may restrict them');
  await app.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(app.getByRole('alert')).toContainText('restricts H.265 and AV1 on this account');
  await app.screenshot(shot('profile-restricted'));
  expect((await profile()).video_codec).toBe('h264');
  await app.getByLabel('Video codec').selectOption('h264');

  // Category links, from the library's categories.
  const categories =
    await vodPlatform.get<Envelope<{ key: string; name: string }[]>>('/categories');
  const events = categories.data.find((category) => category.name === 'Events');
  await app.getByLabel('Link to a category').selectOption({ label: 'Events' });
  await app.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(app.getByRole('button', { name: 'Unlink Events' })).toBeVisible();
  expect((await profile()).category_keys).toEqual([events?.key]);
  await app.getByRole('button', { name: 'Unlink Events' }).click();
  await expect(app.getByText('Not linked to any category.')).toBeVisible();
  expect((await profile()).category_keys).toEqual([]);

  // Tools: service encryption decrypts, with the sandbox account's service key, to the text.
  await app.getByRole('tab', { name: 'Tools', exact: true }).click();
  await app.getByLabel('Text to encrypt').fill('client_user_id=operator-7');
  await app.getByRole('button', { name: 'Encrypt', exact: true }).click();
  const cipherText =
    (await app.getByRole('status', { name: 'Encrypted text' }).textContent()) ?? '';
  const bytes = Buffer.from(cipherText.trim(), 'base64');
  // The sandbox's seed-1 account key (seed-vod-library.ts): AES-256-CBC, IV first.
  const serviceKey = createHash('sha256').update('onair-sandbox-service-key-1').digest();
  const decipher = createDecipheriv('aes-256-cbc', serviceKey, bytes.subarray(0, 16));
  const plain = Buffer.concat([decipher.update(bytes.subarray(16)), decipher.final()]);
  expect(plain.toString('utf8')).toBe('client_user_id=operator-7');

  // The watermarking code, as the platform holds it.
  const code = await vodPlatform.get<Envelope<{ watermarking_code: string }>>(
    '/media/watermarking-code',
  );
  await expect(app.getByRole('status', { name: 'Watermarking code' })).toHaveText(
    code.data.watermarking_code,
  );

  // A user key is shown once, masked until asked; reissue and delete ask first.
  await app.getByRole('button', { name: 'Issue a user key' }).click();
  const issued = app.getByRole('dialog', { name: 'New user key' });
  await expect(issued).toContainText('only time the key is shown');
  await expect(issued.getByRole('button', { name: 'Copy' })).toBeVisible();
  await app.screenshot(shot('user-key'));
  await issued.getByRole('button', { name: 'Show' }).click();
  const first = ((await issued.getByRole('status').textContent()) ?? '').trim();
  expect(first).toMatch(/^[A-Za-z0-9]{32}$/);
  await issued.getByRole('button', { name: 'I have copied it' }).click();
  await expect(issued).toBeHidden();

  await app.getByLabel('Existing user key').fill(first);
  await app.getByRole('button', { name: 'Reissue' }).click();
  await app
    .getByRole('dialog', { name: 'Reissue this user key?' })
    .getByRole('button', { name: 'Reissue' })
    .click();
  await issued.getByRole('button', { name: 'Show' }).click();
  const second = ((await issued.getByRole('status').textContent()) ?? '').trim();
  expect(second).toMatch(/^[A-Za-z0-9]{32}$/);
  expect(second).not.toBe(first);
  await issued.getByRole('button', { name: 'I have copied it' }).click();
  // The old key is invalid at once: the platform no longer knows it.
  await expect(vodPlatform.send('DELETE', `/media/user-key/${first}`)).rejects.toThrow(/HTTP 404/);

  await app.getByLabel('Existing user key').fill(second);
  await app.getByRole('button', { name: 'Delete', exact: true }).click();
  await app
    .getByRole('dialog', { name: 'Delete this user key?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(app.getByRole('status').filter({ hasText: 'User key deleted.' })).toBeVisible();
  await expect(vodPlatform.send('DELETE', `/media/user-key/${second}`)).rejects.toThrow(/HTTP 404/);

  // Neither key is anywhere in the page nor in the data folder.
  const page = await app.content();
  const values = await app
    .locator('input')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  for (const secret of [first, second]) {
    expect(page).not.toContain(secret);
    expect(values).not.toContain(secret);
    expect(await allText(dataDir)).not.toContain(secret);
  }

  // Player events: listed with the guide's type, media and position; delete asks first.
  const table = app.getByRole('table', { name: 'Player events' });
  await expect(table).toContainText('Festival partner spot');
  await expect(table).toContainText('VMAP');
  await expect(table).toContainText('Overlay image');
  await app.screenshot(shot('tools'));
  await app.getByRole('button', { name: 'Delete Festival partner spot' }).click();
  await app
    .getByRole('dialog', { name: 'Delete the player event “Festival partner spot”?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(table).not.toContainText('Festival partner spot');
  const left = await vodPlatform.get<Envelope<{ name: string }[]>>('/player-events');
  expect(left.data.map((event) => event.name)).not.toContain('Festival partner spot');
});
