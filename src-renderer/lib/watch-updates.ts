/**
 * Where a page hears its watches' updates: main's `watch.update` pushes, and the latest answers
 * main replays in a `watch.subscribe` answer when this page joins a watch another window
 * already has (control-room/watch-answers.ts), heard as if pushed. So a second window fills
 * its watch-fed queries from main's last reads instead of reading the platform again.
 */
import type { WatchUpdate } from '../../src-main/shared/model';
import { desk } from './bridge';

type Listener = (update: WatchUpdate) => void;

const listeners = new Set<Listener>();

/** Hears every watch update, pushed or replayed; answers the function that stops it. */
export function onWatchUpdate(listener: Listener): () => void {
  listeners.add(listener);
  const off = desk.on('watch.update', listener);
  return () => {
    listeners.delete(listener);
    off();
  };
}

/** Hands a `watch.subscribe` answer's latest updates to every listener, in order. */
export function replayWatchUpdates(updates: readonly WatchUpdate[]): void {
  for (const update of updates) for (const listener of [...listeners]) listener(update);
}
