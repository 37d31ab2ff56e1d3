/**
 * Keyboard only (issue 35 §1): an operator's evening with keys alone, never the mouse. Focus a
 * channel by its number, rename the broadcast, start recording, stop it and answer the question
 * by keys, set a cue point, open the palette and run a command; then move a program on the
 * timeline by a snap step, queue an upload and close a dialog the settings menu opened. At every
 * step the focused element shows a visible focus ring, and after each dialog focus is back where
 * it was (or, its opener gone with the menu, on the Settings button).
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { en } from '../src-main/shared/i18n/en';
import { findOnAir, type LiveBroadcast } from './on-air';
import { allPrograms, deleteOnPlatform, minute } from './schedule-support';
import { makeVideo } from './media';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// What this file tests is not the budget: the sandbox and the app pace ten times faster
// (docs/dev/testing.md); the budget itself is tested at the platform's pace.
test.use({ budget: 'fast' });

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
  // Stop takes keys once the start is answered (the button is disabled until then).
  await expect(app.getByRole('button', { name: c.recording.stop })).toBeEnabled();

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

/**
 * Presses Tab until `target` has the focus (at most `most` presses, as an operator would walk
 * the page), then checks the focus ring.
 */
async function tabTo(page: Page, target: Locator, most = 400): Promise<void> {
  for (
    let step = 0;
    step < most && !(await target.evaluate((el) => el === document.activeElement));
    step++
  )
    await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  await expectFocusRing(page);
}

test('an operator moves a program a snap step later and queues an upload, with keys alone', async ({
  app,
  platform,
  clock,
}) => {
  test.setTimeout(120_000);
  const c = en;
  // A program 30 min to 3 h ahead (inside the Schedule's first window, an hour back to five
  // ahead), with what follows it within ten minutes removed so a step later is free.
  const startOf = (start: string) => Date.parse(start);
  const programs = await allPrograms(platform);
  const now = clock.now();
  const program = programs.find(
    (p) => startOf(p.start_at) > now + 30 * minute && startOf(p.start_at) < now + 180 * minute,
  );
  if (!program) throw new Error('the sandbox seed has no program 30 min to 3 h ahead');
  for (const next of programs.filter(
    (p) =>
      p.channel_key === program.channel_key &&
      p.id !== program.id &&
      startOf(p.start_at) >= startOf(program.start_at) &&
      startOf(p.start_at) < startOf(program.end_at) + 10 * minute,
  ))
    await deleteOnPlatform(platform, next.channel_key, next.id);

  // Tab to Schedule in the top bar; Enter opens it.
  const views = app.getByRole('navigation', { name: c.shell.viewsLabel });
  await tabTo(app, views.getByRole('button', { name: c.shell.views.schedule }));
  await app.keyboard.press('Enter');
  await expect(app.getByTestId('timeline')).toHaveAttribute('data-ready', 'true');

  // Tab to the program; the right arrow moves it one snap step (5 min) later, onto the
  // 5-minute grid, sent after a quiet moment, and the platform has it there.
  const block = app.locator(`[data-program-id="${program.id}"]`);
  await tabTo(app, block);
  await app.keyboard.press('ArrowRight');
  const step = 5 * minute;
  const movedMs = Math.round((startOf(program.start_at) + step) / step) * step;
  const moved = new Date(movedMs).toISOString();
  await expect
    .poll(
      async () =>
        startOf((await allPrograms(platform)).find((p) => p.id === program.id)?.start_at ?? ''),
      { timeout: 20_000 },
    )
    .toBe(movedMs);
  await expect(block).toHaveAttribute('data-start-at', moved);
  await expect(block).toBeFocused();

  // Uploads: Tab to Add files, Enter opens the file chooser (the OS's, answered here), Enter
  // queues the file as the dialog offers, and focus comes back to Add files.
  await tabTo(app, views.getByRole('button', { name: c.shell.views.uploads }));
  await app.keyboard.press('Enter');
  const addFiles = app.getByRole('button', { name: c.uploads.addFiles });
  await tabTo(app, addFiles);
  const folder = await mkdtemp(join(tmpdir(), 'onair-keys-'));
  try {
    const file = join(folder, 'late edition.mp4');
    await makeVideo(file, 2);
    const chooser = app.waitForEvent('filechooser');
    await app.keyboard.press('Enter');
    await (await chooser).setFiles(file);
    const dialog = app.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: c.enqueue.queue_one })).toBeFocused();
    await expectFocusRing(app);
    await app.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(app.getByText('late edition.mp4')).toBeVisible();
    await expect(addFiles).toBeFocused();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }

  // Settings → Keyboard shortcuts…: the menu closes as the dialog opens, taking the item that
  // opened it; after Esc focus is on the Settings button, not lost on the page.
  const settings = app.getByRole('button', { name: c.settings.button });
  await tabTo(app, settings);
  await app.keyboard.press('Enter');
  await tabTo(app, app.getByRole('button', { name: c.shortcutSettings.open }));
  await app.keyboard.press('Enter');
  const shortcuts = app.getByRole('dialog', { name: c.shortcutSettings.title });
  await expect(shortcuts).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();
  await expect(settings).toBeFocused();
  await expectFocusRing(app);
});
