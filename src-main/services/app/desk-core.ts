/**
 * The app's core, shared by both hosts: it wires the settings, the accounts and their pairs,
 * the notices, the workspace lifecycle and every domain's command handlers, and answers
 * commands through the dispatcher (validated against the declared schemas, answered as a Result). No
 * 'electron' here: hosts/electron-ipc.ts and hosts/browser-host.ts are two transports of
 * this one object. Its part in a studio (hub, seat, backup, presence) is desk-studio.ts.
 */
import { systemClock, type Clock } from '../../platform/scheduler';
import type { Result } from '../../shared/result';
import { accessChecker } from '../workspaces/access-check';
import { userInfo } from 'node:os';
import { createDispatcher, type CallContext } from '../core/command-registry';
import { channelHandlers } from '../channels/channel-commands';
import { channelAdminHandlers } from '../channels/channel-admin-commands';
import { recordingHandlers } from '../recordings/recording-commands';
import { downloadHandlers } from '../downloads/download-commands';
import { statisticsHandlers } from '../statistics/statistics-commands';
import { libraryHandlers } from '../library/library-commands';
import { libraryContentHandlers } from '../library/library-content-commands';
import { libraryAdminHandlers } from '../library/library-admin-commands';
import { persistHandlers } from '../core/persist-commands';
import { batchHandlers } from '../core/batch-commands';
import { controlRoomHandlers } from '../control-room/control-room-commands';
import { EventHub, type EventListener } from './events';
import { activityHandlers } from '../activity';
import type { SecretStore } from '../../secrets/keychain';
import type { PanelRegistry } from '../panels/panel-registry';
import { openDeskStores } from './desk-stores';
import { createDeskObservers, type SeatSighting } from './desk-observers';
import { WatchHold } from './watch-hold';
import { createDeskStudio } from './desk-studio';
import { Notices } from './notices';
import { say } from '../../shared/i18n/say';
import { scheduleHandlers } from '../schedule/schedule-commands';
import { settingsHandlers, type UpdatesInfo } from '../settings/settings-commands';
import { applyDeliverOutside, rehearsalHandlers } from '../rehearsal/rehearsal-commands';
import type { UploadTuning } from '../uploads/upload-tuning';
import { uploadHandlers } from '../uploads/upload-commands';
import type { Workspace, WorkspaceOptions } from '../workspaces/workspace';
import { workspaceHandlers } from './workspace-commands';
import { WorkspaceLifecycle } from './workspace-lifecycle';
import { diagnosticsHandlers, knownSecrets } from './diagnostics-commands';
import type { NetworkDescription } from '../../platform/network';
import type { BeatUpload } from '../studio/index';
import type { BudgetSnapshot } from '../../shared/model';
import { Workstation, workstationHandlers } from './workstation';
import { windowHandlers, type PopOutOpener } from './pop-outs';
import { panelHandlers } from '../panels/panel-commands';

export type { CallContext } from '../core/command-registry';
export type { EventListener } from './events';

/** The core both hosts wrap. */
export interface DeskCore {
  /** Validates and runs a command; never throws, answers a Result. */
  invoke(command: unknown, input: unknown, context: CallContext): Promise<Result<unknown>>;
  /** Listens to every event; returns the function that stops listening. */
  subscribe(listener: EventListener): () => void;
  /** Forgets a client that went away: its watches stop. */
  dropClient(clientId: string): void;
  /**
   * Re-reads every live watch at once (after the computer slept): each
   * watched figure is pushed as stale (`watch.update` error with `afterSleep`) until its
   * re-read arrives.
   */
  rereadWatches(): void;
  dispose(): Promise<void>;
}

/** The core as `createDeskCore` builds it: with what the hardware panels' control API needs. */
export interface DeskCoreWithPanels extends DeskCore {
  /**
   * What this desk saw as a studio seat started with `--join` (seat-desk.ts): its hub's events
   * and the commands it sent there, for its own notices and sound cues (desk-observers.ts).
   */
  seatSaw(seen: SeatSighting): void;
  /** The hardware panels and the control API's setting (hosts/panel-api.ts serves them). */
  readonly panels: PanelRegistry;
  /**
   * The open workspace's id, its schedulers' budgets now and its live API's base URL (null
   * without a live account), with no platform call.
   */
  now(): { workspace: string; budgets: BudgetSnapshot[]; liveBaseUrl: string | null };
  /**
   * Starts the open workspace's budgets as if the last minute were full (a studio backup
   * taking over: docs/dev/architecture.md, "The takeover protocol").
   */
  assumeFullMinute(): void;
  /**
   * The seats' uploads this desk, a studio hub, is sending, for its backup's heartbeat
   * (services/uploads/upload-handover.ts: one-time URLs included, never for a seat).
   */
  handedUploads(): Promise<BeatUpload[]>;
  /** Keeps what the hub this desk backs up handed over (its latest beat). */
  adoptUploads(uploads: readonly BeatUpload[]): void;
  /** The workstation's own state: the host reports its keep-awake here (workstation.ts). */
  readonly workstation: Workstation;
  /**
   * A fault of main the app survived (hosts/main-faults.ts): journaled in the open workspace
   * as the app's own line (`fault`, way in `app`) and told to the operator as a notice.
   * @param kind which fault: an uncaught exception, an unhandled rejection, a child process gone.
   * @param what one line saying what failed (no stack; the log has it).
   */
  fault(kind: MainFaultKind, what: string): void;
}

/** The faults of main the app survives and tells (hosts/main-faults.ts). */
export type MainFaultKind = 'exception' | 'rejection' | 'childGone';

export interface DeskCoreOptions {
  /** The app's data folder: settings.json, accounts.json, logs/. */
  dataDir: string;
  /** Opens the sandbox workspace (once; it stays open while the app runs). */
  openSandbox: () => Promise<Workspace>;
  /** The OS keychain. */
  secrets: SecretStore;
  clock?: Clock;
  /** Pacing and network for account workspaces (tests); the platform's by default. */
  workspaceOptions?: WorkspaceOptions;
  /** Where internal errors are written (the log redacts secrets). */
  log?: (message: string) => void;
  /**
   * The OS locale (Electron's `app.getLocale()`), for "follow the system language"; absent
   * in the browser host, where the page's `navigator.language` is the system's.
   */
  systemLocale?: string;
  /** Upload engine knobs (tests shorten backoffs and polls); the defaults otherwise. */
  uploadTuning?: Partial<UploadTuning>;
  /** For the diagnostics archive: the app's version and the host's network, in words. */
  about?: { appVersion?: string; network?: NetworkDescription | null };
  /** The desktop app's updates: its policy and updater state (absent in the browser host). */
  updates?: UpdatesInfo;
  /**
   * Opens pop-out windows (the desktop app: hosts/pop-out-windows.ts); absent in the browser
   * host, whose pages open a pop-out as a tab (services/app/pop-outs.ts).
   */
  popOut?: PopOutOpener;
  /** Brings the main window to the front (the desktop app, for a pop-out's Shift+1 … 9). */
  bringMainForward?: () => void;
}

/**
 * Builds the core: reads settings and accounts (a damaged file becomes a notice), opens the
 * last active workspace (the sandbox when that account is gone).
 */
export async function createDeskCore(options: DeskCoreOptions): Promise<DeskCoreWithPanels> {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const hub = new EventHub();
  const notices = new Notices(hub.emit, log);

  const { settings, registry, panels, pairs } = await openDeskStores(
    options.dataDir,
    options.secrets,
    notices,
    () => clock.now(),
  );

  const sandboxWorkspace = await options.openSandbox();
  // The operator's "deliver callbacks outside this machine" (off by default) reaches the
  // sandbox before any of its callbacks can (docs/platform-facts.md, "Callbacks").
  await applyDeliverOutside(
    sandboxWorkspace.info.liveBaseUrl,
    settings.sandboxDeliverOutside,
  ).catch((error: unknown) =>
    log(`The sandbox did not take "deliver callbacks outside": ${String(error)}`),
  );

  // OS notifications, sound cues and the journal (desk-observers.ts).
  let journalWorkspace: () => string | null = () => null;
  const { audit, pipeline, observe, seatSaw, record, stopPruning } = createDeskObservers({
    dataDir: options.dataDir,
    clock,
    log,
    hub,
    settings,
    journalWorkspace: () => journalWorkspace(),
  });

  const lifecycle = new WorkspaceLifecycle({
    observe,
    dataDir: options.dataDir,
    sandbox: sandboxWorkspace,
    registry,
    pairs,
    settings,
    clock,
    emit: hub.emit,
    notify: notices.notify,
    log,
    ...(options.workspaceOptions ? { workspaceOptions: options.workspaceOptions } : {}),
    ...(options.uploadTuning ? { uploadTuning: options.uploadTuning } : {}),
  });
  journalWorkspace = () => lifecycle.session.workspace.info.id;
  // The keep-awake the host reports and the tokens that expire soon (workstation.ts).
  const workstation = new Workstation({
    emit: hub.emit,
    accounts: () => registry.list(),
    workspaces: () => lifecycle.state().choices,
    clock,
    notify: notices.notify,
    observe,
  });
  hub.subscribe((event) => {
    if (event === 'workspace.changed') workstation.checkTokens();
  });
  workstation.checkTokens();
  const checker = accessChecker({
    clock,
    ...(options.workspaceOptions?.fetch ? { fetch: options.workspaceOptions.fetch } : {}),
    ...(options.workspaceOptions?.pacing ? { pacing: options.workspaceOptions.pacing } : {}),
  });
  // Held while this hub stands down for its backup; re-read after a sleep (watch-hold.ts).
  const watches = new WatchHold({
    planner: () => lifecycle.session.planner,
    emit: hub.emit,
    now: () => clock.now(),
  });
  hub.subscribe((event) => {
    if (event === 'workspace.changed') watches.workspaceChanged();
  });
  // The studio (desk-studio.ts): off until the operator hosts; seats run through `dispatch`.
  const studio = await createDeskStudio({
    dataDir: options.dataDir,
    secrets: options.secrets,
    clock,
    log,
    hub,
    session: () => lifecycle.session,
    operator: () => settings.operatorName ?? osUserName(),
    watches,
    // A seat's own commands go to its hub: its notices still know them as its own.
    sent: (command, input) => seatSaw({ kind: 'sent', command, input }),
  });
  const dispatch = createDispatcher(
    {
      controlRoom: controlRoomHandlers((request) => hub.emit('channel.focusRequested', request)),
      schedule: scheduleHandlers,
      uploads: uploadHandlers,
      settings: settingsHandlers(settings, {
        systemLocale: options.systemLocale,
        systemName: osUserName,
        updates: options.updates,
        changed: (change) => hub.emit('settings.changed', change),
      }),
      workspaces: workspaceHandlers({ lifecycle, registry, pairs, checker, notices, log }),
      channels: channelHandlers,
      channelAdmin: channelAdminHandlers,
      recordings: recordingHandlers,
      downloads: downloadHandlers,
      statistics: statisticsHandlers,
      library: libraryHandlers,
      libraryContent: libraryContentHandlers,
      libraryAdmin: libraryAdminHandlers,
      persist: persistHandlers(options.dataDir, clock, log),
      rehearsal: rehearsalHandlers(settings),
      batches: batchHandlers,
      studio: studio.handlers,
      panels: panelHandlers(panels),
      diagnostics: diagnosticsHandlers({
        dataDir: options.dataDir,
        appVersion: options.about?.appVersion ?? 'unknown',
        network: options.about?.network ?? null,
        workspace: () => {
          const { id, kind, name } = lifecycle.session.workspace.info;
          return { id, kind, name };
        },
        budgets: () => lifecycle.session.budgets(),
        audit: (limit) => audit.recent(lifecycle.session.workspace.info.id, limit),
        secrets: () => knownSecrets(registry, lifecycle.session.workspace),
        now: () => clock.now(),
      }),
      activity: activityHandlers({ journal: audit, now: () => clock.now() }),
      workstation: workstationHandlers(workstation),
      windows: windowHandlers(options.popOut, {
        emit: hub.emit,
        ...(options.bringMainForward ? { bringMainForward: options.bringMainForward } : {}),
      }),
    },
    () => lifecycle.session,
    log,
    {
      audit,
      who: () => settings.operatorName ?? osUserName(),
      now: () => clock.now(),
      ...pipeline,
    },
  );

  // While this desk is a seat of a studio, its own settings and the studio's commands run
  // here; every other command is the hub's (desk-studio.ts).
  const invoke = studio.attach(dispatch);
  return {
    invoke,
    subscribe: (listener) => hub.subscribe(listener),
    dropClient: (clientId) => studio.dropClient(clientId),
    seatSaw,
    panels,
    now: () => {
      const info = lifecycle.session.workspace.info;
      return {
        workspace: info.id,
        budgets: lifecycle.session.budgets(),
        liveBaseUrl: info.apis.live && info.liveBaseUrl ? info.liveBaseUrl : null,
      };
    },
    assumeFullMinute: () => studio.seedFullMinute(),
    workstation,
    fault(kind, what) {
      record([
        {
          kind: 'fault',
          at: new Date(clock.now()).toISOString(),
          topic: kind,
          message: what,
          via: 'app',
        },
      ]);
      notices.notify('error', say(`workstation.fault.${kind}`, { what }));
    },
    handedUploads: () => studio.handedUploads(),
    adoptUploads: (uploads) => studio.adoptUploads(uploads),
    rereadWatches: () => watches.rereadAll(),
    async dispose() {
      stopPruning();
      workstation.dispose();
      await studio.dispose();
      await lifecycle.dispose();
      await audit.flush();
      hub.clear();
    },
  };
}

/** The OS user's name: who runs a command when the operator gave no name in settings. */
function osUserName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'operator';
  }
}
