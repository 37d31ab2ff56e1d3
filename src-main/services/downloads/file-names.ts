/**
 * Names of downloaded files: the platform's name made safe for one folder, and the first
 * free name (`name (2).ext`, `name (3).ext` …) so that a download never overwrites a file.
 */
import { access } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';

/** A platform file name made safe as one name in a folder. */
export function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const cleaned = basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f<>:"|?*]/g, '_');
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'download' : cleaned;
}

/** `name (n).ext`. */
export function numbered(fileName: string, n: number): string {
  const extension = extname(fileName);
  return `${fileName.slice(0, fileName.length - extension.length)} (${n})${extension}`;
}

/** `folder/name`, or `folder/name (2)` … when a file of that name exists. */
export async function availableName(folder: string, fileName: string): Promise<string> {
  for (let n = 1; ; n += 1) {
    const path = join(folder, n === 1 ? fileName : numbered(fileName, n));
    const exists = await access(path).then(
      () => true,
      () => false,
    );
    if (!exists) return path;
  }
}
