/**
 * What the studio's commands answer (services/studio/): a hub and the seats that joined it
 * (docs/dev/architecture.md, "Processes and trust"). Times are epoch milliseconds, UTC. No field
 * ever carries a credential, a pairing secret's hash or a private key.
 */
import type { UploadTarget } from './uploads';

/**
 * What a seat may do: `operator` runs commands; `observer` sees everything and changes nothing;
 * `backup` is a second hub that follows this one's heartbeat and takes over when it goes
 * silent (services/studio/backup.ts): it runs no command here.
 */
export type SeatRole = 'operator' | 'observer' | 'backup';

/** The seat roles, for schemas and menus. */
export const seatRoles = ['operator', 'observer', 'backup'] as const satisfies readonly SeatRole[];

/** One seat as the hub lists it. */
export interface SeatInfo {
  /** The hub's id of the seat (not its credential). */
  id: string;
  name: string;
  role: SeatRole;
  /** When it paired, epoch ms UTC. */
  pairedAt: number;
  /** Its last request or event stream contact, epoch ms UTC; null before any. */
  lastContactAt: number | null;
  /** Whether its event stream is open now. */
  connected: boolean;
}

/** A pairing code the hub just made: good for one seat until `expiresAt` (2 minutes). */
export interface PairingCode {
  /** Eight digits, shown as `1234 5678`; the seat types them (spaces ignored). */
  code: string;
  /** Epoch ms UTC. */
  expiresAt: number;
  /** The role the seat that uses it gets. */
  role: SeatRole;
}

/** This desk hosting a studio: where seats join and the certificate they pin. */
export interface StudioHosting {
  /** `https://<address>:<port>/` */
  url: string;
  address: string;
  port: number;
  /** SHA-256 of the hub's certificate, upper-case hex pairs joined by `:`. */
  fingerprint: string;
}

/** This desk joined to a hub as a seat. */
export interface SeatLink {
  hubUrl: string;
  /** The hub's pinned certificate fingerprint (same form as {@link StudioHosting.fingerprint}). */
  fingerprint: string;
  seatName: string;
  role: SeatRole;
  /** `connected`: the hub's event stream is open; `revoked`: the hub refused the credential. */
  state: 'connecting' | 'connected' | 'disconnected' | 'revoked';
}

/** `studio.status`: this desk as a hub (hosting, seats, codes) or as a seat (link). */
export interface StudioStatus {
  /** Null while hosting is off (the default). */
  hosting: StudioHosting | null;
  seats: SeatInfo[];
  /** Codes not used and not expired yet. */
  codes: PairingCode[];
  /** Pairing is locked after five wrong codes until this time (epoch ms UTC); null if not. */
  pairingLockedUntil: number | null;
  /** Set when this desk is a seat of another hub. */
  seat: SeatLink | null;
  /** This desk's place beside a backup hub; absent or null when it has none. */
  standing?: HubStanding | null;
  /**
   * At a seat: files its pages queued (`upload.enqueue`) at an address the seat has left (the
   * hub went silent and the backup serves). Their upload may be unfinished; the files stay on
   * this machine. Absent elsewhere.
   */
  uploadsLeftBehind?: LeftUpload[];
}

/** Files a seat queued at a hub it left (see {@link StudioStatus.uploadsLeftBehind}). */
export interface LeftUpload {
  /** The address they were queued at. */
  hubUrl: string;
  /** The paths as queued: on this seat's machine. */
  paths: string[];
  target: UploadTarget;
  /** When they were queued, epoch ms UTC (the seat's clock). */
  queuedAt: number;
}

/**
 * A hub's place in a studio with a backup (services/studio/backup.ts, docs/dev/architecture.md
 * "The takeover protocol"), times epoch ms UTC:
 * - `following`: this desk is the backup of `hubUrl`, in standby, reading its heartbeat;
 * - `serving`: this backup took over from `hubUrl` at `since`; `hubStoodDownAt` once the old
 *   hub came back and was told to stand down;
 * - `standing-down`: this desk was the hub; its backup at `backupUrl` has served the seats
 *   since `since`, so it answers seats 503 and spends none of the account's budget for them.
 */
export type HubStanding =
  | { phase: 'following'; hubUrl: string; connected: boolean }
  | { phase: 'serving'; hubUrl: string; since: number; hubStoodDownAt: number | null }
  | { phase: 'standing-down'; backupUrl: string; since: number };
