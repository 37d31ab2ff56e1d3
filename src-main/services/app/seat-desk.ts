/**
 * A desk started as a seat with `--join` (hosts/browser-cli.ts): its own desk core keeps what is
 * the seat's own (`workstation` scope: language, operator name, shortcuts, notifications, panels,
 * download folder, updates, diagnostics, view state), and every other command goes to the hub
 * through the seat's link, where the ways-in table decides (shared/commands/ways-in.ts). A desk that
 * joins from Settings → Studio keeps the same split in desk-core.ts (`staysOnSeat`).
 */
import type { DeskCore, DeskCoreWithPanels } from './desk-core';
import { isOwnDesks, type SeatCore } from '../studio/index';
import { isOwnDesksEvent } from '../../shared/bridge';
import type { EventListener } from './events';

/**
 * The core a `--join` seat's browser host serves: its own desk (opened by `openOwn` on the first
 * of its own commands, so the seat starts as fast as before) answers the seat's own commands,
 * `seat` (its link, failing over to the backup) everything else, including `studio.status`.
 * Events are the hub's, but for the seat's own (`settings.changed`, the windows' events: a hub
 * sends none of its own), which its own desk pushes once a command of its own opened it. Its own
 * desk also hears what the seat sees of the studio (the hub's events, the commands it sends
 * there) once opened, and decides this workstation's notices and sound cues from it with its
 * own switches (desk-observers.ts, `seatSaw`).
 */
export function seatWithOwnDesk(
  seat: SeatCore,
  openOwn: () => Promise<Pick<DeskCoreWithPanels, keyof DeskCore | 'seatSaw'>>,
): DeskCore {
  const listeners = new Set<EventListener>();
  let own: ReturnType<typeof openOwn> | null = null;
  seat.subscribe((event, payload) => {
    if (!isOwnDesksEvent(event))
      void own?.then((desk) => desk.seatSaw({ kind: 'event', event, payload }));
  });
  const opened = () =>
    (own ??= openOwn().then((desk) => {
      desk.subscribe((event, payload) => {
        if (isOwnDesksEvent(event)) for (const listener of listeners) listener(event, payload);
      });
      return desk;
    }));
  return {
    invoke: async (command, input, context) => {
      if (isOwnDesks(command) && !String(command).startsWith('studio.'))
        return (await opened()).invoke(command, input, context);
      void own?.then((desk) => desk.seatSaw({ kind: 'sent', command: String(command), input }));
      return seat.invoke(command, input, context);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      const off = seat.subscribe((event, payload) => {
        if (!isOwnDesksEvent(event)) listener(event, payload);
      });
      return () => {
        listeners.delete(listener);
        off();
      };
    },
    dropClient(clientId) {
      seat.dropClient(clientId);
      void own?.then((desk) => desk.dropClient(clientId));
    },
    rereadWatches: () => seat.rereadWatches(),
    async dispose() {
      await seat.dispose();
      await (await own)?.dispose();
    },
  };
}
