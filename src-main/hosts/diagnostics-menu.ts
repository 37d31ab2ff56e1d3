/**
 * Help → "Save diagnostics…" in the desktop app: the system's save dialog
 * asks where, then the same `diagnostics.save` command the browser host and the palette run
 * writes the archive (services/app/diagnostics.ts), which is moved to the chosen place and
 * shown in the file manager. Electron reaches this only through the functions it is given,
 * so a test drives it with a fake dialog.
 */
import { copyFile, rename, rm } from 'node:fs/promises';
import type { DeskCore } from '../services/app/desk-core';

/** What the menu item needs of Electron and of the core. */
export interface DiagnosticsMenuDeps {
  core: Pick<DeskCore, 'invoke'>;
  /**
   * The save dialog (Electron's `dialog.showSaveDialog`, attached to the window), given the
   * suggested file name; answers the chosen absolute path, or null when cancelled.
   */
  askPath: (suggestedName: string) => Promise<string | null>;
  /** Shows the saved archive in the file manager (`shell.showItemInFolder`). */
  reveal: (path: string) => void;
  /** Tells the operator the archive could not be written (`dialog.showErrorBox`). */
  fail: (message: string) => void;
  log: (message: string) => void;
  /** The clock, epoch ms UTC: the suggested name's stamp. */
  now: () => number;
}

/** What one press of the menu item did. */
export type DiagnosticsMenuOutcome =
  { kind: 'saved'; path: string } | { kind: 'cancelled' } | { kind: 'failed'; message: string };

/**
 * Asks where, saves the archive there and reveals it. Never throws: a failure is told to the
 * operator (`fail`) and written to the log.
 */
export async function saveDiagnosticsFromMenu(
  deps: DiagnosticsMenuDeps,
): Promise<DiagnosticsMenuOutcome> {
  const stamp = new Date(deps.now())
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const chosen = await deps.askPath(`onair-desk-diagnostics-${stamp}.zip`);
  if (chosen === null) return { kind: 'cancelled' };
  try {
    const result = await deps.core.invoke('diagnostics.save', {}, { clientId: 'main', via: 'app' });
    if (!result.ok) throw new Error(result.error.message);
    const { path } = result.data as { path: string };
    await moveFile(path, chosen);
    deps.log(`diagnostics saved to ${chosen}`);
    deps.reveal(chosen);
    return { kind: 'saved', path: chosen };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.log(`diagnostics could not be saved: ${message}`);
    deps.fail(message);
    return { kind: 'failed', message };
  }
}

/** Renames, or copies and removes when the two places are on different disks (EXDEV). */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}
