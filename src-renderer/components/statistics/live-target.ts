/** The live target of a statistics command from the pickers' values, or null while incomplete. */
import type { CommandInput } from '../../../src-main/shared/bridge';
import type { LiveScope } from '../../../src-main/shared/statistics-model';

/** Whose statistics, as `statistics.viewers` and `statistics.summary` take it. */
export type LiveTargetInput = CommandInput<'statistics.viewers'>['target'];

/** The target, or null when a channel or broadcast still has to be chosen. */
export function liveTarget(
  scope: LiveScope,
  channelKey: string,
  broadcastKey: string,
): LiveTargetInput | null {
  if (scope === 'all') return { scope };
  if (scope === 'channel') return channelKey ? { scope, channelKey } : null;
  return broadcastKey ? { scope, broadcastKey } : null;
}
