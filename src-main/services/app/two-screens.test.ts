/**
 * Two screens follow one desk (issue 35 §3): a setting changed by one page (the main window's
 * Settings) is pushed to every page of the desk (each pop-out too) with what it now is, and a
 * pop-out's Shift+1 … 9 and its palette (`window.showMainView`) ask the main window's page for
 * a view and bring the main window to the front. Reads push nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventMap, EventName } from '../../shared/bridge';
import type { DeskCore } from './desk-core';
import { startRestartRig, type RestartRig } from './test-support';

let rig: RestartRig;
let core: DeskCore;
let broughtForward: number;
/** What each of two pages (the main window and a pop-out) heard, in order. */
let heard: { main: [EventName, unknown][]; popOut: [EventName, unknown][] };

beforeEach(async () => {
  rig = await startRestartRig('onair-two-screens-');
  broughtForward = 0;
  core = await rig.start({ systemLocale: 'en-US', bringMainForward: () => broughtForward++ });
  heard = { main: [], popOut: [] };
  core.subscribe((event, payload) => heard.main.push([event, payload]));
  core.subscribe((event, payload) => heard.popOut.push([event, payload]));
});
afterEach(async () => {
  await core.dispose();
  await rig.close();
});

const mainPage = { clientId: 'wc1' };

/** What a page heard of `event`. */
function of<E extends EventName>(page: [EventName, unknown][], event: E): EventMap[E][] {
  return page.filter(([name]) => name === event).map(([, payload]) => payload as EventMap[E]);
}

describe('settings.changed', () => {
  it('tells every page the language, theme and text size another page chose', async () => {
    await core.invoke('settings.language', { language: 'ko' }, mainPage);
    await core.invoke('settings.appearance', { theme: 'light' }, mainPage);
    await core.invoke('settings.appearance', { textSize: 150 }, mainPage);
    const expected = [
      { setting: 'language', language: 'ko', systemLanguage: 'en' },
      { setting: 'appearance', appearance: { theme: 'light', textSize: 100 } },
      { setting: 'appearance', appearance: { theme: 'light', textSize: 150 } },
    ];
    expect(of(heard.popOut, 'settings.changed')).toEqual(expected);
    expect(of(heard.main, 'settings.changed')).toEqual(expected);
  });

  it('tells every page a changed shortcut, with every row as the key map takes them', async () => {
    const set = { set: { command: 'broadcast.startRecording', keys: 'Shift+KeyG' } };
    const answer = await core.invoke('settings.changeShortcut', set, mainPage);
    expect(answer.ok).toBe(true);
    const [change] = of(heard.popOut, 'settings.changed');
    const rows = answer.ok ? (answer.data as { rows: unknown[] }).rows : null;
    expect(change).toEqual({ setting: 'shortcuts', rows });
  });

  it('pushes nothing for a read, nor for a refused change', async () => {
    await core.invoke('settings.language', {}, mainPage);
    await core.invoke('settings.appearance', {}, mainPage);
    await core.invoke('settings.shortcuts', {}, mainPage);
    const refused = await core.invoke('settings.appearance', { textSize: 130 }, mainPage);
    expect(refused.ok).toBe(false);
    expect(of(heard.popOut, 'settings.changed')).toEqual([]);
  });
});

describe('window.showMainView', () => {
  it('asks the main window for the view at that place and brings it to the front', async () => {
    const popOutPage = { clientId: 'wc2', via: 'key' as const };
    expect(await core.invoke('window.showMainView', { place: 2 }, popOutPage)).toEqual({
      ok: true,
      data: null,
    });
    expect(of(heard.main, 'window.mainViewAsked')).toEqual([{ place: 2 }]);
    expect(broughtForward).toBe(1);
  });

  it('asks the main window for a view or an object the pop-out’s palette chose', async () => {
    const popOutPage = { clientId: 'wc2', via: 'palette' as const };
    const jump = { view: 'schedule', kind: 'program', key: '7', channelKey: 's1' } as const;
    for (const asked of [{ view: 'library' }, { jump }] as const)
      expect(await core.invoke('window.showMainView', asked, popOutPage)).toEqual({
        ok: true,
        data: null,
      });
    expect(of(heard.main, 'window.mainViewAsked')).toEqual([{ view: 'library' }, { jump }]);
    expect(broughtForward).toBe(2);
  });

  it('refuses a place the top bar cannot have, or a view the app has not, asking nothing', async () => {
    const notAView = await core.invoke('window.showMainView', { view: 'settings' }, mainPage);
    expect(!notAView.ok && notAView.error.code).toBe('invalid-input');
    const refused = await core.invoke('window.showMainView', { place: 11 }, mainPage);
    expect(!refused.ok && refused.error.code).toBe('invalid-input');
    expect(of(heard.main, 'window.mainViewAsked')).toEqual([]);
    expect(broughtForward).toBe(0);
  });
});
