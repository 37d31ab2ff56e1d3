/**
 * The local checks of `upload.enqueue` (before any platform call): dropped paths become
 * files (folders walked recursively, hidden entries skipped), each one a readable regular
 * file, not empty, at most the kind's size limit, and of a type the kind takes by its content
 * ({@link sniff}). No platform call: 2,000 files cost 2,000 `stat`s and 2,000 reads of
 * {@link sniffBytes} bytes, {@link checkParallelism} at a time, all asynchronous, so the
 * event loop stays free.
 */
import type { MessageRef } from '../../shared/i18n/message';
import { refusalWords } from './problem-words';
import { open, readdir, realpath, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { UploadKind } from '../../shared/uploads';
import { refusalForKind, sniff, sniffBytes } from './sniff';

/** Largest video or audio file taken, bytes (our design: 50 GiB; the platform shows none). */
export const maxMediaBytes = 50 * 1024 ** 3;
/** Largest waiting-screen image taken, bytes (our design: 20 MiB). */
export const maxImageBytes = 20 * 1024 ** 2;
/** Most files one drop may add (folders included). */
export const maxFilesPerDrop = 5000;
/** Files checked at once. */
export const checkParallelism = 16;

/** A file that passed the checks. `mtimeMs`: ms since the epoch. */
export interface CheckedFile {
  path: string;
  name: string;
  sizeBytes: number;
  mtimeMs: number;
  mime: string;
  isAudio: boolean;
}

/** What the checks found: files to queue and refusals in the operator's words. */
export interface CheckResult {
  files: CheckedFile[];
  refused: { path: string; reason: string; text?: MessageRef }[];
}

/**
 * Checks the dropped `paths` (absolute; a relative one is resolved against the working
 * folder) for `kind`. Never throws: every problem becomes a refusal.
 */
export async function checkDroppedPaths(paths: string[], kind: UploadKind): Promise<CheckResult> {
  const refused: CheckResult['refused'] = [];
  const candidates = await expand(
    paths.map((p) => resolve(p)),
    refused,
  );
  const unique = [...new Set(candidates)];
  const kept = unique.slice(0, maxFilesPerDrop);
  for (const path of unique.slice(maxFilesPerDrop)) {
    refused.push({
      path,
      ...refusalWords('uploadProblem.tooManyFiles', { max: maxFilesPerDrop.toLocaleString('en') }),
    });
  }
  const checked = await mapBounded(kept, checkParallelism, (path) => checkFile(path, kind));
  const files: CheckedFile[] = [];
  checked.forEach((result, i) => {
    if ('reason' in result) refused.push({ path: kept[i] ?? '', ...result });
    else files.push(result);
  });
  return { files, refused };
}

/** Checks one file for `kind`: a {@link CheckedFile} or the reason it is refused. */
export async function checkFile(
  path: string,
  kind: UploadKind,
): Promise<CheckedFile | { reason: string; text: MessageRef }> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    return fileProblem(error);
  }
  if (!info.isFile()) return refusalWords('uploadProblem.notAFile');
  if (info.size === 0) return refusalWords('uploadProblem.empty');
  const limit = kind === 'waiting-screen' ? maxImageBytes : maxMediaBytes;
  if (info.size > limit) {
    return refusalWords('uploadProblem.tooLarge', {
      size: formatBytes(info.size),
      limit: formatBytes(limit),
    });
  }
  let head: Uint8Array;
  try {
    const handle = await open(path, 'r');
    try {
      const buffer = Buffer.alloc(Math.min(sniffBytes, info.size));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    return fileProblem(error);
  }
  const found = sniff(head);
  const refusal = refusalForKind(kind, found);
  if (refusal !== null || found === null) {
    return refusal
      ? refusalWords(refusal.key, refusal.params)
      : refusalWords('uploadProblem.unknownFormat');
  }
  return {
    path,
    name: basename(path),
    sizeBytes: info.size,
    mtimeMs: info.mtimeMs,
    mime: found.mime,
    isAudio: found.family === 'audio',
  };
}

/** `bytes` as the operator reads it, e.g. `1.5 GB` (decimal units). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** The operator's words for a file that cannot be read. */
export function fileProblem(error: unknown): { reason: string; text: MessageRef } {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return refusalWords('uploadProblem.missing');
  if (code === 'EACCES' || code === 'EPERM') return refusalWords('uploadProblem.noPermission');
  return refusalWords('uploadProblem.unreadable', { detail: code ?? (error as Error).message });
}

/** Files under `roots`: files as they are, folders walked (hidden entries skipped). */
async function expand(roots: string[], refused: CheckResult['refused']): Promise<string[]> {
  const files: string[] = [];
  const seenFolders = new Set<string>();
  const walk = async (folder: string): Promise<void> => {
    let real: string;
    try {
      real = await realpath(folder);
    } catch (error) {
      refused.push({ path: folder, ...fileProblem(error) });
      return;
    }
    if (seenFolders.has(real)) return; // a link back up the tree
    seenFolders.add(real);
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      refused.push({ path: folder, ...fileProblem(error) });
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isSymbolicLink()) {
        const target = await stat(path).catch(() => null);
        if (target?.isDirectory()) await walk(path);
        else files.push(path);
      } else files.push(path);
      if (files.length > maxFilesPerDrop * 2) return; // enough to refuse the rest
    }
  };
  for (const root of roots) {
    const info = await stat(root).catch(() => null);
    if (info?.isDirectory()) await walk(root);
    else files.push(root); // checkFile says what is wrong with it, if anything
  }
  return files;
}

/** `fn` over `items`, at most `limit` at once, results in order. */
async function mapBounded<T, R>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
