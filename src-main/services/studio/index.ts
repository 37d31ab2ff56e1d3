/**
 * The studio domain's only entry for other domains and the hosts: a desk as a hub
 * (hub.ts, studio-commands.ts), as a seat (seat.ts, failover-seat.ts), or as the hub's backup
 * (backup.ts, heartbeat.ts). The takeover drill and the tests' hubs and seats are in testing/,
 * which no production file imports.
 */
export { createStudioHub, type StudioHub } from './hub';
export type { StudioCore } from './studio-core';
export { studioHandlers } from './studio-commands';
export { deskBackup, type DeskBackup } from './backup-desk';
export {
  pairSeat,
  rejoinSeat,
  seatCore,
  pinnedAgent,
  seatSecretName,
  staysOnSeat,
  isOwnDesks,
  FingerprintMismatchError,
  JoinRefusedError,
  type SeatCore,
} from './seat';
export { normalizeFingerprint } from './certificate';
export { followHub, type BackupFollower, type BackupState } from './backup';
export type { StudioAddress } from './follow-routes';
export type { BeatUpload } from './heartbeat';
export { failoverSeatCore, type FailoverSeatCore } from './failover-seat';
export { PresenceBoard, presenceId } from './presence';
