/**
 * The audit log as the e2e specs read it: the records of the sandbox workspace, from the app's
 * data folder (docs/dev/architecture.md, "The pipeline": one JSON line per `change` or
 * `destructive` command, append-only, rotated by file).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One audit record, as far as the specs look at it: the command and its way in. */
export interface AuditedCommand {
  /** The way in: `button`, `key`, `palette`, `panel` or `seat`. */
  via: string;
  command: string;
}

/**
 * The command records of the sandbox workspace's audit log, oldest first (the journal's event
 * lines, which name no command, are left out); none when nothing was audited.
 */
export async function auditRecords(dataDir: string): Promise<AuditedCommand[]> {
  const dir = join(dataDir, 'audit', 'sandbox');
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  const texts = await Promise.all(files.map((file) => readFile(join(dir, file), 'utf8')));
  return texts
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Partial<AuditedCommand>)
    .filter((record): record is AuditedCommand => typeof record.command === 'string');
}
