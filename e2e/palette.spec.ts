/**
 * The command palette and the shortcut sheet as a Korean operator meets them (ko-KR locale):
 * Ctrl+K in Hangul input mode opens the palette, 초성 search finds "지금 큐 포인트 설정", Enter
 * sets the cue point on the platform and the audit record says it came from the palette;
 * a channel is found by name and opens in the control room; `?` lists every shortcut.
 * Then the same screens in English.
 */
import type { Page } from '@playwright/test';
import { test, expect, type PlatformProbe } from './fixtures';
import { en } from '../src-main/shared/i18n/en';
import { ko } from '../src-main/shared/i18n/ko';
import { auditRecords } from './audit';

test.use({ locale: 'ko-KR' });

const shots = (name: string) => ({ path: `test-results/screens/${name}.png` });

interface LiveBroadcast {
  key: string;
  title: string;
  is_onair: boolean;
  use_timeshift: boolean;
  cue_sign_at: string | null;
}

/** An on-air channel whose broadcast has timeshift on, through the live API. */
async function onAirChannel(platform: PlatformProbe) {
  const list = await platform.get<{
    data: { title: string; latest_broadcast: { key?: string } }[];
  }>('/channels?live_status=onair&per_page=100');
  for (const channel of list.data) {
    if (!channel.latest_broadcast.key) continue;
    const { data } = await platform.get<{ data: LiveBroadcast }>(
      `/broadcasts/${channel.latest_broadcast.key}`,
    );
    if (data.is_onair && data.use_timeshift) return { title: channel.title, broadcast: data };
  }
  throw new Error('the sandbox seed has no on-air broadcast with timeshift on');
}

/**
 * One key as a Hangul input method sends it: the physical key's `code` with the jamo as `key`
 * (K gives ㅏ, / gives /), through the DevTools protocol as the OS would. `modifiers`: the
 * protocol's bits (2 Ctrl, 8 Shift).
 */
async function pressHangul(page: Page, code: string, jamo: string, modifiers = 0): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const event = { code, key: jamo, modifiers };
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...event });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...event });
  await cdp.detach();
}

test('a Korean operator finds and runs cue point now from the palette by 초성', async ({
  app,
  platform,
  dataDir,
}) => {
  const { title, broadcast } = await onAirChannel(platform);
  const read = async () =>
    (await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${broadcast.key}`)).data;

  const channels = app.getByRole('listbox', { name: ko.channels.listLabel });
  await channels.getByRole('option', { name: new RegExp(title) }).click();
  await expect(app.getByRole('heading', { level: 1, name: broadcast.title })).toBeVisible();

  // Ctrl+K with the input method in Hangul mode (K gives ㅏ) opens the palette.
  await pressHangul(app, 'KeyK', 'ㅏ', 2);
  const palette = app.getByRole('dialog', { name: ko.palette.title });
  await expect(palette).toBeVisible();
  const box = palette.getByRole('combobox', { name: ko.palette.input });
  await expect(box).toBeFocused();
  const list = palette.getByRole('listbox');
  await expect(list.getByRole('option').first()).toBeVisible();
  await app.screenshot(shots('palette-ko-01-open'));

  // 초성 검색: ㅋㅍㅇㅌ finds 큐 포인트; typing sends nothing to the platform.
  const cueTitle = ko.commands.controlRoom.broadcast.setCuePoint.title;
  await box.fill('ㅋㅍㅇㅌ');
  await expect(list.getByRole('option').first()).toContainText(cueTitle);
  await app.screenshot(shots('palette-ko-02-chosung'));

  const before = (await read()).cue_sign_at;
  await box.press('Enter');
  await expect(palette.getByRole('status')).toHaveText(
    ko.palette.done.replace('{command}', cueTitle),
  );
  await expect.poll(async () => (await read()).cue_sign_at).not.toBe(before);
  await expect
    .poll(async () =>
      (await auditRecords(dataDir))
        .filter((record) => record.command === 'broadcast.setCuePoint')
        .map((record) => record.via),
    )
    .toEqual(['palette']);
  await app.screenshot(shots('palette-ko-03-done'));

  // Recent choices come first the next time.
  await app.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await pressHangul(app, 'KeyK', 'ㅏ', 2);
  await expect(list.getByRole('option').first()).toContainText(cueTitle);

  // A channel already read is found by name and opens in the control room.
  const other = (
    await platform.get<{ data: { title: string }[] }>('/channels?per_page=20')
  ).data.find((channel) => channel.title !== title);
  if (!other) throw new Error('the sandbox seed has a single channel');
  await box.fill(other.title);
  await expect(list.getByRole('option').first()).toContainText(other.title);
  await box.press('Enter');
  await expect(palette).toBeHidden();
  await expect(channels.getByRole('option', { name: new RegExp(other.title) })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // `?` (Shift+/) opens the sheet of every shortcut, in Korean.
  await pressHangul(app, 'Slash', '?', 8);
  const sheet = app.getByRole('dialog', { name: ko.shortcutSheet.title });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(ko.commands.controlRoom.broadcast.startRecording.title);
  await expect(sheet).toContainText(ko.shortcutSheet.palette);
  await app.screenshot(shots('palette-ko-04-sheet'));
  await app.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // Never while typing: `?` typed into the channel search is a character.
  const search = app.getByRole('searchbox').first();
  await search.focus();
  await app.keyboard.type('?');
  await expect(sheet).toBeHidden();
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('the palette and the shortcut sheet', async ({ app, platform }) => {
    const { title } = await onAirChannel(platform);
    await app
      .getByRole('listbox', { name: en.channels.listLabel })
      .getByRole('option', { name: new RegExp(title) })
      .click();
    await app.keyboard.press('Control+KeyK');
    const palette = app.getByRole('dialog', { name: 'Command palette' });
    await expect(palette).toBeVisible();
    await palette.getByRole('combobox').fill('rec');
    await expect(palette.getByRole('option').first()).toContainText(/record/i);
    await app.screenshot(shots('palette-en-01-search'));
    await app.keyboard.press('Escape');
    await app.keyboard.press('Shift+Slash');
    await expect(app.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await expect(app.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText(
      en.shortcutSheet.viewN,
    );
    await app.screenshot(shots('palette-en-02-sheet'));
  });

  test('moving around by keys: a channel by its place, the search, a view', async ({ app }) => {
    const list = app.getByRole('listbox', { name: en.channels.listLabel });
    const second = list.getByRole('option').nth(1);
    await expect(second).toBeVisible();
    await app.keyboard.press('Digit2');
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await app.keyboard.press('Slash');
    await expect(app.getByRole('searchbox').first()).toBeFocused();
    // Typed into the search, a digit is a character, not a channel key.
    await app.keyboard.type('1');
    await expect(app.getByRole('searchbox').first()).toHaveValue('1');
    await app.getByRole('searchbox').first().fill('');
    await app.getByRole('searchbox').first().blur();
    const views = app.getByRole('navigation', { name: en.shell.viewsLabel });
    await app.keyboard.press('Shift+Digit3');
    await expect(views.getByRole('button', { name: en.shell.views.schedule })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await app.keyboard.press('Shift+Digit1');
    await expect(views.getByRole('button', { name: en.shell.views.controlRoom })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
