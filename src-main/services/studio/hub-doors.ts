/**
 * The studio hub's doors (services/core/doors.ts; docs/security.md, "Doors"): what each route
 * of the hub's server asks for, checked on the route that matched. Only pairing is public;
 * a backup hub's credential opens its follow routes only, a seat's every other route.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { say } from '../../shared/i18n/say';
import { publicDoor, type DoorTable } from '../core/doors';
import type { StoredSeat } from './pairing';
import { refuse } from './refuse';

/**
 * `seat`: an operator or observer seat (not a backup); `backup`: a backup hub only;
 * `paired`: either (the link check, `GET /studio/hello`).
 */
export type HubDoor = 'seat' | 'backup' | 'paired';

/** Bodies of the hub's small JSON routes: a pairing, an acknowledgement... */
const smallBody = 16_000;

/** Every route of the hub's server; a route not here stops the hub from starting. */
export const hubDoors: DoorTable<HubDoor> = {
  'POST /studio/pair': { door: publicDoor, bodyLimit: 4_000 },
  'GET /studio/hello': { door: 'paired' },
  'POST /studio/drop-client': { door: 'seat', bodyLimit: smallBody },
  'POST /rpc/:command': { door: 'seat', bodyLimit: 1_000_000 },
  'GET /events': { door: 'seat' },
  'POST /studio/files/room': { door: 'seat', bodyLimit: smallBody },
  'PUT /studio/files': { door: 'seat', body: 'streamed' },
  'POST /studio/backup': { door: 'backup', bodyLimit: smallBody },
  'POST /studio/ack': { door: 'backup', bodyLimit: smallBody },
  'POST /studio/stand-down': { door: 'backup', bodyLimit: smallBody },
  'GET /studio/follow': { door: 'backup' },
};

/**
 * The hub's door check: the seat of `Authorization: Seat <credential>` (`find`), put on
 * `request.seat`; 401 without one (missing, unknown, revoked), 403 for the wrong kind.
 */
export function checkHubDoor(find: (credential: string) => StoredSeat | null) {
  return async (door: HubDoor, request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const seat = header.startsWith('Seat ') ? find(header.slice(5).trim()) : null;
    if (!seat)
      return refuse(reply, 401, 'This seat has no credential of this studio, or it was revoked.');
    if (door === 'seat' && seat.role === 'backup')
      return refuse(reply, 403, say('studio.errors.backupNoCommands').message);
    if (door === 'backup' && seat.role !== 'backup')
      return refuse(reply, 403, 'For a backup hub only.');
    (request as FastifyRequest & { seat: StoredSeat }).seat = seat;
  };
}
