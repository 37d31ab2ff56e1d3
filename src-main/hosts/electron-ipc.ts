/**
 * The Electron transport of the bridge contract: one `invoke` channel answered by the core,
 * one `event` channel pushed to the app's windows. Every message's sender is checked: it
 * must be the main frame of one of the app's own windows, showing the app's own page.
 *
 * A page is the client `wc<webContents id>`. When it goes away (its window closes, or its
 * main frame loads another document: a reload) the core drops that client, as the browser
 * host does when a page's event stream closes: its watches end and its presence entry
 * leaves the studio's picture (services/studio/presence.ts) at once.
 */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { ipcChannels } from '../shared/ipc-channels';
import { fail } from '../shared/result';
import type { DeskCore } from '../services/app/desk-core';
import { pageCallMeta } from '../services/core/call-meta';

/**
 * Registers the bridge on ipcMain.
 * @param isAppUrl true for the URL of the app's own page (file:// of the built renderer).
 * @returns a function that unregisters it.
 */
export function registerIpc(
  core: DeskCore,
  windows: () => BrowserWindow[],
  isAppUrl: (url: string) => boolean,
): () => void {
  ipcMain.handle(
    ipcChannels.invoke,
    (event: IpcMainInvokeEvent, command: unknown, input: unknown, meta: unknown) => {
      if (!isTrustedSender(event, windows(), isAppUrl)) {
        return fail({ code: 'forbidden', message: 'This window may not use OnAir Desk commands.' });
      }
      const clientId = `wc${event.sender.id}`;
      followPage(event.sender, clientId);
      return core.invoke(command, input, { clientId, ...pageCallMeta(meta) });
    },
  );
  /** The pages that called, by client id: each is dropped once when it goes away. */
  const pages = new Set<string>();
  const followPage = (contents: PageContents, clientId: string) => {
    if (pages.has(clientId)) return;
    pages.add(clientId);
    const gone = () => {
      if (!pages.delete(clientId)) return;
      contents.removeListener('did-start-navigation', navigating);
      core.dropClient(clientId);
    };
    const navigating = (details: { isMainFrame: boolean; isSameDocument: boolean }) => {
      if (details.isMainFrame && !details.isSameDocument) gone();
    };
    contents.on('did-start-navigation', navigating);
    contents.once('destroyed', gone);
  };
  const off = core.subscribe((event, payload) => {
    for (const window of windows()) {
      if (!window.isDestroyed()) window.webContents.send(ipcChannels.event, event, payload);
    }
  });
  return () => {
    ipcMain.removeHandler(ipcChannels.invoke);
    off();
  };
}

/**
 * A window's page as the transport follows it: what of Electron's `WebContents` is used (its
 * `destroyed` event when the window closes, `did-start-navigation` for a reload).
 */
export interface PageContents {
  readonly id: number;
  on(
    event: 'did-start-navigation',
    listener: (details: { isMainFrame: boolean; isSameDocument: boolean }) => void,
  ): unknown;
  removeListener(
    event: 'did-start-navigation',
    listener: (details: { isMainFrame: boolean; isSameDocument: boolean }) => void,
  ): unknown;
  once(event: 'destroyed', listener: () => void): unknown;
}

function isTrustedSender(
  event: IpcMainInvokeEvent,
  windows: BrowserWindow[],
  isAppUrl: (url: string) => boolean,
): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  if (!windows.some((w) => !w.isDestroyed() && w.webContents.id === event.sender.id)) return false;
  return isAppUrl(frame.url);
}
