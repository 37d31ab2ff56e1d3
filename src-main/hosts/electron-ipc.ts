/**
 * The Electron transport of the bridge contract: one `invoke` channel answered by the core,
 * one `event` channel pushed to the app's windows. Every message's sender is checked: it
 * must be the main frame of one of the app's own windows, showing the app's own page.
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
      return core.invoke(command, input, {
        clientId: `wc${event.sender.id}`,
        ...pageCallMeta(meta),
      });
    },
  );
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
