/**
 * Subscribes a view to a live watch in main for as long as the view shows it. The planner
 * in main does the polling; the renderer never polls on a timer.
 */
import type { WatchSpec } from '../../src-main/shared/model';
import { call } from './bridge';
import { replayWatchUpdates } from './watch-updates';

/** A watch as a view holds it. */
export interface HeldWatch {
  /** The watch's id (null until main answered, and again while it is subscribed anew). */
  readonly watchId: string | null;
  /**
   * Whether main answered (or refused) the subscription: its replayed answers are in the
   * cache by then, so a query the watch feeds reads the platform itself only for what no
   * window had read yet. A view enables such queries once this is true.
   */
  readonly ready: boolean;
}

/**
 * Keeps a watch subscribed while `spec()` returns a spec; re-subscribes when it changes.
 * Main's answer replays the watch's latest updates (another window's reads, lib/watch-updates.ts),
 * heard after `watchId` is set and before `ready`. Call during component initialisation (it
 * uses `$effect`).
 */
export function useWatch(spec: () => WatchSpec | null): HeldWatch {
  const state = $state<{ watchId: string | null; ready: boolean }>({
    watchId: null,
    ready: false,
  });
  $effect(() => {
    const current = spec();
    if (!current) return;
    let cancelled = false;
    let watchId: string | null = null;
    void call('watch.subscribe', { spec: current }).then(
      (answer) => {
        watchId = answer.watchId;
        if (cancelled) {
          void call('watch.unsubscribe', { watchId });
          return;
        }
        state.watchId = watchId;
        replayWatchUpdates(answer.latest);
        state.ready = true;
      },
      () => {
        // Refused: the view's queries read on their own, as without a watch.
        if (!cancelled) state.ready = true;
      },
    );
    return () => {
      cancelled = true;
      state.watchId = null;
      state.ready = false;
      if (watchId) void call('watch.unsubscribe', { watchId }).catch(() => undefined);
    };
  });
  return state;
}
