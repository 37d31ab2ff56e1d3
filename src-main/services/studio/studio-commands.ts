/**
 * Handlers of the studio domain (`shared/commands/studio.ts`) on the desk's hub (hub.ts). The
 * hub refuses these from seats; a seat's own desk answers `studio.status` with its link
 * (seat.ts).
 */
import { studioDomainCommands } from '../../shared/commands/presence';
import { PlatformError } from '../../platform/errors';
import { say } from '../../shared/i18n/say';
import { registerHandlers } from '../core/command-registry';
import type { StudioHub } from './hub';
import type { PresenceBoard } from './presence';

/** The studio domain on `hub`, with the presence picture `presence` (presence.ts). */
export function studioHandlers(hub: StudioHub, presence: PresenceBoard) {
  return registerHandlers(studioDomainCommands, {
    'presence.report': (input, context) => presence.report(context, input),
    'presence.list': () => presence.list(),
    'studio.status': () => hub.status(),
    'studio.startHosting': async ({ address, port }) => {
      try {
        return await hub.start(address, port);
      } catch (error) {
        if (error instanceof PlatformError) throw error;
        const detail = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        throw new PlatformError({
          code: 'conflict',
          ...say('studio.errors.cannotListen', { address, port, detail }),
        });
      }
    },
    'studio.stopHosting': async () => {
      await hub.stop();
      return null;
    },
    'studio.join': (input) => hub.join(input),
    'studio.leave': async () => {
      await hub.leave();
      return null;
    },
    'studio.newPairingCode': ({ role }) => hub.newPairingCode(role),
    'studio.revokeSeat': async ({ seatId }) => {
      if (!(await hub.revoke(seatId)))
        throw new PlatformError({ code: 'not-found', ...say('studio.errors.noSuchSeat') });
      return null;
    },
  });
}
