/**
 * Shapes of the local control API for hardware panels (`hosts/panel-api.ts`, the panels domain
 * `services/panels/`): the panels the operator added, the API's setting, and the feedback a
 * panel's buttons show. Shared with the renderer's Settings screen. Never a token: main keeps
 * only each token's SHA-256 hash and shows the token once, when the panel is added.
 */

/** The default port of the control API (loopback only). */
export const defaultPanelPort = 8765;

/** One panel as Settings lists it. */
export interface PanelSummary {
  /** Stable id, `pnl-` and 12 hex digits. */
  id: string;
  /** The operator's name for it (1 to 60 characters), recorded in the audit log. */
  name: string;
  /** When it was added, epoch ms UTC. */
  addedAt: number;
  /** When its token was last accepted, epoch ms UTC; null: never used. */
  lastUsedAt: number | null;
  /**
   * The commands the operator ticked for this panel (Settings → Hardware panels), each one
   * whose declaration offers it to panels (`offer.panel`): the only commands it may run.
   */
  commands: string[];
  /**
   * The titles this panel may rename a broadcast to (`broadcast.rename` with `preset: n` picks
   * the n-th, from 1), at most {@link maxTitlePresets}, each 1 to 200 characters.
   */
  titles: string[];
}

/** How many preset titles a panel may have. */
export const maxTitlePresets = 8;

/**
 * What a panel written before commands were ticked per panel may run: the three commands that
 * were then offered to every panel. Kept so that an upgrade mid-show changes no button.
 */
export const legacyPanelCommands = [
  'broadcast.startRecording',
  'broadcast.stopRecording',
  'broadcast.setCuePoint',
] as const;

/** The control API's setting and its panels. */
export interface PanelsState {
  /** Off by default: no port is opened until the operator turns it on. */
  enabled: boolean;
  /** The loopback port it listens on (1024 to 65535; 0 only from the test flag). */
  port: number;
  /** Where it listens now, `http://127.0.0.1:<port>`, or null while it is off or not started. */
  listening: string | null;
  /** Why it could not start (the port taken), or null. */
  problem: string | null;
  panels: PanelSummary[];
}

/** What `panels.add` answers: the new panel and its token, shown this once. */
export interface AddedPanel {
  panel: PanelSummary;
  /** The bearer token, `odp_` and 43 base64url characters; main keeps only its hash. */
  token: string;
}

/** One channel's tally as a panel button shows it. */
export interface ChannelTally {
  channelKey: string;
  title: string;
  /** `onAir` while its latest broadcast is on air, `off` otherwise. */
  tally: 'onAir' | 'off';
  /** Its latest broadcast's key, or null when it never broadcast. */
  broadcastKey: string | null;
  /** Manual recording of that broadcast, when the app has read the broadcast; null: not known. */
  recording: boolean | null;
  /**
   * True when what the button shows may no longer be so: the app lost the platform, or the read
   * it comes from failed or is overdue. A stale button must never look live.
   */
  stale: boolean;
  /** When the channel's state was read, epoch ms UTC. */
  fetchedAt: number;
}

/** The API budget as a panel shows it (the live scheduler's state, docs/dev/architecture.md). */
export interface PanelBudget {
  callsLastMinute: number;
  limitPerMinute: number;
  /** `ok`; `tight` when fewer than 10 calls of the minute are left; `paused` by a 429 or a refused token. */
  state: 'ok' | 'tight' | 'paused';
}

/** What one channel's button shows; `stale` wins over every other state. */
export type PanelLamp = 'stale' | 'recording' | 'onAir' | 'off';

/** One feedback picture: what every panel button shows (`GET /api/v1/feedback`). */
export interface PanelFeedback {
  /** When this picture was made, epoch ms UTC. */
  at: number;
  /** The workspace it belongs to. */
  workspace: string;
  /** `lost` from the app's first failed read until a read succeeds again. */
  platform: 'reachable' | 'lost' | 'unknown';
  /** True when every button is stale (the platform lost). */
  stale: boolean;
  channels: ChannelTally[];
  /**
   * One word per channel key, for a button's colour in one lookup (Companion's
   * `jsonpath(..., '$.data.lamps.<channel key>')`): `stale` whenever the channel's tally is,
   * else `recording` (on air, manual recording running), `onAir` or `off`.
   */
  lamps: Record<string, PanelLamp>;
  /** Broadcasts the app has read, by key: recording and on-air state, and their figures. */
  broadcasts: Record<string, BroadcastFeedback>;
  budget: PanelBudget | null;
}

/**
 * One broadcast as a panel shows it: what the app's newest read of it said (the control room's
 * focused broadcast every 5 s, its viewers every 60 s and chat every 15 s; the Multiview's
 * on-air list, every on-air broadcast, every 7 s and the account's viewers every 7.5 s; others
 * slower, docs/dev/architecture.md, "The API budget"). Counts only: never who is in the chat.
 */
export interface BroadcastFeedback {
  onAir: boolean;
  recording: boolean;
  /** True when its last read failed or is overdue, or the platform is lost. */
  stale: boolean;
  /** When the broadcast was read, epoch ms UTC. */
  fetchedAt: number;
  title: string;
  /** When it went on air, ISO 8601 UTC; null before it started. */
  startedAt: string | null;
  /** The timeshift cue point (viewers can seek back this far), ISO 8601 UTC; null: none. */
  cuePointAt: string | null;
  /**
   * The audience now (the platform's latest 5- or 10-minute bucket) and when it was read,
   * epoch ms UTC; null until the app has read the broadcast's viewers (its own read or the
   * Multiview's account statistics). `stale` when the read it came from failed since, or the
   * platform is lost.
   */
  viewers: FigureFeedback<number | null> | null;
  /** How many are in the chat room, as {@link viewers}; null until read. */
  chatParticipants: FigureFeedback<number> | null;
}

/** A count a panel shows, when it was read (epoch ms UTC), and whether it may no longer be so. */
export interface FigureFeedback<T> {
  count: T;
  fetchedAt: number;
  /** Its read failed since, or the platform is lost: draw it as not known. */
  stale: boolean;
}
