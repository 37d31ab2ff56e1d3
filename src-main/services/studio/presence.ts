/**
 * Studio presence: who is where (docs/dev/architecture.md, "Processes and trust", Studio). Every
 * page (a window or browser page of the hub, or of a seat) says with `presence.report` which
 * channel it has in focus and which program it is editing; the hub keeps the latest report of
 * each page and pushes the whole picture as `presence.changed` on its event stream, which its
 * seats relay to their pages. A page that closes (a browser page's event stream, an Electron
 * window: hosts/electron-ipc.ts), a seat whose event stream closes and a revoked seat leave the
 * picture at once. No platform call is spent on presence.
 *
 * Every entry also has a lifetime of its own (`presenceLifetimeMs`, 10 s): a page says where it
 * is again every `presenceHeartbeatMs` (4 s) even when nothing changed, and an entry not renewed
 * within its lifetime leaves the picture. So a seat that loses its network leaves the other
 * seats' screens within 10 s, not only when the hub's 15 s keep-alive write to it fails.
 *
 * Pages are told apart by the client id the hosts give them (the hub makes a seat's
 * `seat-<seat id>-<page>`, hub.ts); the picture shows only a hash of it. Each entry also names
 * its desk (the hub's, or one seat's), so a desk's main window and its pop-outs (issue 35 §3)
 * never see each other as another operator.
 */
import { createHash } from 'node:crypto';
import {
  presenceLifetimeMs,
  type PresenceEdit,
  type PresenceEntry,
  type PresenceListing,
  type PresencePicture,
  type PresenceReply,
} from '../../shared/presence-model';
import type { SeatRole } from '../../shared/studio-model';
import { Alarm, type Clock } from '../../platform/clock';

/** What a page says of itself (`presence.report`'s input). */
export interface PresenceReport {
  channelKey: string | null;
  channelTitle: string | null;
  editing: PresenceEdit | null;
}

/** Who sent a report: a seat (its name and role, from the hub's pipeline) or the hub's operator. */
export interface PresenceSender {
  clientId: string;
  /** The seat's name; absent for the hub's own pages. */
  seat?: string;
  seatRole?: SeatRole;
}

/** The prefix of every client id of the seat `seatId` (hub.ts names them so). */
export function seatClientPrefix(seatId: string): string {
  return `seat-${seatId}-`;
}

/** The id a page shows as: 12 hex digits of the SHA-256 of its client id. */
export function presenceId(clientId: string): string {
  return createHash('sha256').update(clientId).digest('hex').slice(0, 12);
}

/**
 * The id of the desk `sender`'s page belongs to: the seat's (its pages' client ids share the
 * prefix hub.ts gives them, `seat-<seat id>-`), else the hub's own desk (its main window, its
 * pop-outs and its browser pages). A hash like {@link presenceId}: no seat id travels.
 */
export function presenceDesk(sender: PresenceSender): string {
  if (sender.seat === undefined) return presenceId('hub');
  const seatId = /^seat-([^-]+)-/.exec(sender.clientId)?.[1];
  return presenceId(seatId === undefined ? `seat-name:${sender.seat}` : seatClientPrefix(seatId));
}

/** The presence picture of one desk core (kept at the hub; a desk alone has only its own pages). */
export class PresenceBoard {
  readonly #pages = new Map<string, PresenceEntry>();
  /** When each page last reported, epoch ms UTC (its entry's lifetime runs from there). */
  readonly #renewed = new Map<string, number>();
  readonly #alarm: Alarm | null;
  readonly #lifetimeMs: number;

  /**
   * @param options.now the clock, epoch ms UTC (injected: tests run on virtual time).
   * @param options.emit told the whole picture after every change.
   * @param options.hubOperator the hub operator's name (settings; the OS user otherwise).
   * @param options.timers the clock whose timers end the entries' lifetimes; without it,
   *   entries live until their page or seat is dropped.
   * @param options.lifetimeMs an entry's lifetime without a report, ms (default 10 s).
   */
  constructor(
    private readonly options: {
      now: () => number;
      emit: (picture: PresencePicture) => void;
      hubOperator: () => string;
      timers?: Clock;
      lifetimeMs?: number;
    },
  ) {
    this.#lifetimeMs = options.lifetimeMs ?? presenceLifetimeMs;
    this.#alarm = options.timers ? new Alarm(options.timers, () => this.#expire()) : null;
  }

  /** Replaces what `sender`'s page said with `report`; answers the picture and the page's id. */
  report(sender: PresenceSender, report: PresenceReport): PresenceReply {
    const id = presenceId(sender.clientId);
    const desk = presenceDesk(sender);
    const entry: PresenceEntry = {
      id,
      desk,
      name: sender.seat ?? this.options.hubOperator(),
      role: sender.seat !== undefined ? (sender.seatRole ?? 'operator') : null,
      seat: sender.seat !== undefined,
      channelKey: report.channelKey,
      channelTitle: report.channelKey === null ? null : report.channelTitle,
      editing: report.editing,
      at: this.options.now(),
    };
    const before = this.#pages.get(sender.clientId);
    this.#pages.set(sender.clientId, entry);
    this.#renewed.set(sender.clientId, entry.at);
    this.#arm();
    if (!before || !samePlace(before, entry)) this.#changed();
    return { ...this.list(), desk, you: id };
  }

  /** Every page that said where it is, the earliest first. */
  list(): PresencePicture {
    return { entries: [...this.#pages.values()].map((entry) => ({ ...entry })) };
  }

  /** The picture as `sender`'s page asks for it: with the id of its own desk. */
  listFor(sender: PresenceSender): PresenceListing {
    return { ...this.list(), desk: presenceDesk(sender) };
  }

  /** Forgets a page that went away (its stream closed, the host dropped it). */
  drop(clientId: string): void {
    this.#renewed.delete(clientId);
    if (this.#pages.delete(clientId)) this.#changed();
    this.#arm();
  }

  /** Forgets every page of the seat `seatId` (its event stream closed, or it was revoked). */
  dropSeat(seatId: string): void {
    const prefix = seatClientPrefix(seatId);
    let dropped = false;
    for (const clientId of [...this.#pages.keys()])
      if (clientId.startsWith(prefix)) {
        this.#renewed.delete(clientId);
        dropped = this.#pages.delete(clientId) || dropped;
      }
    if (dropped) this.#changed();
    this.#arm();
  }

  /** Stops the lifetime timer (the desk core closes). */
  dispose(): void {
    this.#alarm?.clear();
  }

  /** Drops every entry whose lifetime ran out, then waits for the next one. */
  #expire(): void {
    const now = this.options.now();
    let dropped = false;
    for (const [clientId, at] of [...this.#renewed])
      if (now - at >= this.#lifetimeMs) {
        this.#renewed.delete(clientId);
        dropped = this.#pages.delete(clientId) || dropped;
      }
    if (dropped) this.#changed();
    this.#arm();
  }

  /** Sets the timer to the earliest end of a lifetime (none when the picture is empty). */
  #arm(): void {
    if (!this.#alarm) return;
    let earliest = Number.POSITIVE_INFINITY;
    for (const at of this.#renewed.values()) earliest = Math.min(earliest, at);
    if (earliest === Number.POSITIVE_INFINITY) this.#alarm.clear();
    else this.#alarm.setAt(earliest + this.#lifetimeMs);
  }

  #changed(): void {
    this.options.emit(this.list());
  }
}

function samePlace(a: PresenceEntry, b: PresenceEntry): boolean {
  return (
    a.name === b.name &&
    a.role === b.role &&
    a.channelKey === b.channelKey &&
    a.channelTitle === b.channelTitle &&
    a.editing?.channelKey === b.editing?.channelKey &&
    a.editing?.programId === b.editing?.programId &&
    a.editing?.kind === b.editing?.kind
  );
}

/**
 * A seat's memory of what its pages last said, so that when its link to the hub comes back
 * (the hub forgot the seat's pages when the stream closed) it says it again.
 */
export class PresenceEcho {
  readonly #said = new Map<string, unknown>();

  /** Remembers `input` of a `presence.report` sent for the page `clientId`. */
  remember(clientId: string, input: unknown): void {
    this.#said.set(clientId, input);
  }

  /** Forgets a page that went away. */
  forget(clientId: string): void {
    this.#said.delete(clientId);
  }

  /** Every page's last report, to send again. */
  replay(): { clientId: string; input: unknown }[] {
    return [...this.#said].map(([clientId, input]) => ({ clientId, input }));
  }
}
