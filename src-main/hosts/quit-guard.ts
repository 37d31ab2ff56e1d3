/**
 * Quitting while work is under way asks first, so nothing is lost by accident: uploads or downloads
 * running or queued, or a recording command sent to the platform and not yet answered. The
 * queues are kept on disk as they are today and resume on the next start; a recording
 * command in flight may or may not have been carried out, which the question says.
 * The Electron objects are narrow interfaces that `app` and BrowserWindow satisfy.
 */
import type { Event as ElectronEvent, MessageBoxOptions, MessageBoxReturnValue } from 'electron';
import type { DeskCore } from '../services/app/desk-core';
import { createI18n, type Language } from '../shared/i18n';
import type { UploadSnapshot, UploadState } from '../shared/uploads';
import type { DownloadSnapshot, DownloadState } from '../shared/downloads-model';

/** What would be cut short by quitting now. */
export interface WorkInFlight {
  /** Uploads queued, sending or waiting to retry. */
  uploads: number;
  /** Downloads queued or receiving. */
  downloads: number;
  /** Recording commands sent and not yet answered. */
  commands: number;
}

/** The commands whose answer the operator must not lose by quitting. */
export const recordingCommands: ReadonlySet<string> = new Set([
  'broadcast.startRecording',
  'broadcast.stopRecording',
]);

const uploadsUnderWay: ReadonlySet<UploadState> = new Set(['queued', 'uploading', 'retrying']);
const downloadsUnderWay: ReadonlySet<DownloadState> = new Set(['queued', 'downloading']);

/** `core`, counting its recording commands in flight. */
export function trackRecordingCommands(core: DeskCore): { core: DeskCore; inFlight: () => number } {
  let inFlight = 0;
  return {
    inFlight: () => inFlight,
    core: {
      ...core,
      async invoke(command, input, context) {
        const counted = typeof command === 'string' && recordingCommands.has(command);
        if (counted) inFlight += 1;
        try {
          return await core.invoke(command, input, context);
        } finally {
          if (counted) inFlight -= 1;
        }
      },
    },
  };
}

/** Reads the work under way through `core` (the queues of the open workspace). */
export async function workInFlight(
  core: DeskCore,
  commandsInFlight: () => number,
): Promise<WorkInFlight> {
  const context = { clientId: 'main' };
  const [uploads, downloads] = await Promise.all([
    core.invoke('upload.list', {}, context),
    core.invoke('downloads.list', {}, context),
  ]);
  return {
    uploads: uploads.ok
      ? (uploads.data as UploadSnapshot).items.filter((item) => uploadsUnderWay.has(item.state))
          .length
      : 0,
    downloads: downloads.ok
      ? (downloads.data as DownloadSnapshot).items.filter((item) =>
          downloadsUnderWay.has(item.state),
        ).length
      : 0,
    commands: commandsInFlight(),
  };
}

/** The question asked before quitting with `work` under way, in `language`. */
export function quitQuestion(work: WorkInFlight, language: Language): MessageBoxOptions {
  const t = createI18n(language).t;
  const lines = [
    work.uploads > 0 ? t('desktop.quit.uploads', { count: work.uploads }) : null,
    work.downloads > 0 ? t('desktop.quit.downloads', { count: work.downloads }) : null,
    work.commands > 0 ? t('desktop.quit.commands', { count: work.commands }) : null,
  ].filter((line) => line !== null);
  return {
    type: 'question',
    title: t('desktop.quit.title'),
    message: t('desktop.quit.message'),
    detail: `${lines.map((line) => `• ${line}`).join('\n')}\n\n${t('desktop.quit.detail')}`,
    buttons: [t('desktop.quit.keepWorking'), t('desktop.quit.quit')],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
}

/**
 * The question asked before the main window closes with `popOuts` pop-out windows open and
 * nothing else under way, in `language`: they close with it (src-main/index.ts). Button 1
 * closes everything.
 */
export function closeQuestion(popOuts: number, language: Language): MessageBoxOptions {
  const t = createI18n(language).t;
  return {
    type: 'question',
    title: t('popOut.close.title'),
    message: t('popOut.close.message', { count: popOuts }),
    detail: t('popOut.close.detail'),
    buttons: [t('popOut.close.keepOpen'), t('popOut.close.closeAll')],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
}

/** Electron's `app`, as far as the guard uses it. */
export interface QuittingApp {
  on(event: 'before-quit', listener: (event: ElectronEvent) => void): unknown;
  quit(): void;
}

/** A window whose closing quits the app (Electron's `BrowserWindow`). */
export interface ClosingWindow {
  on(event: 'close', listener: (event: ElectronEvent) => void): unknown;
}

export interface QuitGuardOptions {
  work: () => Promise<WorkInFlight>;
  /** Shows the question (`dialog.showMessageBox`); button 1 quits. */
  ask: (options: MessageBoxOptions) => Promise<MessageBoxReturnValue>;
  language: () => Language;
  log: (message: string) => void;
  /**
   * How many pop-out windows are open (hosts/pop-out-windows.ts); absent: none. Closing
   * `window` with any open asks first, since they close with it; a quit from the menu (which
   * says it closes everything) asks only about work under way.
   */
  popOuts?: () => number;
}

/**
 * Holds every quit (and the closing of `window`, which quits the app) until the work under
 * way is read: none, it quits; some, it asks, and quits only when the operator says so.
 * Closing `window` with pop-outs open asks too (the quit question gains a line for them when
 * work is under way as well).
 */
export function guardQuit(
  app: QuittingApp,
  window: ClosingWindow,
  options: QuitGuardOptions,
): void {
  let confirmed = false;
  let deciding = false;
  const hold = (event: ElectronEvent, closing: boolean) => {
    if (confirmed) return;
    event.preventDefault();
    if (deciding) return;
    deciding = true;
    void decide(closing ? (options.popOuts?.() ?? 0) : 0)
      .then((quit) => {
        if (!quit) return;
        confirmed = true;
        app.quit();
      })
      .finally(() => (deciding = false));
  };
  const decide = async (popOuts: number): Promise<boolean> => {
    let work: WorkInFlight;
    try {
      work = await options.work();
    } catch (error) {
      // What cannot be read cannot be protected: never keep the operator from quitting.
      options.log(`quit: could not read the work under way: ${String(error)}`);
      work = { uploads: 0, downloads: 0, commands: 0 };
    }
    const busy = work.uploads + work.downloads + work.commands > 0;
    if (!busy && popOuts === 0) return true;
    const language = options.language();
    const question = busy ? quitQuestion(work, language) : closeQuestion(popOuts, language);
    if (busy && popOuts > 0) {
      const line = createI18n(language).t('popOut.close.line', { count: popOuts });
      question.detail = `• ${line}\n${question.detail ?? ''}`;
    }
    const { response } = await options.ask(question);
    options.log(
      `quit with ${work.uploads} uploads, ${work.downloads} downloads, ${work.commands} commands under way, ${popOuts} pop-outs open: ${response === 1 ? 'quit' : 'kept working'}`,
    );
    return response === 1;
  };
  app.on('before-quit', (event) => hold(event, false));
  window.on('close', (event) => hold(event, true));
}
