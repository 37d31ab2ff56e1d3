/**
 * Whether the workstation should keep the computer from sleeping: pure, without Electron
 * (hosts/keep-awake.ts drives Electron's `powerSaveBlocker` from it). A show must not stop
 * because the OS put the machine to sleep: while a channel of the open workspace is on air, a
 * manual recording runs, or an upload or a download runs, the desk stays awake; when the last
 * of these ends it lets the OS sleep again (docs/admin/workstation.md, "Keep awake").
 */
import type { KeepAwakeReason } from '../shared/workstation-model';
import type { ShowWork } from './update-policy';

/** The reasons to stay awake in `work`, in `keepAwakeReasons` order; empty: none. */
export function keepAwakeReasonsOf(
  work: Pick<ShowWork, 'onAir' | 'recordings' | 'uploads' | 'downloads'>,
): KeepAwakeReason[] {
  const reasons: KeepAwakeReason[] = [];
  if (work.onAir > 0) reasons.push('onAir');
  if (work.recordings > 0) reasons.push('recording');
  if (work.uploads > 0) reasons.push('upload');
  if (work.downloads > 0) reasons.push('download');
  return reasons;
}

/** Whether `reasons` want the computer kept awake: any one is enough. */
export function wantsKeepAwake(reasons: readonly KeepAwakeReason[]): boolean {
  return reasons.length > 0;
}
