/**
 * Pop-out windows on the page's side (shared/pop-out-model.ts; issue 35 §3): which pop-out
 * this page is, if any, and opening one. Main opens the desktop app's windows
 * (`window.popOut*`, hosts/pop-out-windows.ts); the browser host answers `tab`, and this page
 * opens the pop-out as a tab of the same browser, named per kind, so asking again brings the
 * same tab back instead of opening another. A pop-out asks the main window for any other view
 * (`window.showMainView`), which the main window's page follows (`showAskedView`).
 */
import type { CommandName } from '../../src-main/shared/bridge';
import type { MainViewRequest } from '../../src-main/shared/commands/windows';
import type { View } from '../../src-main/shared/views';
import {
  popOutOf,
  popOutSearch,
  type PopOutAnswer,
  type PopOutRequest,
} from '../../src-main/shared/pop-out-model';
import { call, deskErrorText, DeskCallError } from './bridge';
import { popOutTabUrl } from './browser-bridge';
import { navigation } from './navigation.svelte';
import { paletteState } from './palette/state.svelte';

/** The pop-out this page is (its query names it), or null for the main window. */
export const thisPopOut: PopOutRequest | null =
  typeof location === 'undefined' ? null : popOutOf(location.search);

/**
 * Asks main to open `request`'s pop-out (a button: `via: 'button'`); opens the tab itself when
 * main answers `tab`. Answers null, or the refusal in the operator's words.
 */
export async function openPopOut(request: PopOutRequest): Promise<string | null> {
  try {
    const answer =
      request.kind === 'multiview'
        ? await call('window.popOutMultiview', {}, { via: 'button' })
        : await call(
            'window.popOutControlRoom',
            request.channelKey ? { channelKey: request.channelKey } : {},
            { via: 'button' },
          );
    followPopOut(answer, request);
    return null;
  } catch (error) {
    return error instanceof DeskCallError ? deskErrorText(error.error) : String(error);
  }
}

/**
 * After a `window.popOut*` command another way ran (the palette) with `input`, opens the tab
 * when main answered `tab` (on the input's channel, for the control room); any other command
 * or answer is left alone.
 */
export function afterPopOutCommand(
  command: CommandName,
  data: unknown,
  input: Record<string, string> = {},
): void {
  if (command !== 'window.popOutMultiview' && command !== 'window.popOutControlRoom') return;
  const answer = data as PopOutAnswer;
  const channelKey = answer.kind === 'control-room' ? input.channelKey : undefined;
  followPopOut(answer, { kind: answer.kind, ...(channelKey ? { channelKey } : {}) });
}

/**
 * The main window's side of a pop-out's `window.showMainView` (`window.mainViewAsked`): opens
 * the view asked for (a place counts `topBar`, this window's own top bar; a place it has no view
 * at does nothing) and, for the palette's jump, has that view select the object chosen.
 */
export function showAskedView(asked: MainViewRequest, topBar: readonly View[]): void {
  if ('jump' in asked) {
    paletteState.jump = asked.jump;
    navigation.go(asked.jump.view);
    return;
  }
  const view = 'view' in asked ? asked.view : topBar[asked.place - 1];
  if (view) navigation.go(view);
}

function followPopOut(answer: PopOutAnswer, request: PopOutRequest): void {
  if (answer.opened !== 'tab') return;
  window.open(popOutTabUrl(popOutSearch(request)), `onair-desk-${request.kind}`);
}
