/**
 * The audit log: one record for every `change` and `destructive` command, whichever way it
 * came in (docs/architecture.md, "Commands, and every way in"). Append-only JSON lines, one file
 * per workspace and UTC day (`<dataDir>/audit/<workspace>/audit-YYYY-MM-DD.jsonl`), files older
 * than 90 days removed. Without secrets: a record names its target by keys and titles only
 * (never passwords, tokens, stream keys or user keys), and every text passes `redact`.
 */
import { appendFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { redact } from '../../secrets/redact';
import type { CommandEffect, WayIn } from '../../shared/commands/define';
import type { DeskError } from '../../shared/result';

/** How long records are kept, days. */
export const auditRetentionDays = 90;

/** One command as the audit log keeps it. */
export interface AuditRecord {
  /** When the command reached main, ISO 8601 UTC. */
  at: string;
  /** The workspace id it ran in. */
  workspace: string;
  /** The operator's name (settings), or the seat's operator. */
  who: string;
  /** The studio seat that sent it; null at this workstation. */
  seat: string | null;
  /** How it came in. */
  via: WayIn;
  /** The command's name, e.g. `broadcast.stopRecording`. */
  command: string;
  effect: Exclude<CommandEffect, 'read'>;
  /** What it acted on: key fields of its input (`channelKey`, `broadcastKey`, ...) and titles. */
  target: Record<string, string | string[]>;
  /**
   * The answer: done (with the last platform status), or refused: by the pipeline before any
   * call (`sent: false`) or by the platform (its status and message).
   */
  answer:
    | { ok: true; status: number | null }
    | { ok: false; code: DeskError['code']; status: number | null; message: string; sent: boolean };
  /** ms its platform calls waited for the budget, summed. */
  budgetWaitMs: number;
  /** ms the platform took over its calls, summed. */
  platformMs: number;
  /** How many platform calls it made. */
  calls: number;
  /**
   * Present when the operator ran it over another operator's crossing command (the
   * confirmation `override`, services/core/crossing.ts); absent otherwise.
   */
  override?: true;
}

/** Keeps and reads the audit records of every workspace under `<dataDir>/audit`. */
export class AuditLog {
  readonly #root: string;
  readonly #now: () => number;
  readonly #log: (message: string) => void;
  /** Appends go one after another, so lines never interleave. */
  #tail: Promise<void> = Promise.resolve();
  /** The last UTC day pruned, `YYYY-MM-DD`. */
  #prunedDay = '';

  /**
   * @param dataDir the app's data folder.
   * @param now the clock, epoch ms UTC (files are named by its UTC day).
   * @param log where a failed write is reported (the command's answer does not change).
   */
  constructor(dataDir: string, now: () => number, log: (message: string) => void) {
    this.#root = join(dataDir, 'audit');
    this.#now = now;
    this.#log = log;
  }

  /** Appends one record (redacted) to its workspace's file of the record's UTC day. */
  append(record: AuditRecord): Promise<void> {
    const clean = redactRecord(record);
    const write = async () => {
      const dir = join(this.#root, safeName(clean.workspace));
      await mkdir(dir, { recursive: true });
      await appendFile(
        join(dir, `audit-${clean.at.slice(0, 10)}.jsonl`),
        `${JSON.stringify(clean)}\n`,
        {
          mode: 0o600,
        },
      );
      await this.#pruneOnce();
    };
    this.#tail = this.#tail.then(write).catch((error: unknown) => {
      this.#log(
        `audit record not written: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    return this.#tail;
  }

  /** Resolves once every record appended so far is on disk (or its failure logged). */
  flush(): Promise<void> {
    return this.#tail;
  }

  /**
   * The newest records of a workspace, newest last, at most `limit`.
   * Lines that do not parse (a write cut by a crash) are skipped.
   */
  async recent(workspace: string, limit: number): Promise<AuditRecord[]> {
    await this.#tail;
    const dir = join(this.#root, safeName(workspace));
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((name) => /^audit-\d{4}-\d{2}-\d{2}\.jsonl$/.test(name))
      .sort()
      .reverse();
    const out: AuditRecord[] = [];
    for (const file of files) {
      const lines = (await readFile(join(dir, file), 'utf8')).split('\n').filter(Boolean);
      const records = lines.flatMap((line) => {
        try {
          return [JSON.parse(line) as AuditRecord];
        } catch {
          return [];
        }
      });
      out.unshift(...records.slice(-(limit - out.length)));
      if (out.length >= limit) break;
    }
    return out;
  }

  /** Removes files of days older than the retention, once per UTC day. */
  async #pruneOnce(): Promise<void> {
    const today = new Date(this.#now()).toISOString().slice(0, 10);
    if (today === this.#prunedDay) return;
    this.#prunedDay = today;
    const oldest = new Date(this.#now() - auditRetentionDays * 86_400_000)
      .toISOString()
      .slice(0, 10);
    for (const workspace of await readdir(this.#root).catch(() => [] as string[])) {
      const dir = join(this.#root, workspace);
      for (const file of await readdir(dir).catch(() => [] as string[])) {
        const day = /^audit-(\d{4}-\d{2}-\d{2})\.jsonl$/.exec(file)?.[1];
        if (day !== undefined && day < oldest) await rm(join(dir, file), { force: true });
      }
    }
  }
}

/** Input fields that may name a target; fields whose names say secret never do. */
const targetField = /^(id|key|title|name|[a-z][A-Za-z]*(Key|Keys|Id|Ids|Title))$/;
const secretField = /(secret|password|passwd|token|stream|access|userkey|private|passphrase)/i;

/**
 * The target of a command from its validated input: the values of its key, id and title
 * fields (strings, numbers, or lists of them), never a field whose name says it is secret.
 */
export function auditTarget(input: unknown): Record<string, string | string[]> {
  const target: Record<string, string | string[]> = {};
  if (input === null || typeof input !== 'object') return target;
  for (const [field, value] of Object.entries(input)) {
    if (!targetField.test(field) || secretField.test(field) || field === 'confirmTitle') continue;
    if (typeof value === 'string' || typeof value === 'number') target[field] = String(value);
    else if (
      Array.isArray(value) &&
      value.every((v) => typeof v === 'string' || typeof v === 'number')
    )
      target[field] = value.slice(0, 50).map(String);
  }
  return target;
}

function redactRecord(record: AuditRecord): AuditRecord {
  const target = Object.fromEntries(
    Object.entries(record.target).map(([k, v]) => [
      k,
      Array.isArray(v) ? v.map(redact) : redact(v),
    ]),
  );
  const answer = record.answer.ok
    ? record.answer
    : { ...record.answer, message: redact(record.answer.message) };
  return { ...record, who: redact(record.who), target, answer };
}

function safeName(workspace: string): string {
  return workspace.replace(/[^A-Za-z0-9_-]/g, '_') || '_';
}
