/**
 * Bulk authoring and refusals on the schedule timeline, against the sandbox platform (rate
 * limit on) through the browser host: copying a day lands the same titles at the same times
 * of day on the target day, and after every refused edit (refused here before sending, or by
 * the platform) the timeline shows exactly what the platform holds.
 */
import type { Page } from '@playwright/test';
import { test, expect, type PlatformProbe } from './fixtures';
import type { E2eClock } from './clock';
import {
  allPrograms,
  appSettled,
  channelPrograms,
  dayMs,
  deleteOnPlatform,
  dragBlock,
  expectTimelineEqualsPlatform,
  minute,
  shots,
  timeOfDay,
  utcDay,
  visibleWindow,
  type SandboxProgram,
} from './schedule-support';

const startOf = (p: SandboxProgram) => Date.parse(p.start_at);
const endOf = (p: SandboxProgram) => Date.parse(p.end_at);

// The refusals and the fill are not tests of the budget: the sandbox and the app pace ten times
// faster (docs/dev/testing.md). Copying a day keeps the platform's pace: its progress is watched
// while the operations are still being sent.
test.use({ budget: 'fast' });

test.describe(() => {
  test.use({ budget: 'platform' });

  test('copy a day: the target day holds the same titles at the same times of day', async ({
    app,
    platform,
    clock,
  }) => {
    test.setTimeout(300_000);
    const today = utcDay(clock.now());
    const target = utcDay(clock.now() + 3 * dayMs);
    const targetMs = Date.parse(target);
    let programs = await allPrograms(platform);
    const todayOf = (key: string) =>
      programs.filter((p) => p.channel_key === key && utcDay(startOf(p)) === today);
    const keys = [...new Set(programs.map((p) => p.channel_key))];
    const channelKey = keys.sort((a, b) => todayOf(b).length - todayOf(a).length)[0] ?? '';
    // Six programs are enough to watch the copy run: today's others still to come go first
    // (through the probe, outside the rate limit), so at the platform's pace the copy takes
    // seconds, not a minute. Those already started stay (the platform keeps them).
    const surplus = todayOf(channelKey)
      .slice(6)
      .filter((p) => startOf(p) > clock.now() + minute);
    for (const p of surplus) await deleteOnPlatform(platform, channelKey, p.id);
    if (surplus.length) programs = await allPrograms(platform);
    const source = todayOf(channelKey);
    expect(source.length, "today's programs").toBeGreaterThan(2);
    expect(await channelPrograms(platform, channelKey, targetMs, targetMs + dayMs)).toEqual([]);

    await app.getByRole('button', { name: 'Schedule' }).click();
    await appSettled(app);
    await app.getByRole('button', { name: 'Copy day…' }).click();
    const dialog = app.getByRole('dialog', { name: /Copy a day/ });
    await dialog.getByLabel('Scheduled channel').selectOption(channelKey);
    await expect(dialog.getByLabel('Copy the programs of (UTC day)')).toHaveValue(today);
    await dialog.getByLabel('To (UTC day)').fill(target);
    await app.screenshot(shots('31-copy-day-form'));
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByTestId('batch-preview')).toBeVisible();

    // The preview lists every copy (all of today's programs: 3 days ahead none is in the past)
    // before anything is sent.
    const rows = dialog.getByTestId('batch-row');
    await expect(rows).toHaveCount(source.length);
    const count = source.length;
    const copied = source;
    const first = copied[0];
    if (!first) throw new Error('nothing to copy');
    await expect(rows.first()).toContainText(first.title);
    await expect(rows.first()).toContainText(timeOfDay(first.start_at).slice(0, 5));
    await expect(rows.first()).toContainText('Create');
    await expect(dialog.getByTestId('batch-budget')).toContainText(`${count} calls, about `);
    await expect(dialog.locator('tr.clash')).toHaveCount(0);
    expect(await channelPrograms(platform, channelKey, targetMs, targetMs + dayMs)).toEqual([]);
    await app.screenshot(shots('32-copy-day-preview'));

    await dialog.getByRole('button', { name: `Run ${count} operations` }).click();
    await expect(dialog).toBeHidden();
    const card = app.getByTestId('batch-progress');
    await expect(card).toContainText(`of ${count} sent`);
    await expect
      .poll(async () => Number(await card.getAttribute('data-done')), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(Math.min(3, count));
    await expect(card).toContainText('Sending: Create');
    await app.screenshot(shots('33-copy-day-running'));
    await expect(card).toHaveAttribute('data-finished', 'true', {
      timeout: count * 2_500 + 30_000,
    });
    await expect(card).toContainText(`all ${count} operations were accepted`);

    const onTarget = await channelPrograms(platform, channelKey, targetMs, targetMs + dayMs);
    expect(onTarget.map((p) => [p.title, timeOfDay(p.start_at)])).toEqual(
      copied.map((p) => [p.title, timeOfDay(p.start_at)]),
    );
    expect(onTarget.every((p) => utcDay(startOf(p)) === target)).toBe(true);

    // The timeline shows the copies where the platform has them.
    await card.getByRole('button', { name: 'Show on timeline' }).click();
    await appSettled(app);
    const firstCopy = onTarget[0];
    if (!firstCopy) throw new Error('no copy');
    await expect(app.locator(`[data-program-id="${firstCopy.id}"]`)).toBeInViewport();
    await expect(app.locator('[data-program-id^="-"]')).toHaveCount(0);
    await app.screenshot(shots('34-copy-day-done'));
  });
});

test('every refused edit leaves the timeline equal to the platform', async ({
  app,
  platform,
  sandbox,
  clock,
}) => {
  test.setTimeout(240_000);
  const applied: string[] = [];
  app.on('request', (request) => {
    if (request.url().includes('/rpc/schedule.apply')) applied.push(request.postData() ?? '');
  });

  // A program on air with a few minutes left, and free time after it (made with the probe
  // before the view opens), so the timeline would let it move and the platform refuses.
  const { program: onAir, waitedMs } = await programOnAir(platform, clock);
  test.setTimeout(240_000 + waitedMs);
  let programs = await allPrograms(platform);
  const inTheWay = programs.filter(
    (p) =>
      p.channel_key === onAir.channel_key &&
      startOf(p) >= endOf(onAir) &&
      startOf(p) < endOf(onAir) + 20 * minute,
  );
  for (const p of inTheWay) await deleteOnPlatform(platform, p.channel_key, p.id);
  programs = await allPrograms(platform);
  const later = programs.find(
    (p) => p.channel_key === onAir.channel_key && startOf(p) >= endOf(onAir) + 20 * minute,
  );
  const pair = adjacentPair(programs, [onAir.id, later?.id ?? 0], clock.now());

  await app.getByRole('button', { name: 'Schedule' }).click();
  await app.locator('#zoom-level').selectOption({ label: '12 h' });
  await expectTimelineEqualsPlatform(app, platform, onAir.channel_key);

  // 1. Dropped onto the next program: refused before anything is sent.
  const [dragged, target] = pair;
  await dragOnto(
    app,
    dragged,
    startOf(target) + (endOf(target) - startOf(target)) / 2 - startOf(dragged),
  );
  const overlap = app.getByRole('alert').filter({ hasText: `would overlap “${target.title}”` });
  await expect(overlap).toContainText('Nothing was sent');
  expect(applied).toHaveLength(0);
  await expectTimelineEqualsPlatform(app, platform, dragged.channel_key);

  // 2. The program on air nudged later: confirmed here, refused by the platform.
  const onAirBlock = app.locator(`[data-program-id="${onAir.id}"]`);
  await onAirBlock.focus();
  await onAirBlock.press('ArrowRight');
  const confirm = app.getByRole('dialog', { name: 'Move a program that is on air?' });
  await confirm.getByRole('button', { name: 'Move it' }).click();
  await expect(app.getByRole('alert').filter({ hasText: 'refused' })).toContainText(
    'has already started',
  );
  await app.screenshot(shots('35-refused-on-air-move'));
  expect(applied).toHaveLength(1);
  await expectTimelineEqualsPlatform(app, platform, onAir.channel_key);
  // Its name says it is on air, in words (not by colour alone).
  await expect(onAirBlock).toHaveAccessibleName(
    `${onAir.title}, ${timeOfDay(onAir.start_at).slice(0, 5)} UTC, on air`,
  );

  // 3. The program on air deleted: confirmed here, refused by the platform.
  await onAirBlock.focus();
  await onAirBlock.press('Delete');
  await app
    .getByRole('dialog', { name: `Delete “${onAir.title}”?` })
    .getByRole('button', { name: 'Delete program' })
    .click();
  await expect(app.getByRole('alert').filter({ hasText: 'is on air now' })).toBeVisible();
  expect(applied).toHaveLength(2);
  await expectTimelineEqualsPlatform(app, platform, onAir.channel_key);
  await expect(onAirBlock).toBeVisible();

  // 4. A move the platform fails (500 or 503 on every call): rolled back.
  if (!later) throw new Error('no program after the free time');
  const laterBlock = app.locator(`[data-program-id="${later.id}"]`);
  await sandbox.faults.update({ errorRate: 1 });
  await laterBlock.focus();
  await laterBlock.press('ArrowLeft');
  // Every call fails now, the watches' too: the desk's outage notice may show beside the
  // schedule's own alert, which is the one that names the refused move.
  await expect(app.getByRole('alert').filter({ hasText: 'refused' })).toContainText(
    /injected fault/,
  );
  await sandbox.faults.clear();
  await app.screenshot(shots('36-refused-fault'));
  expect(applied).toHaveLength(3);
  await expectTimelineEqualsPlatform(app, platform, later.channel_key);
  await expect(laterBlock).toHaveAccessibleName(
    `${later.title}, ${timeOfDay(later.start_at).slice(0, 5)} UTC`,
  );
  const { fromMs, toMs } = await visibleWindow(app);
  expect(startOf(later)).toBeGreaterThan(fromMs);
  expect(startOf(later)).toBeLessThan(toMs);

  // 5. A program still to come deleted: confirmed here, and gone from the platform too.
  await laterBlock.focus();
  await laterBlock.press('Delete');
  await app
    .getByRole('dialog', { name: `Delete “${later.title}”?` })
    .getByRole('button', { name: 'Delete program' })
    .click();
  await expect(laterBlock).toHaveCount(0);
  expect(applied).toHaveLength(4);
  await expect
    .poll(async () => (await allPrograms(platform)).some((p) => p.id === later.id))
    .toBe(false);
  await expectTimelineEqualsPlatform(app, platform, later.channel_key);
});

/**
 * A program on air with at least 2 minutes left (the steps that need it on air take well under
 * a minute), and the real ms spent waiting for it. The platform's schedule runs on its own
 * clock from the spec's instant (the real now in the `now` project), so when every program
 * playing is about to end, the test waits in real time for the next one: at most 2 minutes at
 * a time, and the caller adds what it waited to its timeout.
 */
async function programOnAir(
  platform: PlatformProbe,
  clock: E2eClock,
): Promise<{ program: SandboxProgram; waitedMs: number }> {
  let waitedMs = 0;
  for (let attempt = 0; attempt < 4; attempt++) {
    const now = clock.now();
    const playing = (await allPrograms(platform)).filter(
      (p) => startOf(p) <= now && now < endOf(p),
    );
    const best = playing.sort((a, b) => endOf(b) - endOf(a))[0];
    if (best && endOf(best) - now >= 2 * minute) return { program: best, waitedMs };
    const wait = Math.min(best ? endOf(best) - now + 2_000 : minute, 2 * minute + 2_000);
    await new Promise((done) => setTimeout(done, wait));
    waitedMs += wait;
  }
  throw new Error('no program on air with 2 minutes left');
}

/**
 * Two programs of one channel, the first ending where the second starts, both soon, the
 * second long enough (the seed has 15-second bumpers) that a drop on its middle, snapped to
 * 5 minutes, still lands inside it.
 */
function adjacentPair(
  programs: SandboxProgram[],
  except: number[],
  now: number,
): [SandboxProgram, SandboxProgram] {
  const soon = now + 15 * minute;
  const horizon = now + 8 * 60 * minute;
  for (const p of programs) {
    if (except.includes(p.id) || startOf(p) < soon || endOf(p) - startOf(p) < 15 * minute) continue;
    const next = programs.find(
      (q) => q.channel_key === p.channel_key && startOf(q) === endOf(p) && !except.includes(q.id),
    );
    if (next && endOf(next) < horizon && endOf(next) - startOf(next) >= 10 * minute)
      return [p, next];
  }
  throw new Error('the sandbox seed has no adjacent pair of programs in the next 8 hours');
}

/** Drags a program's block by `deltaMs` of time onto another program (it turns red there). */
async function dragOnto(app: Page, program: SandboxProgram, deltaMs: number): Promise<void> {
  const block = await dragBlock(app, program.id, startOf(program), deltaMs);
  await expect(block).toHaveClass(/invalid/);
  await app.mouse.up();
}

test('fill a range: the picked media play back to back, in order, until the range is full', async ({
  app,
  platform,
  clock,
}) => {
  test.setTimeout(180_000);
  const day = utcDay(clock.now() + 4 * dayMs);
  const fromMs = Date.parse(`${day}T10:00:00Z`);
  const toMs = fromMs + 60 * minute;
  const channels = await platform.get<{ data: { key: string; title: string }[] }>(
    '/channels?channel_type=scheduled',
  );
  const library = await platform.get<{
    data: { upload_file_key: string; title: string; duration: number }[];
  }>('/programs/media-contents?per_page=100');
  const channel = channels.data[0];
  // The two shortest items of at least 5 minutes, played in that order.
  const [one, two] = library.data
    .filter((m) => m.duration >= 300)
    .sort((a, b) => a.duration - b.duration);
  if (!channel || !one || !two) throw new Error('the sandbox seed has no channel or media');
  const expected: [string, number][] = [];
  for (let at = fromMs, index = 0; ; index++) {
    const item = index % 2 === 0 ? one : two;
    if (at + item.duration * 1000 > toMs) break;
    expected.push([item.title, at]);
    at += item.duration * 1000;
  }
  expect(await channelPrograms(platform, channel.key, fromMs, toMs)).toEqual([]);

  await app.getByRole('button', { name: 'Schedule' }).click();
  await appSettled(app);
  await app.getByRole('button', { name: 'Fill range…' }).click();
  const dialog = app.getByRole('dialog', { name: /Fill a time range/ });
  await dialog.getByLabel('Scheduled channel').selectOption(channel.key);
  await dialog.getByLabel('From (UTC)').fill(`${day}T10:00`);
  await dialog.getByLabel('To (UTC)').fill(`${day}T11:00`);
  // Picked in the wrong order, one too many: put right in the play-order list.
  await dialog.getByRole('button', { name: `Add ${two.title}`, exact: true }).click();
  await dialog.getByRole('button', { name: `Add ${one.title}`, exact: true }).click();
  await dialog.getByRole('button', { name: `Add ${two.title}`, exact: true }).click();
  const order = dialog.getByRole('list', { name: 'Media in play order' });
  await order.getByRole('button', { name: `Play ${one.title} earlier` }).click();
  await order
    .getByRole('button', { name: `Take out ${two.title}` })
    .last()
    .click();
  await expect(order.getByRole('listitem')).toHaveCount(2);
  await expect(order.getByRole('listitem').first()).toContainText(`1 ${one.title}`);
  await expect(order.getByRole('listitem').last()).toContainText(`2 ${two.title}`);
  await app.screenshot(shots('37-fill-form'));
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const rows = dialog.getByTestId('batch-row');
  await expect(rows).toHaveCount(expected.length);
  await expect(rows.nth(1)).toContainText(two.title);
  await expect(dialog.getByTestId('batch-budget')).toContainText(`${expected.length} calls`);
  await app.screenshot(shots('38-fill-preview'));

  await dialog.getByRole('button', { name: `Run ${expected.length} operations` }).click();
  const card = app.getByTestId('batch-progress');
  await expect(card).toHaveAttribute('data-finished', 'true', {
    timeout: expected.length * 2_500 + 30_000,
  });
  await expect(card).toContainText(`all ${expected.length} operations were accepted`);
  const filled = await channelPrograms(platform, channel.key, fromMs, toMs);
  expect(filled.map((p) => [p.title, startOf(p)])).toEqual(expected);

  // Zoomed out to the week, the filled hour shows where the platform has it.
  await card.getByRole('button', { name: 'Show on timeline' }).click();
  await app.locator('#zoom-level').selectOption({ label: '7 days' });
  await appSettled(app);
  await expect(app.locator(`[data-program-id="${filled[0]?.id ?? 0}"]`)).toBeAttached();
  await app.screenshot(shots('39-fill-week'));
});
