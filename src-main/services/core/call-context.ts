/**
 * Who asked for a command, and how (the command pipeline's context: command-registry.ts): the
 * window or page, the way in, a destructive command's confirmation, the studio seat or the
 * hardware panel it came through, and the asker's going away.
 */
import type { Confirmation, WayIn } from '../../shared/commands/define';
import type { DeskError } from '../../shared/result';
import type { SeatRole } from '../../shared/studio-model';

/** Who asked: a window (Electron webContents id) or a browser page connection. */
export interface CallContext {
  clientId: string;
  /** How the command reached main; `button` when a host does not say. */
  via?: WayIn;
  /** The confirmation a destructive command carries (see `ConfirmRule`). */
  confirmation?: Confirmation;
  /** The studio seat that sent it, when it came from one (its name, as paired). */
  seat?: string;
  /**
   * That seat's id (services/studio/pairing.ts), when it came from one: what only the asker
   * may touch again (its commands waiting for the budget) belongs to this seat, or to this
   * desk when absent. Names may repeat; ids do not.
   */
  seatId?: string;
  /**
   * That seat's role, as the hub paired it (never as the seat says): what it may run is the
   * ways-in table's (ways-in.ts): an operator seat runs platform commands, an observer platform
   * reads that reveal nothing, a backup nothing.
   */
  seatRole?: SeatRole;
  /** The hardware panel's name, when it came from one (`via: 'panel'`, hosts/panel-api.ts). */
  panel?: string;
  /**
   * For a panel's call: the commands the operator ticked for that panel (Settings → Panels).
   * A panel runs only a command its declaration offers to panels and that is ticked here;
   * absent for a panel's call: none (ways-in.ts).
   */
  panelCommands?: readonly string[];
  /**
   * A condition the desk serving a seat puts on that seat's validated input, checked right after
   * the ways-in table: a refusal, journaled with `sent: false`, and the handler never runs
   * (hub.ts: a seat's `upload.enqueue` takes only the copies it sent, seat-files.ts).
   */
  inputRefusal?: (command: string, input: unknown) => DeskError | null;
  /**
   * Aborted when the asker went away before the answer (the browser page's request closed):
   * a `view` read still queued for the platform is then dropped (call-signal.ts).
   */
  signal?: AbortSignal;
}
