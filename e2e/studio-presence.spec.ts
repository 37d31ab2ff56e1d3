/**
 * Studio presence on this machine (loopback only): a hub (`--host-studio`, its operator named
 * "Hana" in settings) and two seats (`--join`: "PD" and "Graphics"). The hub's page and PD's
 * page focus one channel in the control room; Graphics sees "PD" and "Hana (hub)" on that
 * channel in the control room's list and header and on its Multiview tile. PD opens a program
 * on the timeline; Graphics's timeline marks it "PD editing". When PD's page closes, its name
 * leaves the other seat's screens. Screens in English and Korean.
 */
import type { Page } from '@playwright/test';
import { test, expect, shots, focusChannel, onAirChannel } from './studio-fixture';
import { presenceHeartbeatMs, presenceLifetimeMs } from '../src-main/shared/presence-model';

test('every seat sees who is where: control room, Multiview and the timeline', async ({
  page,
  browser,
  platform,
  clock,
  desks,
}) => {
  test.setTimeout(240_000);
  const hub = await desks.start(['--host-studio']);
  await desks.call(hub, 'settings.operatorName', { name: 'Hana' });
  const join = async (name: string) =>
    desks.join(hub, await desks.pairingCode(hub, 'operator'), name);
  const pd = await join('PD');
  const graphics = await join('Graphics');
  const channel = await onAirChannel(platform);

  // The hub's operator and PD focus the same channel in their control rooms.
  await page.clock.install({ time: clock.now() });
  await page.goto(hub.url);
  await focusChannel(page, channel.title);
  const pdPage = await page.context().newPage();
  await pdPage.clock.install({ time: clock.now() });
  await pdPage.goto(pd.url);
  await focusChannel(pdPage, channel.title);
  // PD sees the hub's operator on its channel, in the header.
  await expect(pdPage.getByTestId('presence').first()).toHaveAccessibleName(
    'Also here: Hana (hub)',
  );

  // Graphics, elsewhere in the control room, sees both on that channel's row.
  const gfx = await page.context().newPage();
  await gfx.clock.install({ time: clock.now() });
  await gfx.goto(graphics.url);
  const row = gfx
    .getByRole('listbox', { name: 'Live channels' })
    .locator(`[data-key="${channel.key}"]`);
  await expect(row.getByTestId('presence')).toHaveAccessibleName(/Hana \(hub\)/);
  await expect(row.getByTestId('presence')).toHaveAccessibleName(/PD/);
  await focusChannel(gfx, channel.title);
  await expect(gfx.getByTestId('presence').first()).toBeVisible();
  await gfx.screenshot(shots('presence-01-control-room'));

  // And on the channel's Multiview tile.
  await gfx
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'Multiview' })
    .click();
  const tile = gfx.getByTestId('multiview-tile').filter({ hasText: channel.title }).first();
  await expect(tile.getByTestId('presence')).toHaveAccessibleName(/PD/);
  await expect(tile.getByTestId('presence')).toHaveAccessibleName(/Hana \(hub\)/);
  await gfx.screenshot(shots('presence-02-multiview'));
  // Real time is the point: nobody moves for longer than an entry's lifetime, and each page's
  // heartbeat keeps it there.
  await gfx.waitForTimeout(presenceLifetimeMs + 2 * presenceHeartbeatMs);
  await expect(tile.getByTestId('presence')).toHaveAccessibleName(/PD/);
  await expect(tile.getByTestId('presence')).toHaveAccessibleName(/Hana \(hub\)/);

  // The same in Korean, from a Korean page of the Graphics seat.
  const ko = await browser.newContext({ locale: 'ko-KR', viewport: { width: 1440, height: 900 } });
  const koPage = await ko.newPage();
  await koPage.clock.install({ time: clock.now() });
  await koPage.goto(graphics.url);
  await focusChannel(koPage, channel.title);
  await expect(koPage.getByTestId('presence').first()).toHaveAccessibleName(/Hana \(허브\)/);
  await koPage.screenshot(shots('presence-03-control-room-ko'));
  await koPage.getByRole('button', { name: '멀티뷰' }).click();
  // A second page of the seat joins the Multiview's shared watch at the hub: its tiles come
  // with the watch's next on-air read (every 7 s, at most 10 s old with a spacing slot:
  // watch-plan.ts), so it may say "loading" for up to that long; CI saw 10 s go by once.
  await expect(
    koPage
      .getByTestId('multiview-tile')
      .filter({ hasText: channel.title })
      .first()
      .getByTestId('presence'),
  ).toHaveAccessibleName(/PD/, { timeout: 25_000 });
  await koPage.screenshot(shots('presence-04-multiview-ko'));
  await ko.close();

  // PD opens a program on the timeline: Graphics's timeline marks it with PD's name.
  await pdPage.getByRole('button', { name: 'Schedule' }).click();
  await expect(pdPage.getByTestId('timeline')).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  // PD chooses the first program of the agenda: the timeline shows it, selected (open).
  const agendaEntry = (p: Page) =>
    p.getByRole('list', { name: 'Programs of all channels' }).getByRole('button').first();
  await agendaEntry(pdPage).click();
  const chosen = pdPage.locator('[data-program-id][aria-pressed="true"]');
  await expect(chosen).toBeVisible();
  const programId = await chosen.getAttribute('data-program-id');
  await gfx.getByRole('button', { name: 'Schedule' }).click();
  await expect(gfx.getByTestId('timeline')).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  // Graphics brings the same program into view (its own choice does not hide PD's mark), at
  // the 1 h zoom: the mark's words need a block wider than 36 px, and the agenda's first
  // program may be a short one (at 00:50 UTC a 15-minute block is 33 px at the 6 h default).
  await gfx.getByRole('combobox', { name: 'Zoom' }).selectOption({ label: '1 h' });
  await agendaEntry(gfx).click();
  const marked = gfx.locator(`[data-program-id="${programId}"]`);
  await expect(marked.getByTestId('edit-mark')).toHaveText('PD editing');
  await expect(marked).toHaveAttribute('title', 'PD has this program open');
  await gfx.screenshot(shots('presence-05-timeline'));

  // PD's page closes: its name leaves Graphics's screens within a few seconds.
  await pdPage.close();
  await expect(marked.getByTestId('edit-mark')).toBeHidden({ timeout: 5_000 });
});
