/**
 * When the desktop app looks for, downloads and installs an update: pure, without Electron, so
 * the rule is tested with the updater faked at its interface (`hosts/updates.ts` gives the real
 * electron-updater `autoUpdater`).
 *
 * - Updates are off until an update server is configured: a generic server (electron-builder's
 *   `generic` provider: `latest.yml` and the installers under one https URL) that the
 *   organisation names, in Settings or in the administrator's policy file.
 * - The mode, as VS Code's `update.mode` and its `UpdateMode` policy: `none` never looks;
 *   `manual` only when the operator asks (Help → Check for updates…); `start` once at start;
 *   `default` at start and every {@link checkEveryMs}.
 * - The rule: never download-and-restart while the operator is working a show, i.e. while a
 *   channel of the open workspace is on air (as the control room, a watched broadcast or the
 *   Multiview last saw it: hosts/on-air-tracker.ts), a manual recording is running on a watched
 *   broadcast, an upload or a download is running, or a command that changes something is in
 *   flight. A found update downloads only while none of
 *   these is under way; a downloaded one is installed when the app quits (electron-updater's
 *   `autoInstallOnAppQuit`; the quit guard asks first when work is under way), or after
 *   {@link idleBeforeInstallMs} (10 minutes) with none of these, checked every
 *   {@link tickEveryMs}.
 * - An administrator's policy file (see {@link policyFilePath}) can lock the mode and the server
 *   URL over the operator's setting. A policy file that cannot be read as a policy locks the mode
 *   to `none` (an administrator meant to restrict something; updating anyway is not the safe
 *   guess) and says why in the log.
 */
import { z } from 'zod';
import {
  updateModes,
  updateServerUrl,
  type EffectiveUpdates,
  type UpdatePolicy,
  type UpdateState,
} from '../shared/updates-model';

export * from '../shared/updates-model';

const policySchema = z
  .object({
    /** VS Code's policy name for the mode. */
    UpdateMode: z.enum(updateModes).optional(),
    UpdateServerUrl: updateServerUrl.optional(),
  })
  .strict();

/**
 * Where an administrator puts the policy file: `/etc/onair-desk/policy.json` on Linux,
 * `%ProgramData%\OnAir Desk\policy.json` on Windows, `/Library/Application Support/OnAir
 * Desk/policy.json` on macOS. Read once at start.
 */
export function policyFilePath(
  platform: NodeJS.Platform,
  env: Record<string, string | undefined>,
): string {
  if (platform === 'win32')
    return `${env.ProgramData ?? env.PROGRAMDATA ?? 'C:\\ProgramData'}\\OnAir Desk\\policy.json`;
  if (platform === 'darwin') return '/Library/Application Support/OnAir Desk/policy.json';
  return '/etc/onair-desk/policy.json';
}

/**
 * Reads the policy file at `path` with `readText` (answers null when there is no file).
 * JSON `{ "UpdateMode": "none"|"manual"|"start"|"default", "UpdateServerUrl": "https://…" }`,
 * both optional. Null: no policy. A file that is not that shape, or cannot be read, gives a
 * policy locking the mode to `none` and one log line naming the file and the fault.
 */
export async function readUpdatePolicy(
  path: string,
  readText: (path: string) => Promise<string | null>,
  log: (message: string) => void,
): Promise<UpdatePolicy | null> {
  let text: string | null;
  try {
    text = await readText(path);
  } catch (error) {
    log(`updates: policy file ${path} could not be read (${String(error)}); updates are off`);
    return { path, mode: 'none', reason: 'policyUnreadable' };
  }
  if (text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    log(`updates: policy file ${path} is not JSON (${String(error)}); updates are off`);
    return { path, mode: 'none', reason: 'policyUnreadable' };
  }
  const parsed = policySchema.safeParse(json);
  if (!parsed.success) {
    const fault = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`)
      .join('; ');
    log(`updates: policy file ${path} is not a valid policy (${fault}); updates are off`);
    return { path, mode: 'none', reason: 'policyUnreadable' };
  }
  const { UpdateMode: mode, UpdateServerUrl: url } = parsed.data;
  log(
    `updates: policy file ${path} locks ${mode ? `mode ${mode}` : 'no mode'}${url ? ` and server ${url}` : ''}`,
  );
  return { path, ...(mode ? { mode } : {}), ...(url ? { url } : {}), reason: 'policy' };
}

/** What keeps an update from being installed now: the operator is working a show. */
export interface ShowWork {
  /** Channels of the open workspace last seen on air (hosts/on-air-tracker.ts). */
  onAir: number;
  /** Watched broadcasts with a manual recording running. */
  recordings: number;
  /** Uploads queued, sending or waiting to retry. */
  uploads: number;
  /** Downloads queued or receiving. */
  downloads: number;
  /** Commands that change something, sent and not yet answered. */
  commands: number;
  /** When the last such command answered, epoch ms; null if none has. Counts as work then. */
  lastCommandAt: number | null;
}

/** True when any of `work` is under way. */
export function busy(work: ShowWork): boolean {
  return work.onAir + work.recordings + work.uploads + work.downloads + work.commands > 0;
}

/**
 * electron-updater's `AppUpdater`, as far as the controller uses it (the real `autoUpdater`
 * satisfies it; tests give a typed fake).
 */
export interface UpdaterSurface {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(
    event: 'update-available' | 'update-downloaded',
    listener: (info: { version: string }) => void,
  ): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** How often mode `default` looks for an update: every 6 hours, in ms. */
export const checkEveryMs = 6 * 60 * 60 * 1000;
/** How long without any show work before a downloaded update is installed: 10 minutes, in ms. */
export const idleBeforeInstallMs = 10 * 60 * 1000;
/** How often the controller reads the show work and the time: every minute, in ms. */
export const tickEveryMs = 60 * 1000;

export interface UpdateControllerOptions {
  updater: UpdaterSurface;
  /** The show work under way now (hosts/updates.ts reads the queues and the watches). */
  work: () => Promise<ShowWork>;
  /** Epoch ms (injected: tests use a virtual clock). */
  now: () => number;
  /**
   * Runs `run` every `ms`; answers the function that stops it (`setInterval` in the app; tests
   * await `run`).
   */
  every: (ms: number, run: () => Promise<void>) => () => void;
  log: (message: string) => void;
}

/**
 * Looks for, downloads and installs updates under the rule of the module comment. `configure`
 * with the updates in force (at start, and whenever the settings change); `dispose` stops it.
 */
export class UpdateController {
  private config: EffectiveUpdates | null = null;
  private stateNow: UpdateState = { kind: 'off' };
  private lastBusyAt: number;
  private lastCheckAt: number | null = null;
  private stopTicks: (() => void) | null = null;
  private ticking = false;
  private failed = false;

  constructor(private readonly options: UpdateControllerOptions) {
    this.lastBusyAt = options.now();
    const { updater } = options;
    // Downloads wait for a moment without show work; the installer runs on quit at the latest
    // (`configure` sets autoInstallOnAppQuit while updates are on).
    updater.autoDownload = false;
    updater.autoInstallOnAppQuit = false;
    updater.on('update-available', (info) => {
      if (this.stateNow.kind === 'checking' || this.stateNow.kind === 'idle')
        this.stateNow = { kind: 'available', version: info.version };
      options.log(`updates: version ${info.version} is available`);
    });
    updater.on('update-downloaded', (info) => {
      this.stateNow = { kind: 'downloaded', version: info.version };
      options.log(`updates: version ${info.version} is downloaded; installed on quit or when idle`);
    });
    updater.on('error', (error) => {
      options.log(`updates: ${error.message}`);
      if (this.stateNow.kind === 'checking') this.failed = true;
      if (this.stateNow.kind === 'checking' || this.stateNow.kind === 'downloading')
        this.stateNow = { kind: 'idle', checkedAt: this.lastCheckAt };
    });
  }

  /** Whether the last check failed (the server did not answer, or answered nonsense). */
  get lastCheckFailed(): boolean {
    return this.failed;
  }

  /** Where the controller stands. */
  get state(): UpdateState {
    return this.stateNow;
  }

  /**
   * Applies the updates in force: off (no feed, no check) unless `enabled`; otherwise sets the
   * generic feed, looks at once in modes `start` and `default` (only on the first configure
   * with that server), and starts the minute tick.
   */
  configure(config: EffectiveUpdates): void {
    const before = this.config;
    this.config = config;
    if (!config.enabled || config.url === null) {
      this.stopTicks?.();
      this.stopTicks = null;
      // Off means off: an update downloaded before is not installed on quit either.
      this.options.updater.autoInstallOnAppQuit = false;
      this.stateNow = { kind: 'off' };
      if (before?.enabled !== false)
        this.options.log(
          `updates: off (mode ${config.mode}, ${config.url === null ? 'no server' : 'server set'})`,
        );
      return;
    }
    this.options.updater.autoInstallOnAppQuit = true;
    const serverChanged = before?.url !== config.url || !before.enabled;
    if (serverChanged) {
      this.options.updater.setFeedURL({ provider: 'generic', url: config.url });
      this.options.log(`updates: mode ${config.mode}, server ${config.url}`);
      if (this.stateNow.kind === 'off') this.stateNow = { kind: 'idle', checkedAt: null };
    }
    this.stopTicks ??= this.options.every(tickEveryMs, () => this.tick());
    if (serverChanged && (config.mode === 'start' || config.mode === 'default')) void this.check();
  }

  /**
   * Looks for an update now (Help → Check for updates…, and the automatic checks). False when
   * updates are off or a check or download is already under way.
   */
  async check(): Promise<boolean> {
    if (!this.config?.enabled) return false;
    if (this.stateNow.kind !== 'idle' && this.stateNow.kind !== 'available') return false;
    this.stateNow = { kind: 'checking' };
    this.lastCheckAt = this.options.now();
    this.failed = false;
    try {
      await this.options.updater.checkForUpdates();
    } catch (error) {
      this.failed = true;
      this.options.log(`updates: check failed: ${String(error)}`);
    }
    if (this.stateNow.kind === 'checking')
      this.stateNow = { kind: 'idle', checkedAt: this.lastCheckAt };
    await this.tick();
    return true;
  }

  /**
   * Once a minute: reads the show work; downloads a found update only with none under way;
   * installs a downloaded one after {@link idleBeforeInstallMs} without any; in mode `default`
   * looks again after {@link checkEveryMs}.
   */
  async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      const now = this.options.now();
      let working = true;
      let work: ShowWork | null = null;
      try {
        work = await this.options.work();
        working = busy(work);
      } catch (error) {
        // What cannot be read cannot be shown idle: wait.
        this.options.log(`updates: could not read the work under way: ${String(error)}`);
      }
      if (working) this.lastBusyAt = now;
      else if (work && work.lastCommandAt !== null)
        this.lastBusyAt = Math.max(this.lastBusyAt, work.lastCommandAt);
      const state = this.stateNow;
      if (state.kind === 'available' && !working) {
        this.stateNow = { kind: 'downloading', version: state.version };
        try {
          await this.options.updater.downloadUpdate();
        } catch (error) {
          this.options.log(`updates: download failed: ${String(error)}`);
          this.stateNow = { kind: 'available', version: state.version };
        }
      } else if (
        state.kind === 'downloaded' &&
        !working &&
        now - this.lastBusyAt >= idleBeforeInstallMs
      ) {
        this.stateNow = { kind: 'installing', version: state.version };
        this.options.log(
          `updates: installing ${state.version} after ${Math.round((now - this.lastBusyAt) / 60000)} minutes without show work`,
        );
        this.options.updater.quitAndInstall(false, true);
      } else if (
        state.kind === 'idle' &&
        this.config?.enabled &&
        this.config.mode === 'default' &&
        (this.lastCheckAt === null || now - this.lastCheckAt >= checkEveryMs)
      ) {
        this.ticking = false;
        await this.check();
      }
    } finally {
      this.ticking = false;
    }
  }

  /** Stops the tick (the app is quitting; a downloaded update still installs on quit). */
  dispose(): void {
    this.stopTicks?.();
    this.stopTicks = null;
  }
}

/**
 * Counts the show work main sees without the queues: manual recordings on watched broadcasts
 * and commands that change something in flight. A broadcast is watched from its `watch.subscribe`
 * until its `watch.unsubscribe` or its client goes away; whether it records is its watch's latest
 * `watch.update`.
 */
export class ShowActivity {
  private readonly watches = new Map<string, { clientId: string; broadcastKey: string }>();
  private readonly recording = new Map<string, boolean>();
  private inFlight = 0;
  private lastEnded: number | null = null;

  constructor(private readonly now: () => number) {}

  /** A broadcast watch started (`watch.subscribe` answered `watchId`). */
  watchStarted(watchId: string, clientId: string, broadcastKey: string): void {
    this.watches.set(watchId, { clientId, broadcastKey });
  }

  /** A watch ended (`watch.unsubscribe`). */
  watchEnded(watchId: string): void {
    this.watches.delete(watchId);
  }

  /** A client went away: its watches ended. */
  clientGone(clientId: string): void {
    for (const [id, watch] of this.watches)
      if (watch.clientId === clientId) this.watches.delete(id);
  }

  /** A broadcast watch's fresh read: whether `broadcastKey` is recording. */
  broadcastSeen(broadcastKey: string, recording: boolean): void {
    this.recording.set(broadcastKey, recording);
  }

  /** A command that changes something was sent. */
  commandStarted(): void {
    this.inFlight += 1;
  }

  /** That command answered (or failed). */
  commandEnded(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.lastEnded = this.now();
  }

  /** When the last command that changes something answered, epoch ms; null if none has. */
  lastCommandAt(): number | null {
    return this.lastEnded;
  }

  /** Watched broadcasts recording now. */
  recordings(): number {
    const watched = new Set([...this.watches.values()].map((watch) => watch.broadcastKey));
    return [...watched].filter((key) => this.recording.get(key) === true).length;
  }

  /** Commands that change something, in flight now. */
  commands(): number {
    return this.inFlight;
  }
}
