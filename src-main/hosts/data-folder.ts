/**
 * Where OnAir Desk keeps its data when no `--data-dir` is given: one folder per OS user, the
 * same for the desktop app and the browser host, so the instance lock (instance-lock.ts) really
 * keeps one desk per data folder on every OS (issue 33, "One desk per data folder").
 *
 * Before, the browser host used `~/.config/onair-desk` everywhere and the desktop app Electron's
 * `userData` (the app data folder + the app's name), which is another folder on macOS and
 * Windows, and would move again if package.json gained a `productName` (electron-builder.yml's
 * "OnAir Desk"). The desktop entry now sets `userData` to {@link defaultDataFolder} before
 * anything reads it (src-main/index.ts), and the browser host uses the same function.
 *
 * The folders are the ones the desktop app has always used (Electron's `appData` with the
 * package name `onair-desk`), so desktop installs keep their data:
 * - Linux and other Unix: `$XDG_CONFIG_HOME/onair-desk` when that is an absolute path, else
 *   `~/.config/onair-desk` (XDG Base Directory spec; Electron's `appData` on Linux).
 * - macOS: `~/Library/Application Support/onair-desk`.
 * - Windows: `%APPDATA%\onair-desk` (the roaming app data folder), or
 *   `<home>\AppData\Roaming\onair-desk` when APPDATA is not set.
 */
import path from 'node:path';

/** The data folder's name inside the OS's app data folder (package.json `name`). */
export const dataFolderName = 'onair-desk';

/**
 * The default data folder for `platform` (Node's `process.platform`), from the environment
 * `env` (`XDG_CONFIG_HOME`, `APPDATA`) and the user's home folder `home` (`os.homedir()`). Pure:
 * the path is built with that platform's separators whatever OS runs it.
 */
export function defaultDataFolder(
  platform: NodeJS.Platform,
  env: Record<string, string | undefined>,
  home: string,
): string {
  if (platform === 'win32') {
    const appData = env.APPDATA;
    const base =
      appData !== undefined && path.win32.isAbsolute(appData)
        ? appData
        : path.win32.join(home, 'AppData', 'Roaming');
    return path.win32.join(base, dataFolderName);
  }
  if (platform === 'darwin')
    return path.posix.join(home, 'Library', 'Application Support', dataFolderName);
  const xdg = env.XDG_CONFIG_HOME;
  const base =
    xdg !== undefined && path.posix.isAbsolute(xdg) ? xdg : path.posix.join(home, '.config');
  return path.posix.join(base, dataFolderName);
}
