/**
 * The preload: exposes `window.desk` (the bridge contract's DeskBridge) and nothing else.
 * It runs sandboxed with context isolation, so it may only use `contextBridge` and
 * `ipcRenderer`; main validates every message it forwards (command names and inputs against
 * the declarations in shared/commands/). Bundled alone by electron-vite.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import type { DeskBridge, EventMap, EventName } from './shared/bridge';
// The channel names alone, not the command declarations: the preload stays free of zod.
import { ipcChannels } from './shared/ipc-channels';

const { invoke: invokeChannel, event: eventChannel } = ipcChannels;

const desk: DeskBridge = {
  host: 'electron',
  filePaths: (files) => {
    const paths = files.map((file) => webUtils.getPathForFile(file)).filter((path) => path !== '');
    return Promise.resolve(
      paths.length > 0 || files.length === 0
        ? { ok: true, data: paths }
        : {
            ok: false,
            error: {
              code: 'invalid-input',
              message: 'These items are not files on this computer.',
            },
          },
    );
  },
  invoke: (command, input, options) =>
    ipcRenderer.invoke(invokeChannel, command, input, {
      ...(options?.via ? { via: options.via } : {}),
      ...(options?.confirmation ? { confirmation: options.confirmation } : {}),
    }),
  on<E extends EventName>(event: E, listener: (payload: EventMap[E]) => void) {
    const handler = (_: IpcRendererEvent, name: unknown, payload: unknown) => {
      if (name === event) listener(payload as EventMap[E]);
    };
    ipcRenderer.on(eventChannel, handler);
    return () => {
      ipcRenderer.removeListener(eventChannel, handler);
    };
  },
};

contextBridge.exposeInMainWorld('desk', desk);
