/**
 * The desktop app's side of "one OnAir Desk per data folder" (instance-lock.ts): it takes
 * the lock before it opens any queue; when OnAir Desk already runs there (the browser host,
 * or another desktop app on the same folder), it says where in one line, in a dialog and
 * on stderr, and exits with code 1.
 */
import type { Dialog } from 'electron';
import { openSettings } from '../services/settings/settings';
import { languageForLocale } from '../shared/i18n/languages';
import {
  acquireInstanceLock,
  whereRunning,
  type InstanceLock,
  type LockOptions,
} from './instance-lock';

/** What the desktop start needs of Electron and the process. */
export interface DesktopStart {
  dataDir: string;
  /** The OS locale (`app.getLocale()`), when the operator follows the system language. */
  systemLocale: string;
  showErrorBox: Dialog['showErrorBox'];
  /** Writes a line to stderr. */
  print: (line: string) => void;
  /** Ends the process (`app.exit`). */
  exit: (code: number) => void;
  /** The lock's process id and liveness (tests); this process and the OS by default. */
  lockOptions?: Pick<LockOptions, 'pid' | 'isAlive'>;
}

/**
 * Takes the data folder for the desktop app: answers the lock, or null after telling the
 * operator where OnAir Desk runs and calling `exit(1)`.
 */
export async function claimDataFolder(start: DesktopStart): Promise<InstanceLock | null> {
  const taken = await acquireInstanceLock({
    dataDir: start.dataDir,
    kind: 'desktop',
    ...start.lockOptions,
  });
  if (taken.ok) return taken.lock;
  const { settings } = await openSettings(start.dataDir);
  const line = whereRunning(
    taken.holder,
    settings.language ?? languageForLocale(start.systemLocale),
  );
  start.print(`onair-desk: ${line}\n`);
  start.showErrorBox('OnAir Desk', line);
  start.exit(1);
  return null;
}
