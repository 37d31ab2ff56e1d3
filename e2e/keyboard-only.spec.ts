/**
 * Keyboard only (issue 35 §1): an operator's evening with keys alone, never the mouse. Focus a
 * channel by its number, rename the broadcast, start recording, stop it and answer the question
 * by keys, set a cue point, open the palette and run a command. At every step the focused
 * element shows a visible focus ring, and after each dialog focus is back where it was.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { en } from '../src-main/shared/i18n/en';
import { findOnAir, type LiveBroadcast } from './on-air';

/** The focused element shows a focus ring: `:focus-visible`, with an outline drawn. */
async function expectFocusRing(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const focused = document.activeElement;
        if (!focused || focused === document.body) return 'nothing focused';
        const style = getComputedStyle(focused);
        const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        return focused.matches(':focus-visible') && ring
          ? 'ring'
          : `no ring on ${focused.outerHTML.slice(0, 80)}`;
      }),
    )
    .toBe('ring');
}

test('an operator runs a broadcast by keys alone, focus always visible', async ({
  app,
  platform,
}) => {
  test.setTimeout(120_000);
  const c = en;
  const {
    channel: { title },
    broadcast,
  } = await findOnAir(platform, { timeshift: true, recording: false });
  const read = async () =>
    (await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${broadcast.key}`)).data;

  // Focus the channel by its number in the list (1 … 9, as the list shows them).
  const options = app.getByRole('listbox', { name: c.channels.listLabel }).getByRole('option');
  await expect(options.first()).toBeVisible();
  const names = await options.allInnerTexts();
  const position = names.findIndex((name) => name.includes(title)) + 1;
  expect(position, `${title} among the first nine channels`).toBeGreaterThan(0);
  expect(position).toBeLessThan(10);
  await app.keyboard.press(`Digit${position}`);
  await expect(app.getByRole('heading', { level: 1, name: broadcast.title })).toBeVisible();

  // Tab to Rename; Enter edits the title, Enter saves it, and focus comes back to Rename.
  const rename = app.getByRole('button', { name: c.title.renameLabel });
  for (
    let step = 0;
    step < 60 && !(await rename.evaluate((el) => el === document.activeElement));
    step++
  )
    await app.keyboard.press('Tab');
  await expect(rename).toBeFocused();
  await expectFocusRing(app);
  await app.keyboard.press('Enter');
  const field = app.getByRole('textbox', { name: c.title.label });
  await expect(field).toBeFocused();
  await expectFocusRing(app);
  const renamed = `${broadcast.title} (late edition)`;
  await app.keyboard.press('End');
  await app.keyboard.type(' (late edition)');
  await app.keyboard.press('Enter');
  await expect(app.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(rename).toBeFocused();
  await expectFocusRing(app);
  await expect.poll(async () => (await read()).title).toBe(renamed);

  // R starts recording.
  await app.keyboard.press('KeyR');
  await expect(app.getByTestId('recording-badge')).toBeVisible();
  await expect.poll(async () => (await read()).is_duplicate_recording).toBe(true);

  // Shift+R asks first: focus lands on the safe answer; Tab, Enter stops; focus returns.
  await app.keyboard.press('Shift+KeyR');
  const question = app.getByRole('dialog', { name: c.recording.confirmTitle });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: c.recording.keep })).toBeFocused();
  await expectFocusRing(app);
  await app.keyboard.press('Tab');
  await expect(question.getByRole('button', { name: c.recording.stop })).toBeFocused();
  await expectFocusRing(app);
  await app.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(app.getByTestId('recording-badge')).toBeHidden();
  await expect(rename).toBeFocused();
  await expectFocusRing(app);
  await expect.poll(async () => (await read()).is_duplicate_recording).toBe(false);

  // C sets the cue point now.
  const cueBefore = (await read()).cue_sign_at;
  await app.keyboard.press('KeyC');
  await expect.poll(async () => (await read()).cue_sign_at).not.toBe(cueBefore);

  // Ctrl+K opens the palette; typing finds Start recording, Enter runs it, Escape closes it,
  // and focus is back on Rename.
  await app.keyboard.press('Control+KeyK');
  const palette = app.getByRole('dialog', { name: c.palette.title });
  await expect(palette).toBeVisible();
  await expect(palette.getByRole('combobox', { name: c.palette.input })).toBeFocused();
  await expectFocusRing(app);
  const command = c.commands.controlRoom.broadcast.startRecording.title;
  await app.keyboard.type(command);
  await expect(palette.getByRole('listbox').getByRole('option').first()).toContainText(command);
  await app.keyboard.press('Enter');
  await expect(palette.getByRole('status')).toHaveText(
    c.palette.done.replace('{command}', command),
  );
  await app.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expect(app.getByTestId('recording-badge')).toBeVisible();
  await expect(rename).toBeFocused();
  await expectFocusRing(app);
});
