/**
 * The desk's part in a studio (services/studio/; docs/dev/architecture.md, "Processes and
 * trust", "The takeover protocol"): the hub it may host for seats, the seat it may be of
 * another hub (then every command but its own settings' and the studio's runs there), who is
 * where (presence), the backup it may be, and what the desk does for them: the watches held
 * while this hub stands down, the seats' uploads handed to its backup, the budget seeded
 * full when it takes over. Apart from desk-core.ts, which builds the desk and registers the
 * domains' handlers: this is how that one desk takes part in a studio.
 */
import type { Clock } from '../../platform/scheduler';
import type { EventName } from '../../shared/bridge';
import type { SecretStore } from '../../secrets/keychain';
import type { Dispatch } from '../core/command-registry';
import {
  createStudioHub,
  deskBackup,
  PresenceBoard,
  staysOnSeat,
  studioHandlers,
  type BeatUpload,
} from '../studio/index';
import type { EventHub } from './events';
import type { Session } from './session';
import type { WatchHold } from './watch-hold';

/** What {@link createDeskStudio} made: the studio's handlers and the desk's part in it. */
export interface DeskStudio {
  /** The studio's command handlers (`studio.*`), for the desk's dispatcher. */
  handlers: ReturnType<typeof studioHandlers>;
  /**
   * Gives the hub the desk's dispatcher, which its seats' commands run on (once it exists), and
   * answers how the desk runs a command: while this desk is a seat of a studio, its own
   * settings and the studio's commands run here and every other command is the hub's (seat.ts
   * `staysOnSeat`). What it answers never throws; it answers a Result.
   */
  attach(dispatch: Dispatch): Dispatch;
  /** Forgets a client that went away: its watches stop, it leaves presence, and the hub's too. */
  dropClient(clientId: string): void;
  /**
   * Starts the open workspace's budgets as if the last minute were full (a studio backup
   * taking over: docs/dev/architecture.md, "The takeover protocol").
   */
  seedFullMinute(): void;
  /**
   * The seats' uploads this desk, a studio hub, is sending, for its backup's heartbeat
   * (services/uploads/upload-handover.ts: one-time URLs included, never for a seat).
   */
  handedUploads(): Promise<BeatUpload[]>;
  /** Keeps what the hub this desk backs up handed over (its latest beat). */
  adoptUploads(uploads: readonly BeatUpload[]): void;
  /** Stops presence's expiry, and the hub's hosting (or, while a seat, leaves its studio). */
  dispose(): Promise<void>;
}

/**
 * Makes the studio hub of `dataDir` (off until the operator hosts; studio/hub.ts), presence and
 * the backup role of one desk.
 * @param options.hub the desk's events (the hub emits on it while this desk is a seat).
 * @param options.session the open workspace's session (it changes with a switch of workspace).
 * @param options.operator who this desk's operator is: the settings' name, else the OS user's.
 * @param options.watches the open workspace's watches, held while this hub stands down.
 * @param options.sent told of each command this desk, while a seat, sends to its hub.
 */
export async function createDeskStudio(options: {
  dataDir: string;
  secrets: SecretStore;
  clock: Clock;
  log: (message: string) => void;
  hub: EventHub;
  session: () => Session;
  operator: () => string;
  watches: WatchHold;
  sent?: (command: string, input: unknown) => void;
}): Promise<DeskStudio> {
  const { clock, log, hub, session, watches } = options;
  const studio = await createStudioHub({
    dataDir: options.dataDir,
    now: () => clock.now(),
    log,
    secrets: options.secrets,
    emit: (event, payload) => hub.emit(event as EventName, payload as never),
  });
  // Who is where: every page's focus and edit, pushed to the hub's pages and its seats. An
  // entry lives 10 s on the core's clock unless its page says where it is again (presence.ts).
  const presence = new PresenceBoard({
    now: () => clock.now(),
    timers: clock,
    emit: (picture) => hub.emit('presence.changed', picture),
    hubOperator: options.operator,
  });
  /** The open workspace's budgets start as if the last minute were full (a takeover). */
  function seedFullMinute(): void {
    const { workspace } = session();
    workspace.liveScheduler.assumeFullMinute();
    workspace.vodScheduler.assumeFullMinute();
  }

  const handlers = studioHandlers(
    studio,
    presence,
    deskBackup({
      hub: studio,
      secrets: options.secrets,
      seedBudget: () => seedFullMinute(),
      now: () => clock.now(),
      log,
    }),
  );

  // The seats' uploads go on at the backup from the server's offset (upload-handover.ts).
  const handedUploads = async () => (await session().uploads()).handOver();
  const adoptUploads = (uploads: readonly BeatUpload[]) =>
    void session()
      .uploads()
      .then((engine) => engine.offerHandover(uploads));

  const dropClient = (clientId: string) => {
    session().planner.dropClient(clientId);
    presence.drop(clientId);
  };

  return {
    handlers,
    attach(dispatch) {
      studio.attach({
        invoke: dispatch,
        subscribe: (listener) => hub.subscribe(listener),
        dropClient,
        seatGone: (seatId) => presence.dropSeat(seatId),
        standDown: (on) => watches.standDown(on),
        handedUploads,
        adoptUploads,
      });
      return async (command, input, context) => {
        const seat = studio.seat();
        if (seat && !staysOnSeat(command)) {
          options.sent?.(String(command), input);
          return seat.invoke(command, input, context);
        }
        const answer = await dispatch(command, input, context);
        // A view opened while this hub stands down is told at once its figures are not read.
        if (command === 'watch.subscribe' && answer.ok) watches.subscribed();
        return answer;
      };
    },
    dropClient(clientId) {
      dropClient(clientId);
      studio.seat()?.dropClient(clientId);
    },
    seedFullMinute,
    handedUploads,
    adoptUploads,
    async dispose() {
      presence.dispose();
      await studio.stop();
    },
  };
}
