/**
 * The browser host's copies of dropped files (`<data folder>/dropped/<drop>/<name>`, see
 * browser-host.ts `POST /spool`): a browser page never learns where a file lives, so the queue
 * uploads a copy. A copy is kept while any upload queue names it and removed after that
 * (cleared from the list, or never queued because the operator discarded the drop).
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { queuedPaths } from '../services/uploads/upload-store';

/**
 * Removes every drop folder under `spoolDir` that holds no file in `keep` and is older than
 * `graceMs` (a drop being queued right now is not yet in any queue). Never throws.
 * @returns how many drop folders were removed.
 */
export async function sweepSpool(
  spoolDir: string,
  keep: Set<string>,
  now = Date.now(),
  graceMs = 10 * 60_000,
): Promise<number> {
  let removed = 0;
  const drops = await readdir(spoolDir, { withFileTypes: true }).catch(() => []);
  for (const drop of drops) {
    if (!drop.isDirectory()) continue;
    const made = Number(drop.name.split('-')[0]);
    if (!Number.isFinite(made) || now - made < graceMs) continue;
    const dir = join(spoolDir, drop.name);
    const files = await readdir(dir).catch(() => [] as string[]);
    if (files.some((name) => keep.has(join(dir, name)))) continue;
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
    removed += 1;
  }
  return removed;
}

/**
 * Sweeps `<dataDir>/dropped` now and every 10 minutes (see {@link sweepSpool}), keeping every
 * file an upload queue of `dataDir` names: the desktop app's copies of its studio seats'
 * files (services/studio/seat-files.ts). Answers the function that stops it.
 */
export function superviseSpool(dataDir: string, log: (message: string) => void): () => void {
  const spoolDir = join(dataDir, 'dropped');
  const sweep = () =>
    void queuedPaths(dataDir)
      .then((keep) => sweepSpool(spoolDir, keep))
      .then((removed) => {
        if (removed > 0) log(`removed ${removed} dropped-file copies no upload needs`);
      });
  sweep();
  const timer = setInterval(sweep, 10 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
