/**
 * Handlers of the studio domain (`shared/commands/studio.ts`) on the desk's hub (hub.ts). The
 * hub refuses these from seats; a seat's own desk answers `studio.status` with its link
 * (seat.ts). A desk that joined a hub from Settings → Studio runs them here (desk-studio.ts),
 * and while it is a seat it has no studio of its own to run: hosting and backing up wait until
 * it leaves (`hostingWhileSeat`), and pairing codes, revoking and stopping are the hub's
 * (`hubOnly`, what a `--join` seat answers too, seat.ts), as its pages offer them (ways-in.ts,
 * `seatRefusal`).
 */
import { studioDomainCommands } from '../../shared/commands/presence';
import { PlatformError } from '../../platform/errors';
import { say } from '../../shared/i18n/say';
import { registerHandlers } from '../core/command-registry';
import type { StudioHub } from './hub';
import type { PresenceBoard } from './presence';
import type { DeskBackup } from './backup-desk';

/**
 * The studio domain on `hub`, with the presence picture `presence` (presence.ts) and the
 * desk's backup role `backup` (backup-desk.ts).
 */
export function studioHandlers(hub: StudioHub, presence: PresenceBoard, backup: DeskBackup) {
  const listenRefused = (error: unknown, address: string, port: number): never => {
    if (error instanceof PlatformError) throw error;
    const detail = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new PlatformError({
      code: 'conflict',
      ...say('studio.errors.cannotListen', { address, port, detail }),
    });
  };
  /**
   * Refuses a command that administers the studio while this desk is another hub's seat, as a
   * rejection (the pipeline answers it; a handler's synchronous throw would escape it).
   */
  const notWhileSeat = (): Promise<void> =>
    hub.seat()
      ? Promise.reject(new PlatformError({ code: 'forbidden', ...say('studio.errors.hubOnly') }))
      : Promise.resolve();
  return registerHandlers(studioDomainCommands, {
    'presence.report': (input, context) => presence.report(context, input),
    'presence.list': (_input, context) => presence.listFor(context),
    'studio.status': () => hub.status(),
    'studio.startHosting': async ({ address, port }) => {
      const input = { address, port };
      try {
        return await hub.start(address, port);
      } catch (error) {
        return listenRefused(error, input.address, input.port);
      }
    },
    'studio.startBackup': async (input) => {
      try {
        return await backup.start(input);
      } catch (error) {
        return listenRefused(error, input.address, input.port);
      }
    },
    'studio.stopHosting': async () => {
      // A seat hosts nothing: stopping would only have left the studio (hub.stop), which is
      // `studio.leave`'s to do.
      await notWhileSeat();
      await backup.stop();
      await hub.stop();
      return null;
    },
    'studio.join': (input) => hub.join(input),
    'studio.leave': async () => {
      await hub.leave();
      return null;
    },
    'studio.newPairingCode': async ({ role }) => {
      await notWhileSeat();
      return hub.newPairingCode(role);
    },
    'studio.revokeSeat': async ({ seatId }) => {
      await notWhileSeat();
      if (!(await hub.revoke(seatId)))
        throw new PlatformError({ code: 'not-found', ...say('studio.errors.noSuchSeat') });
      return null;
    },
  });
}
