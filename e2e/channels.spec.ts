/**
 * The Channels view as an operator uses it (live administration): a channel from
 * creation to permanent delete, a bulk disable previewed with its cost, encoding profiles
 * with their rule, and an administrator's token that sees the super administrator's actions
 * disabled with the reason. Each step is checked through the `platform` probe (a second
 * client), not through the app's own screen.
 */
import type { Page } from '@playwright/test';
import { test, expect, type PlatformProbe } from './fixtures';
import { needsKeyring } from './keyring';

test.use({ budget: 'fast' });

const shots = (name: string) => ({ path: `test-results/shots/${name}.png` });

interface WireChannel {
  key: string;
  title: string;
  status: string;
  is_trashed: boolean;
  channel_type: string;
  concurrently_viewer_limit: number;
  use_capture_block: boolean;
}
interface WireProfile {
  id: number;
  name: string;
  is_active: boolean;
}

async function channelNamed(platform: PlatformProbe, title: string): Promise<WireChannel> {
  for (const trashed of [0, 1]) {
    const list = await platform.get<{ data: WireChannel[] }>(
      `/channels?channel_type=all&per_page=100&trashed=${trashed}&keyword=${encodeURIComponent(title)}`,
    );
    const found = list.data.find((channel) => channel.title === title);
    if (found) return found;
  }
  throw new Error(`no channel "${title}" on the platform`);
}

async function profileNamed(platform: PlatformProbe, name: string): Promise<WireProfile> {
  const groups = await platform.get<{ data: { key: string }[] }>('/profile-groups');
  for (const group of groups.data) {
    for (const screen of ['landscape', 'portrait']) {
      const list = await platform.get<{ data: WireProfile[] }>(
        `/profile-groups/${group.key}/profiles?video_screen_type=${screen}`,
      );
      const found = list.data.find((profile) => profile.name === name);
      if (found) return found;
    }
  }
  throw new Error(`no profile "${name}"`);
}

async function openChannels(app: Page): Promise<void> {
  await app
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'Channels' })
    .click();
  await expect(app.getByTestId('channel-row').first()).toBeVisible();
}

test('an operator creates a channel, edits it, changes its state and deletes it by its title', async ({
  app,
  platform,
  sandbox,
}) => {
  await openChannels(app);
  await expect(app.getByTestId('channel-count')).toContainText('channels');
  await app.screenshot(shots('channels-01-list'));

  // Create: a low-latency channel takes no timeshift, said before anything is sent.
  await app.getByRole('button', { name: 'New channel' }).click();
  const create = app.getByRole('dialog', { name: 'New channel' });
  await expect(create.getByTestId('contract-note')).toContainText('20 channels at most');
  await create.getByRole('button', { name: 'Create channel' }).click();
  await expect(create.getByText('A channel needs a title.')).toBeVisible();
  await create.getByLabel('Channel title').fill('Evening News');
  await create.getByLabel('Customer code').fill('evening-1');
  await create.getByLabel('Concurrent viewer limit').fill('250');
  await create.getByLabel('Allow timeshift').check();
  await create.getByRole('radio', { name: /Low latency live/ }).check();
  await expect(create.getByLabel('Allow timeshift')).toBeDisabled();
  await expect(create.getByLabel('Allow timeshift')).not.toBeChecked();
  await expect(
    create.getByText('Low latency live takes no timeshift and no cue point.'),
  ).toBeVisible();
  await expect(create.getByText('The channel type cannot be changed after creation')).toBeVisible();
  await app.screenshot(shots('channels-02-create'));
  await create.getByRole('button', { name: 'Create channel' }).click();
  await expect(create).toBeHidden();
  const created = await channelNamed(platform, 'Evening News');
  expect(created).toMatchObject({ channel_type: 'low_latency', concurrently_viewer_limit: 250 });

  // Search by customer code, and the spec's sort orders.
  await app.getByRole('searchbox', { name: 'Search channels' }).fill('EVENING-1');
  await expect(app.getByTestId('channel-row')).toHaveCount(1);
  await expect(app.getByTestId('channel-count')).toHaveText('1 of 1 channels');
  await app.getByRole('searchbox', { name: 'Search channels' }).fill('');
  await app.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Title A–Z' });
  await expect(app.getByTestId('channel-row').first()).toContainText('Backstage Cam');
  await app.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Newest first' });
  await expect(app.getByTestId('channel-row').first()).toContainText('Evening News');

  // Its settings: the addresses the platform issued, and an edit.
  const settings = app.getByRole('region', { name: 'Channel settings' });
  await expect(settings.getByRole('heading', { name: 'Evening News' })).toBeVisible();
  await expect(settings.getByRole('textbox', { name: 'RTMP publish URL' })).toHaveValue(
    new RegExp(`^rtmp://.*${created.key}`),
  );
  // No clipboard permission is granted: the click itself lets the page write it, and the
  // operator's paste reads it back (e2e/permissions.spec.ts).
  await settings.getByRole('button', { name: 'Copy RTMP publish URL' }).click();
  await expect(settings.getByRole('button', { name: 'Copy RTMP publish URL' })).toHaveText(
    'Copied',
  );
  const title = settings.getByLabel('Channel title');
  await title.fill('');
  await title.press('ControlOrMeta+V');
  await expect(title).toHaveValue(new RegExp(`^rtmp://.*${created.key}`));
  await title.fill('Evening News HD');
  await settings.getByLabel('Block screen capture').check();
  await settings.getByRole('button', { name: 'Save changes' }).click();
  await expect(settings.getByText('Saved.')).toBeVisible();
  expect(await channelNamed(platform, 'Evening News HD')).toMatchObject({
    key: created.key,
    use_capture_block: true,
  });
  await app.screenshot(shots('channels-03-settings'));

  // Disable, then enable, each asked first: only the action the state allows is offered.
  const actions = settings.getByRole('group', { name: 'Channel state' });
  await expect(actions.getByRole('button', { name: 'Enable' })).toHaveCount(0);
  await actions.getByRole('button', { name: 'Disable' }).click();
  await app
    .getByRole('dialog', { name: 'Disable “Evening News HD”?' })
    .getByRole('button', { name: 'Disable' })
    .click();
  await expect(actions.getByText('“Evening News HD” is disabled.')).toBeVisible();
  expect((await channelNamed(platform, 'Evening News HD')).status).toBe('disabled');
  await actions.getByRole('button', { name: 'Enable' }).click();
  await app
    .getByRole('dialog', { name: 'Enable “Evening News HD”?' })
    .getByRole('button', { name: 'Enable' })
    .click();
  await expect(actions.getByText('“Evening News HD” is enabled.')).toBeVisible();
  expect((await channelNamed(platform, 'Evening News HD')).status).toBe('enabled');

  // Trash (asked first), find it under the Trash filter, restore it (asked first too).
  await actions.getByRole('button', { name: 'Move to trash' }).click();
  await app
    .getByRole('dialog', { name: 'Move “Evening News HD” to the trash?' })
    .getByRole('button', { name: 'Move to trash' })
    .click();
  await expect(actions.getByRole('button', { name: 'Restore' })).toBeVisible();
  expect((await channelNamed(platform, 'Evening News HD')).is_trashed).toBe(true);
  await app.getByRole('button', { name: 'Trash', exact: true }).click();
  await app.getByRole('button', { name: 'Open Evening News HD' }).click();
  await actions.getByRole('button', { name: 'Restore' }).click();
  await app
    .getByRole('dialog', { name: 'Restore “Evening News HD” from the trash?' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(actions.getByText('“Evening News HD” is restored.')).toBeVisible();
  expect((await channelNamed(platform, 'Evening News HD')).is_trashed).toBe(false);
  await expect(app.getByRole('button', { name: 'Open Evening News HD' })).toHaveCount(0);

  // Delete permanently, confirmed by typing the title.
  await actions.getByRole('button', { name: 'Delete permanently…' }).click();
  const remove = app.getByRole('dialog', { name: 'Delete “Evening News HD” permanently?' });
  const confirm = remove.getByRole('button', { name: 'Delete permanently' });
  await expect(confirm).toBeDisabled();
  await remove.getByLabel('Type the channel title to confirm').fill('Evening News');
  await expect(confirm).toBeDisabled();
  await remove.getByLabel('Type the channel title to confirm').fill('Evening News HD');
  await confirm.click();
  await expect(settings.getByText('Channel “Evening News HD” deleted.')).toBeVisible();
  await expect(platform.get(`/channels/${created.key}`)).rejects.toThrow('HTTP 404');

  // A long list: 120 more channels, read a page of 100 at a time as the operator scrolls,
  // with only the rows in view in the page.
  const origin = new URL(sandbox.info.live_base_url).origin;
  const bulk = await fetch(`${origin}/__sandbox/channels/bulk`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ count: 120, title_prefix: 'Paging' }),
  });
  expect(bulk.status).toBe(200);
  const all = await platform.get<{ meta: { total: number } }>('/channels?channel_type=all');
  await app.getByRole('button', { name: 'All', exact: true }).click();
  await app.getByRole('button', { name: 'Refresh the channel list' }).click();
  const count = app.getByTestId('channel-count');
  await expect(count).toHaveText(`100 of ${all.meta.total} channels`);
  await app.getByTestId('channel-row').first().hover();
  await expect(async () => {
    await app.mouse.wheel(0, 4000);
    await expect(count).toHaveText(`${all.meta.total} of ${all.meta.total} channels`, {
      timeout: 500,
    });
  }).toPass();
  await app.mouse.wheel(0, 20_000);
  await expect(app.getByRole('button', { name: 'Open Main Stage' })).toBeVisible();
  expect(await app.getByTestId('channel-row').count()).toBeLessThan(50);
  await app.screenshot(shots('channels-07-long-list'));
});

test('an operator disables several channels as a previewed batch and changes the active profiles', async ({
  app,
  platform,
}) => {
  await openChannels(app);
  // Weekend Matchday is already disabled: the preview leaves it out and says why.
  for (const title of ['Main Stage', 'Newsroom 24/7', 'Studio B Talk', 'Weekend Matchday']) {
    await app.getByRole('checkbox', { name: `Select ${title}` }).check();
  }
  await expect(app.getByText('4 channels selected')).toBeVisible();
  await app.getByRole('button', { name: 'Disable…' }).click();
  const bulk = app.getByRole('dialog', { name: 'Disable channels' });
  await expect(bulk.getByTestId('channel-batch-budget')).toContainText('3 calls, about');
  await expect(bulk.getByText('1 selected channel is left out')).toContainText('Weekend Matchday');
  await app.screenshot(shots('channels-04-bulk-preview'));
  expect((await channelNamed(platform, 'Main Stage')).status).toBe('enabled');
  await bulk.getByRole('button', { name: 'Run on 3 channels' }).click();
  await expect(bulk.getByText('Done: all 3 channels were changed.')).toBeVisible();
  // The keyboard is where the operator can go on: Run gave way to Close, which has the focus.
  await expect(bulk.getByRole('button', { name: 'Close' })).toBeFocused();
  for (const title of ['Main Stage', 'Newsroom 24/7', 'Studio B Talk']) {
    expect((await channelNamed(platform, title)).status).toBe('disabled');
  }
  await bulk.getByRole('button', { name: 'Close' }).click();
  await app.getByRole('button', { name: 'Disabled', exact: true }).click();
  await expect(app.getByRole('button', { name: 'Open Main Stage' })).toBeVisible();

  // Encoding profiles: 3 of 3 active, so attaching waits for a detach; the rule is shown.
  await app.getByRole('tab', { name: 'Encoding profiles' }).click();
  await expect(app.getByTestId('active-profiles')).toHaveText('Active now: 3 of 3');
  await expect(app.getByText('At most 3 profiles are active at once')).toBeVisible();
  const attach360 = app.getByRole('button', { name: 'Attach 360p', exact: true });
  await expect(attach360).toBeDisabled();
  await expect(app.getByText('At most 3 profiles can be active: detach one first.')).toBeVisible();
  await app.screenshot(shots('channels-05-profiles'));
  await app.getByRole('button', { name: 'Detach 480p', exact: true }).click();
  await expect(app.getByTestId('active-profiles')).toHaveText('Active now: 2 of 3');
  expect((await profileNamed(platform, '480p')).is_active).toBe(false);
  await attach360.click();
  await expect(app.getByTestId('active-profiles')).toHaveText('Active now: 3 of 3');
  expect((await profileNamed(platform, '360p')).is_active).toBe(true);
  await app.getByRole('button', { name: 'Portrait' }).click();
  await expect(app.getByRole('button', { name: 'Attach 720p portrait' })).toBeDisabled();

  // Once in Korean: the list, and the profiles.
  await app.getByRole('button', { name: 'Settings' }).click();
  await app.getByLabel('Language').selectOption('ko');
  await expect(app.getByRole('tab', { name: '인코딩 프로파일' })).toBeVisible();
  await app.screenshot(shots('channels-ko-05-profiles'));
  await app.getByRole('tab', { name: '채널 리스트' }).click();
  await app.getByRole('button', { name: 'Main Stage 열기' }).click();
  await expect(app.getByRole('button', { name: '활성화', exact: true }).last()).toBeVisible();
  await app.screenshot(shots('channels-ko-03-settings'));
});

test('an administrator token sees the super administrator’s actions disabled, with the reason', async ({
  app,
  sandbox,
  platform,
}) => {
  needsKeyring();
  await app.getByRole('button', { name: 'Accounts' }).click();
  await app.getByLabel('Name').fill('Seoul admin');
  await app.getByLabel('Live base URL').fill(sandbox.info.live_base_url);
  await app.getByLabel('Service account key').fill(sandbox.info.service_account_key);
  await app.getByLabel('Personal access token').fill(sandbox.info.tokens.admin);
  await app.getByRole('button', { name: 'Check and add' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Administrator' })).toBeVisible();
  await app.getByRole('button', { name: 'Use' }).click();
  await expect(app.getByLabel('Workspace')).toHaveValue(/^acc-/);

  await openChannels(app);
  await expect(app.getByTestId('role-note')).toContainText('need a super administrator');
  await expect(app.getByRole('button', { name: 'New channel' })).toBeDisabled();
  await app.getByRole('button', { name: 'Open Main Stage' }).click();
  const settings = app.getByRole('region', { name: 'Channel settings' });
  const actions = settings.getByRole('group', { name: 'Channel state' });
  await expect(actions.getByRole('button', { name: 'Disable' })).toBeDisabled();
  await expect(actions.getByRole('button', { name: 'Delete permanently…' })).toBeDisabled();
  await expect(actions.getByText('Only a super administrator can do this')).toBeVisible();
  // An administrator may still change the settings.
  await settings.getByLabel('Customer code').fill('main-stage-admin');
  await settings.getByRole('button', { name: 'Save changes' }).click();
  await expect(settings.getByText('Saved.')).toBeVisible();
  await app.screenshot(shots('channels-06-admin'));
  const main = await channelNamed(platform, 'Main Stage');
  expect(main).toMatchObject({ status: 'enabled' });
  expect(await platform.get(`/channels/${main.key}`)).toMatchObject({
    data: { customer_code: 'main-stage-admin' },
  });

  await app.getByRole('checkbox', { name: 'Select Main Stage' }).check();
  await expect(app.getByRole('button', { name: 'Disable…' })).toBeDisabled();
  await app.getByRole('tab', { name: 'Encoding profiles' }).click();
  await expect(app.getByRole('button', { name: 'Detach 1080p', exact: true })).toBeDisabled();
});
