import { describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { holderOf } from '../shared/shortcuts-model';
import {
  buildMenuTemplate,
  clashesWithAppShortcuts,
  devToolsAllowed,
  menuAccelerators,
  type MenuOptions,
} from './app-menu';

function options(overrides: Partial<MenuOptions> = {}) {
  const calls: string[] = [];
  const built: MenuOptions = {
    language: 'en',
    platform: 'linux',
    version: '1.4.2',
    devTools: false,
    actions: {
      openLogFolder: () => calls.push('log folder'),
      saveDiagnostics: () => calls.push('diagnostics'),
      popOut: (kind) => calls.push(`pop out ${kind}`),
    },
    ...overrides,
  };
  return { built, calls };
}

/** The top-level labels, and every item as "Menu > Item" (roles where an item has one). */
function outline(template: MenuItemConstructorOptions[]): string[] {
  return template.flatMap((menu) =>
    (Array.isArray(menu.submenu) ? menu.submenu : [])
      .filter((entry) => entry.type !== 'separator')
      .map(
        (entry) =>
          `${menu.label ?? ''} > ${entry.label ?? ''}${entry.role ? ` (${entry.role})` : ''}`,
      ),
  );
}

function find(template: MenuItemConstructorOptions[], label: string) {
  for (const menu of template)
    for (const entry of Array.isArray(menu.submenu) ? menu.submenu : [])
      if (entry.label === label) return entry;
  throw new Error(`no menu item "${label}"`);
}

describe('application menu', () => {
  it('has Edit, View, Window and Help with the standard roles, in English', () => {
    const items = outline(buildMenuTemplate(options().built));
    expect(items).toEqual([
      'File > Quit OnAir Desk (quit)',
      'Edit > Undo (undo)',
      'Edit > Redo (redo)',
      'Edit > Cut (cut)',
      'Edit > Copy (copy)',
      'Edit > Paste (paste)',
      'Edit > Delete (delete)',
      'Edit > Select all (selectAll)',
      'View > Actual size (resetZoom)',
      'View > Zoom in (zoomIn)',
      'View > Zoom out (zoomOut)',
      'View > Toggle full screen (togglefullscreen)',
      'Window > Minimize (minimize)',
      'Window > Close window (close)',
      'Window > Pop out Multiview',
      'Window > Pop out control room',
      'Help > About OnAir Desk (about)',
      'Help > Version 1.4.2',
      'Help > Open log folder',
      'Help > Save diagnostics…',
    ]);
  });

  it('speaks Korean when the app does', () => {
    const template = buildMenuTemplate(options({ language: 'ko' }).built);
    expect(template.map((menu) => menu.label)).toEqual(['파일', '편집', '보기', '창', '도움말']);
    expect(outline(template)).toContain('편집 > 붙여넣기 (paste)');
    expect(outline(template)).toContain('도움말 > 버전 1.4.2');
    expect(outline(template)).toContain('도움말 > 로그 폴더 열기');
    expect(outline(template)).toContain('도움말 > 진단 정보 저장…');
  });

  it('pops out the Multiview and the control room from Window, named as the palette names them', () => {
    const { built, calls } = options();
    const template = buildMenuTemplate(built);
    for (const label of ['Pop out Multiview', 'Pop out control room'])
      (find(template, label).click as () => void)();
    expect(calls).toEqual(['pop out multiview', 'pop out control-room']);
    // In Korean, with the palette's Korean titles; no key of the app's is taken.
    const ko = buildMenuTemplate({ ...built, language: 'ko' });
    expect(outline(ko)).toContain('창 > 멀티뷰를 새 창으로 열기');
    expect(outline(ko)).toContain('창 > 컨트롤 룸을 새 창으로 열기');
    (find(ko, '컨트롤 룸을 새 창으로 열기').click as () => void)();
    expect(calls.at(-1)).toBe('pop out control-room');
    expect(find(ko, '멀티뷰를 새 창으로 열기').accelerator).toBeUndefined();
  });

  it('offers the app menu on macOS, with About there', () => {
    const template = buildMenuTemplate(options({ platform: 'darwin' }).built);
    expect(template.map((menu) => menu.label)).toEqual([
      'OnAir Desk',
      'Edit',
      'View',
      'Window',
      'Help',
    ]);
    expect(outline(template)).toContain('OnAir Desk > About OnAir Desk (about)');
    expect(outline(template)).toContain('Edit > Paste and match style (pasteAndMatchStyle)');
    expect(outline(template)).not.toContain('Help > About OnAir Desk (about)');
  });

  it('runs the Help actions it was given', () => {
    const { built, calls } = options();
    const template = buildMenuTemplate(built);
    for (const label of ['Open log folder', 'Save diagnostics…']) {
      const click = find(template, label).click;
      if (!click) throw new Error(`${label} does nothing`);
      // Electron passes the item, the window and the event; the actions need none of them.
      (click as () => void)();
    }
    expect(calls).toEqual(['log folder', 'diagnostics']);
    expect(find(template, 'Save diagnostics…').enabled).toBe(true);
    // Until the archive can be written, the item is there but cannot be chosen.
    const none = buildMenuTemplate({
      ...built,
      actions: { openLogFolder: built.actions.openLogFolder, popOut: built.actions.popOut },
    });
    expect(find(none, 'Save diagnostics…').enabled).toBe(false);
  });

  it('offers Check for updates… in Help only while updates are on, in English and Korean', () => {
    const { built, calls } = options();
    let on = false;
    const withUpdates: MenuOptions = {
      ...built,
      updatesEnabled: () => on,
      actions: { ...built.actions, checkForUpdates: () => calls.push('updates') },
    };
    expect(outline(buildMenuTemplate(withUpdates))).not.toContain('Help > Check for updates…');
    on = true;
    const template = buildMenuTemplate(withUpdates);
    expect(outline(template).at(-1)).toBe('Help > Check for updates…');
    (find(template, 'Check for updates…').click as () => void)();
    expect(calls).toEqual(['updates']);
    const ko = buildMenuTemplate({ ...withUpdates, language: 'ko' });
    expect(outline(ko).at(-1)).toBe('도움말 > 업데이트 확인…');
    expect(outline(buildMenuTemplate(built))).not.toContain('Help > Check for updates…');
  });

  it('has no Reload and no developer tools unless they are allowed', () => {
    const roles = (devTools: boolean) =>
      outline(buildMenuTemplate(options({ devTools }).built)).filter((item) =>
        /\((reload|forceReload|toggleDevTools)\)$/.test(item),
      );
    expect(roles(false)).toEqual([]);
    expect(roles(true)).toEqual([
      'View > Reload (reload)',
      'View > Force reload (forceReload)',
      'View > Toggle developer tools (toggleDevTools)',
    ]);
  });

  it('allows the developer tools in development, or in a packaged build with the flag', () => {
    const packaged = { isPackaged: true, env: {}, argv: ['/opt/OnAir Desk/onair-desk'] };
    expect(devToolsAllowed(packaged)).toBe(false);
    expect(devToolsAllowed({ ...packaged, env: { ONAIR_DEVTOOLS: '0' } })).toBe(false);
    expect(devToolsAllowed({ ...packaged, env: { ONAIR_DEVTOOLS: '1' } })).toBe(true);
    expect(devToolsAllowed({ ...packaged, argv: [...packaged.argv, '--devtools'] })).toBe(true);
    expect(devToolsAllowed({ ...packaged, isPackaged: false })).toBe(true);
  });

  it('takes no key the app keeps for its shortcuts, on any platform, in any language', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const)
      for (const language of ['en', 'ko'] as const)
        for (const devTools of [false, true]) {
          const accelerators = menuAccelerators(
            buildMenuTemplate(options({ platform, language, devTools }).built),
          );
          expect(accelerators.length).toBeGreaterThan(8);
          expect(accelerators.filter(clashesWithAppShortcuts)).toEqual([]);
          // Every standard item names its key here; no two items share one.
          expect(new Set(accelerators).size).toBe(accelerators.length);
        }
  });

  it('reserves every menu key, on every platform, so no command is bound to a key it never hears', () => {
    /** An Electron accelerator as a shortcut (shared/shortcuts-model.ts): `Mod` ⌘ or Ctrl. */
    const asShortcut = (accelerator: string, mac: boolean): string => {
      const parts = accelerator.split('+');
      const key = parts.pop() ?? '';
      const held = parts.map((part) => {
        if (part === 'CmdOrCtrl' || part === 'Command' || part === 'Cmd') return 'Mod';
        if (part === 'Ctrl') return mac ? 'Ctrl' : 'Mod';
        return part;
      });
      const named: Record<string, string> = { Plus: 'Equal', '=': 'Equal', '-': 'Minus' };
      const code =
        named[key] ?? (/^[A-Z]$/.test(key) ? `Key${key}` : /^\d$/.test(key) ? `Digit${key}` : key);
      return [...held, code].join('+');
    };
    for (const platform of ['linux', 'win32', 'darwin'] as const)
      for (const devTools of [false, true]) {
        const accelerators = menuAccelerators(
          buildMenuTemplate(options({ platform, language: 'en', devTools }).built),
        );
        const free = accelerators.filter(
          (accelerator) =>
            holderOf({}, 'none', asShortcut(accelerator, platform === 'darwin'))?.kind !== 'app',
        );
        expect(free, platform).toEqual([]);
      }
  });

  it('knows which keys are the app shortcuts', () => {
    for (const taken of ['CmdOrCtrl+K', 'Ctrl+K', 'Command+k', 'K', 'Shift+K', '5', '?', 'Shift+/'])
      expect(clashesWithAppShortcuts(taken), taken).toBe(true);
    for (const free of [
      'CmdOrCtrl+C',
      'Ctrl+Shift+K',
      'Alt+K',
      'CmdOrCtrl+0',
      'F11',
      '0',
      'CmdOrCtrl+Plus',
    ])
      expect(clashesWithAppShortcuts(free), free).toBe(false);
  });
});
