/**
 * The security settings of every OnAir Desk window, kept free of 'electron' so they can be
 * tested where the Electron runtime is missing. The renderer is untrusted: it gets the
 * preload's `window.desk` and nothing else (docs/dev/architecture.md, "Processes and trust").
 */

/** `webPreferences` for a BrowserWindow: isolation, sandbox, web security, no Node. */
export function secureWebPreferences(preloadPath: string) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
  } as const;
}

/** Where and how big a window opens, screen pixels (x, y absent: the OS places it). */
export interface WindowPlace {
  x?: number;
  y?: number;
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
}

/**
 * The BrowserWindow options of every OnAir Desk window, the main one and each pop-out
 * (hosts/pop-out-windows.ts): `place`, the app's dark background while it loads, hidden until
 * ready, and {@link secureWebPreferences} with developer tools only when `devTools`.
 */
export function appWindowOptions(place: WindowPlace, preloadPath: string, devTools: boolean) {
  return {
    ...place,
    backgroundColor: '#0b0f14',
    title: 'OnAir Desk',
    show: false,
    webPreferences: { ...secureWebPreferences(preloadPath), devTools },
  };
}

/**
 * Whether a navigation or IPC sender URL is the app's own page: the built renderer's
 * folder as a file:// URL prefix. Anything else (http, other files) is refused.
 */
export function isAppPage(url: string, appUrlPrefix: string): boolean {
  if (!appUrlPrefix.startsWith('file://') || !appUrlPrefix.endsWith('/')) return false;
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === 'file:' &&
      parsed.href.startsWith(appUrlPrefix) &&
      !parsed.href.includes('/../')
    );
  } catch {
    return false;
  }
}
