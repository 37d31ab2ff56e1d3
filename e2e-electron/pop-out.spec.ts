/**
 * Pop-out windows in the desktop app (issue 35 §3, "Two screens"), in the Electron runtime: what
 * pop-out-windows.test.ts checks against typed fakes, here against real BrowserWindows, the OS
 * screen and `<data folder>/windows.json`.
 *
 * - The Multiview's pop-out button opens a second BrowserWindow on the `?popout=multiview` page,
 *   hardened as the main window (no Node, the same bridge keys, `window.open` refused after the
 *   link policy's question), showing the seed's on-air tiles; its palette and its Shift+1 work.
 * - Moved and resized through main, closed, reopened from the palette: it comes back at those
 *   bounds, which windows.json keeps with the display they are on.
 * - The control room's pop-out button opens the channel in focus in a third window.
 * - Closing the main window with pop-outs open asks first (main's `dialog.showMessageBox`,
 *   stubbed here): "Keep open" keeps every window, "Close all" quits, and the quit writes the
 *   pop-outs' last places.
 * - After a restart, the Window menu's "Pop out Multiview" opens it where it was put.
 *
 * Every question main asks goes to the stub (answered "Cancel"/"Keep open" unless a test says
 * otherwise), so no native dialog is left open. The tests build on each other, in order.
 */
import {
  _electron as electron,
  expect,
  test,
  type ElectronApplication,
  type Page,
} from '@playwright/test';
import type {
  BaseWindow,
  BrowserWindow,
  MessageBoxOptions,
  MessageBoxReturnValue,
  Rectangle,
} from 'electron';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultPopOutSize, type WindowsFile } from '../src-main/hosts/pop-out-windows';
import { channelPlans } from '../src-main/sandbox/seed/seed-channels';
import { en } from '../src-main/shared/i18n/en';
import { hardenedPage, pageHardening } from './hardening';
import type { PopOutKind } from '../src-main/shared/pop-out-model';

test.describe.configure({ mode: 'serial' });

/** A window of the app: the main one, or a pop-out by its kind. */
type WindowName = PopOutKind | 'main';

/** A question main asked through `dialog.showMessageBox`, as the stub recorded it. */
interface Question {
  /** The window it was attached to; null: none, or not one of the app's pages. */
  from: WindowName | null;
  title: string | undefined;
  message: string;
  detail: string | undefined;
  buttons: string[] | undefined;
}

/** A window as the spec uses it in main (Electron's BrowserWindow). */
type SpecWindow = Pick<
  BrowserWindow,
  'isDestroyed' | 'webContents' | 'getBounds' | 'setBounds' | 'close'
>;

/** A menu item as the spec finds and clicks it (Electron's MenuItem). */
interface MenuEntry {
  label: string;
  click: unknown;
  submenu?: { items: MenuEntry[] };
}

/** What the spec keeps in main's global scope ({@link launch} installs it). */
interface SpecHooks {
  /** The open window showing `name`'s page, found by its URL's `popout` query. */
  windowOf: (name: WindowName) => SpecWindow | undefined;
  /** The name of every open window. */
  names: () => (WindowName | null)[];
  /** Every question asked so far, oldest first. */
  questions: Question[];
  /** The button the stub answers the next question with. */
  answer: number;
}
type HookedGlobal = typeof globalThis & { onairSpec: SpecHooks };

/** The seed's channels on air (src-main/sandbox/seed/seed-channels.ts): one tile each. */
const onAir = channelPlans.filter((plan) => plan.onAir !== undefined);
/** A channel on air that is not the first of the list, so its focus is the operator's. */
const focused = channelPlans.find((plan) => plan.title === 'Newsroom 24/7');

let app: ElectronApplication;
let dataDir: string;
/** Where the Multiview window was put (the second test), in screen pixels. */
let put: Rectangle | undefined;

/**
 * Starts the built app on `dataDir` and replaces main's `dialog.showMessageBox` with a stub that
 * records each question and answers `onairSpec.answer` (0 at first: Cancel, Keep open).
 */
async function launch(): Promise<ElectronApplication> {
  const launched = await electron.launch({
    args: ['out/main/index.js', `--data-dir=${dataDir}`, '--no-sandbox'],
    env: { ...process.env, LANG: 'en_US.UTF-8' },
  });
  await launched.evaluate(({ BrowserWindow: Windows, dialog }) => {
    const nameOf = (shown: SpecWindow): WindowName | null => {
      if (shown.isDestroyed() || shown.webContents.isDestroyed()) return null;
      const url = shown.webContents.getURL();
      if (!URL.canParse(url)) return null;
      const kind = new URL(url).searchParams.get('popout');
      if (kind === null) return 'main';
      return kind === 'multiview' || kind === 'control-room' ? kind : null;
    };
    const hooks: SpecHooks = {
      windowOf: (name) => Windows.getAllWindows().find((shown) => nameOf(shown) === name),
      names: () => Windows.getAllWindows().map(nameOf),
      questions: [],
      answer: 0,
    };
    (globalThis as HookedGlobal).onairSpec = hooks;
    const stub = (
      first: BaseWindow | MessageBoxOptions,
      second?: MessageBoxOptions,
    ): Promise<MessageBoxReturnValue> => {
      const options = second ?? (first as MessageBoxOptions);
      hooks.questions.push({
        from: second !== undefined && first instanceof Windows ? nameOf(first) : null,
        title: options.title,
        message: options.message,
        detail: options.detail,
        buttons: options.buttons,
      });
      return Promise.resolve({ response: hooks.answer, checkboxChecked: false });
    };
    dialog.showMessageBox = stub;
  });
  return launched;
}

test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'onair-electron-pop-out-'));
  app = await launch();
});
test.afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The bounds of `name`'s window, read in main; null when it is not open. */
function boundsOf(name: WindowName): Promise<Rectangle | null> {
  return app.evaluate(
    (_electron, wanted) =>
      (globalThis as HookedGlobal).onairSpec.windowOf(wanted)?.getBounds() ?? null,
    name,
  );
}

/** The names of the open windows, sorted. */
async function openWindows(): Promise<(WindowName | null)[]> {
  const names = await app.evaluate(() => (globalThis as HookedGlobal).onairSpec.names());
  return names.sort();
}

/** Closes `name`'s window as its close button does (`BrowserWindow.close()`: its `close` event). */
async function closeWindow(name: WindowName): Promise<void> {
  await app.evaluate((_electron, wanted) => {
    const shown = (globalThis as HookedGlobal).onairSpec.windowOf(wanted);
    if (!shown) throw new Error(`no ${wanted} window is open`);
    shown.close();
  }, name);
}

/** The questions main asked so far. */
function questions(): Promise<Question[]> {
  return app.evaluate(() => (globalThis as HookedGlobal).onairSpec.questions);
}

/** windows.json as main last wrote it (hosts/pop-out-windows.ts), or null while there is none. */
async function windowsFile(): Promise<WindowsFile | null> {
  try {
    return JSON.parse(await readFile(join(dataDir, 'windows.json'), 'utf8')) as WindowsFile;
  } catch {
    return null;
  }
}

/** Clicks the app menu's item labelled `label` (any submenu), as the operator does. */
async function clickMenuItem(label: string): Promise<void> {
  await app.evaluate(({ Menu }, wanted) => {
    const find = (items: MenuEntry[]): MenuEntry | undefined => {
      for (const item of items) {
        if (item.label === wanted) return item;
        const inside = item.submenu ? find(item.submenu.items) : undefined;
        if (inside) return inside;
      }
      return undefined;
    };
    const item = find(Menu.getApplicationMenu()?.items ?? []);
    if (!item) throw new Error(`no menu item "${wanted}"`);
    (item.click as () => void)();
  }, label);
}

/** The main window's page, on its Multiview once the seed's on-air tiles are there. */
async function mainOnMultiview(): Promise<Page> {
  const main = await app.firstWindow();
  await main
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: en.shell.views.multiview })
    .click();
  await expect(main.getByTestId('multiview-tile')).toHaveCount(onAir.length);
  return main;
}

/** The broadcasts a page's Multiview tiles show, sorted. */
async function tileKeys(page: Page): Promise<string[]> {
  const keys = await page
    .getByTestId('multiview-tile')
    .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-broadcast') ?? ''));
  return keys.sort();
}

test('the Multiview pops out into a second window, hardened as the main one', async () => {
  expect(onAir).toHaveLength(3);
  const main = await mainOnMultiview();
  const [popOut] = await Promise.all([
    app.waitForEvent('window'),
    main.getByRole('button', { name: en.popOut.multiview }).click(),
  ]);
  await popOut.waitForLoadState();
  expect(new URL(popOut.url()).searchParams.get('popout')).toBe('multiview');
  await expect(popOut).toHaveTitle(`${en.shell.views.multiview} · OnAir Desk`);
  await expect(popOut.getByRole('heading', { level: 1, name: en.multiview.heading })).toBeVisible();
  await expect(popOut.getByRole('navigation', { name: 'Views' })).toHaveCount(0);
  await expect(popOut.getByTestId('multiview-tile')).toHaveCount(onAir.length, {
    timeout: 20_000,
  });
  expect(await tileKeys(popOut)).toEqual(await tileKeys(main));
  expect(app.windows()).toHaveLength(2);
  expect(await openWindows()).toEqual(['main', 'multiview']);

  // The main window's hardening (desktop.spec.ts): no Node, the bridge only, no new windows.
  expect(await pageHardening(popOut)).toEqual(hardenedPage);
  // Its link policy too: the address the app did not make is asked about, from this window,
  // and (answered Cancel) never handed to the system.
  await expect
    .poll(async () => (await questions()).filter((asked) => asked.detail === 'http://127.0.0.1:9/'))
    .toEqual([
      expect.objectContaining({
        from: 'multiview',
        buttons: [en.desktop.externalLink.cancel, en.desktop.externalLink.open],
      }),
    ]);
  expect(app.windows()).toHaveLength(2);

  // Keys work in the pop-out: the palette, and Shift+1 opens the main window's first view.
  await popOut.keyboard.press('ControlOrMeta+KeyK');
  const palette = popOut.getByRole('dialog', { name: en.palette.title });
  await expect(palette).toBeVisible();
  await popOut.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await popOut.keyboard.press('Shift+Digit1');
  await expect(
    main
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: en.shell.views.controlRoom }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(popOut.getByTestId('multiview-tile')).toHaveCount(onAir.length);
});

test('the Multiview window opens again where it was put, kept in windows.json', async () => {
  const area = await app.evaluate(({ screen }) => screen.getPrimaryDisplay().workArea);
  // First opened on the primary display at its default size, fully inside the work area.
  const first = await boundsOf('multiview');
  expect(first).toMatchObject({
    width: Math.min(defaultPopOutSize.width, area.width),
    height: Math.min(defaultPopOutSize.height, area.height),
  });
  if (!first) throw new Error('no Multiview window');
  expect(first.x).toBeGreaterThanOrEqual(area.x);
  expect(first.y).toBeGreaterThanOrEqual(area.y);
  expect(first.x + first.width).toBeLessThanOrEqual(area.x + area.width);
  expect(first.y + first.height).toBeLessThanOrEqual(area.y + area.height);

  // Moved and resized, somewhere it never opens by itself.
  const wanted = { x: area.x + 32, y: area.y + 48, width: 640, height: 400 };
  expect(first).not.toEqual(wanted);
  await app.evaluate((_electron, bounds) => {
    (globalThis as HookedGlobal).onairSpec.windowOf('multiview')?.setBounds(bounds);
  }, wanted);
  await expect.poll(() => boundsOf('multiview')).toEqual(wanted);
  put = wanted;

  // Closed: the page goes, the main window stays, windows.json keeps the place and its display.
  const popOut = app.windows().find((page) => page.url().includes('popout=multiview'));
  if (!popOut) throw new Error('no Multiview page');
  const gone = popOut.waitForEvent('close');
  await closeWindow('multiview');
  await gone;
  await expect.poll(openWindows).toEqual(['main']);
  const display = await app.evaluate(({ screen }, bounds) => {
    const matching = screen.getDisplayMatching(bounds);
    return { id: matching.id, bounds: matching.bounds };
  }, wanted);
  await expect
    .poll(async () => (await windowsFile())?.popOuts.multiview)
    .toEqual({ displayId: display.id, displayBounds: display.bounds, bounds: wanted });

  // Opened again from the palette: at those bounds.
  const main = await app.firstWindow();
  await main.keyboard.press('ControlOrMeta+KeyK');
  const palette = main.getByRole('dialog', { name: en.palette.title });
  const box = palette.getByRole('combobox', { name: en.palette.input });
  const title = en.commands.windows.window.popOutMultiview.title;
  await box.fill(title);
  await expect(palette.getByRole('option').first()).toContainText(title);
  const [again] = await Promise.all([app.waitForEvent('window'), box.press('Enter')]);
  await again.waitForLoadState();
  expect(new URL(again.url()).searchParams.get('popout')).toBe('multiview');
  await expect.poll(() => boundsOf('multiview')).toEqual(wanted);
  await expect(again.getByTestId('multiview-tile')).toHaveCount(onAir.length, {
    timeout: 20_000,
  });
  await main.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  expect(await openWindows()).toEqual(['main', 'multiview']);
});

test('the control room pops out on the channel in focus', async () => {
  if (!focused?.onAir) throw new Error('the seed has no Newsroom 24/7 on air');
  const main = await app.firstWindow();
  await main
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: en.shell.views.controlRoom })
    .click();
  const option = main
    .getByRole('listbox', { name: en.channels.listLabel })
    .getByRole('option', { name: new RegExp(focused.title) });
  await option.click();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(main.getByRole('heading', { level: 1, name: focused.onAir })).toBeVisible();
  const channelKey = await option.getAttribute('data-key');
  expect(channelKey).toBeTruthy();

  const [room] = await Promise.all([
    app.waitForEvent('window'),
    main.getByRole('button', { name: en.popOut.controlRoom }).click(),
  ]);
  await room.waitForLoadState();
  const query = new URL(room.url()).searchParams;
  expect(query.get('popout')).toBe('control-room');
  expect(query.get('channel')).toBe(channelKey);
  await expect(room).toHaveTitle(`${en.shell.views.controlRoom} · OnAir Desk`);
  await expect(room.getByRole('heading', { level: 1, name: focused.onAir })).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    room
      .getByRole('listbox', { name: en.channels.listLabel })
      .getByRole('option', { selected: true }),
  ).toHaveAttribute('data-key', channelKey ?? '');
  expect(app.windows()).toHaveLength(3);
  expect(await openWindows()).toEqual(['control-room', 'main', 'multiview']);

  // The palette works here too.
  await room.keyboard.press('ControlOrMeta+KeyK');
  const palette = room.getByRole('dialog', { name: en.palette.title });
  await expect(palette).toBeVisible();
  await room.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});

test('closing the main window with pop-outs open asks first; Keep open keeps all, Close all quits', async () => {
  const main = await app.firstWindow();
  const room = await boundsOf('control-room');
  expect(room).not.toBeNull();
  const before = (await questions()).length;

  // Closed, answered Keep open (the stub's 0): every window stays.
  await closeWindow('main');
  await expect
    .poll(async () => (await questions()).slice(before))
    .toEqual([
      {
        from: 'main',
        title: en.popOut.close.title,
        message: en.popOut.close.message_other.replace('{count}', '2'),
        detail: en.popOut.close.detail,
        buttons: [en.popOut.close.keepOpen, en.popOut.close.closeAll],
      },
    ]);
  expect(await openWindows()).toEqual(['control-room', 'main', 'multiview']);
  await expect(main.getByRole('navigation', { name: 'Views' })).toBeVisible();

  // Closed again, answered Close all: the app quits, the pop-outs with it.
  const quit = app.waitForEvent('close');
  await app.evaluate(() => {
    const hooks = (globalThis as HookedGlobal).onairSpec;
    hooks.answer = 1;
    const shown = hooks.windowOf('main');
    if (!shown) throw new Error('no main window');
    shown.close();
  });
  await quit;

  // The quit waited for the pop-outs' last places (holdQuitForPlaces).
  const kept = await windowsFile();
  expect(kept?.popOuts.multiview?.bounds).toEqual(put);
  expect(kept?.popOuts['control-room']?.bounds).toEqual(room);
});

test('after a restart the Window menu’s Pop out Multiview opens it where it was put', async () => {
  if (!put) throw new Error('the Multiview window was never put anywhere');
  app = await launch();
  const main = await mainOnMultiview();
  const [popOut] = await Promise.all([
    app.waitForEvent('window'),
    clickMenuItem(en.commands.windows.window.popOutMultiview.title),
  ]);
  await popOut.waitForLoadState();
  expect(new URL(popOut.url()).searchParams.get('popout')).toBe('multiview');
  await expect(popOut.getByTestId('multiview-tile')).toHaveCount(onAir.length, {
    timeout: 20_000,
  });
  expect(await tileKeys(popOut)).toEqual(await tileKeys(main));
  await expect.poll(() => boundsOf('multiview')).toEqual(put);
});
