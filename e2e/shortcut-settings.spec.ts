/**
 * Settings → Keyboard shortcuts as a Korean operator uses it (ko-KR, keys as a Hangul input
 * method sends them): start recording is moved from R to G; G then starts the recording and R
 * does nothing; giving cue point now the same G is refused, naming 녹화 시작; the `?` sheet and
 * the button's shortcut follow; the change outlives a reload (settings.json). Then the dialog in
 * English.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
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

const startTitle = ko.commands.controlRoom.broadcast.startRecording.title;
const cueTitle = ko.commands.controlRoom.broadcast.setCuePoint.title;
const changeLabel = (text: { shortcutSettings: { changeLabel: string } }, command: string) =>
  text.shortcutSettings.changeLabel.replace('{command}', command);

test('a Korean operator moves start recording to G; R no longer starts it; a clash is refused', async ({
  app,
  platform,
  dataDir,
}) => {
  const {
    channel: { title },
    broadcast,
  } = await findOnAir(platform, { timeshift: true, recording: false });
  const read = async () =>
    (await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${broadcast.key}`)).data;

  const channels = app.getByRole('listbox', { name: ko.channels.listLabel });
  await channels.getByRole('option', { name: new RegExp(title) }).click();
  await expect(app.getByRole('heading', { level: 1, name: broadcast.title })).toBeVisible();
  const start = app.getByRole('button', { name: ko.recording.start });
  await expect(start).toHaveAttribute('aria-keyshortcuts', 'R');

  // Settings → 단축키.
  await app.getByRole('button', { name: ko.settings.button, exact: true }).click();
  await app.getByRole('button', { name: ko.shortcutSettings.open }).click();
  const dialog = app.getByRole('dialog', { name: ko.shortcutSettings.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('rowheader', { name: startTitle })).toBeVisible();
  await app.screenshot(shots('shortcut-settings-ko-01-open'));

  // Record G (ㅎ in Hangul mode) for 녹화 시작.
  await dialog.getByRole('button', { name: changeLabel(ko, startTitle) }).click();
  await expect(dialog).toContainText(ko.shortcutSettings.recording);
  await pressHangul(app, 'KeyG', 'ㅎ');
  await expect(dialog.getByRole('status')).toHaveText(`${startTitle}: G`);

  // G for 지금 큐 포인트 설정 is refused, naming the command that has it.
  await dialog.getByRole('button', { name: changeLabel(ko, cueTitle) }).click();
  await pressHangul(app, 'KeyG', 'ㅎ');
  const refusal = ko.shortcutSettings.errors.takenByCommand
    .replace('{key}', 'G')
    .replace('{command}', startTitle);
  await expect(dialog.getByRole('alert')).toHaveText(
    ko.shortcutSettings.notChanged.replace('{reason}', refusal),
  );
  await app.screenshot(shots('shortcut-settings-ko-02-refused'));
  await dialog.getByRole('button', { name: ko.common.close }).click();
  await expect(dialog).toBeHidden();

  // The button's shortcut and the `?` sheet follow.
  await expect(start).toHaveAttribute('aria-keyshortcuts', 'G');
  await expect(start).toHaveAttribute('title', ko.common.keyHint.replace('{key}', 'G'));
  await channels.getByRole('option', { name: new RegExp(title) }).click();
  // R (ㄱ) starts nothing now.
  await pressHangul(app, 'KeyR', 'ㄱ');
  await pressHangul(app, 'Slash', '?', modifierBits.shift);
  const sheet = app.getByRole('dialog', { name: ko.shortcutSheet.title });
  await expect(sheet.getByRole('row', { name: new RegExp(startTitle) })).toContainText('G');
  await app.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  expect((await read()).is_duplicate_recording).toBe(false);
  await expect(start).toBeEnabled();

  // G starts the recording.
  await pressHangul(app, 'KeyG', 'ㅎ');
  await expect(app.getByRole('button', { name: ko.recording.stop })).toBeEnabled();
  await expect.poll(async () => (await read()).is_duplicate_recording).toBe(true);
  await expect
    .poll(async () =>
      (await auditRecords(dataDir))
        .filter((record) => record.command === 'broadcast.startRecording')
        .map((record) => record.via),
    )
    .toEqual(['key']);

  // Kept in settings.json: after a reload the dialog still shows G.
  const kept = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')) as {
    shortcuts?: Record<string, string | null>;
  };
  expect(kept.shortcuts).toEqual({ 'broadcast.startRecording': 'KeyG' });
  await app.reload();
  await app.getByRole('button', { name: ko.settings.button, exact: true }).click();
  await app.getByRole('button', { name: ko.shortcutSettings.open }).click();
  await expect(
    dialog
      .getByRole('row', { name: new RegExp(startTitle) })
      .locator('kbd')
      .first(),
  ).toHaveText('G');
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('the shortcut settings read in English', async ({ app }) => {
    await app.getByRole('button', { name: en.settings.button, exact: true }).click();
    await app.getByRole('button', { name: en.shortcutSettings.open }).click();
    const dialog = app.getByRole('dialog', { name: en.shortcutSettings.title });
    await expect(dialog).toBeVisible();
    const startTitleEn = en.commands.controlRoom.broadcast.startRecording.title;
    await expect(dialog.getByRole('rowheader', { name: startTitleEn })).toBeVisible();
    await dialog.getByRole('button', { name: changeLabel(en, startTitleEn) }).click();
    await app.keyboard.press('Shift+Digit1');
    await expect(dialog.getByRole('alert')).toContainText(
      en.shortcutSettings.errors.takenByApp
        .replace('{key}', 'Shift+1')
        .replace('{what}', en.shortcutSheet.viewN),
    );
    await app.screenshot(shots('shortcut-settings-en-01-refused'));
  });
});
