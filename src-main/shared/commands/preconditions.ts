/**
 * The named preconditions of the declarations (`PreconditionName`), as pure predicates over
 * what the asker knows: main checks them in the pipeline before any platform call, and a
 * view or the palette checks the same ones to offer a command disabled with the reason.
 *
 * A precondition refuses only on what is known to be so: a broadcast never read (or read
 * too long ago, see {@link freshForPreconditionMs}) lets the command through, and the
 * handler's own re-read decides. A stale picture must never block an operator's command.
 */
import type { MessageRef } from '../i18n/message';
import type { WorkspaceKind } from '../model';
import type { PreconditionName } from './define';

/** How old (ms) a broadcast's last read may be for a precondition to refuse on it. */
export const freshForPreconditionMs = 15_000;

/** What a precondition looks at. */
export interface PreconditionState {
  /** The kind of the open workspace. */
  workspaceKind: WorkspaceKind;
  /** The targeted broadcast as last read, if it was read within the freshness window. */
  broadcast?: { onAir: boolean; recording: boolean } | undefined;
}

/**
 * Why `name` does not hold, as a catalogue message naming the command; null when it holds or
 * cannot be known.
 * @param command the command's title in the operator's words, or its name (for `{command}`).
 */
export function preconditionRefusal(
  name: PreconditionName,
  state: PreconditionState,
  command: string,
): MessageRef | null {
  const broadcast = state.broadcast;
  switch (name) {
    case 'broadcastOnAir':
      return broadcast && !broadcast.onAir ? { key: 'pipeline.notOnAir' } : null;
    case 'recordingStopped':
      if (broadcast && !broadcast.onAir) return { key: 'pipeline.notOnAir' };
      return broadcast?.recording ? { key: 'pipeline.alreadyRecording' } : null;
    case 'recordingRunning':
      return broadcast && !broadcast.recording ? { key: 'pipeline.notRecording' } : null;
    case 'sandboxWorkspace':
      return state.workspaceKind === 'sandbox'
        ? null
        : { key: 'pipeline.sandboxOnly', params: { command } };
  }
}
