/**
 * What the renderer sees of the platform: the app's own words for live objects, mapped in
 * main from the live API v1 shapes (resources/openapi/live-v1.yaml). Times are ISO-8601
 * strings in UTC; `fetchedAt` stamps are epoch milliseconds (UTC) taken in main.
 */
import type { DeskError } from './result';
import type { MessageRef } from './i18n/message';

/** The schedule's types, kept in schedule-model.ts and named here too for existing imports. */
export type * from './schedule-model';

/** A value with the time main fetched it, so the UI can say how fresh it is. */
export interface Fresh<T> {
  data: T;
  /** When main received the platform's answer, epoch ms UTC. */
  fetchedAt: number;
}

/** One page of a live list (`meta` of the live list envelope). */
export interface Page<T> {
  items: T[];
  page: number;
  lastPage: number;
  perPage: number;
  total: number;
}

/** The spec's `order` values for the live channel list (spec: Endpoints, GET channels). */
export const channelOrders = [
  'id_desc',
  'id_asc',
  'customer_code_desc',
  'customer_code_asc',
  'title_desc',
  'title_asc',
] as const;
export type ChannelOrder = (typeof channelOrders)[number];

/** A live channel as the channel list shows it, with its on-air tally. */
export interface ChannelSummary {
  key: string;
  title: string;
  customerCode: string;
  /** `disabled`: playback blocked in the player (spec: States, channel disable). */
  status: 'enabled' | 'disabled';
  /** In the trash: hidden from lists, its broadcast stopped (spec, States). */
  trashed: boolean;
  /**
   * `low_latency`: LL-HLS; `scheduled`: file playout (docs/platform-facts.md, "Live:
   * accounts and roles").
   */
  type: 'live' | 'low_latency' | 'scheduled';
  shared: boolean;
  /** Viewers at once. */
  viewerLimit: number;
  useTimeshift: boolean;
  useChat: boolean;
  /** True while the channel's latest broadcast is on air. */
  onAir: boolean;
  /** The channel's latest broadcast, or null when it never broadcast. */
  latestBroadcast: {
    key: string;
    title: string;
    onAir: boolean;
    startedAt: string | null;
    endedAt: string | null;
  } | null;
  createdAt: string | null;
}

/** A live broadcast (live API `Broadcast`; state is `is_onair` plus the timestamps). */
export interface Broadcast {
  key: string;
  channelKey: string;
  title: string;
  onAir: boolean;
  /** On air but paused by the encoder (`paused_at` set after `started_at`). */
  paused: boolean;
  useTimeshift: boolean;
  startedAt: string | null;
  pausedAt: string | null;
  endedAt: string | null;
  /** Timeshift start point (`cue_sign_at`): viewers can seek back only this far. */
  cuePointAt: string | null;
  /** Manual (duplicate) recording is running. */
  recording: boolean;
  recordingStartedAt: string | null;
}

/** One chat participant of an on-air broadcast. */
export interface ChatParticipant {
  userKey: string;
  nickname: string;
  joinedAt: string | null;
}

/** Who is in a broadcast's chat room right now. */
export interface ChatParticipants {
  count: number;
  /** At most the first 100 participants, as the platform lists them. */
  users: ChatParticipant[];
}

/** Viewer counts of a broadcast today (UTC), in `intervalMinutes` buckets. */
export interface ViewerSeries {
  intervalMinutes: 5 | 10;
  /** The latest bucket: the audience now, for an on-air broadcast. */
  current: number | null;
  peak: number;
  points: { at: string; viewers: number }[];
}

/** The control room's commands that wait for the budget instead of failing on a 429. */
export type WaitingCommandName =
  | 'broadcast.rename'
  | 'broadcast.startRecording'
  | 'broadcast.stopRecording'
  | 'broadcast.setCuePoint';

/**
 * A command refused for budget (429) that main is keeping: it waits out the platform's pause,
 * re-reads the broadcast, and sends again only if still needed (docs/dev/architecture.md,
 * "The API budget"). Pushed as `command.waiting` on each refusal and once when it settles.
 */
export interface CommandWaiting {
  /** This run of the command; `command.cancelWaiting` takes it. */
  id: string;
  command: WaitingCommandName;
  broadcastKey: string;
  /** `waiting` while held for the budget; `settled` once answered, failed or cancelled. */
  state: 'waiting' | 'settled';
  /** The refusal's HTTP status (429). */
  status: 429;
  /** Refusals so far (1 after the first 429). */
  attempt: number;
  /** Epoch ms UTC at which it is tried again (the end of the platform's pause). */
  retryAt: number;
}

/**
 * The scheduler's budget of one API, for the status-bar gauge (docs/dev/architecture.md,
 * "The API budget").
 */
export interface BudgetSnapshot {
  /** `live` or `vod`. */
  name: string;
  /** Call starts in the last 60 s. */
  callsLastMinute: number;
  limitPerMinute: number;
  /**
   * Calls a minute the app allows itself for background calls (watches, bulk) now: lowered
   * after 429s, climbing back slowly (src-main/platform/rate-policy.ts). Absent: the limit.
   */
  backgroundPerMinute?: number;
  /** Spacing enforced between call starts, ms. */
  minSpacingMs: number;
  queued: { command: number; view: number; watch: number; bulk: number };
  inFlight: number;
  /** Epoch ms until which the queue is paused by a 429, or null. */
  rateLimitedUntil: number | null;
  pausedReason: string | null;
  last429At: number | null;
  total429: number;
  /**
   * Call starts of the last 60 s by owner: each studio seat's name, `''` for the desk itself
   * (its operator and its watches), most calls first (src-main/platform/call-owner.ts). A watch
   * several owners share counts `1 / n` of its calls for each (one decimal), so the shares add
   * up to the calls made. Absent from an older hub.
   */
  shares?: { owner: string; calls: number }[];
  /**
   * The next 10 minutes' calls, from the watch planner's intervals and the queued work
   * (src-main/platform/budget-forecast.ts). Absent where nothing plans for this API.
   */
  forecast?: {
    calls: number;
    capacity: number;
    watchCalls: number;
    queuedCalls: number;
    saturated: boolean;
  };
}

/**
 * What a workspace works on (docs/dev/architecture.md, "Workspaces"): the sandbox (both APIs), a live
 * account alone, a VOD account alone, or a live account paired with a VOD account.
 */
export type WorkspaceKind = 'sandbox' | 'live' | 'vod' | 'pair';

/** The APIs a workspace has; a view needing one it lacks says so and offers to pair. */
export interface WorkspaceApis {
  live: boolean;
  vod: boolean;
}

/** The workspace the app is working in: the sandbox platform or real accounts. */
export interface WorkspaceInfo {
  /** `sandbox`, an account's id (`acc-…`, alone) or a pair's id (`pair-…`). */
  id: string;
  name: string;
  kind: WorkspaceKind;
  apis: WorkspaceApis;
  /** The accounts it works as (null for the sandbox's own credentials or a missing API). */
  accounts: { live: string | null; vod: string | null };
  /** `{live_base_url}`; empty without a live account. */
  liveBaseUrl: string;
  /** `{vod_base_url}`; empty without a VOD account. */
  vodBaseUrl: string;
  /** The live service account key; empty without a live account. */
  serviceAccountKey: string;
}

/** A workspace the operator can switch to (the top bar's menu). */
export interface WorkspaceChoice {
  id: string;
  name: string;
  kind: WorkspaceKind;
  apis: WorkspaceApis;
  /** The accounts it works as; null for the sandbox or a missing API. */
  accounts: { live: string | null; vod: string | null };
}

/** A live watch the renderer subscribes to; main polls it at `watch` priority. */
export type WatchSpec =
  | { kind: 'channels'; keyword?: string; order?: ChannelOrder }
  | { kind: 'broadcast'; broadcastKey: string; focused: boolean }
  /**
   * The Multiview: every on-air broadcast of the account from one list read, the account's
   * viewers from one statistics read, and each on-air broadcast's viewers and chat
   * participants within the Multiview's share of the budget (watch-planner.ts).
   */
  | {
      kind: 'multiview';
      /**
       * Broadcasts whose tiles the operator pinned (at most 2): their chat participants are
       * read every 8.5 s, like every tile's state and viewers; the other tiles' chat takes
       * what is left (watch-plan.ts, `multiviewShares`).
       */
      pinned?: string[];
    };

/** Every broadcast on air in the account now (GET broadcasts?is_onair=1, spec, Endpoints). */
export interface OnAirList {
  broadcasts: Broadcast[];
  /** The platform's `total`: more than `broadcasts.length` when the first page did not hold all. */
  total: number;
}

/** A fresh value pushed by the watch planner. */
export type WatchUpdate =
  | { kind: 'channels'; watchId: string; fetchedAt: number; data: Page<ChannelSummary> }
  | { kind: 'broadcast'; broadcastKey: string; fetchedAt: number; data: Broadcast }
  | { kind: 'participants'; broadcastKey: string; fetchedAt: number; data: ChatParticipants }
  | {
      kind: 'viewers';
      broadcastKey: string;
      fetchedAt: number;
      data: ViewerSeries;
      /**
       * `audience`: taken from the account's viewer statistics (the Multiview's read, subject
       * `account`), so that read's failure is what makes it stale; absent: the broadcast's own read.
       */
      via?: 'audience';
    }
  /** The Multiview's list of on-air broadcasts (watch `multiview`). */
  | { kind: 'onair'; fetchedAt: number; data: OnAirList }
  /** Viewers of all broadcasts of the account today (UTC), summed by the platform. */
  | { kind: 'audience'; fetchedAt: number; data: ViewerSeries }
  | {
      /** A poll failed: the figure it feeds is stale until the next poll succeeds. */
      kind: 'error';
      /**
       * The broadcast key (broadcast, participants, viewers), the channel watch's id, or
       * `account` (onair, audience).
       */
      subject: string;
      topic: 'channels' | 'broadcast' | 'participants' | 'viewers' | 'onair' | 'audience';
      /** When the poll failed, epoch ms UTC. */
      at: number;
      /** What kind of failure (a DeskError code): `network` when the platform did not answer. */
      code: DeskError['code'];
      /** HTTP status of the platform's answer, when there was one. */
      status?: number;
      /** The platform's own message, redacted. */
      message: string;
      /**
       * No poll failed: the computer slept, and the figure is being re-read at once
       * (`code` is then `network`: the connection was down while it slept).
       */
      afterSleep?: true;
      /**
       * No poll failed: this desk hosts a studio whose backup took over, and it stands down
       * (docs/dev/architecture.md, "The takeover protocol"): its watches make no call, so the
       * figure is not refreshed until hosting is turned off.
       */
      standingDown?: true;
    };

/** What a token may do, as checked on add (one cheap call) and read from its claims. */
export interface AccountAccess {
  /** From the check: super administrator (contracts readable), administrator, or unknown. */
  role: 'super_admin' | 'admin' | null;
  /** From the token's claims where it is JWT-shaped (live personal access tokens are). */
  scopes: string[] | null;
  /** When the token expires (ISO UTC), from its claims; null when it does not say. */
  expiresAt: string | null;
  /** ISO UTC time of the check. */
  checkedAt: string;
  /** One sentence for the operator, e.g. "Super administrator · live:control, live:statistics". */
  summary: string;
  /** `summary` as a catalogue message, for the operator's language (absent in older files). */
  text?: MessageRef;
}

/** An account as the renderer sees it: names, addresses and status, never a token. */
export interface AccountSummary {
  id: string;
  kind: 'live' | 'vod';
  name: string;
  baseUrl: string;
  /** The live service account key (live accounts only). */
  serviceAccountKey: string | null;
  addedAt: string;
  access: AccountAccess;
}

/**
 * How the platform takes a workspace's token for one API (docs/dev/architecture.md, "Workspaces"):
 * `accepted` until the platform answers 401; then `refused`, and that API's calls are paused
 * (the operator's commands and view reads fail at once, watch polls and bulk calls wait)
 * until a new token is stored, which makes it `accepted` again.
 */
export type TokenState = 'accepted' | 'refused';

/** The token state of each API of a workspace; null for an API it has no account of. */
export interface WorkspaceTokens {
  live: TokenState | null;
  vod: TokenState | null;
}

/** The active workspace and its health. */
export interface WorkspaceState {
  active: WorkspaceInfo;
  /**
   * Workspaces the operator can switch to: the sandbox, every pair, and every account that is
   * in no pair (live-only and VOD-only workspaces).
   */
  choices: WorkspaceChoice[];
  /** The token state of each API of the active workspace. */
  tokens: WorkspaceTokens;
  /**
   * `token-rejected` while a token of `tokens` is `refused` (the banner asking for a new
   * one), `ready` otherwise.
   */
  status: 'ready' | 'token-rejected';
  /** What the banner says while a token is refused; null otherwise. */
  message: string | null;
  /** `message` as a catalogue message, for the operator's language. */
  text?: MessageRef | null;
  /** The account whose token was refused (the banner's new token goes to it); null otherwise. */
  renewAccountId: string | null;
  /**
   * The live token's role as main last learned it (access check, contract reads); null when
   * not known or the workspace has no live account. Views offer commands by it.
   */
  role: 'super_admin' | 'admin' | null;
}

/**
 * Whether this workstation can keep real tokens (the OS keychain answers). When it cannot,
 * `message` (English) and `text` (catalogue) say in one line what to install or unlock.
 */
export interface KeychainStatus {
  available: boolean;
  message: string | null;
  text: MessageRef | null;
}

/** Something the operator should know that is not tied to a command (a damaged file...). */
export interface Notice {
  id: string;
  level: 'info' | 'warning' | 'error';
  message: string;
  /** `message` as a catalogue message, for the operator's language. */
  text?: MessageRef;
}
