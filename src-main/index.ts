/**
 * Electron entry: app lifecycle, the main window and its pop-outs, hardening. Thin: the work
 * lives in services/ behind the bridge contract.
 * Every window (the main one and the pop-outs, hosts/pop-out-windows.ts): contextIsolation,
 * sandbox, webSecurity, no nodeIntegration, the preload only; window.open and navigation away are denied; the app page gets notifications and
 * clipboard writes and no other permission (hosts/permission-policy.ts); one instance per
 * data folder (hosts/instance-lock.ts); the menu (hosts/app-menu.ts); recovery from crashes,
 * hangs and sleep, and a question before quitting with work under way (hosts/desktop-recovery.ts,
 * hosts/quit-guard.ts); updates that wait for the show (hosts/updates.ts); the computer kept
 * awake for the show (hosts/keep-awake.ts).
 */
import {
  app,
  BrowserWindow,
  crashReporter,
  dialog,
  Menu,
  Notification,
  powerMonitor,
  powerSaveBlocker,
  screen,
  session,
  shell,
} from 'electron';
import type { MessageBoxOptions, MessageBoxReturnValue } from 'electron';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { superviseSpool } from './hosts/spool';
import { createDeskCore, type DeskCore, type MainFaultKind } from './services/app/desk-core';
import { crashDumpsFolder } from './services/app/crash-dumps';
import { watchMainFaults } from './hosts/main-faults';
import { supervisePanelApi, type PanelApiSupervisor } from './hosts/panel-api';
import { openSandboxWorkspace, sandboxInfoFromEnv } from './services/workspaces/workspace';
import { registerIpc } from './hosts/electron-ipc';
import { electronNotifications, showOsNotices } from './hosts/os-notifications';
import { ipcChannels } from './shared/ipc-channels';
import { setFolderPicker } from './services/downloads/download-folder';
import { createLog, type Log } from './hosts/log';
import { createKeychain } from './secrets/keychain';
import { appWindowOptions, isAppPage } from './hosts/window-policy';
import { openExternalLink } from './hosts/external-links';
import { startHostNetwork, type HostNetwork } from './hosts/host-network';
import { saveDiagnosticsFromMenu } from './hosts/diagnostics-menu';
import { installPermissionPolicy } from './hosts/permission-policy';
import { devToolsAllowed } from './hosts/app-menu';
import { installAppMenu } from './hosts/menu-language';
import { claimDataFolder } from './hosts/desktop-instance';
import { folderLanguage, whereRunning, type InstanceLock } from './hosts/instance-lock';
import { recoverRenderer, rereadAfterSleep } from './hosts/desktop-recovery';
import { guardQuit, trackRecordingCommands, workInFlight } from './hosts/quit-guard';
import {
  checkAnswer,
  openDesktopUpdates,
  readTextIfPresent,
  type DesktopUpdates,
} from './hosts/updates';
import { policyFilePath } from './hosts/update-policy';
import { defaultDataFolder } from './hosts/data-folder';
import { superviseKeepAwake } from './hosts/keep-awake';
import { holdQuitForPlaces, type PopOutWindows } from './hosts/pop-out-windows';
import { bringForward, openDesktopPopOuts } from './hosts/desktop-pop-outs';

const rendererIndex = join(import.meta.dirname, '../renderer/index.html');
const preloadPath = join(import.meta.dirname, '../preload/preload.cjs');
const appUrlPrefix = pathToFileURL(join(import.meta.dirname, '../renderer/')).href;
const isAppUrl = (url: string) => isAppPage(url, appUrlPrefix);
// Reload and the developer tools: development runs, or a packaged one started with the flag.
const devTools = devToolsAllowed({
  isPackaged: app.isPackaged,
  env: process.env,
  argv: process.argv,
});

// The data folder, before anything reads it (the single-instance lock, the folder lock):
// `--data-dir=DIR`, as the browser host takes it (a second studio profile, the desktop spec),
// else the same default folder as the browser host's on this OS (hosts/data-folder.ts), so the
// two share one instance lock whatever Electron's own user-data folder would be.
const dataDirArg = process.argv.find((arg) => arg.startsWith('--data-dir='));
app.setPath(
  'userData',
  dataDirArg
    ? resolve(dataDirArg.slice('--data-dir='.length))
    : defaultDataFolder(process.platform, process.env, homedir()),
);
// Crash dumps stay on this workstation, in the data folder ("Save diagnostics" lists them).
app.setPath('crashDumps', join(app.getPath('userData'), crashDumpsFolder));
crashReporter.start({ uploadToServer: false });
// A fault of main is logged, journaled and told (hosts/main-faults.ts); the app keeps serving.
watchMainFaults({
  process,
  app,
  tell: () => faultTeller,
  log: (m) => (log ? log.write(m) : process.stderr.write(`${m}\n`)),
});

let core: DeskCore | null = null;
let log: Log | null = null;
let mainWindow: BrowserWindow | null = null;
let popOuts: PopOutWindows | null = null;
let network: HostNetwork | null = null;
let folderLock: InstanceLock | null = null;
let updates: DesktopUpdates | null = null;
let panelApi: PanelApiSupervisor | null = null;
let stopKeepAwake: (() => void) | null = null;
let faultTeller: ((kind: MainFaultKind, what: string) => void) | null = null;

if (!app.requestSingleInstanceLock()) {
  // Electron brings the running window forward ('second-instance'); this start says so.
  void folderLanguage(app.getPath('userData'), Intl.DateTimeFormat().resolvedOptions().locale)
    .then((language) => {
      const line = whereRunning({ kind: 'desktop', address: null }, language);
      process.stderr.write(`onair-desk: ${line}\n`);
    })
    .finally(() => app.exit(1));
} else {
  app.on('second-instance', () => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  app.on('window-all-closed', () => app.quit());
  // The pop-outs' last places are written before anything closes (hosts/pop-out-windows.ts).
  holdQuitForPlaces(app, () => popOuts);
  app.on('will-quit', (event) => {
    if (event.defaultPrevented) return;
    // A downloaded update is installed by electron-updater as the app quits (autoInstallOnAppQuit).
    updates?.dispose();
    stopKeepAwake?.();
    void (panelApi?.close() ?? Promise.resolve())
      .then(() => core?.dispose())
      .then(() => network?.close());
    void log?.close();
    void folderLock?.release();
  });
  void app.whenReady().then(start);
}

async function start(): Promise<void> {
  // One OnAir Desk per data folder, shared with the browser host: before any queue opens.
  folderLock = await claimDataFolder({
    dataDir: app.getPath('userData'),
    systemLocale: app.getLocale(),
    showErrorBox: (title, content) => dialog.showErrorBox(title, content),
    print: (line) => process.stderr.write(line),
    exit: (code) => app.exit(code),
  });
  if (!folderLock) return;
  installPermissionPolicy(session.defaultSession, isAppUrl);
  log = await createLog(app.getPath('userData'));
  const logger = log;
  // Every call of main through the proxy Chromium resolves for its URL (system settings, PAC).
  network = await startHostNetwork({
    env: process.env,
    log: (m) => logger.write(m),
    resolveProxy: (url) => session.defaultSession.resolveProxy(url),
  });
  const hostNetwork = network;
  // Updates: the administrator's policy file is read once, now; off until a server is configured.
  const { autoUpdater } = (await import('electron-updater')).default;
  autoUpdater.logger = {
    info: (m: unknown) => logger.write(`updates: ${String(m)}`),
    warn: (m: unknown) => logger.write(`updates: ${String(m)}`),
    error: (m: unknown) => logger.write(`updates: ${String(m)}`),
  };
  let refreshMenu: (() => void) | null = null;
  const desktopUpdates = await openDesktopUpdates({
    updater: autoUpdater,
    policyPath: policyFilePath(process.platform, process.env),
    readText: readTextIfPresent,
    log: (m) => logger.write(m),
    now: () => Date.now(),
    every: (ms, run) => {
      const timer = setInterval(() => void run(), ms);
      return () => clearInterval(timer);
    },
    onEnabled: () => refreshMenu?.(),
  });
  updates = desktopUpdates;
  const sandboxInfo = sandboxInfoFromEnv(process.env);
  const deskCore = await createDeskCore({
    dataDir: app.getPath('userData'),
    secrets: createKeychain(),
    openSandbox: () => openSandboxWorkspace(sandboxInfo ? { sandboxInfo } : {}),
    log: (m) => logger.write(m),
    // The OS locale for "follow the system language" (settings.language).
    systemLocale: app.getLocale(),
    // What the diagnostics archive says of the app and of its network.
    about: { appVersion: app.getVersion(), network: network.network.description },
    updates: desktopUpdates.info,
    // The Multiview and the control room in windows of their own (hosts/pop-out-windows.ts).
    popOut: (request) => {
      if (!popOuts) throw new Error('The desktop app has no window yet.');
      return popOuts.openPopOut(request);
    },
    // A pop-out's Shift+1 … 9 open a view of the main window and bring it to the front.
    bringMainForward: () => {
      if (mainWindow && !mainWindow.isDestroyed()) bringForward(mainWindow);
    },
  });
  faultTeller = (kind, what) => deskCore.fault(kind, what);
  // A studio hub keeps its seats' files in `dropped/`: removed once no upload queue names them.
  superviseSpool(app.getPath('userData'), (m) => logger.write(m));
  app.setAboutPanelOptions({ applicationName: 'OnAir Desk', applicationVersion: app.getVersion() });
  const recording = trackRecordingCommands(deskCore);
  // The menu speaks the app's language and follows it (the transports get the watched core).
  const menu = await installAppMenu(Menu, recording.core, {
    platform: process.platform,
    version: app.getVersion(),
    devTools,
    updatesEnabled: () => desktopUpdates.enabled(),
    actions: {
      // Window → Pop out…: the main window's page runs its pop-out button's command.
      popOut: (kind) =>
        mainWindow?.webContents.send(ipcChannels.event, 'window.popOutAsked', { kind }),
      // Looks now, then says what it found (or that updates are off).
      checkForUpdates: () =>
        void desktopUpdates.check().then(async (checked) => {
          const answer = checkAnswer(
            checked,
            desktopUpdates.status(),
            app.getVersion(),
            menu.language(),
          );
          if (mainWindow) await dialog.showMessageBox(mainWindow, answer);
          else await dialog.showMessageBox(answer);
        }),
      openLogFolder: () => void shell.openPath(join(app.getPath('userData'), 'logs')),
      // The save dialog, then the same diagnostics.save the browser host runs.
      saveDiagnostics: () =>
        void saveDiagnosticsFromMenu({
          core: deskCore,
          askPath: async (name) => {
            const options = {
              defaultPath: join(app.getPath('downloads'), name),
              filters: [{ name: 'ZIP', extensions: ['zip'] }],
            };
            const picked = mainWindow
              ? await dialog.showSaveDialog(mainWindow, options)
              : await dialog.showSaveDialog(options);
            return picked.canceled || !picked.filePath ? null : picked.filePath;
          },
          reveal: (path) => shell.showItemInFolder(path),
          fail: (message) => dialog.showErrorBox('OnAir Desk', message),
          log: (m) => logger.write(m),
          now: () => Date.now(),
        }),
    },
  });
  refreshMenu = menu.refresh;
  // The updater reads the show work and the settings changes through the outermost core.
  core = await desktopUpdates.attach(menu.core);
  const watched = core;
  // The computer does not sleep while a channel is on air or a recording or transfer runs.
  stopKeepAwake = superviseKeepAwake({
    blocker: powerSaveBlocker,
    work: () => desktopUpdates.work(),
    report: (state) => deskCore.workstation.setKeepAwake(state),
    every: (ms, run) => {
      const timer = setInterval(() => void run(), ms);
      return () => clearInterval(timer);
    },
    log: (m) => logger.write(m),
  }).stop;
  rereadAfterSleep(
    powerMonitor,
    () => watched.rereadWatches(),
    (m) => logger.write(m),
  );
  // Electron's own static returns real BrowserWindow instances.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  registerIpc(core, () => BrowserWindow.getAllWindows(), isAppUrl);
  // The control API for hardware panels, when Settings turns it on (127.0.0.1 only).
  panelApi = supervisePanelApi({
    core: {
      invoke: (command, input, context) => watched.invoke(command, input, context),
      subscribe: (listener) => watched.subscribe(listener),
      panels: deskCore.panels,
      now: () => deskCore.now(),
    },
    log: (m) => logger.write(m),
    // The probe tests the proxy the live API's calls go through, not the origin behind it.
    proxyFor: (url) => hostNetwork.network.proxyFor(url),
  });

  mainWindow = new BrowserWindow(
    appWindowOptions(
      { width: 1440, height: 900, minWidth: 1024, minHeight: 640 },
      preloadPath,
      devTools,
    ),
  );
  mainWindow.once('ready-to-show', () => mainWindow?.show());
  // OS notifications main's notice policy decides on; a click opens the view concerned.
  showOsNotices(watched, electronNotifications(Notification), menu.language, () => {
    const shown = mainWindow;
    if (!shown) return null;
    return {
      isDestroyed: () => shown.isDestroyed(),
      isMinimized: () => shown.isMinimized(),
      restore: () => shown.restore(),
      show: () => shown.show(),
      focus: () => shown.focus(),
      open: (target) => shown.webContents.send(ipcChannels.event, 'notify.open', target),
    };
  });
  const window = mainWindow;
  const ask = (options: MessageBoxOptions) => dialog.showMessageBox(window, options);
  // A crashed renderer reloads to the same view; a hung one asks "wait or reload".
  recoverRenderer(window, { ask, language: menu.language, log: (m) => logger.write(m) });
  // Quitting with uploads, downloads or a recording command under way asks first; so does
  // closing the main window with pop-outs open, which close with it.
  guardQuit(app, window, {
    work: () => workInFlight(watched, recording.inFlight),
    ask,
    language: menu.language,
    log: (m) => logger.write(m),
    popOuts: () => popOuts?.openKinds().length ?? 0,
  });
  // Pop-outs: the main window's hardening, recovery and links (hosts/desktop-pop-outs.ts).
  popOuts = openDesktopPopOuts({
    // Electron's own constructor makes real BrowserWindow instances.
    makeWindow: (options) => new BrowserWindow(options),
    screen,
    ask: (shown, options) => dialog.showMessageBox(shown, options),
    keepLinksOutside,
    dataDir: app.getPath('userData'),
    rendererIndex,
    preloadPath,
    devTools,
    language: menu.language,
    log: (m) => logger.write(m),
  });
  // The download list's "Choose…": the system's folder picker, attached to the window.
  setFolderPicker(async () => {
    const options = { properties: ['openDirectory' as const, 'createDirectory' as const] };
    const picked = mainWindow
      ? await dialog.showOpenDialog(mainWindow, options)
      : await dialog.showOpenDialog(options);
    return picked.canceled ? null : (picked.filePaths[0] ?? null);
  });
  keepLinksOutside(mainWindow, ask);
  await mainWindow.loadFile(rendererIndex);

  /**
   * No redirect away from the app's page; links open in the system browser, never in the app:
   * the https links the app makes (the platform's consoles and docs) at once, other web
   * addresses once the operator said so, nothing else (hosts/external-links.ts).
   */
  function keepLinksOutside(
    shown: BrowserWindow,
    askThere: (options: MessageBoxOptions) => Promise<MessageBoxReturnValue>,
  ): void {
    shown.webContents.on('will-redirect', (event) => event.preventDefault());
    shown.webContents.setWindowOpenHandler(({ url }) => {
      void openExternalLink(url, {
        open: (link) => shell.openExternal(link),
        ask: askThere,
        language: menu.language,
        log: (m) => logger.write(m),
      });
      return { action: 'deny' };
    });
  }
}
