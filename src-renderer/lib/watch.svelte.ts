/**
 * Subscribes a view to a live watch in main for as long as the view shows it. The planner
 * in main does the polling; the renderer never polls on a timer.
 */
import type { WatchSpec } from '../../src-main/shared/model';
import { call } from './bridge';

/**
 * Keeps a watch subscribed while `spec()` returns a spec; re-subscribes when it changes.
 * Call during component initialisation (it uses `$effect`).
 * @returns a reactive holder of the current watch id (null until main answered).
 */
export function useWatch(spec: () => WatchSpec | null): { readonly watchId: string | null } {
  const state = $state<{ watchId: string | null }>({ watchId: null });
  $effect(() => {
    const current = spec();
    if (!current) return;
    let cancelled = false;
    let watchId: string | null = null;
    void call('watch.subscribe', { spec: current }).then(
      (answer) => {
        watchId = answer.watchId;
        if (cancelled) void call('watch.unsubscribe', { watchId });
        else state.watchId = watchId;
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      state.watchId = null;
      if (watchId) void call('watch.unsubscribe', { watchId }).catch(() => undefined);
    };
  });
  return state;
}
