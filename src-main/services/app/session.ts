/**
 * One workspace at work: its control room, its watch planner, its upload engine and its
 * budget reports. Replaced as a whole when the operator switches workspace, so no watch,
 * timer or upload of the old workspace keeps spending the new one's budget: the old
 * workspace's uploads stop where they are (kept in its queue file) and go on when it is
 * opened again.
 */
import { networkError, PlatformError } from '../../platform/errors';
import type { Clock } from '../../platform/scheduler';
import type { EventMap, EventName } from '../../shared/bridge';
import type { BudgetSnapshot, WatchUpdate } from '../../shared/model';
import { redact } from '../../secrets/redact';
import { accountContextOf, type AccountContext } from '../core/account-context';
import { describe } from '../core/error-text';
import type { Notify } from '../core/notify';
import { ControlRoom } from '../control-room/control-room';
import { ScheduleService } from '../schedule/schedule';
import { BatchBoard } from '../core/batch-board';
import { withForecast } from '../core/budget-outlook';
import { DownloadFolder } from '../downloads/download-folder';
import { resolveDownload } from '../downloads/download-sources';
import { DownloadList } from '../downloads/download-list';
import { UploadEngine } from '../uploads/upload-engine';
import type { UploadTuning } from '../uploads/upload-tuning';
import { workspaceUploadPlatform } from '../uploads/upload-platform';
import { WatchPlanner } from '../control-room/watch-planner';
import type { WatchTask } from '../control-room/watch-plan';
import type { Workspace } from '../workspaces/workspace';
import type { Observation } from '../notifications/notice-policy';

/** Budget events are sent at most this often, ms. */
const budgetEventSpacingMs = 250;

export interface Session {
  workspace: Workspace;
  /** What the domains get of this workspace: its accounts, the clock and the log. */
  account: AccountContext;
  /** The workstation's clock (epoch ms UTC): `fetchedAt` of what a command read. */
  clock: Clock;
  controlRoom: ControlRoom;
  /** Programs of scheduled channels, their edits and batches. */
  schedule: ScheduleService;
  planner: WatchPlanner;
  /** The workspace's upload queue (opened from its file in the data folder). */
  uploads(): Promise<UploadEngine>;
  /** The workspace's download list (opened from its file in the data folder). */
  downloads(): Promise<DownloadList>;
  /** The app's download folder setting (`downloads.json`). */
  downloadFolder: DownloadFolder;
  /** The workspace's batches (schedule, channels, library): one protocol, `batches.changed`. */
  batches: BatchBoard;
  budgets(): BudgetSnapshot[];
  /**
   * Stops the watches, budget reports and uploads (their queue written to disk); does not
   * close the workspace.
   */
  dispose(): Promise<void>;
}

/** What a session needs for its uploads. */
export interface SessionUploads {
  /** The app's data folder, where `uploads-<workspaceId>.json` lives. */
  dataDir: string;
  /** Pushes an `app.notice` (batch finished, file needs attention). */
  notify: Notify;
  tuning?: Partial<UploadTuning>;
  /**
   * Told of what the notice policy watches in a session: a refused token (401) and every
   * budget state of the schedulers (a 429 pause and its end), at the injected clock's time.
   */
  observe?: (observation: Observation) => void;
}

/** Starts a session on an open workspace; events go to `emit`. */
export function startSession(
  workspace: Workspace,
  emit: <E extends EventName>(event: E, payload: EventMap[E]) => void,
  clock: Clock,
  log: (message: string) => void,
  uploadOptions: SessionUploads,
): Session {
  // The control room and the planner know each other only through these callbacks: a
  // command's answer spares the planner a read; a poll that finds a broadcast off air puts
  // its participants and viewers to sleep (they exist only while on air).
  const account = accountContextOf(workspace, clock, log);
  // Every watch update goes through the planner's answers: kept for a page that joins the
  // watch later (replayed in its `watch.subscribe` answer), a channel list's addressed to
  // each watch of that list (control-room/watch-answers.ts).
  const publish = (update: WatchUpdate): void => {
    for (const each of planner.answers.address(update)) emit('watch.update', each);
  };
  const controlRoom = new ControlRoom({
    account,
    publish,
    observed: (topic, subject, fetchedAt) => planner.observe(topic, subject, fetchedAt),
    waiting: (waiting) => emit('command.waiting', waiting),
  });
  const planner = new WatchPlanner({
    clock,
    budget: () => workspace.liveScheduler.state(),
    run: async (task, signal) => {
      const update = await controlRoom.poll(task, signal);
      if (update.kind === 'onair') {
        // One list read is also every on-air broadcast's state: a broadcast another view
        // watches gets it as its own update and its own read waits (a shared read).
        for (const data of update.data.broadcasts) {
          if (!planner.has('broadcast', data.key)) continue;
          publish({
            kind: 'broadcast',
            broadcastKey: data.key,
            fetchedAt: update.fetchedAt,
            data,
          });
          planner.observe('broadcast', data.key, update.fetchedAt);
        }
        planner.setOnAir(update.data.broadcasts.map((data) => data.key));
        return;
      }
      if (update.kind !== 'broadcast') return;
      planner.setDormant('participants', task.subject, !update.data.onAir);
      planner.setDormant('viewers', task.subject, !update.data.onAir);
    },
    onTaskError: (task, error) => {
      if (!(error instanceof PlatformError)) log(`watch ${task.topic} failed: ${describe(error)}`);
      publish(watchError(task, error, clock.now()));
    },
  });
  const batches = new BatchBoard((progress) => emit('batches.changed', progress));
  const schedule = new ScheduleService({ account, batches });

  // An API the workspace has no account of has no budget to show.
  // Each with its 10-minute forecast (core/budget-outlook.ts); the planner polls the live API.
  const budgets = (): BudgetSnapshot[] => [
    ...(workspace.info.apis.live
      ? [withForecast(workspace.liveScheduler.state(), planner, batches.remaining('live'))]
      : []),
    ...(workspace.info.apis.vod
      ? [withForecast(workspace.vodScheduler.state(), null, batches.remaining('vod'))]
      : []),
  ];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const onBudget = () => {
    timer ??= setTimeout(() => {
      timer = null;
      emit('budget.changed', budgets());
    }, budgetEventSpacingMs);
  };
  const observe = uploadOptions.observe;
  const offs = [
    workspace.liveScheduler.subscribe(onBudget),
    // Any live call that finds the platform unreachable (or answering again) tells the
    // planner: an outage is its own case (docs/dev/architecture.md, "The API budget").
    workspace.liveScheduler.onReachability((reachable, error) =>
      planner.platformReachable(
        reachable,
        error instanceof PlatformError ? error : new PlatformError(networkError(error)),
      ),
    ),
    workspace.vodScheduler.subscribe(onBudget),
    ...(observe
      ? [
          ...[workspace.liveScheduler, workspace.vodScheduler].map((scheduler) =>
            scheduler.subscribe((state) =>
              observe({
                kind: 'budget',
                at: clock.now(),
                api: state.name,
                rateLimitedUntil: state.rateLimitedUntil,
              }),
            ),
          ),
          workspace.onUnauthorized((api) =>
            observe({ kind: 'tokenRefused', at: clock.now(), api, workspace: workspace.info.name }),
          ),
        ]
      : []),
  ];

  const uploads = UploadEngine.open({
    dataDir: uploadOptions.dataDir,
    workspaceId: workspace.info.id,
    platform: workspaceUploadPlatform(account),
    onChange: (change) => emit('upload.changed', change),
    notify: uploadOptions.notify,
    log,
    ...(uploadOptions.tuning ? { tuning: uploadOptions.tuning } : {}),
  });

  const downloadFolder = new DownloadFolder(uploadOptions.dataDir);
  const downloads = DownloadList.open({
    dataDir: uploadOptions.dataDir,
    workspaceId: workspace.info.id,
    resolve: (source, signal) => resolveDownload(account, source, signal),
    folder: downloadFolder,
    log,
    now: () => clock.now(),
    onChange: (change) => emit('downloads.changed', change),
  });

  const session: Session = {
    workspace,
    account,
    clock,
    controlRoom,
    schedule,
    planner,
    uploads: () => uploads,
    downloads: () => downloads,
    downloadFolder,
    batches,
    budgets,
    async dispose() {
      planner.dispose();
      schedule.dispose();
      for (const off of offs) off();
      if (timer) clearTimeout(timer);
      await (await uploads).dispose();
      await (await downloads).dispose();
    },
  };
  return session;
}

/**
 * A failed poll as the views see it: which figure, since when (epoch ms UTC), the status
 * and the platform's message (redacted), so the view can say the figure is stale and why.
 */
function watchError(task: WatchTask, error: unknown, at: number): WatchUpdate {
  const platform = error instanceof PlatformError ? error.error : null;
  return {
    kind: 'error',
    subject: task.subject,
    topic: task.topic,
    at,
    code: platform?.code ?? 'internal',
    ...(platform?.status !== undefined ? { status: platform.status } : {}),
    message: platform ? redact(platform.message) : 'The platform could not be read.',
  };
}
