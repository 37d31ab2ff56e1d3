/**
 * What a page asked the browser to play, for the sound cue specs (e2e/sound-cues*.spec.ts): an
 * init script wraps `HTMLMediaElement.prototype.play` (the browser's API, not our code) to record
 * each play, then lets the browser play it. Also the sandbox's side of an event that deserves a
 * sound: a broadcast ended as an encoder dropping for good would end it.
 */
import type { Page } from '@playwright/test';
import { expect, type SandboxHandle } from './fixtures';

/** What the recording wrapper of `HTMLMediaElement.prototype.play` keeps. */
export interface Played {
  src: string;
  volume: number;
}

/**
 * Records every `play()` of an audio or video element of `page` from its next navigation on.
 * Answers the page's console errors and uncaught errors, kept as they come (none means the CSP
 * let the page load its own sounds).
 */
export async function recordPlays(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    const played: { src: string; volume: number }[] = [];
    // The browser's own play(), taken from its property descriptor (not a bound method).
    const play = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'play')?.value as (
      this: HTMLMediaElement,
    ) => Promise<void>;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      played.push({ src: this.src, volume: this.volume });
      return play.call(this);
    };
    Object.defineProperty(window, 'playedSounds', { value: played });
  });
  return problems;
}

/** What `page` played so far. */
export const playedOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { playedSounds: Played[] }).playedSounds);

/** Ends a broadcast from the sandbox's side, as an encoder dropping for good would. */
export async function endFromSandbox(sandbox: SandboxHandle, broadcastKey: string): Promise<void> {
  const origin = new URL(sandbox.info.live_base_url).origin;
  const stopped = await fetch(`${origin}/__sandbox/broadcasts/${broadcastKey}/stop`, {
    method: 'POST',
  });
  expect(stopped.status).toBe(200);
}

/** How many `sound.cue` events main pushed, heard on an event stream of the test's own. */
export interface CueCount {
  count(): number;
  close(): void;
}

/**
 * Opens an event stream of the browser host at `appUrl` (its launch secret from the address's
 * fragment, as a page takes it) and counts the `sound.cue` events main pushes on it: every page
 * of the desk gets the same ones.
 */
export async function countCues(appUrl: string): Promise<CueCount> {
  const url = new URL(appUrl);
  const secret = /k=([A-Za-z0-9_-]+)/.exec(url.hash)?.[1] ?? '';
  const stop = new AbortController();
  const response = await fetch(new URL('/events', url.origin), {
    headers: { Authorization: `Bearer ${secret}`, 'X-Desk-Client': 'e2e-sound-cue-count' },
    signal: stop.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  if (!reader) throw new Error('the event stream has no body');
  let count = 0;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          if (buffer.slice(0, end).split('\n').includes('event: sound.cue')) count += 1;
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Closed by the test, or the host went away at the end.
    }
  })();
  return { count: () => count, close: () => stop.abort() };
}
