/**
 * Sound cues in the browser host (issue 35 §4): with "unexpected off air" on, a watched
 * broadcast ended from the sandbox side plays exactly one sound, and a read of it after does
 * not play again; while the kind is off, nothing plays. Settings' "Play" plays the kind at the
 * slider's volume. What the page asked the browser to play is recorded by e2e/sound-plays.ts;
 * no console error means the CSP let the page load its own sounds. The open Settings menu passes axe in both languages.
 * Also screenshots of the Settings section in English and Korean
 * (test-results/sound-settings-{en,ko}.png).
 */
import { test, expect, type PlatformProbe } from './fixtures';
import { axeViolations } from './axe';
import { endFromSandbox, playedOf, recordPlays } from './sound-plays';

test.use({ budget: 'fast' });

/** The seed's on-air broadcasts (channel key, broadcast key, title), found through the API. */
async function onAirBroadcasts(platform: PlatformProbe) {
  const list = await platform.get<{
    data: { key: string; type?: string; latest_broadcast: { key?: string } }[];
  }>('/channels?live_status=onair&per_page=100');
  const found: { channelKey: string; broadcastKey: string; title: string }[] = [];
  for (const channel of list.data) {
    const key = channel.latest_broadcast.key;
    if (!key) continue;
    const { data } = await platform.get<{ data: { title: string; is_onair: boolean } }>(
      `/broadcasts/${key}`,
    );
    if (data.is_onair)
      found.push({ channelKey: channel.key, broadcastKey: key, title: data.title });
  }
  return found;
}

test('an unexpected off air plays one sound while its switch is on, none while it is off', async ({
  page,
  appUrl,
  clock,
  platform,
  sandbox,
}) => {
  const problems = await recordPlays(page);
  await page.clock.install({ time: clock.now() });
  await page.goto(appUrl);
  const [quiet, heard] = await onAirBroadcasts(platform);
  if (!quiet || !heard) throw new Error('the sandbox seed has fewer than two on-air broadcasts');
  const channels = page.getByRole('listbox', { name: 'Live channels' });
  // The focused broadcast's tally, from the same watch updates main's sound cue policy hears.
  const onAirTally = page.getByTestId('onair-tally');
  const focus = async (b: { channelKey: string; title: string }) => {
    await channels.locator(`[data-key="${b.channelKey}"]`).click();
    await expect(page.getByRole('heading', { level: 1, name: b.title })).toBeVisible();
  };

  // Off (the default): the watched broadcast ends, the page shows it off air, nothing plays.
  await focus(quiet);
  await expect(onAirTally).toBeVisible();
  await endFromSandbox(sandbox, quiet.broadcastKey);
  await expect(onAirTally).toHaveCount(0, { timeout: 30_000 });
  expect(await playedOf(page)).toEqual([]);

  // On: Settings → Sound cues.
  await page.getByRole('button', { name: 'Settings' }).click();
  const sounds = page.getByRole('group', { name: 'Sound cues' });
  const offAir = sounds.getByRole('checkbox', {
    name: 'A watched broadcast went off air unexpectedly',
  });
  await expect(offAir).not.toBeChecked();
  await offAir.check();
  await expect(offAir).toBeChecked();
  await page.keyboard.press('Escape');

  await focus(heard);
  await expect(onAirTally).toBeVisible();
  expect(await playedOf(page)).toEqual([]);
  await endFromSandbox(sandbox, heard.broadcastKey);
  await expect(onAirTally).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(() => playedOf(page), { timeout: 10_000 }).toHaveLength(1);
  const [first] = await playedOf(page);
  expect(first?.src).toMatch(/\/assets\/unexpected-off-air-[^/]+\.wav$/);
  expect(first?.volume).toBeCloseTo(0.7);

  // Read again (the operator goes to the other channel and back): no second sound.
  await focus(quiet);
  await focus(heard);
  await expect(page.getByText(/Broadcast state fetched/)).toBeVisible();
  await expect(onAirTally).toHaveCount(0);
  expect(await playedOf(page)).toHaveLength(1);
  expect(problems).toEqual([]);
});

test('Play previews a kind at its volume; the section in English and Korean', async ({
  page,
  appUrl,
  clock,
}) => {
  const problems = await recordPlays(page);
  await page.clock.install({ time: clock.now() });
  await page.goto(appUrl);
  await page.getByRole('button', { name: 'Settings' }).click();
  const menu = page.getByRole('group', { name: 'Settings' });
  const sounds = menu.getByRole('group', { name: 'Sound cues' });
  await expect(sounds.getByRole('checkbox')).toHaveCount(4);
  const volume = sounds.getByRole('slider', { name: 'Volume: The platform refused a token' });
  await volume.fill('35');
  await expect(volume).toHaveValue('35');
  await sounds.getByRole('button', { name: 'Play: The platform refused a token' }).click();
  await expect.poll(() => playedOf(page)).toHaveLength(1);
  const [preview] = await playedOf(page);
  expect(preview?.src).toMatch(/\/assets\/token-refused-[^/]+\.wav$/);
  expect(preview?.volume).toBeCloseTo(0.35);

  // The open Settings menu passes axe's WCAG 2.1 A/AA rules (e2e/axe.ts), in each language.
  expect(await axeViolations(page, '#settings-menu')).toEqual([]);
  await sounds.scrollIntoViewIfNeeded();
  await sounds.screenshot({ path: 'test-results/sound-settings-en.png' });
  await menu.getByLabel('Language').selectOption('ko');
  const soundsKo = page.getByRole('group', { name: '설정' }).getByRole('group', { name: '알림음' });
  await expect(soundsKo.getByRole('checkbox')).toHaveCount(4);
  // Kept in settings.json: the volume set above is still there.
  await expect(soundsKo.getByRole('slider', { name: '음량: 플랫폼이 토큰을 거부함' })).toHaveValue(
    '35',
  );
  expect(await axeViolations(page, '#settings-menu')).toEqual([]);
  await soundsKo.scrollIntoViewIfNeeded();
  await soundsKo.screenshot({ path: 'test-results/sound-settings-ko.png' });
  await page.getByRole('group', { name: '설정' }).getByLabel('언어').selectOption('system');
  expect(problems).toEqual([]);
});
