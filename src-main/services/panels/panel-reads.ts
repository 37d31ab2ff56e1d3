/**
 * The reads a hardware panel's feedback is built from (panel-feedback.ts), as the watch planner
 * pushes them (`watch.update`): the channel list, each watched broadcast's state, its viewer
 * and chat counts, the Multiview's on-air list, and which reads failed (and whether that says
 * the platform is gone). It is apart from panel-feedback.ts because taking the reads (which
 * read wins, what a complete on-air list says of the broadcasts it lacks) is one job and
 * drawing the buttons from them (tallies, lamps, stale marks, the budget) another.
 *
 * Where two reads say different things the newest (`fetchedAt`) wins. A complete on-air list
 * that no longer holds a broadcast read on air says it went off air at the list's
 * `fetchedAt`; a list cut short by its page (`total` more than it holds) says nothing of those
 * it lacks. Of a broadcast it keeps the figures those reads carry, never who is in the chat.
 * One workspace's reads: a switch of workspace starts a new `PanelReads`.
 */
import type { Broadcast, ChannelSummary, OnAirList, WatchUpdate } from '../../shared/model';

/** A channel as the channel list last read it: when (epoch ms UTC), and by which watch. */
export interface ChannelRead {
  channel: ChannelSummary;
  fetchedAt: number;
  watchId: string;
}

/** A value as last read: when (epoch ms UTC), and the read (`topic:subject`) whose failure stales it. */
export interface Read<T> {
  value: T;
  fetchedAt: number;
  from: string;
}

/** The Multiview's last on-air list. */
export interface OnAirRead {
  /** When the list was read, epoch ms UTC. */
  fetchedAt: number;
  /** Each listed channel's on-air broadcast key. */
  byChannel: Map<string, string>;
  /** The list holds every on-air broadcast (`total` not more than it holds). */
  complete: boolean;
}

/**
 * A channel the on-air list named: the broadcast it last listed, that broadcast's title (the
 * channel's name while no channel list read has it, as the Multiview's tiles do) and when that
 * list was read, epoch ms UTC.
 */
export interface ListedChannel {
  broadcastKey: string;
  title: string;
  at: number;
}

/** The on-air list's failure key (watch-plan.ts: subject `account`). */
export const onAirFrom = 'onair:account';

/** One workspace's reads as the watch updates bring them. */
export class PanelReads {
  #channels = new Map<string, ChannelRead>();
  /** The newest read of each broadcast: its own read or the on-air list's. */
  #broadcasts = new Map<string, Read<Broadcast>>();
  /** The latest viewer count (null: no bucket yet) and chat count read, by broadcast key. */
  #viewers = new Map<string, Read<number | null>>();
  #chat = new Map<string, Read<number>>();
  #onAir: OnAirRead | null = null;
  /** Channels the on-air list named, by channel key. */
  #listed = new Map<string, ListedChannel>();
  /** When the last read of a subject (`topic:subject`) failed, epoch ms. */
  #failedAt = new Map<string, number>();
  /** Since when the platform is lost (a read failed that way), or null. */
  #lostAt: number | null = null;
  /** Whether any read succeeded yet in this workspace. */
  #seenAnswer = false;

  /** Each channel as the channel list last read it, by channel key. */
  get channels(): ReadonlyMap<string, ChannelRead> {
    return this.#channels;
  }

  /** The newest read of each broadcast (its own read or the on-air list's), by broadcast key. */
  get broadcasts(): ReadonlyMap<string, Read<Broadcast>> {
    return this.#broadcasts;
  }

  /** The latest viewer count read (null: no bucket yet), by broadcast key. */
  get viewers(): ReadonlyMap<string, Read<number | null>> {
    return this.#viewers;
  }

  /** The latest chat head count read, by broadcast key. */
  get chat(): ReadonlyMap<string, Read<number>> {
    return this.#chat;
  }

  /** The Multiview's last on-air list, or null while none was read. */
  get onAir(): OnAirRead | null {
    return this.#onAir;
  }

  /** Channels the on-air list named, by channel key: see {@link ListedChannel}. */
  get listed(): ReadonlyMap<string, ListedChannel> {
    return this.#listed;
  }

  /** Whether a failed read, a refused connection or a failed call says the platform is gone. */
  get lost(): boolean {
    return this.#lostAt !== null;
  }

  /** Whether any read succeeded yet in this workspace. */
  get seenAnswer(): boolean {
    return this.#seenAnswer;
  }

  /**
   * Whether the read `from` (`topic:subject`) failed at or after `fetchedAt` (epoch ms UTC):
   * what it read then may no longer hold.
   */
  failedSince(from: string, fetchedAt: number): boolean {
    return (this.#failedAt.get(from) ?? -Infinity) >= fetchedAt;
  }

  /** The platform is gone from `at` (epoch ms UTC), unless already: until a read succeeds. */
  platformLost(at: number): void {
    if (this.#lostAt === null) this.#lostAt = at;
  }

  /**
   * Takes one `watch.update`: a failure is noted by its subject (and says the platform is gone
   * when it has no answer, a 5xx, a refused token, the computer slept or the hub stands down);
   * an answer makes the platform reachable and is kept where newer than what is there.
   */
  take(update: WatchUpdate): void {
    if (update.kind === 'error') {
      this.#failedAt.set(`${update.topic}:${update.subject}`, update.at);
      const gone =
        update.afterSleep === true ||
        update.standingDown === true ||
        update.code === 'network' ||
        update.code === 'unauthorized' ||
        (update.status !== undefined && update.status >= 500);
      if (gone) this.platformLost(update.at);
      return;
    }
    this.#seenAnswer = true;
    this.#lostAt = null;
    if (update.kind === 'channels') {
      for (const [key, read] of this.#channels)
        if (read.watchId === update.watchId) this.#channels.delete(key);
      for (const channel of update.data.items)
        this.#channels.set(channel.key, {
          channel,
          fetchedAt: update.fetchedAt,
          watchId: update.watchId,
        });
    } else if (update.kind === 'broadcast') {
      const from = `broadcast:${update.broadcastKey}`;
      keepNewest(this.#broadcasts, update.broadcastKey, update.data, update.fetchedAt, from);
    } else if (update.kind === 'onair') {
      this.#takeOnAirList(update.data, update.fetchedAt);
    } else if (update.kind === 'viewers') {
      const from =
        update.via === 'audience' ? 'audience:account' : `viewers:${update.broadcastKey}`;
      keepNewest(this.#viewers, update.broadcastKey, update.data.current, update.fetchedAt, from);
    } else if (update.kind === 'participants') {
      // The count only: who is in the chat never reaches a panel.
      const from = `participants:${update.broadcastKey}`;
      keepNewest(this.#chat, update.broadcastKey, update.data.count, update.fetchedAt, from);
    }
    // `audience` itself is the account's sum: each broadcast's share came as `viewers`.
  }

  /**
   * The Multiview's on-air list read at `fetchedAt`: each listed broadcast's state, and, when
   * the list is complete, every broadcast last read on air that it lacks is off air since
   * (never left lit; recording ends with the broadcast).
   */
  #takeOnAirList(list: OnAirList, fetchedAt: number): void {
    const complete = list.total <= list.broadcasts.length;
    const byChannel = new Map<string, string>();
    const listed = new Set(list.broadcasts.map((b) => b.key));
    for (const broadcast of list.broadcasts) {
      byChannel.set(broadcast.channelKey, broadcast.key);
      this.#listed.set(broadcast.channelKey, {
        broadcastKey: broadcast.key,
        title: broadcast.title,
        at: fetchedAt,
      });
      keepNewest(this.#broadcasts, broadcast.key, broadcast, fetchedAt, onAirFrom);
    }
    if (complete)
      for (const [key, read] of this.#broadcasts)
        if (read.value.onAir && read.fetchedAt < fetchedAt && !listed.has(key))
          this.#broadcasts.set(key, {
            value: { ...read.value, onAir: false, paused: false, recording: false },
            fetchedAt,
            from: onAirFrom,
          });
    this.#onAir = { fetchedAt, byChannel, complete };
  }
}

/** Sets `key` to `value` read at `fetchedAt` by `from`, unless a newer read is there. */
function keepNewest<T>(
  reads: Map<string, Read<T>>,
  key: string,
  value: T,
  fetchedAt: number,
  from: string,
): void {
  const last = reads.get(key);
  if (!last || last.fetchedAt <= fetchedAt) reads.set(key, { value, fetchedAt, from });
}
