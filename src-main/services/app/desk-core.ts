/**
 * The app's core, shared by both hosts: it wires the settings, the accounts and their pairs,
 * the notices, the workspace lifecycle and every domain's command handlers, and answers
 * commands through the dispatcher (validated against the declared schemas, answered as a Result). No
 * 'electron' here: hosts/electron-ipc.ts and hosts/browser-host.ts are two transports of
 * this one object.
 */
import { systemClock, type Clock } from '../../platform/scheduler';
import { KeychainUnavailableError, type SecretStore } from '../../secrets/keychain';
import type { Result } from '../../shared/result';
import type { EventMap, EventName } from '../../shared/bridge';
import { accessChecker } from '../workspaces/access-check';
import { AccountRegistry } from '../workspaces/accounts';
import { userInfo } from 'node:os';
import { AuditLog } from '../core/audit-log';
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
import { Notices } from './notices';
import { say } from '../../shared/i18n/say';
import { NoticePolicy, type Observation } from '../notifications/notice-policy';
import { SoundCuePolicy } from '../notifications/sound-cue-policy';
import { scheduleHandlers } from '../schedule/schedule-commands';
import { openSettings } from '../settings/settings';
import { settingsHandlers, type UpdatesInfo } from '../settings/settings-commands';
import { applyDeliverOutside, rehearsalHandlers } from '../rehearsal/rehearsal-commands';
import type { UploadTuning } from '../uploads/upload-tuning';
import { uploadHandlers } from '../uploads/upload-commands';
import type { Workspace, WorkspaceOptions } from '../workspaces/workspace';
import { workspaceHandlers } from './workspace-commands';
import { WorkspaceLifecycle } from './workspace-lifecycle';
import { WorkspacePairs } from '../workspaces/workspace-pairs';
import { diagnosticsHandlers } from './diagnostics-commands';
import { ActivityRecorder, activityHandlers, type RecordedEvent } from '../activity';
import type { NetworkDescription } from '../../platform/network';
import {
  createStudioHub,
  deskBackup,
  PresenceBoard,
  staysOnSeat,
  studioHandlers,
  type BeatUpload,
} from '../studio/index';
import type { Broadcast, BudgetSnapshot, Fresh } from '../../shared/model';
import { PanelRegistry } from '../panels/panel-registry';
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

  const { settings, notice: settingsNotice } = await openSettings(options.dataDir);
  if (settingsNotice) notices.notify('warning', settingsNotice);
  const opened = await AccountRegistry.open(options.dataDir, options.secrets);
  if (opened.notice) notices.notify('warning', opened.notice);
  const registry = opened.registry;
  const openedPanels = await PanelRegistry.open(options.dataDir, () => clock.now());
  const panels = openedPanels.registry;
  if (openedPanels.notice)
    notices.notify(
      'warning',
      openedPanels.noticeText
        ? { message: openedPanels.notice, text: openedPanels.noticeText }
        : openedPanels.notice,
    );
  const { pairs, notice: pairsNotice } = await WorkspacePairs.open(options.dataDir, registry);
  if (pairsNotice) notices.notify('warning', pairsNotice);
  await options.secrets.check().catch((error: unknown) => {
    // Nobody needs the keychain while only the sandbox is used: say nothing then.
    if (registry.list().length > 0 || settings.activeWorkspace !== 'sandbox')
      notices.notify(
        'error',
        error instanceof KeychainUnavailableError
          ? { message: error.message, text: error.text }
          : error instanceof Error
            ? error.message
            : String(error),
      );
  });

  const sandboxWorkspace = await options.openSandbox();
  // The operator's "deliver callbacks outside this machine" (off by default) reaches the
  // sandbox before any of its callbacks can (docs/platform-facts.md, "Callbacks").
  await applyDeliverOutside(
    sandboxWorkspace.info.liveBaseUrl,
    settings.sandboxDeliverOutside,
  ).catch((error: unknown) =>
    log(`The sandbox did not take "deliver callbacks outside": ${String(error)}`),
  );

  // The notice policy (services/notifications/notice-policy.ts) decides which OS
  // notifications to push as `notify`; it hears the watches, the lists and the pipeline.
  const policy = new NoticePolicy({ switches: () => settings.notifications });
  // The sound cue policy (services/notifications/sound-cue-policy.ts) hears the same, and
  // pushes `sound.cue` for the page to play once (every kind off until the operator turns it on).
  const sounds = new SoundCuePolicy({ settings: () => settings.sounds });
  // The journal (core/audit-log.ts) keeps commands and, from the activity recorder, the
  // events main already sees: on/off air, 429 pauses, stale polls, uploads (docs/dev/architecture.md,
  // "Activity"). Events are written to the workspace open when they are seen.
  const audit = new AuditLog(options.dataDir, () => clock.now(), log);
  // Kept 90 days, really: old days go at start and at every UTC midnight, written to or not.
  const stopPruning = audit.keepPruned(clock);
  const recorder = new ActivityRecorder();
  let journalWorkspace: () => string | null = () => null;
  const record = (events: RecordedEvent[]) => {
    const workspace = events.length > 0 ? journalWorkspace() : null;
    if (workspace !== null)
      for (const event of events) void audit.appendEvent({ ...event, workspace });
  };
  const observe = (observation: Observation) => {
    if (observation.kind === 'budget')
      record(recorder.budget(observation.at, observation.api, observation.rateLimitedUntil));
    for (const notice of policy.observe(observation)) hub.emit('notify', notice);
    for (const cue of sounds.observe(observation)) hub.emit('sound.cue', cue);
  };
  hub.subscribe((event, payload) => {
    const at = clock.now();
    if (event === 'watch.update') {
      const update = payload as EventMap['watch.update'];
      record(recorder.watch(at, update));
      if (update.kind === 'broadcast') observe({ kind: 'broadcast', at, broadcast: update.data });
    } else if (event === 'upload.changed') {
      const items = (payload as EventMap['upload.changed']).items;
      record(recorder.uploads(at, items));
      observe({ kind: 'uploads', at, items });
    } else if (event === 'downloads.changed') {
      observe({ kind: 'downloads', at, items: (payload as EventMap['downloads.changed']).items });
    }
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
  // The studio (services/studio/): off until the operator hosts; seats run through `dispatch`.
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
    hubOperator: () => settings.operatorName ?? osUserName(),
  });
  const dispatch = createDispatcher(
    {
      controlRoom: controlRoomHandlers((request) => hub.emit('channel.focusRequested', request)),
      schedule: scheduleHandlers,
      uploads: uploadHandlers,
      settings: settingsHandlers(settings, options.systemLocale, osUserName, options.updates),
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
      studio: studioHandlers(
        studio,
        presence,
        deskBackup({
          hub: studio,
          secrets: options.secrets,
          seedBudget: () => seedFullMinute(),
          now: () => clock.now(),
          log,
        }),
      ),
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
      windows: windowHandlers(options.popOut),
    },
    () => lifecycle.session,
    log,
    {
      audit,
      who: () => settings.operatorName ?? osUserName(),
      now: () => clock.now(),
      ran: (run) => observe({ kind: 'command', ...run }),
      describeTarget: (target, output) => recorder.describeTarget(target, output),
      answered: (command, output) => {
        recorder.learn(output);
        // The view's own read of a broadcast is a sighting too: the notice policy must know a
        // watched broadcast was on air even when it goes off air before the watch's first poll.
        if (command === 'broadcast.get') {
          const { data: broadcast } = output as Fresh<Broadcast>;
          observe({ kind: 'broadcast', at: clock.now(), broadcast });
        }
      },
    },
  );

  // The seats' uploads go on at the backup from the server's offset (upload-handover.ts).
  const handedUploads = async () => (await lifecycle.session.uploads()).handOver();
  const adoptUploads = (uploads: readonly BeatUpload[]) =>
    void lifecycle.session.uploads().then((engine) => engine.offerHandover(uploads));

  /** The open workspace's budgets start as if the last minute were full (a takeover). */
  function seedFullMinute(): void {
    const { workspace } = lifecycle.session;
    workspace.liveScheduler.assumeFullMinute();
    workspace.vodScheduler.assumeFullMinute();
  }

  const dropClient = (clientId: string) => {
    lifecycle.session.planner.dropClient(clientId);
    presence.drop(clientId);
  };
  /**
   * While this hub stands down for its backup, its own pages' watches make no call either
   * (the open workspace's planner is held, and held again after a switch of workspace), and
   * every figure they feed is pushed as not refreshed (`watch.update` error with
   * `standingDown`) so no view shows a silent stale screen.
   */
  let standingDown = false;
  const holdWatches = () => {
    const { planner } = lifecycle.session;
    if (planner.isHeld() === standingDown) return;
    planner.hold(standingDown);
    if (standingDown) sayHeld();
  };
  const sayHeld = () => {
    const at = clock.now();
    for (const task of lifecycle.session.planner.currentTasks())
      hub.emit('watch.update', {
        kind: 'error',
        subject: task.subject,
        topic: task.topic,
        at,
        code: 'conflict',
        message: 'This hub stands down: its backup serves the studio.',
        standingDown: true,
      });
  };
  hub.subscribe((event) => {
    if (event === 'workspace.changed' && standingDown) holdWatches();
  });
  studio.attach({
    invoke: dispatch,
    subscribe: (listener) => hub.subscribe(listener),
    dropClient,
    seatGone: (seatId) => presence.dropSeat(seatId),
    standDown: (on) => {
      standingDown = on;
      holdWatches();
    },
    handedUploads,
    adoptUploads,
  });

  // While this desk is a seat of a studio, its own settings and the studio's commands run
  // here; every other command is the hub's (seat.ts `staysOnSeat`).
  return {
    async invoke(command, input, context) {
      const seat = studio.seat();
      if (seat && !staysOnSeat(command)) return seat.invoke(command, input, context);
      const answer = await dispatch(command, input, context);
      // A view opened while this hub stands down is told at once its figures are not read.
      if (standingDown && command === 'watch.subscribe' && answer.ok) sayHeld();
      return answer;
    },
    subscribe: (listener) => hub.subscribe(listener),
    dropClient(clientId) {
      dropClient(clientId);
      studio.seat()?.dropClient(clientId);
    },
    panels,
    now: () => {
      const info = lifecycle.session.workspace.info;
      return {
        workspace: info.id,
        budgets: lifecycle.session.budgets(),
        liveBaseUrl: info.apis.live && info.liveBaseUrl ? info.liveBaseUrl : null,
      };
    },
    assumeFullMinute: seedFullMinute,
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
    handedUploads,
    adoptUploads,
    rereadWatches() {
      const at = clock.now();
      for (const task of lifecycle.session.planner.refreshAll())
        hub.emit('watch.update', {
          kind: 'error',
          subject: task.subject,
          topic: task.topic,
          at,
          code: 'network',
          message: 'The computer slept: re-reading.',
          afterSleep: true,
        });
    },
    async dispose() {
      stopPruning();
      presence.dispose();
      workstation.dispose();
      await studio.stop();
      await lifecycle.dispose();
      await audit.flush();
      hub.clear();
    },
  };
}

/**
 * Every token main can name (the keychain's, per account; the embedded sandbox's), for the
 * diagnostics archive to scrub. A keychain that cannot be read gives none.
 */
async function knownSecrets(registry: AccountRegistry, workspace: Workspace): Promise<string[]> {
  const stored = await Promise.all(
    registry.list().map((account) => registry.token(account.id).catch(() => null)),
  );
  const sandbox = workspace.sandbox?.info;
  return [
    ...stored.filter((token): token is string => token !== null),
    ...(sandbox ? [...Object.values(sandbox.tokens), sandbox.vod_access_token] : []),
  ];
}

/** The OS user's name: who runs a command when the operator gave no name in settings. */
function osUserName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'operator';
  }
}
