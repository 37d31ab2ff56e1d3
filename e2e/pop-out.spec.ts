/**
 * Pop-outs through the browser host (issue 35 §3, "Two screens"): the Multiview pops out into
 * a second tab that shows the same tiles, and the sandbox serves no extra call for it (its
 * watch joins the main window's in main's planner; it restores the main window's saved
 * channel list without reading it again). A popped-out control room is call-free too: its page
 * joins the main window's watches of the focused broadcast and of the channel list (one task
 * per list, whichever page watches it), and main answers each join with those watches' latest
 * reads, which its queries take instead of reading (control-room/watch-answers.ts). Keys work
 * in each pop-out: the palette, the shortcut sheet (its view keys open the view in the main
 * window, pop-out-follows.spec.ts), 1 … 9 (the Multiview's focus the channel in the main
 * window's control room) and the control room's R. The main window is never shown as someone
 * else on the pop-out's channel (presence). In Korean, the palette's "Pop out Multiview" and
 * "Pop out control room" open their tabs, the control room on the channel in focus (as its
 * button and the desktop's Window menu do). English and Korean screenshots of the buttons and the popped-out tabs go to
 * test-results/screens/ (looked at by hand; they assert nothing).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { en } from '../src-main/shared/i18n/en';
import { ko } from '../src-main/shared/i18n/ko';
import { test, expect, type PlatformProbe } from './fixtures';
import { findOnAir, recordingAtPlatform } from './on-air';
import { afterRead, op, served, since, total } from './served';

test.use({ onAir: 6 });

const shots = (name: string) => ({ path: `test-results/screens/${name}.png`, fullPage: true });

/** The broadcasts the tiles show, sorted. */
async function tileKeys(page: Page): Promise<string[]> {
  const keys = await page
    .getByTestId('multiview-tile')
    .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-broadcast') ?? ''));
  return keys.sort();
}

/** Waits until the main window saved its channel list (lib/persist.ts), which a pop-out restores. */
async function channelListSaved(dataDir: string): Promise<void> {
  await expect
    .poll(
      async () => {
        for (const name of await readdir(dataDir))
          if (/^cache\..+\.json$/.test(name)) {
            const text = await readFile(join(dataDir, name), 'utf8');
            if (text.includes('"channels"')) return true;
          }
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** A broadcast as the on-air list answers it (the fields read here). */
interface OnAirListed {
  key: string;
  channel_key: string;
  title: string;
}

test('a popped-out Multiview shows the same tiles and costs the platform no extra calls', async ({
  app,
  sandbox,
  dataDir,
}) => {
  // Real time throughout: the planner's cadence against the platform's clock is the point.
  test.setTimeout(150_000);
  const views = app.getByRole('navigation', { name: 'Views' });
  await views.getByRole('button', { name: 'Multiview' }).click();
  await expect(app.getByTestId('multiview-tile')).toHaveCount(6);
  await expect(app.getByTestId('viewers').first()).toHaveText(/^[\d,]+ viewers?$/, {
    timeout: 45_000,
  });
  await channelListSaved(dataDir);
  const button = app.getByRole('button', { name: en.popOut.multiview });
  await expect(button).toHaveText(en.popOut.button);
  await button.screenshot({ path: 'test-results/screens/pop-out-button-en.png' });
  await app.screenshot(shots('pop-out-multiview-main-en'));

  // The main window's Multiview alone, for 25 s: what one Multiview costs.
  const window = 25_000;
  const start = await served(sandbox);
  await app.waitForTimeout(window);
  const beforePopOut = await served(sandbox);
  const alone = since(start, beforePopOut);

  // The pop-out: a second tab of the same browser, named so that asking again reuses it.
  const clickedAt = performance.now();
  const [popOut] = await Promise.all([app.context().waitForEvent('page'), button.click()]);
  await popOut.waitForLoadState();
  expect(new URL(popOut.url()).search).toBe('?popout=multiview');
  // The launch secret went from the fragment to the tab's own session storage.
  expect(new URL(popOut.url()).hash).toBe('');
  await expect(popOut).toHaveTitle('Multiview · OnAir Desk');
  await expect(popOut.getByRole('heading', { level: 1, name: 'Multiview' })).toBeVisible();
  await expect(popOut.getByRole('navigation', { name: 'Views' })).toHaveCount(0);
  await expect(popOut.getByRole('button', { name: en.popOut.multiview })).toHaveCount(0);
  // Its tiles arrive with the planner's next read of the on-air list (at most 10 s apart).
  await expect(popOut.getByTestId('multiview-tile')).toHaveCount(6, { timeout: 20_000 });
  expect(await tileKeys(popOut)).toEqual(await tileKeys(app));
  await expect(popOut.getByTestId('multiview-count')).toHaveText('6 channels on air');

  // Both windows on the Multiview for 25 s from the click: no call more than alone.
  await app.waitForTimeout(Math.max(0, window - (performance.now() - clickedAt)));
  const together = since(beforePopOut, await served(sandbox));
  test.info().annotations.push({
    type: 'calls',
    description: `alone ${JSON.stringify(alone)}; with the pop-out ${JSON.stringify(together)}`,
  });
  // Only the watch's reads: no operation more often than alone (±1 for where the 25 s fell in
  // the planner's cycle) or than the plan ever reads it (src-main/services/control-room/
  // watch-plan.ts: no Multiview read comes round faster than every 7 s, 24 calls a minute in
  // all), whichever is more: on a busy machine the window alone can catch fewer reads than
  // the plan makes. A read of the pop-out's own would double an operation's count.
  const planned = Math.ceil(window / 7_000) + 1;
  for (const [op, count] of Object.entries(together))
    expect(count, `${op} with the pop-out`).toBeLessThanOrEqual(
      Math.max((alone[op] ?? 0) + 1, planned),
    );
  expect(total(together)).toBeLessThanOrEqual(
    Math.max(total(alone) + 1, Math.ceil((window / 60_000) * 24) + 2),
  );
  expect(
    Object.keys(together).filter((op) => /channel/i.test(op) && !/participant/i.test(op)),
  ).toEqual([]);
  await popOut.screenshot(shots('pop-out-multiview-en'));

  // The palette works in the pop-out too.
  await popOut.keyboard.press('Control+KeyK');
  const palette = popOut.getByRole('dialog', { name: en.palette.title });
  await expect(palette).toBeVisible();
  await popOut.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expectSheetInPopOut(popOut, { search: false });

  // 1 … 9 in the popped-out Multiview focus that channel in the main window's control room,
  // as they count there (on air first); the Multiview stays on its screen.
  await popOut.keyboard.press('Digit1');
  await expect(views.getByRole('button', { name: 'Control room' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const listed = app.getByRole('listbox', { name: en.channels.listLabel }).getByRole('option');
  await expect(listed.first()).toHaveAttribute('aria-selected', 'true');
  await expect(popOut.getByTestId('multiview-tile')).toHaveCount(6);
  // The main window is this operator, not someone else on the tile's channel: no "Also here".
  // (Its report goes 100 ms after the focus and is pushed at once; 1 s gives a double count time to show.)
  await popOut.waitForTimeout(1_000);
  await expect(popOut.getByTestId('presence')).toHaveCount(0);

  // A tile of the pop-out focuses its channel in the main window's control room.
  const key = (await tileKeys(popOut))[0] ?? '';
  const tile = popOut.locator(`[data-testid="multiview-tile"][data-broadcast="${key}"]`);
  await tile
    .getByRole('button', { name: /^Open .* in the control room$/ })
    .first()
    .click();
  await expect(views.getByRole('button', { name: 'Control room' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(popOut.getByTestId('multiview-tile')).toHaveCount(6);
});

test('in a popped-out control room the keys, the palette and the sheet work; the main window is not someone else there', async ({
  app,
  platform,
}) => {
  const { channel, broadcast } = await focusOnAir(app, platform);
  const room = await popOutControlRoom(app, channel.key);
  await expect(room.getByRole('heading', { level: 1, name: broadcast.title })).toBeVisible({
    timeout: 20_000,
  });
  await expect(room).toHaveTitle('Control room · OnAir Desk');

  // 1 … 9 count the pop-out's own list: another channel, then this one back.
  const options = room.getByRole('listbox', { name: en.channels.listLabel }).getByRole('option');
  const names = await options.allInnerTexts();
  const position = names.findIndex((name) => name.includes(channel.title)) + 1;
  expect(position, `${channel.title} among the first nine channels`).toBeGreaterThan(0);
  expect(position).toBeLessThan(10);
  const other = position === 1 ? 2 : 1;
  await room.keyboard.press(`Digit${other}`);
  await expect(options.nth(other - 1)).toHaveAttribute('aria-selected', 'true');
  await room.keyboard.press(`Digit${position}`);
  await expect(room.getByRole('heading', { level: 1, name: broadcast.title })).toBeVisible();

  // The main window on the same channel is this operator, not someone else there. (Each page's
  // report goes 100 ms after its focus and is pushed at once; 1 s gives a double count time to show.)
  await room.waitForTimeout(1_000);
  await expect(room.getByTestId('presence')).toHaveCount(0);
  await expect(app.getByTestId('presence')).toHaveCount(0);

  // R (the declared key, read from the key map) starts recording from the pop-out.
  await room.keyboard.press('KeyR');
  await expect(room.getByTestId('recording-badge')).toBeVisible();
  await expect.poll(() => recordingAtPlatform(platform, broadcast.key)).toBe(true);

  // The palette and the sheet, with the keys that work in this window.
  await room.keyboard.press('Control+KeyK');
  const palette = room.getByRole('dialog', { name: en.palette.title });
  await expect(palette).toBeVisible();
  await room.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expectSheetInPopOut(room, { search: true });
});

test('a popped-out control room costs the platform no extra calls', async ({
  app,
  platform,
  sandbox,
}) => {
  // Real time throughout: the planner's cadence against the platform's clock is the point.
  test.setTimeout(200_000);
  const { channel, broadcast } = await focusOnAir(app, platform);
  await expect(app.getByTestId('participants-count')).toBeVisible({ timeout: 20_000 });
  await expect(app.getByTestId('viewers-now')).toBeVisible({ timeout: 20_000 });

  // Each window starts just after the watch read the focused broadcast's participants, and
  // lasts 14 s: less than their 15 s interval (watch-plan.ts, counted from the answer), so the
  // plan reads them no more in it, and a participants read there is a page's own. The other
  // reads come as the plan has them, wherever the window falls in their cycles: the state
  // every 5 s (at most 3 in 14 s), the viewers every 60 s and the channel list every 20 s (at
  // most 1 each). Upper bounds: while the planner yields after a 429 it reads less often, and
  // the two windows need not yield alike, so they are not compared with each other.
  const window = 14_000;
  const planned: Record<string, number> = {
    [op.broadcast]: 3,
    [op.participants]: 0,
    [op.viewers]: 1,
    [op.channels]: 1,
  };
  const start = await afterRead(sandbox, op.participants);
  await app.waitForTimeout(window);
  const alone = since(start, await served(sandbox));

  // The pop-out opens just after the next participants read: its page joins the main window's
  // watches (the broadcast's and the channel list's) and takes their latest answers from main.
  const from = await afterRead(sandbox, op.participants);
  const syncedAt = performance.now();
  const room = await popOutControlRoom(app, channel.key);
  await expect(room.getByRole('heading', { level: 1, name: broadcast.title })).toBeVisible({
    timeout: 10_000,
  });
  await expect(room.getByTestId('participants-count')).toBeVisible();
  await expect(room.getByTestId('viewers-now')).toBeVisible();
  const options = room.getByRole('listbox', { name: en.channels.listLabel }).getByRole('option');
  await expect(options.filter({ hasText: channel.title })).toHaveCount(1);
  await app.waitForTimeout(Math.max(0, window - (performance.now() - syncedAt)));
  const together = since(from, await served(sandbox));
  test.info().annotations.push({
    type: 'calls',
    description: `alone ${JSON.stringify(alone)}; with the pop-out ${JSON.stringify(together)}`,
  });
  // Only the watches' reads, as the plan makes them: nothing else, no operation more often
  // than the plan reads it in 14 s, and no participants read at all.
  for (const calls of [alone, together]) {
    expect(Object.keys(calls).filter((name) => !(name in planned))).toEqual([]);
    for (const [name, count] of Object.entries(calls))
      expect(count, name).toBeLessThanOrEqual(planned[name] ?? 0);
  }
});

/** Focuses an on-air channel with no recording running in the main window's control room. */
async function focusOnAir(app: Page, platform: PlatformProbe) {
  const found = await findOnAir(platform, { recording: false });
  const channels = app.getByRole('listbox', { name: en.channels.listLabel });
  await channels.getByRole('option', { name: new RegExp(found.channel.title) }).click();
  await expect(app.getByRole('heading', { level: 1, name: found.broadcast.title })).toBeVisible();
  return found;
}

/** Pops the control room out on `channelKey` by its button; answers the new tab. */
async function popOutControlRoom(app: Page, channelKey: string): Promise<Page> {
  const [room] = await Promise.all([
    app.context().waitForEvent('page'),
    app.getByRole('button', { name: en.popOut.controlRoom }).click(),
  ]);
  await room.waitForLoadState();
  expect(new URL(room.url()).searchParams.get('channel')).toBe(channelKey);
  return room;
}

/**
 * `?` opens the shortcut sheet in a pop-out: the view keys as the main window's (no top bar
 * here), 1 … 9 listed.
 */
async function expectSheetInPopOut(page: Page, wanted: { search: boolean }): Promise<void> {
  await page.keyboard.press('Shift+Slash');
  const sheet = page.getByRole('dialog', { name: en.shortcutSheet.title });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(en.shortcutSheet.channelN);
  await expect(sheet).toContainText(en.shortcutSheet.viewNInMain);
  await expect(sheet).not.toContainText(en.shortcutSheet.viewN);
  if (wanted.search) await expect(sheet).toContainText(en.shortcutSheet.search);
  else await expect(sheet).not.toContainText(en.shortcutSheet.search);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
}

test.describe('in Korean', () => {
  test.use({ locale: 'ko-KR' });

  test('the palette pops out the Multiview, and the control room on the channel in focus', async ({
    app,
    platform,
  }) => {
    const views = app.getByRole('navigation', { name: ko.shell.viewsLabel });
    await views.getByRole('button', { name: ko.shell.views.multiview }).click();
    await expect(app.getByTestId('multiview-tile')).toHaveCount(6);
    const button = app.getByRole('button', { name: ko.popOut.multiview });
    await expect(button).toHaveText(ko.popOut.button);
    await button.screenshot({ path: 'test-results/screens/pop-out-button-ko.png' });
    await app.screenshot(shots('pop-out-multiview-main-ko'));

    // The palette's command, found by its Korean title.
    await app.keyboard.press('Control+KeyK');
    const palette = app.getByRole('dialog', { name: ko.palette.title });
    const box = palette.getByRole('combobox', { name: ko.palette.input });
    const title = ko.commands.windows.window.popOutMultiview.title;
    await box.fill(title);
    await expect(palette.getByRole('option').first()).toContainText(title);
    const [popOut] = await Promise.all([app.context().waitForEvent('page'), box.press('Enter')]);
    await popOut.waitForLoadState();
    await expect(popOut).toHaveTitle(`${ko.shell.views.multiview} · OnAir Desk`);
    await expect(popOut.getByTestId('multiview-tile')).toHaveCount(6, { timeout: 20_000 });
    await popOut.screenshot(shots('pop-out-multiview-ko'));
    await app.keyboard.press('Escape');

    // The control room pops out on the channel in focus.
    const onAir = await onAirBroadcast(platform);
    await views.getByRole('button', { name: ko.shell.views.controlRoom }).click();
    const channels = app.getByRole('listbox', { name: ko.channels.listLabel });
    await channels.getByRole('option', { name: new RegExp(onAir.channelTitle) }).click();
    await expect(app.getByRole('heading', { level: 1, name: onAir.title })).toBeVisible();
    await expect(app.getByRole('button', { name: ko.popOut.controlRoom })).toBeVisible();
    await app.screenshot(shots('pop-out-control-room-main-ko'));
    // By the palette this time (the button is the English tests'): its command takes the
    // channel in focus as the button and the Window menu do.
    await app.keyboard.press('Control+KeyK');
    const roomTitle = ko.commands.windows.window.popOutControlRoom.title;
    await box.fill(roomTitle);
    await expect(palette.getByRole('option').first()).toContainText(roomTitle);
    const [room] = await Promise.all([app.context().waitForEvent('page'), box.press('Enter')]);
    await room.waitForLoadState();
    expect(new URL(room.url()).searchParams.get('channel')).toBe(onAir.channelKey);
    await expect(room.getByRole('heading', { level: 1, name: onAir.title })).toBeVisible({
      timeout: 20_000,
    });
    await expect(room).toHaveTitle(`${ko.shell.views.controlRoom} · OnAir Desk`);
    await room.screenshot(shots('pop-out-control-room-ko'));
  });
});

async function onAirBroadcast(
  platform: PlatformProbe,
): Promise<{ title: string; channelKey: string; channelTitle: string }> {
  const broadcasts = (
    await platform.get<{ data: OnAirListed[] }>('/broadcasts?is_onair=1&per_page=100')
  ).data;
  const first = broadcasts[0];
  if (!first) throw new Error('nothing on air');
  const channel = (
    await platform.get<{ data: { title: string } }>(`/channels/${first.channel_key}`)
  ).data;
  return { title: first.title, channelKey: first.channel_key, channelTitle: channel.title };
}
