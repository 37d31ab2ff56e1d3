/**
 * Helpers of the schedule end-to-end specs: what the sandbox platform holds (read through the
 * fixtures' probe, which shares the account's 1 call a second with the app) and what the
 * timeline shows (read from the program blocks' data attributes), in one comparable shape.
 */
import type { Page } from '@playwright/test';
import { expect, type PlatformProbe } from './fixtures';

/** A program as the live API answers it (the fields the specs compare). */
export interface SandboxProgram {
  id: number;
  channel_key: string;
  title: string;
  start_at: string;
  end_at: string;
  status: 'scheduled' | 'onair' | 'ended';
}

/** A program reduced to what an operator sees on the timeline: which, when, how long. */
export interface ShownProgram {
  id: number;
  startMs: number;
  endMs: number;
}

export const minute = 60_000;
export const dayMs = 86_400_000;

/** Screenshot options: `test-results/screens/<name>.png`, the whole page. */
export const shots = (name: string) => ({
  path: `test-results/screens/${name}.png`,
  fullPage: true,
});

/**
 * How a spec polls the platform through the probe until it shows an edit: the probe is outside
 * the rate limit (e2e/fixtures.ts), so it may ask often without taking the app's budget.
 */
export const platformPoll = { intervals: [250, 500, 1_000], timeout: 30_000 };

/** Every program of every scheduled channel, ordered by start (one call a page). */
export async function allPrograms(platform: PlatformProbe): Promise<SandboxProgram[]> {
  const programs: SandboxProgram[] = [];
  for (let page = 1; ; page++) {
    const answer = await platform.get<{ data: SandboxProgram[]; meta: { last_page: number } }>(
      `/programs?per_page=100&page=${page}`,
    );
    programs.push(...answer.data);
    if (page >= answer.meta.last_page) break;
  }
  return programs.sort((a, b) => Date.parse(a.start_at) - Date.parse(b.start_at));
}

/** A channel's programs overlapping `[fromMs, toMs)`, ordered by start. */
export async function channelPrograms(
  platform: PlatformProbe,
  channelKey: string,
  fromMs: number,
  toMs: number,
): Promise<SandboxProgram[]> {
  const range = `start_date=${iso(fromMs)}&end_date=${iso(toMs)}`;
  const programs: SandboxProgram[] = [];
  for (let page = 1; ; page++) {
    const answer = await platform.get<{ data: SandboxProgram[]; meta: { last_page: number } }>(
      `/channels/${channelKey}/programs?${range}&per_page=100&page=${page}`,
    );
    programs.push(...answer.data);
    if (page >= answer.meta.last_page) break;
  }
  return programs.sort((a, b) => Date.parse(a.start_at) - Date.parse(b.start_at));
}

/** The visible window of the timeline, UTC ms, as the view states it. */
export async function visibleWindow(app: Page): Promise<{ fromMs: number; toMs: number }> {
  const timeline = app.getByTestId('timeline');
  const fromMs = Number(await timeline.getAttribute('data-view-start'));
  const toMs = Number(await timeline.getAttribute('data-view-end'));
  return { fromMs, toMs };
}

/**
 * Waits until the app has settled: no edit being sent, every channel's programs read and no
 * row reading again. Only then is what the timeline shows worth comparing with the platform.
 */
export async function appSettled(app: Page): Promise<void> {
  await expect(app.getByTestId('timeline')).toHaveAttribute('data-ready', 'true');
  await expect(app.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(app.getByTestId('schedule-freshness')).not.toContainText(/Sending|Refreshing/);
}

/** The programs of one channel the timeline draws within `[fromMs, toMs)`, by start. */
export async function shownPrograms(
  app: Page,
  channelKey: string,
  fromMs: number,
  toMs: number,
): Promise<ShownProgram[]> {
  const all = await app
    .locator(`[data-program-id][data-channel-key="${channelKey}"]`)
    .evaluateAll((blocks) =>
      blocks.map((block) => ({
        id: Number(block.getAttribute('data-program-id')),
        startMs: Date.parse(block.getAttribute('data-start-at') ?? ''),
        endMs: Date.parse(block.getAttribute('data-end-at') ?? ''),
      })),
    );
  return all
    .filter((p) => p.startMs < toMs && fromMs < p.endMs)
    .sort((a, b) => a.startMs - b.startMs || a.id - b.id);
}

/** The same programs as the sandbox has them. */
export function asShown(programs: SandboxProgram[], fromMs: number, toMs: number): ShownProgram[] {
  return programs
    .map((p) => ({ id: p.id, startMs: Date.parse(p.start_at), endMs: Date.parse(p.end_at) }))
    .filter((p) => p.startMs < toMs && fromMs < p.endMs)
    .sort((a, b) => a.startMs - b.startMs || a.id - b.id);
}

/**
 * Checks that the timeline shows exactly the sandbox's programs of `channelKey` in the
 * visible window: same ids, same starts and ends. Waits for the app first, then reads the
 * platform once.
 */
export async function expectTimelineEqualsPlatform(
  app: Page,
  platform: PlatformProbe,
  channelKey: string,
): Promise<void> {
  await appSettled(app);
  const { fromMs, toMs } = await visibleWindow(app);
  const shown = await shownPrograms(app, channelKey, fromMs, toMs);
  const onPlatform = asShown(
    await channelPrograms(platform, channelKey, fromMs, toMs),
    fromMs,
    toMs,
  );
  expect(shown.length, 'programs on screen').toBeGreaterThan(0);
  expect(shown).toEqual(onPlatform);
}

/** `HH:MM:SS` of an instant, UTC. */
export function timeOfDay(isoTime: string): string {
  return new Date(isoTime).toISOString().slice(11, 19);
}

/** `YYYY-MM-DD` of an instant, UTC. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Deletes a program as a second client would (the probe: outside the rate limit). */
export async function deleteOnPlatform(
  platform: PlatformProbe,
  channelKey: string,
  programId: number,
): Promise<void> {
  await platform.send('DELETE', `/channels/${channelKey}/programs/${programId}`);
}

/**
 * Pans (Earlier / Later, half a span a click) and, when the span cannot fit with a margin,
 * zooms out until `[fromMs, toMs]` lies inside the visible window with a margin of a
 * twentieth of the window on each side. Every point a spec drags from or drops on is then on
 * the timeline itself, never under the side panel beyond its right edge.
 * @throws when the span does not fit even at the widest zoom.
 */
export async function bringIntoView(app: Page, fromMs: number, toMs: number): Promise<void> {
  for (let step = 0; step < 24; step++) {
    const view = await visibleWindow(app);
    const margin = (view.toMs - view.fromMs) / 20;
    const fitsLeft = fromMs >= view.fromMs + margin;
    const fitsRight = toMs <= view.toMs - margin;
    if (fitsLeft && fitsRight) return;
    const half = (view.toMs - view.fromMs) / 2;
    // Half a span either way keeps it out: widen the view instead of panning back and forth.
    const panWouldFit = fitsLeft
      ? fromMs - half >= view.fromMs + margin
      : toMs + half <= view.toMs - margin;
    const name = !panWouldFit ? 'Zoom out' : fitsLeft ? 'Later' : 'Earlier';
    await app.getByRole('button', { name, exact: true }).click();
    await expect
      .poll(async () => JSON.stringify(await visibleWindow(app)))
      .not.toBe(JSON.stringify(view));
  }
  throw new Error(`${iso(fromMs)}–${iso(toMs)} does not fit on the timeline`);
}

/**
 * Where instant `ms` is drawn, in page pixels, from the time axis and the window the view
 * states (`data-view-start` / `data-view-end`), so that it holds at any zoom.
 * @throws when `ms` is outside the visible window.
 */
export async function screenX(app: Page, ms: number): Promise<number> {
  const axis = await app.getByTestId('time-axis').boundingBox();
  if (!axis) throw new Error('no time axis');
  const { fromMs, toMs } = await visibleWindow(app);
  if (ms < fromMs || ms > toMs) throw new Error(`${iso(ms)} is not on screen`);
  return axis.x + ((ms - fromMs) / (toMs - fromMs)) * axis.width;
}

/**
 * Drags a program's block with the mouse from just inside its start by `deltaMs`, after
 * bringing both ends of the gesture into view; every point is computed from the view.
 * Leaves the mouse button down, so the caller can look at the block before dropping it.
 */
export async function dragBlock(app: Page, programId: number, startMs: number, deltaMs: number) {
  await bringIntoView(
    app,
    Math.min(startMs, startMs + deltaMs),
    Math.max(startMs, startMs + deltaMs) + minute,
  );
  const block = app.locator(`[data-program-id="${programId}"]`);
  const box = await block.boundingBox();
  if (!box) throw new Error('no block');
  const y = box.y + box.height / 2;
  await app.mouse.move((await screenX(app, startMs)) + 6, y);
  await app.mouse.down();
  await app.mouse.move((await screenX(app, startMs + deltaMs)) + 6, y, { steps: 12 });
  return block;
}

/**
 * A point on `track` at instant `ms`, relative to the track's box (for `dragTo`'s
 * `targetPosition`), checked to be the track itself at that point on screen: nothing (a
 * panel, a dialog) covers it.
 */
export async function trackPoint(
  app: Page,
  track: ReturnType<Page['locator']>,
  ms: number,
): Promise<{ x: number; y: number }> {
  const box = await track.boundingBox();
  if (!box) throw new Error('no track');
  const x = await screenX(app, ms);
  const y = box.y + box.height / 2;
  const onTrack = await track.evaluate(
    (element, point) => element.contains(document.elementFromPoint(point.x, point.y)),
    { x, y },
  );
  expect(onTrack, `the track is what is on screen at ${iso(ms)}`).toBe(true);
  return { x: x - box.x, y: y - box.y };
}
