/**
 * Studio presence (services/studio/presence.ts): who is where. Every page of the hub and of its
 * seats says which channel it has in focus and which program it is editing; the hub keeps the
 * latest of each and pushes the whole picture as `presence.changed`. No platform call is spent
 * on it. Times are epoch milliseconds, UTC. No field carries a credential or a client id.
 */
import type { SeatRole } from './studio-model';

/**
 * How long an entry lives without a report from its page, ms: every `presence.report` renews
 * it (services/studio/presence.ts).
 */
export const presenceLifetimeMs = 10_000;
/**
 * How often a page says where it is again with nothing changed, ms (the renderer's
 * lib/presence.svelte.ts): two heartbeats can be lost before the entry's lifetime runs out.
 */
export const presenceHeartbeatMs = 4_000;

/** A program being edited on a schedule timeline. */
export interface PresenceEdit {
  channelKey: string;
  /** The platform's program id. */
  programId: number;
  /** `moving`: dragged or nudged on the timeline; `open`: its details (dialog) are open. */
  kind: 'moving' | 'open';
}

/** One page of the studio: whose, and what it has in focus. */
export interface PresenceEntry {
  /** An opaque id of the page, stable while it is open (a hash, never its client id). */
  id: string;
  /**
   * An opaque id of the desk the page belongs to (a hash): every page of the hub's own desk
   * shares one, every page of one seat another. A desk's main window and its pop-outs are one
   * operator at one desk, so a page leaves out the entries of its own desk.
   */
  desk: string;
  /** The seat's name, or the hub operator's name (settings; the OS user otherwise). */
  name: string;
  /** The seat's role; null for the hub's own operator. */
  role: SeatRole | null;
  /** True for a seat, false for the hub's own operator. */
  seat: boolean;
  /** The channel in focus (the control room's selection), or null. */
  channelKey: string | null;
  /** That channel's title as the page showed it (for the words "PD · Main Stage"). */
  channelTitle: string | null;
  /** The program being edited, or null. */
  editing: PresenceEdit | null;
  /** When this page last said where it is, epoch ms UTC. */
  at: number;
}

/** `presence.changed` and `presence.list`: every page of the studio that said where it is. */
export interface PresencePicture {
  entries: PresenceEntry[];
}

/**
 * `presence.list` answers the picture and the desk of the asking page (its windows and
 * pop-outs are left out of "who else is here").
 */
export interface PresenceListing extends PresencePicture {
  desk: string;
}

/** `presence.report` answers the picture, the asking page's id and its desk's. */
export interface PresenceReply extends PresenceListing {
  you: string;
}
