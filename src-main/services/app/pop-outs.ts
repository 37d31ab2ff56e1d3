/**
 * The windows domain's handlers (shared/commands/windows.ts): a pop-out opens through the
 * host's opener. The desktop app passes one that opens a BrowserWindow
 * (hosts/pop-out-windows.ts); without one (the browser host, a `--join` seat) the answer is
 * `tab`, and the page that asked opens the pop-out as a tab of its own browser.
 */
import { registerHandlers } from '../core/command-registry';
import { windowCommands } from '../../shared/commands/windows';
import type { PopOutAnswer, PopOutRequest } from '../../shared/pop-out-model';

/**
 * Opens (or brings forward) the pop-out `request` names on this workstation and answers how.
 * Throws when it cannot: the pipeline answers the page with an internal problem.
 */
export type PopOutOpener = (request: PopOutRequest) => Promise<PopOutAnswer> | PopOutAnswer;

/** A host without windows of its own: the page opens a tab. */
const inATab: PopOutOpener = (request) => ({ opened: 'tab', kind: request.kind });

/** The windows domain's handlers over `opener` (absent: the page opens a tab). */
export function windowHandlers(opener: PopOutOpener = inATab) {
  return registerHandlers(windowCommands, {
    'window.popOutMultiview': () => opener({ kind: 'multiview' }),
    'window.popOutControlRoom': (input) =>
      opener({
        kind: 'control-room',
        ...(input.channelKey === undefined ? {} : { channelKey: input.channelKey }),
      }),
  });
}
