/**
 * The command palette and the shortcut sheet as a Korean operator meets them (ko-KR locale):
 * Ctrl+K in Hangul input mode opens the palette, 초성 search finds "지금 큐 포인트 설정", Enter
 * sets the cue point on the platform and the audit record says it came from the palette;
 * a channel is found by name and opens in the control room; `?` lists every shortcut.
 * Then the same screens in English.
 */
import { test, expect } from './fixtures';
import { en } from '../src-main/shared/i18n/en';
import { ko } from '../src-main/shared/i18n/ko';
import { auditRecords } from './audit';
import { modifierBits, pressHangul } from './hangul';
import { findOnAir, type LiveBroadcast } from './on-air';

// What this file tests is not the budget: the sandbox and the app pace ten times faster
// (docs/dev/testing.md); the budget itself is tested at the platform's pace.
test.use({ budget: 'fast' });

test.use({ locale: 'ko-KR' });

const shots = (name: string) => ({ path: `test-results/screens/${name}.png` });

test('a Korean operator finds and runs cue point now from the palette by 초성', async ({
  app,
  platform,
  dataDir,
}) => {
  const {
    channel: { title },
    broadcast,
  } = await findOnAir(platform, { timeshift: true });
  const read = async () =>
    (await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${broadcast.key}`)).data;

  const channels = app.getByRole('listbox', { name: ko.channels.listLabel });
  await channels.getByRole('option', { name: new RegExp(title) }).click();
  await expect(app.getByRole('heading', { level: 1, name: broadcast.title })).toBeVisible();

  // Ctrl+K with the input method in Hangul mode (K gives ㅏ) opens the palette.
  await pressHangul(app, 'KeyK', 'ㅏ', modifierBits.ctrl);
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
  await expect(box).not.toBeAttached();
  await pressHangul(app, 'KeyK', 'ㅏ', modifierBits.ctrl);
  await expect(palette).toBeVisible();
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
  await pressHangul(app, 'Slash', '?', modifierBits.shift);
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
    const {
      channel: { title },
    } = await findOnAir(platform, { timeshift: true });
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
