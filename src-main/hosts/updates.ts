/**
 * The desktop app's updates, wired to the core (the rule itself is hosts/update-policy.ts):
 * electron-updater's `autoUpdater` with the generic server the organisation configures, the
 * administrator's policy file read once at start, and the show work read from main:
 * - channels of the open workspace on air, as the control room's channel list, a watched
 *   broadcast or the Multiview last saw them (hosts/on-air-tracker.ts);
 * - manual recordings on watched broadcasts: the broadcast watches started by `watch.subscribe`
 *   and not yet ended, and whether each records from their `watch.update` events;
 * - uploads and downloads under way, from `upload.list` and `downloads.list` (as the quit guard);
 * - commands that change something (effect `change` or `destructive`) in flight, counted by
 *   wrapping the core as the menu does (hosts/menu-language.ts).
 * Settings changes reach it as the answers of `settings.updates`, whichever way they came in.
 */
import {
  commands,
  isCommandName,
  type CommandInput,
  type CommandOutput,
  type EventMap,
} from '../shared/bridge';
import type { MessageBoxOptions } from 'electron';
import type { DeskCore } from '../services/app/desk-core';
import { createI18n, type Language } from '../shared/i18n';
import type { UpdatesInfo } from '../services/settings/settings-commands';
import {
  readUpdatePolicy,
  ShowActivity,
  UpdateController,
  type EffectiveUpdates,
  type ShowWork,
  type UpdaterSurface,
  type UpdateState,
} from './update-policy';
import { workInFlight } from './quit-guard';
import { OnAirTracker } from './on-air-tracker';

export interface DesktopUpdatesOptions {
  /** electron-updater's `autoUpdater` (a typed fake in tests). */
  updater: UpdaterSurface;
  /** The policy file's path for this OS (`policyFilePath`). */
  policyPath: string;
  /** Reads a text file; null when there is none (ENOENT). */
  readText: (path: string) => Promise<string | null>;
  log: (message: string) => void;
  /** Epoch ms. */
  now: () => number;
  /** `setInterval`, answering its stop function (see `UpdateControllerOptions.every`). */
  every: (ms: number, run: () => Promise<void>) => () => void;
  /** Called when updates turn on or off (the Help menu shows "Check for updates…" only when on). */
  onEnabled?: (enabled: boolean) => void;
}

/** The desktop app's updates once the policy is read; {@link DesktopUpdates.attach} the core. */
export interface DesktopUpdates {
  /** For the core's settings domain (`DeskCoreOptions.updates`). */
  info: UpdatesInfo;
  /**
   * Starts watching `core` (the show work, the settings) and applies the settings in force.
   * Answers `core` wrapped: give that one to the transports.
   */
  attach(core: DeskCore): Promise<DeskCore>;
  /** Help → Check for updates…; false when updates are off or a check is under way. */
  check(): Promise<boolean>;
  /** Where the updater stands, and whether its last check failed (for the Help menu's answer). */
  status(): { state: UpdateState; failed: boolean };
  /** Whether updates are on (a server, a mode other than `none`). */
  enabled(): boolean;
  /**
   * The show work under way now, as the rule reads it (keep-awake reads it too); rejects
   * before {@link DesktopUpdates.attach}.
   */
  work(): Promise<ShowWork>;
  dispose(): void;
}

/** The errors of a file read that mean "no file". */
const absent = new Set(['ENOENT', 'ENOTDIR']);

/** Reads `path` as UTF-8 text, null when it does not exist (for {@link DesktopUpdatesOptions.readText}). */
export async function readTextIfPresent(path: string): Promise<string | null> {
  const { readFile } = await import('node:fs/promises');
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code && absent.has(code)) return null;
    throw error;
  }
}

/** Reads the policy and builds the controller; nothing is checked before {@link DesktopUpdates.attach}. */
export async function openDesktopUpdates(options: DesktopUpdatesOptions): Promise<DesktopUpdates> {
  const policy = await readUpdatePolicy(options.policyPath, options.readText, options.log);
  const activity = new ShowActivity(options.now);
  const onAir = new OnAirTracker();
  let watched: DeskCore | null = null;
  let enabled = false;
  const work = async (): Promise<ShowWork> => {
    if (!watched) throw new Error('the core is not open yet');
    // What main counts itself is read before the queues answer, so it is of this moment.
    const seen = {
      onAir: onAir.onAir(),
      recordings: activity.recordings(),
      commands: activity.commands(),
      lastCommandAt: activity.lastCommandAt(),
    };
    const queues = await workInFlight(watched, () => 0);
    return { ...seen, uploads: queues.uploads, downloads: queues.downloads };
  };
  const controller = new UpdateController({
    updater: options.updater,
    work,
    now: options.now,
    every: options.every,
    log: options.log,
  });
  const apply = (effective: EffectiveUpdates) => {
    controller.configure(effective);
    if (effective.enabled !== enabled) {
      enabled = effective.enabled;
      options.onEnabled?.(enabled);
    }
  };
  let unsubscribe: (() => void) | null = null;
  return {
    info: { policy, state: () => controller.state },
    async attach(core) {
      const wrapped: DeskCore = {
        ...core,
        async invoke(command, input, context) {
          const counted = isCommandName(command) && commands[command].effect !== 'read';
          if (counted) activity.commandStarted();
          try {
            const result = await core.invoke(command, input, context);
            if (result.ok) noticeAnswer(command, input, context.clientId, result.data);
            return result;
          } finally {
            if (counted) activity.commandEnded();
          }
        },
        dropClient(clientId) {
          activity.clientGone(clientId);
          core.dropClient(clientId);
        },
      };
      const noticeAnswer = (command: unknown, input: unknown, clientId: string, data: unknown) => {
        if (command === 'settings.updates') apply(effectiveOf(data));
        else if (command === 'watch.subscribe') {
          const spec = (input as CommandInput<'watch.subscribe'>).spec;
          const { watchId } = data as CommandOutput<'watch.subscribe'>;
          if (spec.kind === 'broadcast')
            activity.watchStarted(watchId, clientId, spec.broadcastKey);
        } else if (command === 'watch.unsubscribe')
          activity.watchEnded((input as CommandInput<'watch.unsubscribe'>).watchId);
      };
      unsubscribe = core.subscribe((event, payload) => {
        if (event === 'workspace.changed')
          onAir.workspace((payload as EventMap['workspace.changed']).active.id);
        if (event !== 'watch.update') return;
        const update = payload as EventMap['watch.update'];
        onAir.seen(update);
        if (update.kind === 'broadcast')
          activity.broadcastSeen(update.broadcastKey, update.data.recording);
      });
      watched = wrapped;
      const open = await core.invoke('workspace.state', {}, { clientId: 'main' });
      if (open.ok) onAir.workspace((open.data as EventMap['workspace.changed']).active.id);
      const read = await core.invoke('settings.updates', {}, { clientId: 'main' });
      if (read.ok) apply(effectiveOf(read.data));
      else options.log(`updates: could not read the update settings: ${read.error.message}`);
      return wrapped;
    },
    check: () => controller.check(),
    status: () => ({ state: controller.state, failed: controller.lastCheckFailed }),
    enabled: () => enabled,
    work,
    dispose() {
      unsubscribe?.();
      controller.dispose();
    },
  };
}

/** The settings in force of a `settings.updates` answer. */
function effectiveOf(data: unknown): EffectiveUpdates {
  return (data as { effective: EffectiveUpdates }).effective;
}

/**
 * What Help → Check for updates… answers once the check is done, in `language`: off, failed,
 * up to date (`appVersion`), or the version found and when it installs.
 */
export function checkAnswer(
  checked: boolean,
  status: { state: UpdateState; failed: boolean },
  appVersion: string,
  language: Language,
): MessageBoxOptions {
  const t = createI18n(language).t;
  const { state } = status;
  const message = !checked
    ? state.kind === 'off'
      ? t('desktop.updates.off')
      : null
    : status.failed
      ? t('desktop.updates.failed')
      : state.kind === 'idle'
        ? t('desktop.updates.upToDate', { version: appVersion })
        : null;
  const found = 'version' in state ? t('desktop.updates.waiting', { version: state.version }) : '';
  return {
    type: status.failed ? 'warning' : 'info',
    title: t('desktop.updates.title'),
    message: message ?? (found || t('desktop.updates.upToDate', { version: appVersion })),
  };
}
