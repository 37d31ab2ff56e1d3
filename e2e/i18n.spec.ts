/**
 * Korean as an operator meets it: with a Korean browser locale every view, the open dialogs
 * and the settings menu read in Korean. A text node, accessible name, title or placeholder
 * that reads as an `en` catalogue value (one that differs in `ko`) fails the test; platform
 * data (channel and program titles) is left as the platform holds it. Then the operator
 * picks English in the settings menu and the choice outlives a reload.
 */
import type { Page } from '@playwright/test';
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

const shots = (name: string) => ({ path: `test-results/screens/${name}.png`, fullPage: true });

/** Every leaf of a catalogue by its dotted key. */
function leaves(catalogue: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else if (typeof value === 'object' && value !== null)
      for (const [k, v] of leaves(value as object, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const koLeaves = leaves(ko);
/** English values that differ in Korean and say something in words, as whole-text patterns. */
const englishPatterns = [...leaves(en)]
  .filter(([key, value]) => koLeaves.get(key) !== value)
  // The settings menu names each language in itself ("English", "한국어"): not interface text.
  .filter(([, value]) => value !== 'English')
  // Enough words of its own that it cannot be platform data by chance (" of " is not).
  .filter(([, value]) => (value.replace(/\{\w+\}/g, '').match(/[A-Za-z]/g) ?? []).length >= 4)
  .map(([key, value]) => {
    const literal = value
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+?');
    return { key, value, pattern: new RegExp(`^${literal}$`) };
  });

/** Visible text nodes, and the accessible names, titles and placeholders of visible elements. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const shown = (element: Element) => element.getClientRects().length > 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (!text || !parent) continue;
      // An <option> shows when its select opens.
      if (shown(parent) || parent.closest('select')) out.push(text);
    }
    for (const element of document.body.querySelectorAll('*')) {
      if (!shown(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
}

/** Fails with every piece of English interface text on screen, named by its catalogue key. */
async function expectNoEnglish(page: Page, where: string): Promise<void> {
  const texts = await visibleTexts(page);
  const found = texts.flatMap((text) =>
    englishPatterns.filter((p) => p.pattern.test(text)).map((p) => `${p.key}: “${text}”`),
  );
  expect(found, `English interface text in ${where}`).toEqual([]);
}

test('a Korean operator records and cues from the keyboard in Hangul input mode', async ({
  app,
  platform,
  dataDir,
}) => {
  const { channel, broadcast } = await findOnAir(platform, { timeshift: true, recording: false });
  const read = async () =>
    (await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${broadcast.key}`)).data;

  const channels = app.getByRole('listbox', { name: ko.channels.listLabel });
  await channels.getByRole('option', { name: new RegExp(channel.title) }).click();
  await expect(app.getByRole('heading', { level: 1, name: broadcast.title })).toBeVisible();
  const start = app.getByRole('button', { name: ko.recording.start });
  await expect(start).toBeEnabled();
  await expect(start).toHaveAttribute('aria-keyshortcuts', 'R');

  // Typed into a field, ㄱ is a letter of the search, not a command: nothing starts.
  const search = app.getByRole('searchbox').first();
  await search.focus();
  await pressHangul(app, 'KeyR', 'ㄱ', 0, true);
  await expect(search).toHaveValue('ㄱ');
  // (The search for ㄱ hides every channel, and with them the selection, once it applies.)
  await search.fill('');
  expect((await read()).is_duplicate_recording).toBe(false);

  // Back in the channel list, the R key starts the recording, whatever the input method makes.
  await channels.getByRole('option', { name: new RegExp(channel.title) }).click();
  await expect(start).toBeEnabled();
  await pressHangul(app, 'KeyR', 'ㄱ', 0, true);
  // Stop shows as soon as a read says it records, but stays disabled until the start is
  // answered (one request per press): the operator presses Shift+R once it is enabled.
  await expect(app.getByRole('button', { name: ko.recording.stop })).toBeEnabled();
  await expect.poll(async () => (await read()).is_duplicate_recording).toBe(true);

  // Shift+R stops it, and asks first as the button does; Esc keeps recording.
  await pressHangul(app, 'KeyR', 'ㄲ', modifierBits.shift, true);
  const dialog = app.getByRole('dialog', { name: ko.recording.confirmTitle });
  await expect(dialog).toBeVisible();
  await app.screenshot(shots('ko-00-stop-from-the-keyboard'));
  // A key behind the open question does nothing.
  await pressHangul(app, 'KeyC', 'ㅊ', 0, true);
  await app.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await read()).is_duplicate_recording).toBe(true);
  await pressHangul(app, 'KeyR', 'ㄲ', modifierBits.shift, true);
  await dialog.getByRole('button', { name: ko.recording.stop }).click();
  await expect(start).toBeVisible();
  await expect.poll(async () => (await read()).is_duplicate_recording).toBe(false);

  // C sets the cue point now.
  const before = (await read()).cue_sign_at;
  await pressHangul(app, 'KeyC', 'ㅊ', 0, true);
  await expect.poll(async () => (await read()).cue_sign_at).not.toBe(before);

  // The audit log says each came from a key; the cue point behind the question was never sent.
  await expect
    .poll(async () =>
      (await auditRecords(dataDir))
        .filter((record) => record.command.startsWith('broadcast.'))
        .map((record) => `${record.command} ${record.via}`),
    )
    .toEqual([
      'broadcast.startRecording key',
      'broadcast.stopRecording key',
      'broadcast.setCuePoint key',
    ]);
});

test('a Korean operator sees every view in Korean, and English sticks once chosen', async ({
  app,
}) => {
  const nav = app.getByRole('navigation', { name: ko.shell.viewsLabel });
  await expect(nav.getByRole('button', { name: ko.shell.views.controlRoom })).toBeVisible();
  await expect(app.locator('html')).toHaveAttribute('lang', 'ko');

  // Control room, with an on-air broadcast selected.
  const channels = app.getByRole('listbox', { name: ko.channels.listLabel });
  await channels.getByRole('option').first().click();
  await expect(app.getByTestId('onair-tally')).toHaveText(ko.common.onAir);
  await expect(app.getByTestId('viewers-now')).toBeVisible();
  await expect(app.getByTestId('budget-calls')).toContainText('최근 1분간');
  await expectNoEnglish(app, 'the control room');
  await app.screenshot(shots('ko-01-control-room'));

  // The stop-recording question, when the broadcast records.
  const start = app.getByRole('button', { name: ko.recording.start });
  if (await start.isEnabled()) {
    await start.click();
    await app.getByRole('button', { name: ko.recording.stop }).click();
    await expect(app.getByRole('dialog', { name: ko.recording.confirmTitle })).toBeVisible();
    await expectNoEnglish(app, 'the stop-recording dialog');
    await app.getByRole('button', { name: ko.recording.keep }).click();
  }

  // Schedule, a program selected, and the bulk dialog.
  await nav.getByRole('button', { name: ko.shell.views.schedule }).click();
  await expect(app.getByTestId('timeline')).toHaveAttribute('data-ready', 'true');
  // A program block the timeline shows now (others lie left or right of the window).
  const shownId = await app.evaluate(() => {
    const timeline = document.querySelector('[data-testid="timeline"]')?.getBoundingClientRect();
    const blocks = [...document.querySelectorAll<HTMLElement>('[data-program-id]')];
    const inView = blocks.find((block) => {
      const box = block.getBoundingClientRect();
      return (
        timeline && box.width > 40 && box.left >= timeline.left + 200 && box.right <= timeline.right
      );
    });
    return inView?.dataset.programId ?? null;
  });
  expect(shownId).not.toBeNull();
  await app.locator(`[data-program-id="${shownId}"]`).click();
  await expect(app.getByRole('heading', { name: ko.details.heading })).toBeVisible();
  await expectNoEnglish(app, 'the schedule');
  await app.screenshot(shots('ko-02-schedule'));
  await app.getByRole('button', { name: ko.toolbar.fill }).click();
  const bulk = app.getByRole('dialog');
  await expect(bulk).toBeVisible();
  await expectNoEnglish(app, 'the fill-range dialog');
  await app.screenshot(shots('ko-03-fill-range'));
  await bulk.getByRole('button', { name: ko.common.cancel }).click();
  await app.getByRole('button', { name: ko.toolbar.copyDay }).click();
  await bulk.getByRole('button', { name: ko.bulk.preview }).click();
  await expect(app.getByTestId('batch-preview')).toBeVisible();
  await expectNoEnglish(app, 'the copy-day preview');
  await app.screenshot(shots('ko-04-copy-day-preview'));
  await bulk.getByRole('button', { name: ko.common.cancel }).click();

  // Uploads, with the dialog that asks where dropped files go.
  await nav.getByRole('button', { name: ko.shell.views.uploads }).click();
  await expect(app.getByRole('heading', { name: ko.shell.views.uploads, level: 1 })).toBeVisible();
  await expectNoEnglish(app, 'the uploads view');
  await app.getByTestId('upload-file-input').setInputFiles({
    name: 'opening.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not really a picture'),
  });
  await expect(app.getByRole('dialog')).toBeVisible();
  await expectNoEnglish(app, 'the enqueue dialog');
  await app.screenshot(shots('ko-05-uploads-dialog'));
  await app.getByRole('button', { name: ko.enqueue.discard }).click();

  // A waiting-screen image that uploads, and a file that is no image: both told in Korean,
  // the refusal written by main included.
  const png = Buffer.concat([
    Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    Buffer.alloc(64, 1),
  ]);
  await app.getByTestId('upload-file-input').setInputFiles([
    { name: 'standby.png', mimeType: 'image/png', buffer: png },
    { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('plain words, no picture') },
  ]);
  await app.getByText(ko.enqueue.waitingScreens, { exact: true }).click();
  await app.getByRole('button', { name: ko.enqueue.queue_other }).click();
  await expect(app.getByRole('alert')).toContainText(ko.sniff.isUnknown);
  await expect(app.getByTestId('upload-row')).toHaveCount(1);
  await expect(app.getByTestId('upload-row')).toHaveAttribute('data-state', /done|processing/, {
    timeout: 30_000,
  });
  await expectNoEnglish(app, 'the upload queue');
  await app.screenshot(shots('ko-05b-upload-queue'));

  // Accounts, and a refusal main writes, in Korean.
  await nav.getByRole('button', { name: ko.shell.views.accounts }).click();
  await app.getByLabel(ko.accounts.name).fill('서울 운영');
  await app.getByLabel(ko.accounts.liveBaseUrl).fill('ftp://example');
  await app.getByRole('button', { name: ko.accounts.checkAndAdd }).click();
  await expect(app.getByRole('alert')).toContainText(ko.validation.https);
  await expectNoEnglish(app, 'the accounts view');
  await app.screenshot(shots('ko-06-accounts'));

  // The settings menu: English, kept across a reload.
  await app.getByRole('button', { name: ko.settings.button }).click();
  await expectNoEnglish(app, 'the settings menu');
  await app.screenshot(shots('ko-07-settings'));
  await app.getByLabel(ko.settings.language).selectOption('en');
  const navEn = app.getByRole('navigation', { name: en.shell.viewsLabel });
  await expect(navEn.getByRole('button', { name: en.shell.views.controlRoom })).toBeVisible();
  await app.reload();
  await expect(navEn.getByRole('button', { name: en.shell.views.controlRoom })).toBeVisible();
  await expect(app.locator('html')).toHaveAttribute('lang', 'en');
  await app.screenshot(shots('en-01-control-room-after-reload'));

  // And back to the system language (Korean here).
  await app.getByRole('button', { name: en.settings.button }).click();
  await app.getByLabel(en.settings.language).selectOption('system');
  await expect(nav.getByRole('button', { name: ko.shell.views.controlRoom })).toBeVisible();
});
