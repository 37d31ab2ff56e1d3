/**
 * The crash dumps Electron's crash reporter writes on this workstation, only here (the desktop
 * app starts it with `uploadToServer: false` and its dump folder inside the data folder:
 * src-main/index.ts). "Save diagnostics" lists them (names, sizes, times) and never includes
 * their contents: a minidump holds memory, which may hold a token.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** The dump folder's name inside the data folder (Electron's `crashDumps` path). */
export const crashDumpsFolder = 'crash-dumps';

/** One file of the dump folder. */
export interface CrashDumpEntry {
  /** Its path inside the dump folder, with `/` (Crashpad keeps `completed/`, `pending/`...). */
  name: string;
  /** Bytes. */
  size: number;
  /** When it was last written, ISO 8601 UTC. */
  modifiedAt: string;
}

/**
 * Every file under `<dataDir>/crash-dumps`, newest first; none when the folder does not exist
 * or cannot be read (never throws).
 */
export async function listCrashDumps(dataDir: string): Promise<CrashDumpEntry[]> {
  const root = join(dataDir, crashDumpsFolder);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const dumps: CrashDumpEntry[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const info = await stat(path).catch(() => null);
    if (!info) continue;
    dumps.push({
      name: relative(root, path).split(sep).join('/'),
      size: info.size,
      modifiedAt: info.mtime.toISOString(),
    });
  }
  return dumps.sort((a, b) => b.modifiedAt.localeCompare(a.modifiedAt));
}
