/**
 * The Electron transport's pages (electron-ipc.ts), with a typed fake of `ipcMain` and of the
 * windows' `webContents`, and a real desk core on the sandbox: a second window that closes,
 * or a page that reloads, leaves the studio's presence picture at once (its client is
 * dropped), while the other window stays; a same-document navigation (the app's hash routes)
 * changes nothing.
 */
import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ipcChannels } from '../shared/ipc-channels';
import type { PresencePicture, PresenceReply } from '../shared/presence-model';
import type { Result } from '../shared/result';
import { startTestCore, type TestCore } from '../services/app/test-support';
import { registerIpc, type PageContents } from './electron-ipc';

/** Electron's `ipcMain` as the transport uses it: `handle` and `removeHandler`, kept here. */
const ipcHandlers = vi.hoisted(() => new Map<string, (...args: unknown[]) => unknown>());
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: (...args: unknown[]) => unknown) =>
      ipcHandlers.set(channel, handler),
    removeHandler: (channel: string) => ipcHandlers.delete(channel),
  },
}));

const appUrl = 'file:///app/renderer/index.html';

/** One window: its `webContents` emits what Electron's does when it closes or navigates. */
class FakeWindow {
  readonly events = new EventEmitter();
  readonly webContents: PageContents & { send: () => void };
  #destroyed = false;

  constructor(readonly id: number) {
    const events = this.events;
    this.webContents = {
      id,
      send: () => undefined,
      on: (event, listener) => events.on(event, listener),
      removeListener: (event, listener) => events.removeListener(event, listener),
      once: (event, listener) => events.once(event, listener),
    };
  }

  isDestroyed(): boolean {
    return this.#destroyed;
  }

  /** The window closes: Electron destroys its web contents. */
  close(): void {
    this.#destroyed = true;
    this.events.emit('destroyed');
  }

  /** The main frame starts another navigation (a reload, or a hash route when same-document). */
  navigate(isSameDocument: boolean): void {
    this.events.emit('did-start-navigation', { isMainFrame: true, isSameDocument });
  }

  /** What the page's preload sends on the invoke channel. */
  invoke(command: string, input: unknown): Promise<Result<unknown>> {
    const handler = ipcHandlers.get(ipcChannels.invoke);
    if (!handler) throw new Error('The IPC host registered no handler.');
    const event = { sender: this.webContents, senderFrame: { parent: null, url: appUrl } };
    return handler(event, command, input, {}) as Promise<Result<unknown>>;
  }
}

let test: TestCore;
let unregister: () => void;
const windows: FakeWindow[] = [];
const heard: PresencePicture[] = [];

beforeAll(async () => {
  test = await startTestCore();
  unregister = registerIpc(
    test.core,
    () => windows.filter((w) => !w.isDestroyed()) as never,
    (url) => url === appUrl,
  );
  test.core.subscribe((event, payload) => {
    if (event === 'presence.changed') heard.push(payload as PresencePicture);
  });
});

afterAll(async () => {
  unregister();
  await test.close();
});

async function report(window: FakeWindow, channelKey: string): Promise<string> {
  const answer = await window.invoke('presence.report', {
    channelKey,
    channelTitle: channelKey,
    editing: null,
  });
  if (!answer.ok) throw new Error(answer.error.message);
  return (answer.data as PresenceReply).you;
}

const ids = () => (heard.at(-1)?.entries ?? []).map((e) => e.id);

describe('the pages of the Electron app', () => {
  it('drops a closed second window from the presence picture at once', async () => {
    const main = new FakeWindow(1);
    const second = new FakeWindow(2);
    windows.push(main, second);
    const mainId = await report(main, 'ch-main');
    const secondId = await report(second, 'ch-second');
    expect(ids()).toEqual([mainId, secondId]);

    second.close();
    expect(ids()).toEqual([mainId]);
    // Its window is gone: a late message from it is refused, and the picture stays.
    const late = await second.invoke('presence.list', {});
    expect(late.ok).toBe(false);
    expect(ids()).toEqual([mainId]);
  });

  it('drops a page that reloads, not one that changes its hash route, and hears it again', async () => {
    const third = new FakeWindow(3);
    windows.push(third);
    const id = await report(third, 'ch-third');
    expect(ids()).toContain(id);

    third.navigate(true);
    expect(ids()).toContain(id);

    third.navigate(false);
    expect(ids()).not.toContain(id);
    // The reloaded page says where it is again, and is followed again.
    await report(third, 'ch-third');
    expect(ids()).toContain(id);
    third.close();
    expect(ids()).not.toContain(id);
  });
});
