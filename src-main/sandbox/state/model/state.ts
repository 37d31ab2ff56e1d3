/**
 * Model of the sandbox state (docs/dev/sandbox.md, "State model"): everything one sandbox serves,
 * the root the plugins take their slices of. Types only.
 */
import type { LiveState } from './live';
import type {
  BroadcastRecord,
  ChannelRecord,
  ContractRecord,
  MediaContentRecord,
  ProfileGroupRecord,
  ProfileRecord,
  SandboxCredentials,
} from './platform';
import type { VodState } from './vod';

/** The counters of the id scheme (ids.ts), kept in the state and changed in place. */
export interface IdCounters {
  /** The last integer id issued (0: none yet). */
  lastId: number;
  /** The last key draw (starts from a value fixed by the sandbox seed). */
  keyDraw: number;
}

/** Everything one sandbox serves. One service account per sandbox. */
export interface SandboxState {
  seed: number;
  /** Counters of the one id scheme (ids.ts): every integer id and drawn key of both APIs. */
  ids: IdCounters;
  serviceAccountKey: string;
  contract: ContractRecord;
  profileGroups: ProfileGroupRecord[];
  profiles: ProfileRecord[];
  channels: ChannelRecord[];
  broadcasts: BroadcastRecord[];
  mediaContents: MediaContentRecord[];
  /** The rest of the live API: creators, programs, recording files... (live-state.ts). */
  live: LiveState;
  /** VOD-only records (categories, VOD channels, subtitles...); see vod-state.ts. */
  vod: VodState;
  /**
   * The platform's own keys (index.ts): kept with the state so that a sandbox restarted with
   * `--state` still accepts the tokens it issued and still refuses those it revoked, as a
   * real platform does across its restarts. Absent in a fresh seed (drawn at start).
   */
  credentials?: SandboxCredentials;
}
