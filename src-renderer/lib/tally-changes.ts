/**
 * What a screen reader should hear about the watched broadcasts (issue 35 §1): a broadcast
 * went on air, went off air, or its manual recording started or stopped. Main pushes the
 * same state on every poll; `TallyChanges` remembers the last state of each broadcast and
 * answers only what changed, so a change is said once and an unchanged poll says nothing.
 */
import type { Broadcast, WatchUpdate } from '../../src-main/shared/model';

/** One change of a watched broadcast's tally, with the title to say it by. */
export interface TallyChange {
  kind: 'onAir' | 'offAir' | 'recordingStarted' | 'recordingStopped';
  broadcastKey: string;
  title: string;
}

/** The part of a broadcast's state that is announced. */
interface Tally {
  onAir: boolean;
  recording: boolean;
}

/**
 * Follows main's watch updates (`watch.update`): the focused broadcast (`broadcast`) and the
 * Multiview's list of on-air broadcasts (`onair`). The first sight of a broadcast is its
 * baseline, never a change: opening a view is not news.
 */
export class TallyChanges {
  readonly #known = new Map<string, Tally>();
  /** The keys of the last complete on-air list, to notice a broadcast leaving it. */
  #onAirList: Map<string, string> | null = null;

  /** The changes `update` brings, in the order to say them; none for other kinds. */
  changes(update: WatchUpdate): TallyChange[] {
    if (update.kind === 'broadcast') return this.#see(update.data);
    if (update.kind !== 'onair') return [];
    const found = update.data.broadcasts.flatMap((broadcast) => this.#see(broadcast));
    // A list cut short by the platform's page says nothing about the broadcasts beyond it.
    const complete = update.data.total <= update.data.broadcasts.length;
    const listed = new Map(update.data.broadcasts.map((b) => [b.key, b.title]));
    if (complete && this.#onAirList) {
      for (const [key, title] of this.#onAirList) {
        if (listed.has(key) || this.#known.get(key)?.onAir === false) continue;
        this.#known.set(key, { onAir: false, recording: false });
        found.push({ kind: 'offAir', broadcastKey: key, title });
      }
    }
    this.#onAirList = complete ? listed : null;
    return found;
  }

  #see(broadcast: Broadcast): TallyChange[] {
    const before = this.#known.get(broadcast.key);
    const now = { onAir: broadcast.onAir, recording: broadcast.recording };
    this.#known.set(broadcast.key, now);
    if (!before) return [];
    const about = { broadcastKey: broadcast.key, title: broadcast.title };
    const found: TallyChange[] = [];
    if (now.onAir !== before.onAir) found.push({ ...about, kind: now.onAir ? 'onAir' : 'offAir' });
    if (now.recording !== before.recording)
      found.push({ ...about, kind: now.recording ? 'recordingStarted' : 'recordingStopped' });
    return found;
  }
}
