/** What the studio needs of the desk core (the same object both hosts wrap). */
import type { CallContext } from '../core/command-registry';
import type { EventMap, EventName } from '../../shared/bridge';
import type { Result } from '../../shared/result';
import type { BeatUpload } from './heartbeat';

/** What the hub serves its seats from, and what a seat's core answers like: the desk core's shape. */
export interface StudioCore {
  invoke(command: unknown, input: unknown, context: CallContext): Promise<Result<unknown>>;
  subscribe(listener: <E extends EventName>(event: E, payload: EventMap[E]) => void): () => void;
  dropClient(clientId: string): void;
  /**
   * Told when the seat `seatId` has no event stream open any more (it went away, or was
   * revoked): its pages leave the presence picture (presence.ts).
   */
  seatGone?(seatId: string): void;
  /**
   * Told when this hub starts (`true`) or stops (`false`) standing down for its backup: while
   * it stands down its own pages' watches make no platform call either.
   */
  standDown?(on: boolean): void;
  /**
   * The seats' uploads this desk is sending, handed to its backup with every beat
   * (heartbeat.ts `beatUpload`: one-time URLs included, for the backup's follow stream only).
   */
  handedUploads?(): Promise<BeatUpload[]>;
  /** Keeps the uploads the hub this desk backs up handed over (its latest beat). */
  adoptUploads?(uploads: readonly BeatUpload[]): void;
}
