/**
 * Electron entry: app lifecycle, the one window, hardening. Thin: the work lives in
 * services/ behind the bridge contract.
 * Every window: contextIsolation, sandbox, webSecurity, no nodeIntegration, the preload
 * only; window.open, navigation away and permission requests are denied; one instance.
 */
import { app, BrowserWindow, dialog, session, shell } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDeskCore, type DeskCore } from './services/desk-core';
import { openSandboxWorkspace, sandboxInfoFromEnv } from './services/workspace';
import { registerIpc } from './hosts/electron-ipc';
import { setFolderPicker } from './services/transfers/download-folder';
import { createLog, type Log } from './hosts/log';
import { createKeychain } from './secrets/keychain';
import { isAppPage, secureWebPreferences } from './hosts/window-policy';
import { startHostNetwork, type HostNetwork } from './hosts/host-network';

const rendererIndex = join(import.meta.dirname, '../renderer/index.html');
const appUrlPrefix = pathToFileURL(join(import.meta.dirname, '../renderer/')).href;
const isAppUrl = (url: string) => isAppPage(url, appUrlPrefix);

let core: DeskCore | null = null;
let log: Log | null = null;
let mainWindow: BrowserWindow | null = null;
let network: HostNetwork | null = null;

if (!app.requestSingleInstanceLock()) {
  app.quit();
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
  app.on('will-quit', () => {
    void core?.dispose().then(() => network?.close());
    void log?.close();
  });
  void app.whenReady().then(start);
}

async function start(): Promise<void> {
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) =>
    callback(false),
  );
  session.defaultSession.setPermissionCheckHandler(() => false);
  log = await createLog(app.getPath('userData'));
  const logger = log;
  // Every call of main through the proxy Chromium resolves for its URL (system settings, PAC).
  network = await startHostNetwork({
    env: process.env,
    log: (m) => logger.write(m),
    resolveProxy: (url) => session.defaultSession.resolveProxy(url),
  });
  const sandboxInfo = sandboxInfoFromEnv(process.env);
  core = await createDeskCore({
    dataDir: app.getPath('userData'),
    secrets: createKeychain(),
    openSandbox: () => openSandboxWorkspace(sandboxInfo ? { sandboxInfo } : {}),
    log: (m) => logger.write(m),
    // The OS locale for "follow the system language" (settings.language).
    systemLocale: app.getLocale(),
  });
  // Electron's own static returns real BrowserWindow instances.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  registerIpc(core, () => BrowserWindow.getAllWindows(), isAppUrl);

  mainWindow = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 1024,
    minHeight: 640,
    backgroundColor: '#0b0f14',
    title: 'OnAir Desk',
    show: false,
    webPreferences: secureWebPreferences(join(import.meta.dirname, '../preload/preload.cjs')),
  });
  mainWindow.once('ready-to-show', () => mainWindow?.show());
  // The transfer list's "Choose…": the system's folder picker, attached to the window.
  setFolderPicker(async () => {
    const options = { properties: ['openDirectory' as const, 'createDirectory' as const] };
    const picked = mainWindow
      ? await dialog.showOpenDialog(mainWindow, options)
      : await dialog.showOpenDialog(options);
    return picked.canceled ? null : (picked.filePaths[0] ?? null);
  });
  mainWindow.webContents.on('will-redirect', (event) => event.preventDefault());
  // Links the app shows (documentation) open in the system browser, never in the app.
  mainWindow.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  await mainWindow.loadFile(rendererIndex);
}
