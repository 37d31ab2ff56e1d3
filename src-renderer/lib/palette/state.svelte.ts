/**
 * What the command palette shares with the views, as reactive state: the broadcast open in the
 * control room (the target of the palette's broadcast commands) and a pending jump to an
 * object the operator chose (the view it opens selects it, where that view can).
 */
import type { JumpTarget } from './entries';

/** The palette's shared state. */
export const paletteState = $state<{
  /** The broadcast the control room shows, or null; set by its broadcast panel. */
  broadcastKey: string | null;
  /** A jump waiting for its view: taken (and cleared) by the view once it is on screen. */
  jump: JumpTarget | null;
}>({ broadcastKey: null, jump: null });

/**
 * Says which broadcast the control room shows while the calling component is on screen:
 * call it from an `$effect`; the returned function clears it when the component goes.
 */
export function showBroadcast(broadcastKey: string): () => void {
  paletteState.broadcastKey = broadcastKey;
  return () => {
    if (paletteState.broadcastKey === broadcastKey) paletteState.broadcastKey = null;
  };
}

/** Takes the pending jump when it is for `view`'s kinds; null otherwise (it stays pending). */
export function takeJump(accept: (target: JumpTarget) => boolean): JumpTarget | null {
  const target = paletteState.jump;
  if (!target || !accept(target)) return null;
  paletteState.jump = null;
  return target;
}
