/**
 * The desktop app recovers without the operator losing their place:
 * - a renderer that crashed is reloaded, and comes back to the open view (the renderer keeps
 *   it in session storage; the queues and edits live in main);
 * - a renderer that stops answering gets a dialog, "wait" or "reload", which closes by
 *   itself if the renderer answers again;
 * - after the computer wakes, every watch is re-read at once.
 * The Electron objects are given as the narrow interfaces below, which BrowserWindow,
 * WebContents and powerMonitor satisfy, so that tests drive them with typed fakes.
 */
import type {
  Event as ElectronEvent,
  MessageBoxOptions,
  MessageBoxReturnValue,
  RenderProcessGoneDetails,
} from 'electron';
import { createI18n, type Language } from '../shared/i18n';

/** The window's page, as far as recovery uses it (Electron's `WebContents`). */
export interface RecoverableContents {
  on(
    event: 'render-process-gone',
    listener: (event: ElectronEvent, details: RenderProcessGoneDetails) => void,
  ): unknown;
  reload(): void;
  forcefullyCrashRenderer(): void;
  isDestroyed(): boolean;
}

/** The window, as far as recovery uses it (Electron's `BrowserWindow`). */
export interface RecoverableWindow {
  readonly webContents: RecoverableContents;
  // Two signatures, as Electron declares them: BrowserWindow has no `on` taking the union.
  on(event: 'unresponsive', listener: () => void): unknown;
  // eslint-disable-next-line @typescript-eslint/unified-signatures
  on(event: 'responsive', listener: () => void): unknown;
  isDestroyed(): boolean;
}

export interface RecoveryOptions {
  /** Shows a message box attached to the window (`dialog.showMessageBox(window, …)`). */
  ask: (options: MessageBoxOptions) => Promise<MessageBoxReturnValue>;
  /** The app's language now (the dialog speaks it). */
  language: () => Language;
  log: (message: string) => void;
  /** Now, epoch ms (tests); the system clock by default. */
  now?: () => number;
}

/** Crashes within this window count together, ms. */
const crashWindowMs = 5 * 60_000;
/** Reloads within {@link crashWindowMs} before the app stops reloading a renderer that keeps crashing. */
const maxReloads = 3;

/** Reloads a crashed renderer and asks about a hung one, for `window`'s whole life. */
export function recoverRenderer(window: RecoverableWindow, options: RecoveryOptions): void {
  const now = options.now ?? (() => Date.now());
  const reloads: number[] = [];
  let asking: AbortController | null = null;
  // Set while the operator's "reload" ends a hung renderer: its end is not a crash to reload.
  let endingOnRequest = false;

  window.webContents.on('render-process-gone', (_event, details) => {
    options.log(`renderer gone: ${details.reason} (exit code ${details.exitCode})`);
    // A clean exit is the window closing; nothing to bring back.
    if (details.reason === 'clean-exit' || window.isDestroyed()) return;
    if (endingOnRequest) {
      endingOnRequest = false;
      return;
    }
    asking?.abort();
    const at = now();
    while (reloads.length > 0 && (reloads[0] ?? 0) <= at - crashWindowMs) reloads.shift();
    if (reloads.length >= maxReloads) {
      options.log(`renderer crashed ${maxReloads + 1} times in 5 min: not reloading again`);
      return;
    }
    reloads.push(at);
    window.webContents.reload();
  });

  window.on('unresponsive', () => {
    if (asking || window.isDestroyed()) return;
    options.log('renderer not responding');
    const controller = new AbortController();
    asking = controller;
    const t = createI18n(options.language()).t;
    void options
      .ask({
        type: 'warning',
        title: t('desktop.unresponsive.title'),
        message: t('desktop.unresponsive.message'),
        detail: t('desktop.unresponsive.detail'),
        buttons: [t('desktop.unresponsive.wait'), t('desktop.unresponsive.reload')],
        defaultId: 0,
        cancelId: 0,
        noLink: true,
        signal: controller.signal,
      })
      .then(({ response }) => {
        if (controller.signal.aborted || response !== 1 || window.isDestroyed()) return;
        options.log('reloading the renderer that stopped responding, as the operator asked');
        // A hung renderer does not reload: it is ended first (Electron's own advice).
        endingOnRequest = true;
        window.webContents.forcefullyCrashRenderer();
        window.webContents.reload();
      })
      .finally(() => {
        if (asking === controller) asking = null;
      });
  });

  window.on('responsive', () => {
    // Answering again: the question is moot.
    asking?.abort();
    asking = null;
  });
}

/** Electron's `powerMonitor`, as far as the app uses it. */
export interface PowerEvents {
  on(event: 'resume', listener: () => void): unknown;
}

/** Calls `rereadWatches` when the computer wakes from sleep (the core's, in the app). */
export function rereadAfterSleep(
  power: PowerEvents,
  rereadWatches: () => void,
  log: (message: string) => void,
): void {
  power.on('resume', () => {
    log('resumed from sleep: re-reading every watch');
    rereadWatches();
  });
}
