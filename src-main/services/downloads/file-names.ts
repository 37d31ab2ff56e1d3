/**
 * Names of downloaded files: the platform's name made safe for one folder (one contract for
 * every file the desk names from someone else's name: shared/safe-file-name.ts), and the
 * numbered names (`name (2).ext`, `name (3).ext` …) tried so that a download never replaces a
 * file (part-file.ts `placeFinal`).
 */
import { extname } from 'node:path';
import { safeFileName } from '../../shared/safe-file-name';

/** The platform's file name as a download's file name; `download` when nothing usable is left. */
export function downloadFileName(platformName: string): string {
  return safeFileName(platformName) ?? 'download';
}

/** `name (n).ext`. */
export function numbered(fileName: string, n: number): string {
  const extension = extname(fileName);
  return `${fileName.slice(0, fileName.length - extension.length)} (${n})${extension}`;
}
