/**
 * The operator's path through the schedule timeline, against the sandbox platform (rate
 * limit on) through the browser host: move a program by dragging it, have an overlapping
 * drop refused before anything is sent, undo, and create a program by dropping media.
 */
import type { Page } from '@playwright/test';
import { test, expect, type PlatformProbe } from './fixtures';
import {
  allPrograms,
  bringIntoView,
  dragBlock,
  platformPoll,
  minute,
  shots,
  trackPoint,
  type SandboxProgram,
} from './schedule-support';

// What this file tests is not the budget: the sandbox and the app pace ten times faster
// (docs/dev/testing.md); the budget itself is tested at the platform's pace.
test.use({ budget: 'fast' });

/** The program as the sandbox has it now (the probe: outside the rate limit). */
async function programOnPlatform(platform: PlatformProbe, program: SandboxProgram) {
  const list = await channelPrograms(platform, program.channel_key);
  return list.find((candidate) => candidate.id === program.id);
}

async function channelPrograms(platform: PlatformProbe, channelKey: string) {
  const list = await platform.get<{ data: SandboxProgram[] }>(
    `/channels/${channelKey}/programs?per_page=100`,
  );
  return list.data;
}

/** A program that starts at least an hour from now and satisfies `fits` with its successor. */
function findPair(
  programs: SandboxProgram[],
  now: number,
  fits: (program: SandboxProgram, next: SandboxProgram) => boolean,
  except: number[] = [],
): [SandboxProgram, SandboxProgram] {
  const soon = now + 60 * minute;
  for (const program of programs) {
    if (except.includes(program.id) || Date.parse(program.start_at) < soon) continue;
    const next = programs.find(
      (other) =>
        other.channel_key === program.channel_key &&
        Date.parse(other.start_at) >= Date.parse(program.end_at),
    );
    if (next && !except.includes(next.id) && fits(program, next)) return [program, next];
  }
  throw new Error('the sandbox seed has no program pair that fits');
}

const length = (p: SandboxProgram) => Date.parse(p.end_at) - Date.parse(p.start_at);

/** The Schedule view's own status line (the status bar and banners have theirs). */
const scheduleStatus = (app: Page) =>
  app.getByRole('region', { name: 'Schedule' }).getByRole('status');

/**
 * Brings `[fromMs, toMs]` (the program's start and whatever the next gesture reaches) into
 * view and returns the program's block.
 */
async function showBlock(app: Page, id: number, fromMs: number, toMs: number) {
  const block = app.locator(`[data-program-id="${id}"]`);
  await bringIntoView(app, fromMs, toMs);
  await expect(block).toBeInViewport();
  return block;
}

test('an operator edits the schedule on the timeline', async ({ app, platform, clock }) => {
  test.setTimeout(150_000);
  const applied: string[] = [];
  app.on('request', (request) => {
    if (request.url().includes('/rpc/schedule.apply')) applied.push(request.postData() ?? '');
  });

  const programs = await allPrograms(platform);
  // P: followed by at least 45 free minutes, short enough to see it and its gap at 6 h.
  const [moved] = findPair(
    programs,
    clock.now(),
    (p, next) =>
      Date.parse(next.start_at) - Date.parse(p.end_at) >= 45 * minute &&
      length(p) >= 10 * minute &&
      length(p) <= 3 * 60 * minute,
  );
  // Q and R: Q ends where R starts, both on screen together. R lasts long enough that Q's
  // start, dropped on R's middle and snapped to 5 minutes, still falls inside R (the seed
  // has 15-second bumpers between programs at some hours).
  const [dragged, target] = findPair(
    programs,
    clock.now(),
    (p, next) =>
      Date.parse(next.start_at) === Date.parse(p.end_at) &&
      length(p) >= 10 * minute &&
      length(next) >= 10 * minute &&
      length(p) + length(next) / 2 <= 3 * 60 * minute,
    [moved.id],
  );
  const originalStart = Date.parse(moved.start_at);

  await app.getByRole('button', { name: 'Schedule' }).click();
  await expect(app.locator('[data-program-id]').first()).toBeAttached();
  await expect(app.getByRole('group', { name: /schedule$/ }).first()).toBeVisible();
  await app.screenshot(shots('21-schedule'));

  // Drag P 30 minutes later into its free time: one request, the sandbox has the new start.
  const block = await showBlock(app, moved.id, originalStart, originalStart + 45 * minute);
  await expect(block).toHaveAccessibleName(`${moved.title}, ${moved.start_at.slice(11, 16)} UTC`);
  await dragBlock(app, moved.id, originalStart, 30 * minute);
  await app.screenshot(shots('22-dragging'));
  await app.mouse.up();
  await expect(scheduleStatus(app)).toContainText('done');
  await expect
    .poll(async () => {
      const now = await programOnPlatform(platform, moved);
      return now ? Date.parse(now.start_at) - originalStart : 0;
    }, platformPoll)
    .toBeGreaterThan(27 * minute);
  const after = await programOnPlatform(platform, moved);
  const newStart = Date.parse(after?.start_at ?? '');
  expect(Math.abs(newStart - (originalStart + 30 * minute))).toBeLessThanOrEqual(2.5 * minute);
  expect(newStart % (5 * minute)).toBe(0);
  expect(applied).toHaveLength(1);
  await expect(block).toHaveAccessibleName(
    `${moved.title}, ${new Date(newStart).toISOString().slice(11, 16)} UTC`,
  );

  // Drag Q onto the middle of R: refused before anything is sent.
  const qStart = Date.parse(dragged.start_at);
  const rMiddle = Date.parse(target.start_at) + length(target) / 2;
  const qBlock = await dragBlock(app, dragged.id, qStart, rMiddle - qStart);
  await expect(qBlock).toHaveClass(/invalid/);
  await app.screenshot(shots('23-overlap'));
  await app.mouse.up();
  await expect(app.getByRole('alert')).toContainText(`would overlap “${target.title}”`);
  await expect(app.getByRole('alert')).toContainText('Nothing was sent');
  await app.screenshot(shots('24-refused'));
  expect(applied).toHaveLength(1);
  expect((await programOnPlatform(platform, dragged))?.start_at).toBe(dragged.start_at);
  await expect(qBlock).toHaveAccessibleName(
    `${dragged.title}, ${dragged.start_at.slice(11, 16)} UTC`,
  );

  // Undo: the platform has P back where it was, and so does the timeline.
  await app.getByRole('button', { name: 'Undo' }).click();
  await expect(scheduleStatus(app)).toContainText('Undo: Move');
  await expect
    .poll(async () => (await programOnPlatform(platform, moved))?.start_at, platformPoll)
    .toBe(moved.start_at);
  expect(applied).toHaveLength(2);
  await expect(block).toHaveAccessibleName(`${moved.title}, ${moved.start_at.slice(11, 16)} UTC`);

  // Drop a 7-minute media item into the gap after P: the sandbox lists the new program. The
  // drop point is where that time is drawn on screen, checked to be the track itself.
  const dropAt = Date.parse(moved.end_at) + 15 * minute;
  await showBlock(app, moved.id, dropAt - 5 * minute, dropAt + 10 * minute);
  // Panned to a window seen while P was moved: P is drawn where Undo put it, not where it was
  // dragged to (the drop below lands where the dragged block stood).
  await expect
    .poll(async () => Date.parse((await block.getAttribute('data-start-at')) ?? ''))
    .toBe(originalStart);
  const track = app.getByRole('region', { name: /timeline$/ }).filter({
    has: app.locator(`[data-program-id="${moved.id}"]`),
  });
  const media = app.getByRole('listitem', { name: /^Short: Paper Planes/ });
  await media.dragTo(track, { targetPosition: await trackPoint(app, track, dropAt) });
  await expect(scheduleStatus(app)).toContainText('Create “Short: Paper Planes”');
  await expect
    .poll(async () => {
      const list = await channelPrograms(platform, moved.channel_key);
      return list.find(
        (p) =>
          p.title === 'Short: Paper Planes' &&
          Math.abs(Date.parse(p.start_at) - dropAt) <= 3 * minute,
      )?.title;
    }, platformPoll)
    .toBe('Short: Paper Planes');
  await app.screenshot(shots('25-created'));
});
