/**
 * The preload: exposes `window.desk` (the bridge contract's DeskBridge) and nothing else.
 * It runs sandboxed with context isolation, so it may only use `contextBridge` and
 * `ipcRenderer`; main validates every message it forwards.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { DeskBridge, EventMap, EventName } from './shared/bridge';

// Kept in sync with `ipcChannels` in shared/bridge.ts (the preload is bundled alone).
const invokeChannel = 'desk:invoke';
const eventChannel = 'desk:event';

const desk: DeskBridge = {
  invoke: (command, input) => ipcRenderer.invoke(invokeChannel, command, input),
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
