/**
 * Part files touched only if this list wrote them (docs/security.md, "Downloads"). The download
 * folder is the operator's, and other programs (another user on a shared workstation, a sync
 * client) may write there too. So:
 * - a part file is created new, never opened if something is already at its name, and opened
 *   without following a symbolic link (`O_NOFOLLOW`; on Windows, which has no such flag, an
 *   `lstat` first), so the bytes never go through a link to another file;
 * - it is continued only when it is a regular file whose size and modification time are those
 *   the list recorded when it last wrote it ({@link PartRecord}); otherwise it is left alone and
 *   the download starts over under another part name;
 * - it is deleted (cancel, remove) only on the same condition;
 * - the finished file is put under its final name without ever replacing a file that appeared
 *   meanwhile ({@link placeFinal}).
 */
import { constants, type Stats } from 'node:fs';
import { copyFile, link, lstat, open, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { numbered } from './file-names';

/** What the list recorded of its part file when it last wrote it: size, bytes; mtime, epoch ms. */
export interface PartRecord {
  bytes: number;
  mtimeMs: number;
}

/** `O_NOFOLLOW` where the OS has it (0 on Windows, which checks with lstat instead). */
const noFollow = constants.O_NOFOLLOW ?? 0;

/** The record of an open part file (fstat of the handle: what was written, not a path's target). */
export async function recordOf(handle: FileHandle): Promise<PartRecord> {
  const stats = await handle.stat();
  return { bytes: stats.size, mtimeMs: stats.mtimeMs };
}

function matches(stats: Stats, record: PartRecord): boolean {
  return stats.isFile() && stats.size === record.bytes && stats.mtimeMs === record.mtimeMs;
}

/** The lstat of `path`, or null when nothing is there. */
async function lstatOrNull(path: string): Promise<Stats | null> {
  try {
    return await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Opens the part file at `path` for appending: a new file when `record` is null (null if
 * anything, a link included, is already there), or the list's own file when `record` says what
 * it wrote (null when what is there is not a regular file of that size and time). Never follows
 * a symbolic link.
 * @throws Error from the file system for anything else (no folder, no permission).
 */
export async function openPart(
  path: string,
  record: PartRecord | null,
): Promise<FileHandle | null> {
  const flags = constants.O_WRONLY | constants.O_APPEND | noFollow;
  if (record === null) {
    try {
      return await open(path, flags | constants.O_CREAT | constants.O_EXCL, 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
      throw error;
    }
  }
  if (noFollow === 0) {
    const seen = await lstatOrNull(path);
    if (seen === null || !matches(seen, record)) return null;
  }
  let handle: FileHandle;
  try {
    handle = await open(path, flags);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ELOOP: a symbolic link stands there (O_NOFOLLOW); ENOENT: the file is gone.
    if (code === 'ELOOP' || code === 'ENOENT' || code === 'EMLINK') return null;
    throw error;
  }
  if (matches(await handle.stat(), record)) return handle;
  await handle.close();
  return null;
}

/** Whether `path` is free: nothing at all there, not even a dangling link. */
export async function isFree(path: string): Promise<boolean> {
  return (await lstatOrNull(path)) === null;
}

/** Deletes the part file at `path` only if it is the one the list wrote (`record`). */
export async function removeOwnPart(path: string, record: PartRecord | null): Promise<boolean> {
  if (record === null) return false;
  const seen = await lstatOrNull(path);
  if (seen === null || !matches(seen, record)) return false;
  await rm(path, { force: true });
  return true;
}

/** Errors of `link` that mean this file system (FAT, exFAT, some network shares) has no links. */
const noHardLinks = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EACCES']);

/**
 * Puts the finished part file (`partPath`, the list's own: `record`) under `fileName` in
 * `folder`, or `name (2).ext`, `name (3).ext` … when that name is taken, never replacing a file:
 * a hard link to the free name (which fails when a file appeared there meanwhile, and then the
 * next name is tried), then the part file's name removed. Where the file system has no hard
 * links, an exclusive copy (`COPYFILE_EXCL`) does the same.
 * @returns the final path.
 * @throws Error when the part file is no longer the list's own, or from the file system.
 */
export async function placeFinal(
  partPath: string,
  record: PartRecord,
  folder: string,
  fileName: string,
): Promise<string> {
  const seen = await lstatOrNull(partPath);
  if (seen === null || !matches(seen, record))
    throw new Error(`the part file ${partPath} was changed by another program`);
  let linking = true;
  for (let n = 1; ; n += 1) {
    const path = join(folder, n === 1 ? fileName : numbered(fileName, n));
    try {
      if (linking) await link(partPath, path);
      else await copyFile(partPath, path, constants.COPYFILE_EXCL);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code === 'EEXIST') continue;
      if (linking && noHardLinks.has(code)) {
        linking = false;
        n -= 1;
        continue;
      }
      throw error;
    }
    await rm(partPath, { force: true });
    return path;
  }
}
