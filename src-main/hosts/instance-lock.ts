/**
 * One OnAir Desk per data folder: the browser host and the desktop app
 * take the same lock file, `<data folder>/onair-desk.lock`, so that two upload queues and two
 * schedulers never spend one account's budget at once. The file says who holds it: process id,
 * kind, and where to find it (the browser host's address, without its launch secret).
 *
 * A lock whose process is gone (a crash, a kill) is stale and is taken over. The file is
 * created whole and atomically (written beside, then hard-linked into place), so a second
 * start never reads half a lock. Process ids can be reused after a reboot; a lock naming a
 * live process that is not OnAir Desk is then reported as running, and the operator deletes
 * the file by hand.
 */
import { link, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { createI18n, type Language } from '../shared/i18n';
import { languageForLocale, languages } from '../shared/i18n/languages';

/** The lock file's name in the data folder. */
export const lockFileName = 'onair-desk.lock';

const holderSchema = z.object({
  pid: z.number().int().positive(),
  kind: z.enum(['browser', 'desktop']),
  /** The browser host's address (`http://127.0.0.1:PORT/`); null while it starts. */
  address: z.string().nullable(),
  /** When it took the lock, ISO 8601 UTC. */
  since: z.string(),
});

/** Who holds a data folder. */
export type LockHolder = z.infer<typeof holderSchema>;

/** The lock this process holds. */
export interface InstanceLock {
  readonly path: string;
  /** Records the browser host's address once it listens (rewritten atomically). */
  setAddress(address: string): Promise<void>;
  /** Gives the lock up (only while it is still ours). Never throws. */
  release(): Promise<void>;
}

export type LockAttempt =
  | { ok: true; lock: InstanceLock; tookOverFrom: LockHolder | null }
  | { ok: false; holder: LockHolder };

export interface LockOptions {
  dataDir: string;
  kind: LockHolder['kind'];
  pid?: number;
  /** Whether a process exists; `process.kill(pid, 0)` by default. */
  isAlive?: (pid: number) => boolean;
  /** Now, for `since` (tests); the system clock by default. */
  now?: () => Date;
}

/**
 * Takes the data folder's lock, or answers who holds it. A lock that cannot be read, or whose
 * process is gone, or that names this very process id (a restart that got the same id), is
 * stale: it is taken over and `tookOverFrom` says from whom.
 * @throws when the data folder cannot be written (not for a held lock).
 */
export async function acquireInstanceLock(options: LockOptions): Promise<LockAttempt> {
  const pid = options.pid ?? process.pid;
  const isAlive = options.isAlive ?? processExists;
  const path = join(options.dataDir, lockFileName);
  const mine: LockHolder = {
    pid,
    kind: options.kind,
    address: null,
    since: (options.now?.() ?? new Date()).toISOString(),
  };
  let tookOverFrom: LockHolder | null = null;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await createExclusive(path, mine)) {
      return { ok: true, lock: heldLock(path, mine), tookOverFrom };
    }
    const found = await readHolder(path);
    if (found === 'missing') continue;
    if (found !== 'unreadable' && found.pid !== pid && isAlive(found.pid))
      return { ok: false, holder: found };
    // Stale: move it aside (only one taker wins the rename), then check it was the stale one.
    const aside = `${path}.stale-${pid}`;
    try {
      await rename(path, aside);
    } catch {
      continue;
    }
    const moved = await readHolder(aside);
    if (found !== 'unreadable' && moved !== 'missing' && moved !== 'unreadable') {
      if (moved.pid !== found.pid || moved.since !== found.since) {
        // Another start took it over between our read and our rename: put theirs back.
        await link(aside, path).catch(() => undefined);
        await rm(aside, { force: true });
        return { ok: false, holder: moved };
      }
    }
    await rm(aside, { force: true });
    tookOverFrom = found === 'unreadable' ? null : found;
  }
  const holder = await readHolder(path);
  if (holder === 'missing' || holder === 'unreadable')
    throw new Error(`Could not take the lock ${path}.`);
  return { ok: false, holder };
}

/**
 * The one line a second start says: where the running OnAir Desk is (the browser host's
 * address, or the desktop window), in `language`.
 */
export function whereRunning(
  holder: Pick<LockHolder, 'kind' | 'address'> & { pid?: number },
  language: Language,
): string {
  const t = createI18n(language).t;
  if (holder.kind === 'desktop') return t('desktop.instance.desktop');
  return holder.address === null
    ? t('desktop.instance.starting', { pid: holder.pid ?? '?' })
    : t('desktop.instance.browser', { address: holder.address });
}

/**
 * The interface language of the OnAir Desk that holds `dataDir`: its `settings.json` choice,
 * else `systemLocale`'s. Only reads: a second start changes nothing in the folder.
 */
export async function folderLanguage(dataDir: string, systemLocale: string): Promise<Language> {
  try {
    const saved: unknown = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8'));
    const choice =
      typeof saved === 'object' && saved !== null
        ? (saved as { language?: unknown }).language
        : null;
    const known = languages.find((language) => language === choice);
    if (known) return known;
  } catch {
    // No settings yet, or damaged ones (the running app reports those): the system's.
  }
  return languageForLocale(systemLocale);
}

/** Reads the lock file: its holder, `missing`, or `unreadable` (damaged, not ours). */
export async function readHolder(path: string): Promise<LockHolder | 'missing' | 'unreadable'> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const parsed = holderSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** Whether a process with `pid` exists (EPERM: it does, as another user). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates `path` holding `holder` unless it exists; whole or not at all. */
async function createExclusive(path: string, holder: LockHolder): Promise<boolean> {
  const temp = `${path}.${holder.pid}.tmp`;
  await writeFile(temp, JSON.stringify(holder));
  try {
    await link(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}

function heldLock(path: string, holder: LockHolder): InstanceLock {
  let current = holder;
  const stillMine = async () => {
    const found = await readHolder(path).catch(() => 'unreadable' as const);
    return typeof found === 'object' && found.pid === current.pid && found.since === current.since;
  };
  return {
    path,
    async setAddress(address) {
      if (!(await stillMine())) return;
      current = { ...current, address };
      const temp = `${path}.${current.pid}.tmp`;
      await writeFile(temp, JSON.stringify(current));
      await rename(temp, path);
    },
    async release() {
      try {
        if (await stillMine()) await rm(path, { force: true });
      } catch {
        // Leaving the file is safe: the next start sees its process gone.
      }
    },
  };
}
