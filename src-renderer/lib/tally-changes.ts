/**
 * What a screen reader should hear about the watched broadcasts (issue 35 §1): a broadcast
 * went on air, went off air, or its manual recording started or stopped. Main pushes the
 * same state on every poll; `TallyChanges` remembers the last state of each broadcast and
 * answers only what changed, so a change is said once and an unchanged poll says nothing.
 *
 * A stream that starts is a new broadcast (a new key: docs/platform-facts.md, "Encoders and broadcasts"), so "on
 * air" is never a change of a known broadcast: it is a broadcast first seen on air that is
 * news, either one the Multiview's complete on-air list gains between two reads, or one
 * that started at most {@link onAirNewsMs} before the read that first shows it.
 */
import type { Broadcast, WatchUpdate } from '../../src-main/shared/model';

/** One change of a watched broadcast's tally, with the title to say it by. */
export interface TallyChange {
  kind: 'onAir' | 'offAir' | 'recordingStarted' | 'recordingStopped';
  broadcastKey: string;
  title: string;
}

/**
 * How recently a broadcast first seen on air must have started for "on air" to be said, ms
 * before the read that shows it (the focused broadcast's first read follows the channel's
 * new broadcast within one channel-list read, 20 s, or a few after a refused call).
 */
export const onAirNewsMs = 60_000;

/**
 * A gap between two reads of the same thing longer than this makes the later one a new
 * baseline, ms: a view closed for an hour and opened again is not an hour of news. Longer
 * than any planned interval, widened ×3 under a lowered budget (docs/dev/architecture.md,
 * "The API budget"), and the longest back-off.
 */
export const baselineAfterMs = 180_000;

/** The part of a broadcast's state that is announced, and when it was read (epoch ms UTC). */
interface Tally {
  onAir: boolean;
  recording: boolean;
  at: number;
}

/**
 * Follows main's watch updates (`watch.update`): the focused broadcast (`broadcast`) and the
 * Multiview's list of on-air broadcasts (`onair`). The first sight of a broadcast is its
 * baseline: opening a view is not news, except a broadcast that has just gone on air. A read
 * older than the last one seen of the same broadcast (an answer overtaken by a later one)
 * changes nothing.
 */
export class TallyChanges {
  readonly #known = new Map<string, Tally>();
  /** The keys and titles of the last complete on-air list, and when it was read. */
  #onAirList: { at: number; titles: Map<string, string> } | null = null;

  /** The changes `update` brings, in the order to say them; none for other kinds. */
  changes(update: WatchUpdate): TallyChange[] {
    if (update.kind === 'broadcast') return this.#see(update.data, update.fetchedAt, false);
    if (update.kind !== 'onair') return [];
    const at = update.fetchedAt;
    // A list cut short by the platform's page says nothing about the broadcasts beyond it.
    const complete = update.data.total <= update.data.broadcasts.length;
    const before =
      this.#onAirList && at - this.#onAirList.at <= baselineAfterMs ? this.#onAirList : null;
    const found = update.data.broadcasts.flatMap((broadcast) =>
      this.#see(broadcast, at, complete && before !== null && !before.titles.has(broadcast.key)),
    );
    const listed = new Map(update.data.broadcasts.map((b) => [b.key, b.title]));
    if (complete && before) {
      for (const [key, title] of before.titles) {
        const known = this.#known.get(key);
        // Gone from the list, unless already known off air or read since by a later answer.
        if (listed.has(key) || known?.onAir === false || (known && known.at > at)) continue;
        this.#known.set(key, { onAir: false, recording: false, at });
        found.push({ kind: 'offAir', broadcastKey: key, title });
      }
    }
    if (complete) this.#onAirList = { at, titles: listed };
    else if (this.#onAirList && at >= this.#onAirList.at) this.#onAirList = null;
    return found;
  }

  /**
   * What a read of `broadcast` at `at` (epoch ms UTC) changes. `appeared`: it is in a complete
   * on-air list whose previous complete list lacked it.
   */
  #see(broadcast: Broadcast, at: number, appeared: boolean): TallyChange[] {
    const before = this.#known.get(broadcast.key);
    if (before && at < before.at) return [];
    const now = { onAir: broadcast.onAir, recording: broadcast.recording, at };
    this.#known.set(broadcast.key, now);
    const about = { broadcastKey: broadcast.key, title: broadcast.title };
    if (!before || at - before.at > baselineAfterMs) {
      const started = broadcast.startedAt === null ? NaN : Date.parse(broadcast.startedAt);
      const news = appeared || (at - started >= 0 && at - started <= onAirNewsMs);
      return broadcast.onAir && news && before?.onAir !== true ? [{ ...about, kind: 'onAir' }] : [];
    }
    const found: TallyChange[] = [];
    if (now.onAir !== before.onAir) found.push({ ...about, kind: now.onAir ? 'onAir' : 'offAir' });
    if (now.recording !== before.recording)
      found.push({ ...about, kind: now.recording ? 'recordingStarted' : 'recordingStopped' });
    return found;
  }
}
