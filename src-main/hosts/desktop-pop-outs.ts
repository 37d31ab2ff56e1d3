/**
 * The desktop app's pop-out windows wired to Electron (issue 35 §3, "Two screens";
 * docs/dev/architecture.md, "Processes and trust", Windows): each pop-out is a BrowserWindow
 * made with the main window's options (`appWindowOptions`, hosts/window-policy.ts), its
 * recovery (hosts/desktop-recovery.ts) and its link policy, loading the app's page with the
 * pop-out's query. Where they go and how many there are is hosts/pop-out-windows.ts's; this
 * module only adapts Electron's objects to it, so the entry (src-main/index.ts) stays thin.
 *
 * Electron itself is passed in (only the entry imports it: eslint.config.js); this module takes
 * its types.
 */
import type {
  BrowserWindow,
  BrowserWindowConstructorOptions,
  MessageBoxOptions,
  MessageBoxReturnValue,
  Screen,
} from 'electron';
import type { Language } from '../shared/i18n/languages';
import { popOutSearch } from '../shared/pop-out-model';
import { recoverRenderer } from './desktop-recovery';
import { PopOutWindows, popOutMinimum, type PopOutWindow } from './pop-out-windows';
import { appWindowOptions } from './window-policy';

/** How long a window must stay still before its move or resize is kept, ms. */
export const placeSettleMs = 400;

export interface DesktopPopOutsOptions {
  /** `new BrowserWindow(options)`: the entry's, since only it imports Electron. */
  makeWindow: (options: BrowserWindowConstructorOptions) => BrowserWindow;
  /** Electron's `screen` (displays, work areas). */
  screen: Pick<Screen, 'getAllDisplays' | 'getPrimaryDisplay' | 'getDisplayMatching'>;
  /** `dialog.showMessageBox` attached to a window (recovery's and the links' questions). */
  ask: (window: BrowserWindow, options: MessageBoxOptions) => Promise<MessageBoxReturnValue>;
  /** Applies the main window's link policy to a window (the entry's `keepLinksOutside`). */
  keepLinksOutside: (
    window: BrowserWindow,
    ask: (options: MessageBoxOptions) => Promise<MessageBoxReturnValue>,
  ) => void;
  /** The app's data folder (`windows.json` lives there). */
  dataDir: string;
  /** The renderer's index.html and the preload script, absolute paths. */
  rendererIndex: string;
  preloadPath: string;
  /** Whether the developer tools are allowed (hosts/app-menu.ts `devToolsAllowed`). */
  devTools: boolean;
  /** The app's language now, for the recovery's questions. */
  language: () => Language;
  log: (message: string) => void;
}

/** The desktop app's pop-outs: BrowserWindows with the main window's hardening, placed as kept. */
export function openDesktopPopOuts(options: DesktopPopOutsOptions): PopOutWindows {
  return new PopOutWindows({
    dataDir: options.dataDir,
    screen: {
      getAllDisplays: () => options.screen.getAllDisplays(),
      getPrimaryDisplay: () => options.screen.getPrimaryDisplay(),
      getDisplayMatching: (rect) => options.screen.getDisplayMatching(rect),
    },
    log: options.log,
    create: ({ kind, bounds }) => {
      const shown = options.makeWindow(
        appWindowOptions({ ...bounds, ...popOutMinimum }, options.preloadPath, options.devTools),
      );
      const askHere = (question: MessageBoxOptions) => options.ask(shown, question);
      recoverRenderer(shown, {
        ask: askHere,
        language: options.language,
        log: (m) => options.log(`${kind} pop-out: ${m}`),
      });
      options.keepLinksOutside(shown, askHere);
      return popOutWindow(shown, options.rendererIndex);
    },
  });
}

/**
 * Brings `shown` to the front: restored when minimized, shown, focused (a pop-out asked again;
 * the main window when a pop-out's Shift+1 … 9 open one of its views).
 */
export function bringForward(
  shown: Pick<BrowserWindow, 'isMinimized' | 'restore' | 'show' | 'focus'>,
) {
  if (shown.isMinimized()) shown.restore();
  shown.show();
  shown.focus();
}

/**
 * A pop-out BrowserWindow as hosts/pop-out-windows.ts uses it. Moves and resizes are reported
 * once the operator pauses for {@link placeSettleMs} (`moved`/`resized` exist on macOS and
 * Windows only).
 */
function popOutWindow(shown: BrowserWindow, rendererIndex: string): PopOutWindow {
  return {
    getBounds: () => shown.getBounds(),
    bringForward: () => bringForward(shown),
    load: (request) => shown.loadFile(rendererIndex, { search: popOutSearch(request).slice(1) }),
    close: () => shown.close(),
    isDestroyed: () => shown.isDestroyed(),
    on: (event, listener) => {
      if (event === 'close') shown.on('close', listener);
      else if (event === 'closed') shown.on('closed', listener);
      else {
        let timer: ReturnType<typeof setTimeout> | null = null;
        const settled = () => {
          if (timer) clearTimeout(timer);
          timer = setTimeout(listener, placeSettleMs);
        };
        if (event === 'moved') shown.on('move', settled);
        else shown.on('resize', settled);
      }
    },
  };
}
