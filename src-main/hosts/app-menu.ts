/**
 * The desktop app's application menu as a template (Electron's `MenuItemConstructorOptions`),
 * built from the `en` and `ko` catalogues so it speaks the app's language. Pure: index.ts
 * turns it into a Menu; the tests read it without Electron.
 *
 * - Edit, View, Window and Help holding Electron's standard item roles (Edit is what makes
 *   copy and paste work in text fields on macOS), and on macOS the app menu. Window also pops
 *   out the Multiview and the control room (issue 35 §3), as the palette does. Top-level menus
 *   take only macOS's `window` and `help` roles: a `*Menu` role would bring its own items.
 * - No Reload and no developer tools unless {@link devToolsAllowed} (a development run, or a
 *   packaged one started with the development flag).
 * - Every item with a key names its accelerator here (a role's own default is never relied
 *   on), and none takes a key the app keeps for its own shortcuts
 *   ({@link clashesWithAppShortcuts}).
 */
import type { MenuItemConstructorOptions } from 'electron';
import { commandTextKeys } from '../shared/command-texts';
import { createI18n, type Language } from '../shared/i18n';
import type { en } from '../shared/i18n/en';
import type { MessageKey } from '../shared/i18n/message';
import { popOutKinds, type PopOutKind } from '../shared/pop-out-model';

/** A menu label's key under `desktop.menu` in the catalogues. */
type MenuLabel = Exclude<keyof (typeof en)['desktop']['menu'], 'version'>;

/** What the menu's own items do; index.ts gives the real ones. */
export interface MenuActions {
  /**
   * Window → Pop out Multiview / Pop out control room (issue 35 §3): asks the main window's page
   * to run the same `window.popOut*` command as its pop-out button and the palette, the control
   * room on the channel that page has in focus (`window.popOutAsked`).
   */
  popOut: (kind: PopOutKind) => void;
  /** Opens the folder holding the log (`<data folder>/logs`) in the file manager. */
  openLogFolder: () => void;
  /**
   * Asks where to save the diagnostics archive and writes it;
   * absent until that archive exists, and the item is then shown disabled.
   */
  saveDiagnostics?: () => void;
  /**
   * Help → Check for updates… (hosts/updates.ts); the item is there only while updates are
   * on: a server configured and a mode other than `none` ({@link MenuOptions.updatesEnabled}).
   */
  checkForUpdates?: () => void;
}

export interface MenuOptions {
  language: Language;
  /** `process.platform`: macOS gets the app menu and its own accelerators. */
  platform: NodeJS.Platform;
  /** The app's version, shown in Help (`app.getVersion()`). */
  version: string;
  /** Whether Reload and the developer tools are offered ({@link devToolsAllowed}). */
  devTools: boolean;
  actions: MenuActions;
  /** Whether updates are on now; read each time the menu is built (absent: off). */
  updatesEnabled?: () => boolean;
}

/**
 * Whether the developer tools (and Reload) are allowed: always in a development run; in a
 * packaged build only when started with `--devtools` or `ONAIR_DEVTOOLS=1`.
 */
export function devToolsAllowed(run: {
  isPackaged: boolean;
  env: Record<string, string | undefined>;
  argv: readonly string[];
}): boolean {
  return !run.isPackaged || run.env.ONAIR_DEVTOOLS === '1' || run.argv.includes('--devtools');
}

/** The application menu's template in `options.language`. */
export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const t = createI18n(options.language).t;
  const mac = options.platform === 'darwin';
  const label = (key: MenuLabel) => t(`desktop.menu.${key}`);
  const item = (
    role: NonNullable<MenuItemConstructorOptions['role']>,
    key: MenuLabel,
    accelerator?: string,
  ): MenuItemConstructorOptions => ({
    role,
    label: label(key),
    ...(accelerator ? { accelerator } : {}),
  });
  const separator: MenuItemConstructorOptions = { type: 'separator' };

  const appMenu: MenuItemConstructorOptions = {
    label: 'OnAir Desk',
    submenu: [
      item('about', 'about'),
      separator,
      item('services', 'services'),
      separator,
      item('hide', 'hide', 'Command+H'),
      item('hideOthers', 'hideOthers', 'Command+Alt+H'),
      item('unhide', 'unhide'),
      separator,
      item('quit', 'quit', 'Command+Q'),
    ],
  };
  const fileMenu: MenuItemConstructorOptions = {
    label: label('file'),
    submenu: [item('quit', 'quit', 'Ctrl+Q')],
  };
  const editMenu: MenuItemConstructorOptions = {
    label: label('edit'),
    submenu: [
      item('undo', 'undo', 'CmdOrCtrl+Z'),
      item('redo', 'redo', 'Shift+CmdOrCtrl+Z'),
      separator,
      item('cut', 'cut', 'CmdOrCtrl+X'),
      item('copy', 'copy', 'CmdOrCtrl+C'),
      item('paste', 'paste', 'CmdOrCtrl+V'),
      ...(mac ? [item('pasteAndMatchStyle', 'pasteAndMatchStyle', 'Shift+Alt+Command+V')] : []),
      item('delete', 'delete'),
      item('selectAll', 'selectAll', 'CmdOrCtrl+A'),
    ],
  };
  const viewMenu: MenuItemConstructorOptions = {
    label: label('view'),
    submenu: [
      ...(options.devTools
        ? [
            item('reload', 'reload', 'CmdOrCtrl+R'),
            item('forceReload', 'forceReload', 'Shift+CmdOrCtrl+R'),
            item('toggleDevTools', 'toggleDevTools', mac ? 'Alt+Command+I' : 'Ctrl+Shift+I'),
            separator,
          ]
        : []),
      item('resetZoom', 'resetZoom', 'CmdOrCtrl+0'),
      item('zoomIn', 'zoomIn', 'CmdOrCtrl+Plus'),
      item('zoomOut', 'zoomOut', 'CmdOrCtrl+-'),
      separator,
      item('togglefullscreen', 'toggleFullScreen', mac ? 'Ctrl+Command+F' : 'F11'),
    ],
  };
  // Named as the palette names the commands they run (the commands' catalogue titles).
  const popOutItem = (kind: PopOutKind): MenuItemConstructorOptions => ({
    label: t(
      commandTextKeys(kind === 'multiview' ? 'window.popOutMultiview' : 'window.popOutControlRoom')
        .title as MessageKey,
    ),
    click: () => options.actions.popOut(kind),
  });
  const windowMenu: MenuItemConstructorOptions = {
    role: 'window',
    label: label('window'),
    submenu: [
      item('minimize', 'minimize', 'CmdOrCtrl+M'),
      ...(mac ? [item('zoom', 'zoom')] : []),
      item('close', 'close', 'CmdOrCtrl+W'),
      separator,
      ...popOutKinds.map(popOutItem),
      ...(mac ? [separator, item('front', 'front')] : []),
    ],
  };
  const helpMenu: MenuItemConstructorOptions = {
    role: 'help',
    label: label('help'),
    submenu: [
      ...(mac ? [] : [item('about', 'about')]),
      { label: t('desktop.menu.version', { version: options.version }), enabled: false },
      separator,
      { label: label('openLogFolder'), click: () => options.actions.openLogFolder() },
      {
        label: label('saveDiagnostics'),
        enabled: options.actions.saveDiagnostics !== undefined,
        click: () => options.actions.saveDiagnostics?.(),
      },
      ...(options.actions.checkForUpdates && options.updatesEnabled?.()
        ? [
            separator,
            {
              label: label('checkForUpdates'),
              click: () => options.actions.checkForUpdates?.(),
            },
          ]
        : []),
    ],
  };
  return [...(mac ? [appMenu] : [fileMenu]), editMenu, viewMenu, windowMenu, helpMenu];
}

const commandModifiers = new Set([
  'cmdorctrl',
  'commandorcontrol',
  'cmd',
  'command',
  'ctrl',
  'control',
]);
const otherModifiers = new Set(['alt', 'option', 'altgr', 'super', 'meta']);

/**
 * Whether an Electron accelerator takes a key the app keeps for its own shortcuts
 * (docs/dev/architecture.md, "Commands, and every way in"): Ctrl/Cmd+K (the command palette), and any
 * single letter, digit 1–9 or `?` pressed without Ctrl, Cmd, Alt or Super (Shift alone still
 * counts as the bare key: `?` is Shift+/). A menu accelerator fires before the page sees the key.
 */
export function clashesWithAppShortcuts(accelerator: string): boolean {
  const parts = accelerator.split('+').map((part) => part.trim().toLowerCase());
  const key = parts.at(-1) ?? '';
  const modifiers = parts.slice(0, -1);
  const command = modifiers.filter((m) => commandModifiers.has(m));
  const others = modifiers.filter((m) => otherModifiers.has(m));
  if (command.length === 0 && others.length === 0)
    return /^[a-z1-9?/]$/.test(key) || key === 'question';
  return key === 'k' && others.length === 0 && !modifiers.includes('shift');
}

/** Every accelerator in a template, depth first. */
export function menuAccelerators(template: readonly MenuItemConstructorOptions[]): string[] {
  return template.flatMap((entry) => [
    ...(typeof entry.accelerator === 'string' ? [entry.accelerator] : []),
    ...(Array.isArray(entry.submenu) ? menuAccelerators(entry.submenu) : []),
  ]);
}
