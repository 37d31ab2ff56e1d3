/**
 * The Multiview follows the OS's reduced motion as it changes while the view is open: a
 * broadcast that leaves the air fades out of the grid, or, once the OS asks for reduced
 * motion, is gone at once (and fades again once it no longer asks); the view stops listening
 * to the OS when it is closed.
 *
 * The bridge (`window.desk`) is a fake whose reads never answer: the on-air list comes as
 * main's watch pushes it (`watch.update`). The OS's media query is a fake the test switches;
 * jsdom has no `element.animate`, so a fade here starts and never ends (its tile stays).
 */
import { QueryClient } from '@tanstack/svelte-query';
import { render } from '@testing-library/svelte';
import { tick } from 'svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeskBridge } from '../../src-main/shared/bridge';
import type { Broadcast, WatchUpdate } from '../../src-main/shared/model';

/** The OS's reduced-motion setting and who listens to its changes. */
const os = vi.hoisted(() => ({ reduce: false, listeners: new Set<(event: Event) => void>() }));
/** Main's pushes of watch updates reach these. */
const pushes = vi.hoisted(() => new Set<(update: unknown) => void>());
vi.hoisted(() => {
  const fake: Pick<DeskBridge, 'host'> & Record<string, unknown> = {
    host: 'browser',
    invoke: () => new Promise(() => undefined),
    on: (event: string, listener: (update: unknown) => void) => {
      if (event !== 'watch.update') return () => undefined;
      pushes.add(listener);
      return () => pushes.delete(listener);
    },
    filePaths: () => Promise.resolve({ ok: true, data: [] }),
  };
  const win = globalThis as unknown as { window: { desk?: unknown; matchMedia?: unknown } };
  win.window.desk = fake;
  // Only the reduced-motion query is asked (svelte/motion's `prefersReducedMotion`).
  win.window.matchMedia = (query: string) => ({
    media: query,
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' && os.reduce;
    },
    addEventListener: (_type: string, listener: (event: Event) => void) =>
      os.listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: Event) => void) =>
      os.listeners.delete(listener),
  });
  // A fade that starts and never finishes: what is fading stays on the page.
  (
    globalThis as unknown as { Element: { prototype: Record<string, unknown> } }
  ).Element.prototype.animate = () => ({
    cancel: () => undefined,
    finished: new Promise(() => undefined),
    currentTime: 0,
  });
});

const { default: MultiviewTestHost } = await import('./MultiviewTestHost.svelte');

function broadcast(key: string, title: string): Broadcast {
  return {
    key,
    channelKey: `ch-${key}`,
    title,
    onAir: true,
    paused: false,
    useTimeshift: false,
    startedAt: '2026-11-25T11:00:00Z',
    pausedAt: null,
    endedAt: null,
    cuePointAt: null,
    recording: false,
    recordingStartedAt: null,
  };
}

let fetchedAt = Date.parse('2026-11-25T12:00:00Z');
/** Main pushes the on-air list. */
async function onAirNow(...broadcasts: Broadcast[]) {
  fetchedAt += 1000;
  const update: WatchUpdate = {
    kind: 'onair',
    fetchedAt,
    data: { broadcasts, total: broadcasts.length },
  };
  for (const push of [...pushes]) push(update);
  await tick();
}
/** The OS's setting changes, telling whoever listens. */
async function osReducesMotion(reduce: boolean) {
  os.reduce = reduce;
  for (const listener of [...os.listeners]) listener(new Event('change'));
  await tick();
}
/** The tile of broadcast `key`, null once it has left the page. */
const tileOf = (key: string) => document.querySelector(`[data-broadcast="${key}"]`);

beforeEach(() => {
  os.reduce = false;
});

describe('the Multiview and reduced motion', () => {
  it('follows the OS turning reduced motion on and off while open, and stops listening when closed', async () => {
    const { unmount } = render(MultiviewTestHost, { client: new QueryClient() });
    await onAirNow(broadcast('a', 'Keynote'), broadcast('b', 'Panel'), broadcast('c', 'Q&A'));
    expect(tileOf('a')).not.toBeNull();

    // Reduced motion turned on after the view opened: a broadcast leaving goes at once.
    await osReducesMotion(true);
    await onAirNow(broadcast('b', 'Panel'), broadcast('c', 'Q&A'));
    expect(tileOf('a')).toBeNull();

    // Turned off again: the next one fades (still on the page while it does).
    await osReducesMotion(false);
    await onAirNow(broadcast('c', 'Q&A'));
    expect(tileOf('b')).not.toBeNull();

    expect(os.listeners.size).toBeGreaterThan(0);
    unmount();
    await tick();
    expect(os.listeners.size).toBe(0);
  });
});
