/**
 * The windows domain's handlers (shared/commands/windows.ts): a pop-out opens through the
 * host's opener. The desktop app passes one that opens a BrowserWindow
 * (hosts/pop-out-windows.ts); without one (the browser host, a `--join` seat) the answer is
 * `tab`, and the page that asked opens the pop-out as a tab of its own browser. A pop-out's
 * Shift+1 … Shift+9 and its palette ask the main window for a view (`window.showMainView`): main
 * pushes `window.mainViewAsked`, which the main window's page alone follows, and the desktop app
 * brings that window to the front.
 */
import { registerHandlers } from '../core/command-registry';
import { windowCommands } from '../../shared/commands/windows';
import type { PopOutAnswer, PopOutRequest } from '../../shared/pop-out-model';
import type { Emit } from './events';

/**
 * Opens (or brings forward) the pop-out `request` names on this workstation and answers how.
 * Throws when it cannot: the pipeline answers the page with an internal problem.
 */
export type PopOutOpener = (request: PopOutRequest) => Promise<PopOutAnswer> | PopOutAnswer;

/** A host without windows of its own: the page opens a tab. */
const inATab: PopOutOpener = (request) => ({ opened: 'tab', kind: request.kind });

/** What the windows domain does besides opening pop-outs. */
export interface MainWindowReach {
  /** Pushes an event to this desk's pages (the main window's page follows `window.mainViewAsked`). */
  emit: Emit;
  /** Brings the main window to the front (the desktop app); absent: the browser host cannot. */
  bringMainForward?: () => void;
}

/** The windows domain's handlers over `opener` (absent: the page opens a tab). */
export function windowHandlers(opener: PopOutOpener = inATab, main: MainWindowReach) {
  return registerHandlers(windowCommands, {
    'window.popOutMultiview': () => opener({ kind: 'multiview' }),
    'window.popOutControlRoom': (input) =>
      opener({
        kind: 'control-room',
        ...(input.channelKey === undefined ? {} : { channelKey: input.channelKey }),
      }),
    'window.showMainView': (asked) => {
      main.emit('window.mainViewAsked', asked);
      main.bringMainForward?.();
      return null;
    },
  });
}
