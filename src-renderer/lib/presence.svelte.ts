/**
 * Studio presence in this page (main: services/studio/presence.ts): what this page says of
 * itself (its focused channel in the control room, the program it is editing on the timeline)
 * and who else is where, from main's `presence.changed` pushes. Reporting is a `read` command
 * with no platform call; on a desk alone the picture holds only this page, so nothing shows.
 * Once it has said something, the page says it again every `presenceHeartbeatMs` (4 s): main
 * forgets an entry not renewed within `presenceLifetimeMs` (10 s), so a seat that loses its
 * network leaves the others' screens. The pages of this page's own desk (its main window and
 * its pop-outs, issue 35 §3) are this operator, never someone else who is here.
 */
import {
  presenceHeartbeatMs,
  type PresenceEdit,
  type PresenceEntry,
} from '../../src-main/shared/presence-model';
import { call, desk } from './bridge';

/** What this page said last, and what it wants to say. */
interface Said {
  channelKey: string | null;
  channelTitle: string | null;
  editing: PresenceEdit | null;
}

class Presence {
  /** Every page of the studio that said where it is, this one included. */
  entries = $state<PresenceEntry[]>([]);
  /** This page's id in the picture (main answers it to `presence.report`); null before. */
  you = $state<string | null>(null);
  /** This page's desk in the picture (main answers it to both commands); null before. */
  desk = $state<string | null>(null);
  #said: Said = { channelKey: null, channelTitle: null, editing: null };
  #started = false;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #heartbeat: ReturnType<typeof setInterval> | null = null;

  /** The channel this page last said it has in focus (the control room's), or null. */
  get focusedChannel(): string | null {
    return this.#said.channelKey;
  }

  /**
   * Everyone else: the pages of the other desks of the studio (the hub's and its seats'). Until
   * main has named this page's desk, nobody (a pop-out would otherwise show its main window).
   */
  get others(): PresenceEntry[] {
    const desk = this.desk;
    if (desk === null) return [];
    return this.entries.filter((entry) => entry.desk !== desk && entry.id !== this.you);
  }

  /** The others with `channelKey` in focus, one per desk (a seat's two pages show once). */
  at(channelKey: string): PresenceEntry[] {
    return onePerDesk(this.others.filter((entry) => entry.channelKey === channelKey));
  }

  /** The others editing the program `programId` of `channelKey`, one per desk. */
  editing(channelKey: string, programId: number): PresenceEntry[] {
    return onePerDesk(
      this.others.filter(
        (entry) =>
          entry.editing?.channelKey === channelKey && entry.editing.programId === programId,
      ),
    );
  }

  /** Listens to main's pushes (once per page) and reads the picture once. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    desk.on('presence.changed', (picture) => {
      this.entries = picture.entries;
    });
    void call('presence.list', {})
      .then((listing) => {
        this.desk = listing.desk;
        this.entries = listing.entries;
      })
      .catch(() => undefined);
  }

  /** Says which channel this page has in focus (null: none). */
  focus(channel: { key: string; title: string } | null): void {
    if (
      this.#said.channelKey === (channel?.key ?? null) &&
      this.#said.channelTitle === (channel?.title ?? null)
    )
      return;
    this.#said = {
      ...this.#said,
      channelKey: channel?.key ?? null,
      channelTitle: channel?.title ?? null,
    };
    this.#send();
  }

  /** Says which program this page is editing (null: none). */
  edit(editing: PresenceEdit | null): void {
    const now = this.#said.editing;
    if (
      now?.channelKey === editing?.channelKey &&
      now?.programId === editing?.programId &&
      now?.kind === editing?.kind
    )
      return;
    this.#said = { ...this.#said, editing };
    this.#send();
  }

  /** Sends what this page says, at most every 100 ms (a drag starts and ends quickly). */
  #send(): void {
    this.start();
    if (this.#heartbeat === null)
      this.#heartbeat = setInterval(() => this.#report(), presenceHeartbeatMs);
    if (this.#timer !== null) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#report();
    }, 100);
  }

  /** Tells main what this page says (again: the heartbeat renews its entry's lifetime). */
  #report(): void {
    void call('presence.report', { ...this.#said })
      .then((reply) => {
        this.you = reply.you;
        this.desk = reply.desk;
        this.entries = reply.entries;
      })
      .catch(() => undefined);
  }
}

/** The first entry of each desk (one operator, whatever windows they have open), in order. */
function onePerDesk(entries: PresenceEntry[]): PresenceEntry[] {
  return entries.filter(
    (entry, index) => entries.findIndex((e) => e.desk === entry.desk) === index,
  );
}

/** This page's presence: one per page. */
export const presence = new Presence();
