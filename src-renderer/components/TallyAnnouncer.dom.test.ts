/**
 * Screen readers hear a watched broadcast's tally change once (issue 35 §1): on air, off
 * air, manual recording started or stopped, through one polite live region; main's next
 * poll with the same state says nothing. The bridge is a typed fake of `window.desk` that
 * lets the test push `watch.update` as main does on every poll.
 */
import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tick } from 'svelte';
import type { DeskBridge } from '../../src-main/shared/bridge';
import type { Broadcast, WatchUpdate } from '../../src-main/shared/model';
import { applyLanguageChoice } from '../i18n/i18n.svelte';

const listeners = vi.hoisted(() => {
  const set = new Set<(payload: unknown) => void>();
  const fake: Pick<DeskBridge, 'host'> & Record<string, unknown> = {
    host: 'browser',
    invoke: () => Promise.resolve({ ok: true, data: null }),
    on: (event: string, listener: (payload: unknown) => void) => {
      if (event !== 'watch.update') return () => undefined;
      set.add(listener);
      return () => set.delete(listener);
    },
    filePaths: () => Promise.resolve({ ok: true, data: [] }),
  };
  (globalThis as unknown as { window: { desk?: unknown } }).window.desk = fake;
  return set;
});

const { default: TallyAnnouncer } = await import('./TallyAnnouncer.svelte');

/** Whether this window has the operator's focus (each window's announcer asks its document). */
let windowFocused = true;
document.hasFocus = () => windowFocused;

function broadcast(key: string, title: string, onAir: boolean, recording = false): Broadcast {
  return {
    key,
    channelKey: `channel-${key}`,
    title,
    onAir,
    paused: false,
    useTimeshift: true,
    startedAt: '2026-11-25T11:00:00Z',
    pausedAt: null,
    endedAt: onAir ? null : '2026-11-25T12:00:00Z',
    cuePointAt: null,
    recording,
    recordingStartedAt: recording ? '2026-11-25T11:30:00Z' : null,
  };
}

let fetchedAt = Date.parse('2026-11-25T12:00:00Z');
/** Main's push of one poll, as the watch planner sends it. */
async function poll(update: WatchUpdate): Promise<void> {
  for (const listener of [...listeners]) listener(update);
  await tick();
}
const focused = (data: Broadcast): WatchUpdate => ({
  kind: 'broadcast',
  broadcastKey: data.key,
  fetchedAt: (fetchedAt += 2_000),
  data,
});
const onAirList = (...broadcasts: Broadcast[]): WatchUpdate => ({
  kind: 'onair',
  fetchedAt: (fetchedAt += 10_000),
  data: { broadcasts, total: broadcasts.length },
});

/**
 * Mounts the announcer and records what a screen reader would hear: the region's text each
 * time it is written (a rewrite of the same text is heard again, so it counts again).
 */
function mount(): { region: HTMLElement; heard: string[] } {
  render(TallyAnnouncer);
  const region = screen.getByTestId('tally-announcement');
  expect(region.getAttribute('aria-live')).toBe('polite');
  const heard: string[] = [];
  new MutationObserver(() => {
    const text = region.textContent?.trim() ?? '';
    if (text) heard.push(text);
  }).observe(region, { childList: true, characterData: true, subtree: true });
  return { region, heard };
}

afterEach(() => {
  applyLanguageChoice('en');
  windowFocused = true;
});

describe('TallyAnnouncer', () => {
  it('is one polite live region, silent when the first poll only shows the state', async () => {
    const { region, heard } = mount();
    expect(region.getAttribute('aria-live')).toBe('polite');
    await poll(focused(broadcast('b1', 'Main stage', true, true)));
    await poll(onAirList(broadcast('b2', 'Studio B', true)));
    expect(heard).toEqual([]);
    expect(region.textContent?.trim()).toBe('');
  });

  it('says each change of the focused broadcast once, and nothing on unchanged polls', async () => {
    const { heard } = mount();
    await poll(focused(broadcast('b1', 'Main stage', true)));
    await poll(focused(broadcast('b1', 'Main stage', true, true)));
    await poll(focused(broadcast('b1', 'Main stage', true, true)));
    await poll(focused(broadcast('b1', 'Main stage', true, true)));
    expect(heard).toEqual(['Manual recording of “Main stage” started.']);
    await poll(focused(broadcast('b1', 'Main stage', true)));
    await poll(focused(broadcast('b1', 'Main stage', true)));
    await poll(focused(broadcast('b1', 'Main stage', false)));
    await poll(focused(broadcast('b1', 'Main stage', false)));
    expect(heard).toEqual([
      'Manual recording of “Main stage” started.',
      'Manual recording of “Main stage” stopped.',
      '“Main stage” is off air.',
    ]);
  });

  it('says a Multiview broadcast going on and off air once, whichever watch saw it first', async () => {
    const { heard } = mount();
    const b1 = broadcast('b1', 'Main stage', true);
    await poll(onAirList(b1));
    await poll(focused(b1));
    expect(heard).toEqual([]);
    // A stream that starts is a new broadcast: one the complete list gains went on air.
    await poll(onAirList(b1, broadcast('b2', 'Studio B', true)));
    expect(heard).toEqual(['“Studio B” is on air.']);
    await poll(onAirList(b1, broadcast('b2', 'Studio B', true)));
    // One that leaves the list went off air.
    await poll(onAirList(broadcast('b2', 'Studio B', true)));
    await poll(focused(broadcast('b1', 'Main stage', false)));
    await poll(onAirList(broadcast('b2', 'Studio B', true)));
    expect(heard).toEqual(['“Studio B” is on air.', '“Main stage” is off air.']);
    await poll(focused(broadcast('b1', 'Main stage', true)));
    await poll(onAirList(broadcast('b2', 'Studio B', true), broadcast('b1', 'Main stage', true)));
    expect(heard).toEqual([
      '“Studio B” is on air.',
      '“Main stage” is off air.',
      '“Main stage” is on air.',
    ]);
  });

  it('says the focused channel’s new broadcast on air when it has just started, not one on air for long', async () => {
    const { heard } = mount();
    const at = fetchedAt + 2_000;
    const fresh = {
      ...broadcast('b9', 'Late show', true),
      startedAt: new Date(at - 15_000).toISOString(),
    };
    await poll(focused(fresh));
    await poll(focused(fresh));
    expect(heard).toEqual(['“Late show” is on air.']);
    // Opening a channel on air for an hour is not news.
    await poll(focused(broadcast('b10', 'Long run', true)));
    expect(heard).toEqual(['“Late show” is on air.']);
  });

  it('says nothing of what changed while the view was closed, and nothing of an overtaken answer', async () => {
    const { heard } = mount();
    const b1 = broadcast('b1', 'Main stage', true, true);
    await poll(onAirList(b1, broadcast('b2', 'Studio B', true)));
    await poll(focused(b1));
    // The Multiview and the control room closed for an hour; opened again.
    fetchedAt += 3_600_000;
    await poll(onAirList(broadcast('b3', 'Studio C', true)));
    await poll(focused(broadcast('b1', 'Main stage', false)));
    expect(heard).toEqual([]);
    // An answer read before the last one seen of that broadcast arrives late: it changes nothing.
    const late: WatchUpdate = {
      kind: 'broadcast',
      broadcastKey: 'b3',
      fetchedAt: fetchedAt - 5_000,
      data: broadcast('b3', 'Studio C', false),
    };
    await poll(late);
    await poll(onAirList(broadcast('b3', 'Studio C', true)));
    expect(heard).toEqual([]);
  });

  it('follows changes in a window without focus, saying only those made while it has it', async () => {
    const { heard } = mount();
    await poll(focused(broadcast('b1', 'Main stage', true)));
    // The operator works in the other window (a pop-out on the second screen): that one says it.
    windowFocused = false;
    await poll(focused(broadcast('b1', 'Main stage', true, true)));
    expect(heard).toEqual([]);
    windowFocused = true;
    await poll(focused(broadcast('b1', 'Main stage', true, true)));
    expect(heard).toEqual([]);
    await poll(focused(broadcast('b1', 'Main stage', false, false)));
    expect(heard).toEqual(['“Main stage” is off air. Manual recording of “Main stage” stopped.']);
  });

  it('says nothing about a broadcast beyond a list the platform cut short', async () => {
    const { heard } = mount();
    await poll(onAirList(broadcast('b1', 'Main stage', true), broadcast('b2', 'Studio B', true)));
    const cut: WatchUpdate = {
      kind: 'onair',
      fetchedAt: (fetchedAt += 10_000),
      data: { broadcasts: [broadcast('b2', 'Studio B', true)], total: 2 },
    };
    await poll(cut);
    expect(heard).toEqual([]);
  });

  it('speaks the operator’s language', async () => {
    applyLanguageChoice('ko');
    const { heard } = mount();
    await poll(focused(broadcast('b1', '메인 무대', true)));
    await poll(focused(broadcast('b1', '메인 무대', true, true)));
    expect(heard).toEqual(['“메인 무대” 수동 녹화를 시작했습니다.']);
  });
});
