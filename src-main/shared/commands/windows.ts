/**
 * Pop-out windows (shared/pop-out-model.ts): the Multiview or the control room in a window of
 * its own. Window state is this workstation's own (`scope: 'workstation'`): no platform call,
 * nobody's act (not journaled), offered to the palette. A pop-out shares main's watches, so
 * opening one costs the platform nothing.
 */
import { z } from 'zod';
import type { PopOutAnswer, PopOutKind } from '../pop-out-model';
import { defineCommands, defineEvents, event, localState, returns } from './define';
import { key, noInput } from './fields';

const windowCommand = {
  scope: 'workstation',
  output: returns<PopOutAnswer>(),
  offer: { palette: true },
} as const;

/** The windows domain's commands. */
export const windowCommands = defineCommands({
  /** Opens the Multiview in its own window (brings it forward when it is open). */
  'window.popOutMultiview': localState('change', { ...windowCommand, input: noInput }),
  /**
   * Opens the control room in its own window, on `channelKey` when given (brings it forward
   * when it is open).
   */
  'window.popOutControlRoom': localState('change', {
    ...windowCommand,
    input: z.object({ channelKey: key.optional() }),
  }),
  /**
   * Shift+1 … Shift+9 (Shift+0 the tenth) pressed in a pop-out, which has no top bar: the main
   * window opens the view at `place` in its top bar (`window.mainViewAsked`) and, in the desktop
   * app, comes to the front. The main window's page counts its own top bar.
   */
  'window.showMainView': localState('change', {
    scope: 'workstation',
    input: z.object({ place: z.number().int().min(1).max(10) }),
    output: returns<null>(),
  }),
});

/** Events of the windows domain. */
export const windowEvents = defineEvents({
  /**
   * The desktop menu's Window → Pop out… (hosts/app-menu.ts) asks the main window's page to pop
   * out `kind`: the page runs the same command as its pop-out button, with the channel it has in
   * focus (main only asks; the page owns its focus, as with `channel.focusRequested`).
   */
  'window.popOutAsked': event<{ kind: PopOutKind }>('workstation'),
  /**
   * A pop-out asked the main window to open the view at `place` (1–10) in its top bar
   * (`window.showMainView`); only the main window's page follows it.
   */
  'window.mainViewAsked': event<{ place: number }>('workstation'),
});
