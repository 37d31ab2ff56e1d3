/**
 * The desktop app's pop-out windows against typed fakes of Electron's `screen` and
 * BrowserWindow (hosts/testing/electron-windows-fake.ts): where a pop-out opens (the display it
 * was left on while attached, else the primary display, fully visible), that its place survives
 * a restart in windows.json, one window per kind, the hardening it shares with the main window,
 * the palette's command through a real desk core on the sandbox, and the question before the
 * main window closes with pop-outs open (they close with it), and a quit that waits for the
 * last place to be written.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Event as ElectronEvent, MessageBoxOptions, MessageBoxReturnValue } from 'electron';
import { startTestCore, type TestCore } from '../services/app/test-support';
import {
  placePopOut,
  PopOutWindows,
  defaultPopOutSize,
  holdQuitForPlaces,
  popOutMinimum,
  type PlacesQuittingApp,
} from './pop-out-windows';
import { guardQuit, type ClosingWindow, type QuittingApp } from './quit-guard';
import { appWindowOptions, secureWebPreferences } from './window-policy';
import { FakeScreen, display, fakeWindowMaker } from './testing/electron-windows-fake';

const primary = display(1, 0, 0, 1920, 1080);
const second = display(2, 1920, 0, 2560, 1440);

let dirs: string[] = [];
let core: TestCore | null = null;
afterEach(async () => {
  await core?.close();
  core = null;
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'onair-pop-outs-'));
  dirs.push(dir);
  return dir;
}

function popOuts(dir: string, screen: FakeScreen) {
  const maker = fakeWindowMaker();
  const log: string[] = [];
  const windows = new PopOutWindows({
    create: maker.create,
    screen,
    dataDir: dir,
    log: (m) => log.push(m),
  });
  return { windows, made: maker.made, log };
}

describe('where a pop-out opens', () => {
  it('the first time: centred on the primary display at its default size', () => {
    expect(placePopOut(undefined, [primary, second], primary)).toEqual({
      x: (1920 - defaultPopOutSize.width) / 2,
      y: (1040 - defaultPopOutSize.height) / 2,
      ...defaultPopOutSize,
    });
  });

  it('on the display it was left on, found by id or, when ids changed, by its bounds', () => {
    const bounds = { x: 2100, y: 100, width: 1800, height: 1000 };
    const place = { displayId: 2, displayBounds: second.bounds, bounds };
    expect(placePopOut(place, [primary, second], primary)).toEqual(bounds);
    const renumbered = { ...second, id: 7 };
    expect(placePopOut(place, [primary, renumbered], primary)).toEqual(bounds);
  });

  it('moved and shrunk to fit that display’s work area when it hung over an edge', () => {
    const place = {
      displayId: 2,
      displayBounds: second.bounds,
      bounds: { x: 4000, y: 1000, width: 3000, height: 900 },
    };
    expect(placePopOut(place, [primary, second], primary)).toEqual({
      x: 1920,
      y: 500,
      width: 2560,
      height: 900,
    });
  });

  it('on the primary display, fully visible, when its display is gone', () => {
    const place = {
      displayId: 2,
      displayBounds: second.bounds,
      bounds: { x: 2100, y: 100, width: 2400, height: 1300 },
    };
    const small = display(1, 0, 0, 1366, 768);
    const placed = placePopOut(place, [small], small);
    expect(placed).toEqual({ x: 0, y: 0, width: 1366, height: 728 });
    expect(placed.x + placed.width).toBeLessThanOrEqual(1366);
    expect(placed.y + placed.height).toBeLessThanOrEqual(728);
  });
});

describe('pop-out windows', () => {
  it('asked twice at once (a double click), opens one window and brings it forward', async () => {
    const { windows, made } = popOuts(await dataDir(), new FakeScreen([primary, second]));
    // Both asks arrive while the first still reads windows.json.
    await Promise.all([
      windows.openPopOut({ kind: 'multiview' }),
      windows.openPopOut({ kind: 'multiview' }),
      windows.openPopOut({ kind: 'control-room', channelKey: 'ch1' }),
      windows.openPopOut({ kind: 'control-room', channelKey: 'ch2' }),
    ]);
    expect(made).toHaveLength(2);
    expect(windows.openKinds()).toEqual(['multiview', 'control-room']);
    expect(made[0]?.forwards).toBe(2);
    // The control room ends on the channel asked last.
    expect(made[1]?.loads.at(-1)).toEqual({ kind: 'control-room', channelKey: 'ch2' });
  });

  it('opens one window per kind, and brings it forward when asked again', async () => {
    const { windows, made } = popOuts(await dataDir(), new FakeScreen([primary, second]));
    expect(await windows.openPopOut({ kind: 'multiview' })).toEqual({
      opened: 'window',
      kind: 'multiview',
    });
    expect(made).toHaveLength(1);
    expect(made[0]?.loads).toEqual([{ kind: 'multiview' }]);
    expect(made[0]?.forwards).toBe(1);

    await windows.openPopOut({ kind: 'multiview' });
    expect(made).toHaveLength(1);
    expect(made[0]?.forwards).toBe(2);

    // The control room on a channel; asked for another channel, the same window loads it.
    await windows.openPopOut({ kind: 'control-room', channelKey: 'ch1' });
    await windows.openPopOut({ kind: 'control-room', channelKey: 'ch2' });
    expect(made).toHaveLength(2);
    expect(made[1]?.loads).toEqual([
      { kind: 'control-room', channelKey: 'ch1' },
      { kind: 'control-room', channelKey: 'ch2' },
    ]);
    expect(windows.openKinds()).toEqual(['multiview', 'control-room']);

    // Closed by the operator: the next ask makes a new window.
    made[0]?.close();
    expect(windows.openKinds()).toEqual(['control-room']);
    await windows.openPopOut({ kind: 'multiview' });
    expect(made).toHaveLength(3);
    windows.closeAll();
    expect(windows.openKinds()).toEqual([]);
    await windows.settled();
  });

  it('remembers each kind’s screen and bounds across a restart, and falls back when the screen is gone', async () => {
    const dir = await dataDir();
    const first = popOuts(dir, new FakeScreen([primary, second]));
    await first.windows.openPopOut({ kind: 'multiview' });
    await first.windows.openPopOut({ kind: 'control-room' });
    const onSecond = { x: 2000, y: 80, width: 2400, height: 1300 };
    first.made[0]?.moveTo(onSecond);
    first.made[1]?.moveTo({ x: 100, y: 60, width: 900, height: 700 });
    first.windows.closeAll();
    await first.windows.settled();
    const saved = JSON.parse(await readFile(join(dir, 'windows.json'), 'utf8')) as unknown;
    expect(saved).toEqual({
      popOuts: {
        multiview: { displayId: 2, displayBounds: second.bounds, bounds: onSecond },
        'control-room': {
          displayId: 1,
          displayBounds: primary.bounds,
          bounds: { x: 100, y: 60, width: 900, height: 700 },
        },
      },
    });

    // The next start, both displays attached: each opens where it was left.
    const again = popOuts(dir, new FakeScreen([primary, second]));
    await again.windows.openPopOut({ kind: 'multiview' });
    await again.windows.openPopOut({ kind: 'control-room' });
    expect(again.made.map((window) => window.spec)).toEqual([
      { kind: 'multiview', bounds: onSecond },
      { kind: 'control-room', bounds: { x: 100, y: 60, width: 900, height: 700 } },
    ]);

    // A start with the second display unplugged: the Multiview on the primary, fully visible.
    const laptop = display(1, 0, 0, 1920, 1080);
    const alone = popOuts(dir, new FakeScreen([laptop]));
    await alone.windows.openPopOut({ kind: 'multiview' });
    expect(alone.made[0]?.spec.bounds).toEqual({ x: 0, y: 0, width: 1920, height: 1040 });
  });

  it('opens on the primary display when windows.json is damaged, and sets it aside', async () => {
    const dir = await dataDir();
    await writeFile(join(dir, 'windows.json'), '{ not json');
    const { windows, made, log } = popOuts(dir, new FakeScreen([primary, second]));
    await windows.openPopOut({ kind: 'multiview' });
    expect(made[0]?.spec.bounds).toEqual(placePopOut(undefined, [primary], primary));
    expect(log.join('\n')).toMatch(/windows\.json\.corrupt-/);
  });

  it('gets the main window’s hardening: the same web preferences, its own smallest size', () => {
    const preload = '/app/preload/preload.cjs';
    const main = appWindowOptions(
      { width: 1440, height: 900, minWidth: 1024, minHeight: 640 },
      preload,
      false,
    );
    const bounds = { x: 10, y: 20, width: 1000, height: 600 };
    const popOut = appWindowOptions({ ...bounds, ...popOutMinimum }, preload, false);
    expect(popOut.webPreferences).toEqual(main.webPreferences);
    expect(popOut.webPreferences).toMatchObject({
      ...secureWebPreferences(preload),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: false,
    });
    expect(popOut).toMatchObject({ ...bounds, show: false, minWidth: 480, minHeight: 320 });
  });

  it('opens from the palette’s command through the desk core; the browser host answers tab', async () => {
    const { windows, made } = popOuts(await dataDir(), new FakeScreen([primary]));
    core = await startTestCore({ popOut: (request) => windows.openPopOut(request) });
    const context = { clientId: 'wc1', via: 'palette' as const };
    expect(await core.core.invoke('window.popOutMultiview', {}, context)).toEqual({
      ok: true,
      data: { opened: 'window', kind: 'multiview' },
    });
    const room = await core.core.invoke('window.popOutControlRoom', { channelKey: 'ch9' }, context);
    expect(room).toEqual({ ok: true, data: { opened: 'window', kind: 'control-room' } });
    expect(made.map((window) => window.loads[0])).toEqual([
      { kind: 'multiview' },
      { kind: 'control-room', channelKey: 'ch9' },
    ]);
    // A key that is not a platform key never reaches a window.
    const refused = await core.core.invoke(
      'window.popOutControlRoom',
      { channelKey: '../x' },
      context,
    );
    expect(refused.ok).toBe(false);
    expect(made).toHaveLength(2);
    await core.close();

    // Without an opener (the browser host): the page opens a tab itself.
    core = await startTestCore();
    expect(await core.core.invoke('window.popOutMultiview', {}, context)).toEqual({
      ok: true,
      data: { opened: 'tab', kind: 'multiview' },
    });
  });
});

/** Electron's app and main window: closing or quitting runs the listeners unless one prevents it. */
function fakeApp() {
  const quitListeners: ((event: ElectronEvent) => void)[] = [];
  const closeListeners: ((event: ElectronEvent) => void)[] = [];
  let quits = 0;
  const attempt = (listeners: ((event: ElectronEvent) => void)[]) => {
    let prevented = false;
    // Electron's Event; the guard only prevents it.
    const event = { preventDefault: () => (prevented = true) } as unknown as ElectronEvent;
    for (const listener of listeners) listener(event);
    return !prevented;
  };
  const app: QuittingApp = {
    on: (_event, listener) => quitListeners.push(listener),
    quit: () => {
      if (attempt(quitListeners)) quits += 1;
    },
  };
  const window: ClosingWindow = { on: (_event, listener) => closeListeners.push(listener) };
  const asked: { options: MessageBoxOptions; answer: (response: number) => void }[] = [];
  const ask = (options: MessageBoxOptions) =>
    new Promise<MessageBoxReturnValue>((resolve) =>
      asked.push({ options, answer: (response) => resolve({ response, checkboxChecked: false }) }),
    );
  return {
    app,
    window,
    ask,
    asked,
    closeMain: () => {
      if (attempt(closeListeners)) app.quit();
    },
    quitFromMenu: () => app.quit(),
    quits: () => quits,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('closing the main window with pop-outs open', () => {
  it('asks first in the app’s language; keeping them open keeps everything, closing closes all', async () => {
    const { windows, made } = popOuts(await dataDir(), new FakeScreen([primary, second]));
    await windows.openPopOut({ kind: 'multiview' });
    await windows.openPopOut({ kind: 'control-room' });
    const electron = fakeApp();
    guardQuit(electron.app, electron.window, {
      work: () => Promise.resolve({ uploads: 0, downloads: 0, commands: 0 }),
      ask: electron.ask,
      language: () => 'ko',
      log: () => undefined,
      popOuts: () => windows.openKinds().length,
    });

    electron.closeMain();
    await settle();
    expect(electron.asked).toHaveLength(1);
    const question = electron.asked[0];
    expect(question?.options).toMatchObject({
      title: 'OnAir Desk를 닫을까요?',
      message: '새 창 2개가 열려 있습니다.',
      buttons: ['열어 두기', '모두 닫기'],
      cancelId: 0,
    });
    question?.answer(0);
    await settle();
    expect(electron.quits()).toBe(0);
    expect(windows.openKinds()).toEqual(['multiview', 'control-room']);

    // Asked again, "Close all": the app quits, and quitting closes the pop-outs with it.
    electron.closeMain();
    await settle();
    electron.asked[1]?.answer(1);
    await settle();
    expect(electron.quits()).toBe(1);
    windows.closeAll();
    expect(made.every((window) => window.isDestroyed())).toBe(true);
    await windows.settled();
  });

  it('does not ask without pop-outs, nor when the menu quits (which says it closes everything)', async () => {
    const { windows } = popOuts(await dataDir(), new FakeScreen([primary]));
    const electron = fakeApp();
    guardQuit(electron.app, electron.window, {
      work: () => Promise.resolve({ uploads: 0, downloads: 0, commands: 0 }),
      ask: electron.ask,
      language: () => 'en',
      log: () => undefined,
      popOuts: () => windows.openKinds().length,
    });
    electron.closeMain();
    await settle();
    expect(electron.asked).toHaveLength(0);
    expect(electron.quits()).toBe(1);

    const other = fakeApp();
    await windows.openPopOut({ kind: 'multiview' });
    guardQuit(other.app, other.window, {
      work: () => Promise.resolve({ uploads: 0, downloads: 0, commands: 0 }),
      ask: other.ask,
      language: () => 'en',
      log: () => undefined,
      popOuts: () => windows.openKinds().length,
    });
    other.quitFromMenu();
    await settle();
    expect(other.asked).toHaveLength(0);
    expect(other.quits()).toBe(1);
    windows.closeAll();
    await windows.settled();
  });

  it('names the pop-outs in the quit question when work is under way too', async () => {
    const electron = fakeApp();
    guardQuit(electron.app, electron.window, {
      work: () => Promise.resolve({ uploads: 2, downloads: 0, commands: 0 }),
      ask: electron.ask,
      language: () => 'en',
      log: () => undefined,
      popOuts: () => 1,
    });
    electron.closeMain();
    await settle();
    expect(electron.asked[0]?.options.title).toBe('Quit OnAir Desk?');
    expect(electron.asked[0]?.options.detail).toMatch(
      /^• 1 pop-out window, which closes too\n• 2 uploads\n/,
    );
  });
});

describe('quitting right after a pop-out moved', () => {
  it('waits for its place to be written, so it opens there next time', async () => {
    const dir = await dataDir();
    const { windows, made } = popOuts(dir, new FakeScreen([primary, second]));
    await windows.openPopOut({ kind: 'multiview' });
    await windows.settled();
    // Electron's app: quitting closes the windows, then runs `will-quit` unless held; what
    // windows.json holds is read the moment the app really goes.
    const willQuit: ((event: { preventDefault(): void }) => void)[] = [];
    const keptAtQuit: string[] = [];
    const app: PlacesQuittingApp = {
      on: (_event, listener) => willQuit.push(listener),
      quit: () => {
        windows.closeAll();
        let held = false;
        for (const listener of willQuit) listener({ preventDefault: () => (held = true) });
        const file = join(dir, 'windows.json');
        if (!held) keptAtQuit.push(existsSync(file) ? readFileSync(file, 'utf8') : '{}');
      },
    };
    holdQuitForPlaces(app, () => windows);

    const onSecond = { x: 2000, y: 80, width: 2400, height: 1300 };
    made[0]?.moveTo(onSecond);
    app.quit();
    await expect.poll(() => keptAtQuit.length).toBe(1);
    expect(JSON.parse(keptAtQuit[0] ?? '{}')).toEqual({
      popOuts: { multiview: { displayId: 2, displayBounds: second.bounds, bounds: onSecond } },
    });

    // The next start opens it on the second display, where it was put.
    const again = popOuts(dir, new FakeScreen([primary, second]));
    await again.windows.openPopOut({ kind: 'multiview' });
    expect(again.made[0]?.spec.bounds).toEqual(onSecond);
  });
});
