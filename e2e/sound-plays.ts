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
