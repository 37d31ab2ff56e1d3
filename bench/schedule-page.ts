/**
 * In-page measurements of the Schedule view for the timeline bench, run in Chromium through
 * Playwright: time from a click to the first painted frame that shows the timeline's
 * programs, and the frame times (requestAnimationFrame intervals) while a program is dragged.
 * Times are ms of the page's `performance.now()`.
 */
import type { Page } from '@playwright/test';

/**
 * Runs `action` in the page (a click, a select change) and answers the ms until the frame
 * that shows the result has been painted: the timeline has read every channel (data-ready)
 * and, when `withPrograms`, draws at least one program block. "Painted" is the first task
 * after that frame's requestAnimationFrame (style, layout and paint run in between).
 */
export function timeToRender(
  page: Page,
  action: 'open-schedule' | 'zoom-7-days' | 'open-control-room',
  withPrograms: boolean,
): Promise<number> {
  return page.evaluate(
    ({ action, withPrograms }) =>
      new Promise<number>((resolve, reject) => {
        const began = performance.now();
        const button = (name: string) =>
          [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
        if (action === 'zoom-7-days') {
          const select = document.querySelector<HTMLSelectElement>('#zoom-level');
          if (!select) return reject(new Error('no zoom select'));
          select.value = String(select.options.length - 1);
          select.dispatchEvent(new Event('change', { bubbles: true }));
        } else {
          const target = button(action === 'open-schedule' ? 'Schedule' : 'Control room');
          if (!target) return reject(new Error(`no ${action} button`));
          target.click();
        }
        const shown = () => {
          if (action === 'open-control-room')
            return !document.querySelector('[data-testid="timeline"]');
          const timeline = document.querySelector('[data-testid="timeline"]');
          return (
            timeline?.getAttribute('data-ready') === 'true' &&
            (!withPrograms || document.querySelector('[data-program-id]') !== null)
          );
        };
        const deadline = began + 60_000;
        const check = () => {
          if (performance.now() > deadline)
            return reject(new Error(`${action}: not shown in 60 s`));
          if (!shown()) return requestAnimationFrame(check);
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now() - began);
          requestAnimationFrame(() => channel.port2.postMessage(null));
        };
        requestAnimationFrame(check);
      }),
    { action, withPrograms },
  );
}

/** How many program blocks the timeline draws now. */
export function blocksDrawn(page: Page): Promise<number> {
  return page.locator('[data-program-id]').count();
}

/** What a drag measured: frame intervals and the main thread's work per frame, ms. */
export interface DragFrames {
  /** requestAnimationFrame intervals (what the operator sees; bounded by the 60 Hz clock). */
  intervals: number[];
  /**
   * Work per frame: from the first pointer event handled in the frame (or its
   * requestAnimationFrame) to the first task after it was painted.
   */
  work: number[];
  /** A program block was being dragged (drawn as the ghost) while the frames were counted. */
  dragged: boolean;
}

/**
 * Presses on the program block nearest the middle of the visible window (or on the empty
 * track when there is none), moves the pointer back and forth for `durationMs`, cancels the
 * drag with Escape so nothing is sent, and answers the frames recorded meanwhile.
 */
export async function dragFrameTimes(page: Page, durationMs: number): Promise<DragFrames> {
  const start = await page.evaluate(() => {
    const axis = document.querySelector('[data-testid="time-axis"]')?.getBoundingClientRect();
    const track = document.querySelector('[role="region"][aria-label$="timeline"]');
    const block = document.querySelector('[data-program-id]');
    const row = (block ?? track)?.getBoundingClientRect();
    if (!axis || !row) throw new Error('no timeline');
    const x = axis.left + axis.width / 2;
    const y = row.top + row.height / 2;
    const under = document.elementFromPoint(x, y)?.closest('[data-program-id]');
    const box = under?.getBoundingClientRect();
    return box ? { x: box.left + box.width / 2, y } : { x, y };
  });
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    w.bench = {
      intervals: [],
      work: [],
      stop: false,
      frameStart: null,
      lastRaf: null,
      dragged: false,
    };
    const state = w.bench;
    window.addEventListener(
      'pointermove',
      () => {
        state.frameStart ??= performance.now();
      },
      { capture: true },
    );
    const loop = (at: number) => {
      if (state.lastRaf !== null) state.intervals.push(at - state.lastRaf);
      state.lastRaf = at;
      const began = Math.min(state.frameStart ?? performance.now(), performance.now());
      state.frameStart = null;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => state.work.push(performance.now() - began);
      channel.port2.postMessage(null);
      if (document.querySelector('.dragging')) state.dragged = true;
      if (!state.stop) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
  const until = Date.now() + durationMs;
  for (let step = 0; Date.now() < until; step++) {
    // A triangle wave of 240 px: the ghost crosses many programs, snapping as it goes.
    const offset = Math.abs(((step * 3) % 480) - 240);
    await page.mouse.move(start.x + offset, start.y);
  }
  const frames = await page.evaluate(() => {
    const state = (window as unknown as BenchWindow).bench;
    state.stop = true;
    return { intervals: state.intervals, work: state.work, dragged: state.dragged };
  });
  await page.keyboard.press('Escape');
  await page.mouse.up();
  return frames;
}

interface BenchWindow {
  bench: {
    intervals: number[];
    work: number[];
    stop: boolean;
    frameStart: number | null;
    lastRaf: number | null;
    dragged: boolean;
  };
}
