/**
 * The studio domain's only entry for other domains and the hosts: a desk as a hub
 * (hub.ts, studio-commands.ts) or as a seat (seat.ts).
 */
export { createStudioHub, type StudioHub, type StudioCore } from './hub';
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
