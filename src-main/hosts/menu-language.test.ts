import { afterEach, describe, expect, it } from 'vitest';
import type { Menu, MenuItemConstructorOptions } from 'electron';
import { startTestCore, type TestCore } from '../services/app/test-support';
import { installAppMenu, readLanguage, type MenuApi } from './menu-language';

let running: TestCore | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

/** Electron's Menu statics: keeps the top-level labels of each menu the app sets. */
function fakeMenu() {
  const shown: string[] = [];
  const api: MenuApi = {
    // The built Menu is only handed back to setApplicationMenu: the template stands in.
    buildFromTemplate: (template: MenuItemConstructorOptions[]) => template as unknown as Menu,
    setApplicationMenu: (menu: Menu | null) => {
      const template = menu as unknown as MenuItemConstructorOptions[];
      shown.push(template.map((entry) => entry.label).join(' '));
    },
  };
  return { api, shown };
}

describe('the menu follows the app language', () => {
  it('is set at start, rebuilt in Korean when the operator switches, and back again', async () => {
    running = await startTestCore();
    const menu = fakeMenu();
    const { core, language } = await installAppMenu(menu.api, running.core, {
      platform: 'linux',
      version: '0.1.0',
      devTools: false,
      actions: { openLogFolder: () => undefined, popOut: () => undefined },
    });
    expect(menu.shown).toEqual(['File Edit View Window Help']);

    // The renderer's settings menu sends this command through the transport.
    const page = { clientId: 'wc1' };
    expect((await core.invoke('settings.language', { language: 'ko' }, page)).ok).toBe(true);
    expect(menu.shown.at(-1)).toBe('파일 편집 보기 창 도움말');
    expect(language()).toBe('ko');
    // Re-reading the same language does not rebuild the menu.
    await core.invoke('settings.language', {}, page);
    expect(menu.shown).toHaveLength(2);
    // Following the system again: the test core knows no OS locale, so English.
    await core.invoke('settings.language', { language: null }, page);
    expect(menu.shown.at(-1)).toBe('File Edit View Window Help');
    // A refused input changes nothing.
    expect((await core.invoke('settings.language', { language: 'fr' }, page)).ok).toBe(false);
    expect(menu.shown).toHaveLength(3);
    expect(await readLanguage(core)).toBe('en');
  });
});
