/**
 * Pop-out windows (shared/pop-out-model.ts): the Multiview or the control room in a window of
 * its own. Window state is this workstation's own (`scope: 'workstation'`): no platform call,
 * nobody's act (not journaled), offered to the palette. A pop-out shares main's watches, so
 * opening one costs the platform nothing.
 */
import { z } from 'zod';
import type { PopOutAnswer, PopOutKind } from '../pop-out-model';
import { jumpKinds, views, type JumpTarget, type View } from '../views';
import { defineCommands, defineEvents, event, localState, returns } from './define';
import { key, noInput } from './fields';

/**
 * What a pop-out asks the main window to show (`window.showMainView`): the view at a place of
 * its top bar (Shift+1 … Shift+9, Shift+0), a view by name, or an object the palette found,
 * opened in its view and selected there where that view can (the palette's jump).
 */
export type MainViewRequest = { place: number } | { view: View } | { jump: JumpTarget };

const mainViewRequest = z.union([
  z.object({ place: z.number().int().min(1).max(10) }),
  z.object({ view: z.enum(views) }),
  z.object({
    jump: z.object({
      view: z.enum(views),
      kind: z.enum(jumpKinds),
      // A program's key is its id as text; every other is a platform key.
      key,
      channelKey: key.optional(),
    }),
  }),
]) satisfies z.ZodType<MainViewRequest>;

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
   * A pop-out, which draws only its own view, asks the main window for another: Shift+1 …
   * Shift+9 (Shift+0 the tenth) the view at `place` in its top bar (the main window's page counts
   * its own top bar); the palette a `view` by name, or a `jump` to an object it found. The main
   * window opens it (`window.mainViewAsked`) and, in the desktop app, comes to the front.
   */
  'window.showMainView': localState('change', {
    scope: 'workstation',
    input: mainViewRequest,
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
   * A pop-out asked the main window for a view (`window.showMainView`): at `place` (1–10) in its
   * top bar, by name, or an object's to select there; only the main window's page follows it.
   */
  'window.mainViewAsked': event<MainViewRequest>('workstation'),
});
