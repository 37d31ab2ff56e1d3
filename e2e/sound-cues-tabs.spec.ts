/**
 * Sound cues with several main tabs of one desk (browser host): main pushes each `sound.cue` to
 * every tab, and exactly one tab plays it (src-renderer/lib/sound-player.ts). The tab the
 * operator used last plays; when it closes, or crashes, a tab still open plays the next cue.
 * The events are unexpected off airs of the first tab's Multiview: encoder-fed broadcasts ended
 * from the sandbox's side (a scheduled channel's program may end meanwhile and cue too: every
 * cue main pushed is counted on an event stream of the test's own, e2e/sound-plays.ts, and the
 * tabs together must play each once). Which tab holds the turn is read from the browser's own
 * lock manager (`navigator.locks.query()`).
 */
import type { Page } from '@playwright/test';
import { test, expect, type SandboxHandle } from './fixtures';
import { countCues, endFromSandbox, playedOf, recordPlays } from './sound-plays';

test.use({ budget: 'fast', onAir: 6 });

/** The on-air broadcasts that a simulated encoder feeds (they end only when a test ends them). */
async function fedBroadcasts(sandbox: SandboxHandle): Promise<string[]> {
  const fed = (await sandbox.encoders.list()).filter((e) => e.state === 'live');
  return fed.map((e) => e.broadcast_key).filter((key): key is string => typeof key === 'string');
}

/** The browser's id of the tab that holds the sound cues' turn, seen from `page`. */
const turnHolder = (page: Page) =>
  page.evaluate(async () => {
    const { held = [] } = await navigator.locks.query();
    return held
      .filter((lock) => lock.name?.startsWith('onair-desk.sound-cues.'))
      .map((lock) => lock.clientId);
  });

/** Opens the app in a new tab of `page`'s browser, recording what it plays. */
async function openTab(page: Page, appUrl: string, now: number) {
  const tab = await page.context().newPage();
  const problems = await recordPlays(tab);
  await tab.clock.install({ time: now });
  await tab.goto(appUrl);
  await expect(tab.getByRole('navigation', { name: 'Views' })).toBeVisible();
  return { tab, problems };
}

/** The operator clicks in `tab` (on the top bar's empty corner: nothing happens but the click). */
const useTab = (tab: Page) =>
  tab.getByRole('navigation', { name: 'Views' }).click({ position: { x: 2, y: 2 } });

test('two main tabs play each cue once: the tab used last, then another when it closes or crashes', async ({
  page,
  appUrl,
  clock,
  sandbox,
}) => {
  test.setTimeout(150_000);
  const problems = await recordPlays(page);
  await page.clock.install({ time: clock.now() });
  await page.goto(appUrl);
  const cues = await countCues(appUrl);
  const fed = await fedBroadcasts(sandbox);
  expect(fed.length).toBeGreaterThanOrEqual(4);
  const [first, second, third, fourth] = fed as [string, string, string, string];

  // The first tab turns the cue on and watches every on-air broadcast (the Multiview's list).
  await page.getByRole('button', { name: 'Settings' }).click();
  await page
    .getByRole('group', { name: 'Sound cues' })
    .getByRole('checkbox', { name: 'A watched broadcast went off air unexpectedly' })
    .check();
  await page.keyboard.press('Escape');
  const views = page.getByRole('navigation', { name: 'Views' });
  await views.getByRole('button', { name: 'Multiview' }).click();
  const tile = (key: string) =>
    page.locator(`[data-testid="multiview-tile"][data-broadcast="${key}"]`);
  for (const key of fed) await expect(tile(key)).toHaveCount(1);
  const plays = async (tab: Page) => (await playedOf(tab)).length;
  /**
   * Ends `key` and waits until `player` played every cue main pushed since (one at least);
   * answers how many that was.
   */
  const endAndHear = async (key: string, player: Page, played: number) => {
    const before = cues.count();
    await endFromSandbox(sandbox, key);
    await expect(tile(key)).toHaveCount(0, { timeout: 30_000 });
    await expect.poll(() => cues.count(), { timeout: 10_000 }).toBeGreaterThan(before);
    await expect
      .poll(async () => (await plays(player)) - played, { timeout: 10_000 })
      .toBe(cues.count() - before);
    return (await plays(player)) - played;
  };

  // A second main tab of the desk, not used yet: the first plays, the second stays quiet.
  const two = await openTab(page, appUrl, clock.now());
  let heardByFirst = await endAndHear(first, page, 0);
  expect(await plays(two.tab)).toBe(0);
  const firstHolder = await turnHolder(page);
  expect(firstHolder).toHaveLength(1);

  // The operator clicks in the second tab: from then on it plays, and the first is quiet.
  await useTab(two.tab);
  await expect.poll(() => turnHolder(page)).not.toEqual(firstHolder);
  const heardBySecond = await endAndHear(second, two.tab, 0);
  expect(await plays(page)).toBe(heardByFirst);

  // The playing tab closes: the first plays the next cue, without being clicked.
  await two.tab.close();
  await expect.poll(() => turnHolder(page)).toEqual(firstHolder);
  heardByFirst += await endAndHear(third, page, heardByFirst);

  // A third tab, used last, crashes: the first plays the next cue again. (Chromium's debug
  // address crashes the tab's own renderer; CDP's Page.crash took the other tabs with it.)
  const three = await openTab(page, appUrl, clock.now());
  await useTab(three.tab);
  await expect.poll(() => turnHolder(page)).not.toEqual(firstHolder);
  await Promise.all([
    three.tab.waitForEvent('crash'),
    three.tab.goto('chrome://crash').catch(() => null),
  ]);
  await expect.poll(() => turnHolder(page)).toEqual(firstHolder);
  await endAndHear(fourth, page, heardByFirst);

  // Every cue main pushed was played once, in one tab.
  await expect.poll(async () => (await plays(page)) + heardBySecond).toBe(cues.count());
  cues.close();
  expect([...problems, ...two.problems]).toEqual([]);
});
