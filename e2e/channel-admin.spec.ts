/**
 * A channel's administration as an operator does it, in the Channels view: callback URLs,
 * creators up to the guide's limit, restream targets with masked stream keys, chat settings,
 * and recording destinations of every kind. Each change is then checked through the platform
 * probe (a second client), and no password typed ever reaches the app's data folder.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { en } from '../src-main/shared/i18n/en';
import { test, expect, type PlatformProbe } from './fixtures';

test.use({ budget: 'fast' });

const channelTitle = 'Campus Lecture Hall';
const shot = (name: string) => ({
  path: `test-results/shots/channel-admin-${name}.png`,
  fullPage: true,
});

type Row = Record<string, unknown>;
const list = async (platform: PlatformProbe, path: string) =>
  (await platform.get<{ data: Row[] }>(path)).data;
const one = async (platform: PlatformProbe, path: string) =>
  (await platform.get<{ data: Row }>(path)).data;

/** Opens the Channels view on the channel and answers its key (read by the probe). */
async function openChannel(app: Page, platform: PlatformProbe): Promise<string> {
  const channels = await list(platform, '/channels?per_page=100');
  const key = String(channels.find((c) => c.title === channelTitle)?.key);
  await app
    .getByRole('navigation', { name: en.shell.viewsLabel })
    .getByRole('button', { name: en.shell.views.channels })
    .click();
  await app.getByRole('button', { name: `Open ${channelTitle}`, exact: true }).click();
  return key;
}

/** Every file under `dir`, as text. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => readFile(join(entry.parentPath, entry.name), 'utf8')),
  );
}

test('an operator sets callbacks, creators, restream targets and chat of a channel', async ({
  app,
  platform,
}) => {
  const key = await openChannel(app, platform);
  const channel = `/channels/${key}`;

  // Callbacks: a bad address is refused before sending and what was typed stays.
  await app.getByRole('tab', { name: 'Callbacks' }).click();
  const live = app.getByLabel('Live state callback');
  await live.fill('ftp://hooks.example.com/live');
  await app.getByRole('button', { name: 'Save' }).click();
  await expect(app.getByRole('alert')).toContainText('Give an http:// or https:// address');
  await expect(live).toHaveValue('ftp://hooks.example.com/live');
  expect((await one(platform, channel)).live_callback_url).toBeNull();
  await live.fill('https://hooks.example.com/live');
  await app.getByLabel('Playback callback').fill('http://10.0.0.5/play');
  await app.getByRole('button', { name: 'Save' }).click();
  await expect(app.getByRole('status').filter({ hasText: /^Saved\.$/ })).toBeVisible();
  expect(await one(platform, channel)).toMatchObject({
    live_callback_url: 'https://hooks.example.com/live',
    file_transfer_callback_url: null,
    playback_callback_url: 'http://10.0.0.5/play',
  });
  await app.screenshot(shot('callbacks'));

  // Creators: up to the guide's limit of 3, filtered, renamed, deleted after a question.
  await app.getByRole('tab', { name: 'Creators' }).click();
  const creators = app.getByRole('table', { name: 'Creators' });
  await expect(creators.getByRole('row')).toHaveCount(2);
  const add = app.getByRole('button', { name: 'Add', exact: true });
  for (const nickname of ['host_two', 'host_three']) {
    await app.getByLabel('Nickname', { exact: true }).fill(nickname);
    await add.click();
    await expect(creators.getByRole('cell', { name: nickname, exact: true })).toBeVisible();
  }
  await expect(add).toBeDisabled();
  await expect(app.getByText('A channel has at most 3 creators')).toBeVisible();
  expect(await list(platform, `${channel}/creators`)).toHaveLength(3);
  await app.screenshot(shot('creators-full'));
  await app.getByLabel('Filter creators').fill('host_t');
  await expect(creators.getByRole('row')).toHaveCount(3);
  await expect(creators.getByRole('cell', { name: 'Prof. Adeyemi', exact: true })).toHaveCount(0);
  await app.getByLabel('Filter creators').fill('');
  await app.getByRole('button', { name: 'Rename host_two' }).click();
  await app.getByLabel('New nickname for host_two').fill('host_deux');
  await creators.getByRole('button', { name: 'Save' }).click();
  await expect(creators.getByRole('cell', { name: 'host_deux', exact: true })).toBeVisible();
  const renamed = await list(platform, `${channel}/creators`);
  expect(renamed.map((c) => c.nickname)).toContain('host_deux');
  await app.getByRole('button', { name: 'Delete host_deux' }).click();
  await app.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(creators.getByRole('cell', { name: 'host_deux', exact: true })).toHaveCount(0);
  expect((await list(platform, `${channel}/creators`)).map((c) => c.nickname)).not.toContain(
    'host_deux',
  );
  await expect(add).toBeEnabled();

  // Restream targets: the stream key is masked, revealed on demand, kept on edit.
  await app.getByRole('tab', { name: 'Restream' }).click();
  const addForm = app.getByRole('form', { name: 'Add a restream target' });
  await addForm.getByLabel('Name', { exact: true }).fill('YouTube');
  await addForm.getByLabel('Server URL').fill('http://a.rtmp.youtube.com/live2');
  await addForm.getByLabel('Stream key').fill('yt-key-SECRET-1');
  await addForm.getByRole('button', { name: 'Add' }).click();
  await expect(addForm.getByRole('alert')).toContainText('Give an rtmp:// or rtmps:// address.');
  await addForm.getByLabel('Server URL').fill('rtmp://a.rtmp.youtube.com/live2');
  await addForm.getByRole('button', { name: 'Add' }).click();
  const targets = app.getByRole('table', { name: 'Restream' });
  await expect(targets.getByRole('cell', { name: 'YouTube', exact: true })).toBeVisible();
  expect(await app.content()).not.toContain('yt-key-SECRET-1');
  const [created] = await list(platform, `${channel}/syndications`);
  const id = Number(created?.id);
  expect(created).toMatchObject({ title: 'YouTube', stream_name: 'yt-key-SECRET-1', status: 1 });
  await expect(app.getByTestId(`stream-key-${id}`)).toHaveText('••••••••••••');
  await app.getByRole('button', { name: 'Show stream key of YouTube' }).click();
  await expect(app.getByTestId(`stream-key-${id}`)).toHaveText('yt-key-SECRET-1');
  await app.screenshot(shot('restream-revealed'));
  await app.getByRole('button', { name: 'Hide stream key of YouTube' }).click();
  await expect(app.getByTestId(`stream-key-${id}`)).toHaveText('••••••••••••');
  await app.getByRole('button', { name: 'Edit YouTube' }).click();
  const editForm = app.getByRole('form', { name: 'Edit YouTube' });
  await editForm.getByLabel('Name', { exact: true }).fill('YouTube main');
  await editForm.getByLabel('Restream on').uncheck();
  await editForm.getByRole('button', { name: 'Save' }).click();
  await expect(targets.getByRole('cell', { name: 'YouTube main', exact: true })).toBeVisible();
  expect(await one(platform, `${channel}/syndications/${id}`)).toMatchObject({
    title: 'YouTube main',
    status: 0,
    stream_name: 'yt-key-SECRET-1',
  });
  for (const [name, streamKey] of [
    ['Twitch', 'tw-1'],
    ['Facebook', 'fb-1'],
  ] as const) {
    await addForm.getByLabel('Name', { exact: true }).fill(name);
    await addForm.getByLabel('Server URL').fill('rtmps://live.example.com/app');
    await addForm.getByLabel('Stream key').fill(streamKey);
    await addForm.getByRole('button', { name: 'Add' }).click();
    await expect(targets.getByRole('cell', { name, exact: true })).toBeVisible();
  }
  await expect(addForm.getByRole('button', { name: 'Add' })).toBeDisabled();
  await expect(addForm).toContainText('at most 3 platforms');
  await app.screenshot(shot('restream-full'));
  await app.getByRole('button', { name: 'Delete YouTube main' }).click();
  await app.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(targets.getByRole('cell', { name: 'YouTube main', exact: true })).toHaveCount(0);
  expect((await list(platform, `${channel}/syndications`)).map((s) => s.title)).toEqual([
    'Twitch',
    'Facebook',
  ]);

  // Chat: the service chat's room rules, then an external chat (https only) instead.
  await app.getByRole('tab', { name: 'Chat' }).click();
  await expect(app.getByRole('table', { name: 'Chatting service contracts' })).toBeVisible();
  const service = app.getByRole('form', { name: 'Service chat' });
  await service.getByLabel('Use the service chat').check();
  await service.getByLabel('Slow mode', { exact: true }).check();
  await service.getByLabel('Slow mode interval (s)').fill('15');
  await service.getByLabel('Longest message (characters)').fill('500');
  await service.getByLabel('Viewers without an account may chat').uncheck();
  await service.getByRole('button', { name: 'Save' }).click();
  // The platform has it once the form says so (the mode may have read "Service chat" before).
  await expect(service.getByRole('status')).toHaveText('Saved.');
  await expect(app.getByTestId('chat-mode')).toHaveText('Service chat');
  expect(await one(platform, `${channel}/chatting`)).toMatchObject({
    mode: 'service',
    use_slow_mode: true,
    slow_mode_seconds: 15,
    max_message_length: 500,
    allow_guest: false,
  });
  await app.screenshot(shot('chat-service'));
  const external = app.getByRole('form', { name: 'External chat' });
  await external.getByLabel('Use an external chat').check();
  await external.getByLabel('External chat URL').fill('http://chat.example.com/room');
  await external.getByRole('button', { name: 'Save' }).click();
  await expect(external.getByRole('alert')).toContainText('Give an https:// address');
  await external.getByLabel('External chat URL').fill('https://chat.example.com/room');
  await external.getByLabel('Provider (optional)').fill('Chatroll');
  await expect(external.getByRole('status')).toHaveCount(0);
  await external.getByRole('button', { name: 'Save' }).click();
  await expect(external.getByRole('status')).toHaveText('Saved.');
  await expect(service.getByRole('status')).toHaveCount(0);
  await expect(app.getByTestId('chat-mode')).toHaveText('External chat');
  expect(await one(platform, `${channel}/chatting-info`)).toMatchObject({
    mode: 'external',
    chat_url: 'https://chat.example.com/room',
    is_open: true,
  });
  await app.screenshot(shot('chat-external'));
});

test('an operator manages recording destinations of every kind, and no password is kept', async ({
  app,
  platform,
  dataDir,
}) => {
  const key = await openChannel(app, platform);
  const path = `/channels/${key}/file-transfers`;
  const secrets = ['ftp-Pa55!word', 'sftp-Pa55!word', 's3-Secret/Key+1'];
  await app.getByRole('tab', { name: 'Recording destinations' }).click();
  await expect(app.getByText('No recording destination')).toBeVisible();
  await app.screenshot(shot('destinations-empty'));
  const form = app.getByRole('form', { name: 'Add a recording destination' });
  const addButton = form.getByRole('button', { name: 'Add' });
  const table = app.getByRole('table', { name: 'Recording destinations' });

  async function addServer(kind: 'FTP' | 'SFTP', name: string, port: string, password: string) {
    await form.getByLabel('Kind').selectOption({ label: kind });
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Host').fill(`${kind.toLowerCase()}.example.com`);
    await form.getByLabel('Port').fill(port);
    await form.getByLabel('User name').fill('rec');
    await form.getByLabel('Password').fill(password);
    await addButton.click();
    await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
  }

  // A port that is not a number is refused before sending; nothing typed is lost.
  await form.getByLabel('Name', { exact: true }).fill('Archive FTP');
  await form.getByLabel('Port').fill('twenty-one');
  await addButton.click();
  await expect(form.getByRole('alert')).toHaveText('Give the port as a whole number.');
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Archive FTP');
  await addServer('FTP', 'Archive FTP', '', secrets[0] ?? '');
  await addServer('SFTP', 'Editor SFTP', '2222', secrets[1] ?? '');
  await form.getByLabel('Kind').selectOption({ label: 'Amazon S3' });
  await form.getByLabel('Name', { exact: true }).fill('Bucket');
  await form.getByLabel('Bucket', { exact: true }).fill('onair-rec');
  await form.getByLabel('Region').fill('ap-northeast-2');
  await form.getByLabel('Access key ID').fill('AKIAEXAMPLE');
  await form.getByLabel('Secret access key').fill(secrets[2] ?? '');
  await addButton.click();
  await expect(table.getByRole('cell', { name: 'Bucket', exact: true })).toBeVisible();
  // Three receive files: the next one is said to wait, inactive, before it is sent.
  await form.getByLabel('Kind').selectOption({ label: 'Kollus VOD' });
  await expect(form).toContainText('this one will be added inactive');
  await form.getByLabel('Name', { exact: true }).fill('VOD library');
  await form.getByLabel('VOD service account key').fill('onair-vod');
  await form.getByLabel('VOD channel key').fill('lectures');
  await addButton.click();
  await expect(table.getByRole('cell', { name: 'VOD library', exact: true })).toBeVisible();
  const created = await list(platform, path);
  expect(created.map((d) => [d.kind, d.title, d.is_active])).toEqual([
    ['ftp', 'Archive FTP', true],
    ['sftp', 'Editor SFTP', true],
    ['s3', 'Bucket', true],
    ['service', 'VOD library', false],
  ]);
  expect(created[0]).toMatchObject({ port: 21, password_set: true });
  await app.screenshot(shot('destinations'));

  // At most 3 receive at once: activating a fourth waits until one is deactivated.
  await expect(app.getByRole('button', { name: 'Activate VOD library' })).toBeDisabled();
  await app.getByRole('button', { name: 'Deactivate Archive FTP' }).click();
  await expect(app.getByRole('button', { name: 'Activate Archive FTP' })).toBeVisible();
  await app.getByRole('button', { name: 'Activate VOD library' }).click();
  await expect(app.getByRole('button', { name: 'Deactivate VOD library' })).toBeVisible();
  const toggled = await list(platform, path);
  expect(toggled.map((d) => d.is_active)).toEqual([false, true, true, true]);

  // Edit: the password left blank stays as stored.
  await app.getByRole('button', { name: 'Edit Editor SFTP' }).click();
  const edit = app.getByRole('form', { name: 'Edit Editor SFTP' });
  await expect(edit.getByLabel('Password')).toHaveValue('');
  await edit.getByLabel('Port').fill('2200');
  await edit.getByLabel('Directory').fill('/incoming');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(table.getByText('rec@sftp.example.com:2200/incoming')).toBeVisible();
  const sftp = toggled[1]?.id;
  expect(await one(platform, `${path}/${String(sftp)}`)).toMatchObject({
    port: 2200,
    directory: '/incoming',
    password_set: true,
  });

  // The fifth fills the channel: adding says why it cannot, before anything is sent.
  await addServer('FTP', 'Spare FTP', '21', 'spare-Pa55');
  await expect(addButton).toBeDisabled();
  await expect(form).toContainText('at most 5 recording destinations');
  await app.getByRole('button', { name: 'Delete Archive FTP' }).click();
  await app.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(table.getByRole('cell', { name: 'Archive FTP', exact: true })).toHaveCount(0);
  expect((await list(platform, path)).map((d) => d.title)).toEqual([
    'Editor SFTP',
    'Bucket',
    'VOD library',
    'Spare FTP',
  ]);
  await expect(addButton).toBeEnabled();

  // No secret typed is in the page, the data folder or the host's log.
  const page = await app.content();
  const files = (await filesUnder(dataDir)).join('\n');
  expect(files.length).toBeGreaterThan(0);
  for (const secret of secrets) {
    expect(page).not.toContain(secret);
    expect(files).not.toContain(secret);
  }

  // The same tabs in Korean.
  await app.getByRole('button', { name: en.settings.button }).click();
  await app.getByLabel(en.settings.language).selectOption('ko');
  await app.keyboard.press('Escape');
  await app.getByRole('tab', { name: '녹화 파일 전송' }).click();
  await expect(app.getByRole('form', { name: '녹화 파일 전송 대상 추가' })).toBeVisible();
  await app.screenshot(shot('ko-destinations'));
  for (const [tab, name] of [
    ['콜백', 'callbacks'],
    ['Creator', 'creators'],
    ['신디케이션', 'syndications'],
    ['채팅', 'chat'],
  ] as const) {
    await app.getByRole('tab', { name: tab, exact: true }).click();
    // The tab has read the platform: its age is shown.
    await expect(app.locator(`[data-age="${name}"] .age`)).toBeVisible();
    if (name === 'chat')
      await expect(app.getByRole('table', { name: '채팅 서비스 계약' })).toBeVisible();
    await app.screenshot(shot(`ko-${name}`));
  }
});
