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
});

/** Events of the windows domain. */
export const windowEvents = defineEvents({
  /**
   * The desktop menu's Window → Pop out… (hosts/app-menu.ts) asks the main window's page to pop
   * out `kind`: the page runs the same command as its pop-out button, with the channel it has in
   * focus (main only asks; the page owns its focus, as with `channel.focusRequested`).
   */
  'window.popOutAsked': event<{ kind: PopOutKind }>(),
});
