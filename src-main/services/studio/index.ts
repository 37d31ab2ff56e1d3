/**
 * The studio domain's only entry for other domains and the hosts: a desk as a hub
 * (hub.ts, studio-commands.ts) or as a seat (seat.ts).
 */
export { createStudioHub, type StudioHub } from './hub';
export type { StudioCore } from './studio-core';
export { studioHandlers } from './studio-commands';
export {
  pairSeat,
  rejoinSeat,
  seatCore,
  pinnedAgent,
  seatSecretName,
  FingerprintMismatchError,
  JoinRefusedError,
  type SeatCore,
} from './seat';
export { normalizeFingerprint } from './certificate';
export { PresenceBoard, presenceId } from './presence';
