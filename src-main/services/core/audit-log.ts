/**
 * The audit log: one record for every `change` and `destructive` command, whichever way it
 * came in (docs/dev/architecture.md, "Commands, and every way in"). Append-only JSON lines, one file
 * per workspace and UTC day (`<dataDir>/audit/<workspace>/audit-YYYY-MM-DD.jsonl`), files older
 * than 90 days removed at start and at every UTC midnight (`keepPruned`), and after a write on a
 * new day. Without secrets: a record names its target by keys and titles only
 * (never passwords, tokens, stream keys or user keys), and every text passes `redact`.
 * The same files are the workspace's journal: event lines (`ActivityEvent`: on/off air, recordings, 429
 * pauses, stale polls, uploads) sit between the commands' records (docs/dev/architecture.md,
 * "Activity").
 */
import { appendFile, mkdir, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ActivityKind } from '../../shared/activity-model';
import type { CommandEffect, WayIn } from '../../shared/commands/define';
import type { DeskError } from '../../shared/result';
import type { Clock } from '../../platform/clock';
import { redact } from '../../secrets/redact';

/** How long records are kept, days. */
export const auditRetentionDays = 90;

const dayMs = 86_400_000;

/** Day files whose parsed lines `lines()` keeps in memory (the Activity view re-reads often). */
export const parsedFilesKept = 8;

/** One command as the audit log keeps it. */
export interface AuditRecord {
  /** A command line; absent in lines written before event lines were kept. */
  kind?: 'command';
  /** When the command reached main, ISO 8601 UTC. */
  at: string;
  /** The workspace id it ran in. */
  workspace: string;
  /** The operator's name (settings), or the studio seat's name for a seat's command. */
  who: string;
  /** The studio seat that sent it; null at this workstation. */
  seat: string | null;
  /** How it came in. */
  via: WayIn;
  /** The hardware panel's name (Settings, Hardware panels), when `via` is `panel`. */
  panel?: string;
  /** The command's name, e.g. `broadcast.stopRecording`. */
  command: string;
  /**
   * `change` or `destructive`; `read` only for a read that shows a secret (`reveals`) or one
   * its way in was refused (shared/commands/ways-in.ts).
   */
  effect: CommandEffect;
  /** What it acted on: key fields of its input (`channelKey`, `broadcastKey`, ...) and titles. */
  target: Record<string, string | string[]>;
  /**
   * The answer: done (with the last platform status), or not done: refused by the pipeline
   * before any call (`sent: false`) or by the platform (its status and message), or, with
   * `unknown`, a change sent that got no answer (its connection dropped, or it was cancelled
   * while on the wire): the platform may have acted (core/unanswered.ts).
   */
  answer:
    | { ok: true; status: number | null }
    | {
        ok: false;
        code: DeskError['code'];
        status: number | null;
        message: string;
        sent: boolean;
        /** Present when a change was sent and no answer came: the outcome is unknown. */
        unknown?: true;
      };
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
  /**
   * A batch's lines (`channels.runBatch`, `library.runBatch`, `schedule.runBatch`;
   * core/command-journal.ts): the command that started it (`start`), each operation with its
   * own target and answer (`operation`, `index` from 1), and its end with the counts (`end`).
   */
  batch?: BatchMark;
}

/** Which line of a batch a record is, tied to the batch by its id (the board's UUID). */
export interface BatchMark {
  id: string;
  part: 'start' | 'operation' | 'end';
  /** `operation`: its place in the batch, from 1. */
  index?: number;
  /** Operations in the batch. */
  total: number;
  /** `end`: operations the platform accepted, refused, and never sent (after a refusal). */
  done?: number;
  failed?: number;
  skipped?: number;
}

/**
 * What an event line of the journal says happened without a command (docs/dev/architecture.md,
 * "Activity"): a channel went on or off air (the channel list's and the broadcast panel's
 * reads), a broadcast's manual recording was seen started or stopped (by anyone: a platform
 * change), the platform refused the budget with a 429 (the scheduler's pause), a watch's poll
 * failed (`stale`) and later answered again (`fresh`), an upload finished or failed, or main
 * survived a fault of its own (`fault`, hosts/main-faults.ts, way in `app`). The one list of
 * kinds is shared/activity-model.ts's.
 */
export type ActivityEventKind = Exclude<ActivityKind, 'command'>;

/**
 * One event line: written by main where it already knows the event (no extra platform call),
 * without secrets (titles and keys only; an upload names its file, never its path).
 */
export interface ActivityEvent {
  kind: ActivityEventKind;
  /** When main saw it, ISO 8601 UTC. */
  at: string;
  /** The workspace id. */
  workspace: string;
  /** The channel it concerns, when one. */
  channelKey?: string;
  /** The channel's title as the platform holds it. */
  channelTitle?: string;
  /** The broadcast it concerns, when one. */
  broadcastKey?: string;
  /** The broadcast's title as the platform holds it. */
  broadcastTitle?: string;
  /**
   * `on-air`: when the broadcast went on air as the platform says; `recording-started`: when
   * its recording started (ISO 8601 UTC), when known.
   */
  since?: string;
  /** `budget-429`: the API refused (`live` / `vod`). */
  api?: string;
  /** `budget-429`: when the scheduler's pause ends, ISO 8601 UTC. */
  until?: string;
  /** `stale` / `fresh`: which watch (`channels`, `broadcast`, ...); `fault`: which kind. */
  topic?: string;
  /** `upload`: the file's name (never its path). */
  file?: string;
  /** `upload`: `done` or `failed`. */
  outcome?: 'done' | 'failed';
  /** The platform's (or the engine's) words, redacted: a stale poll's error, a failed upload's problem. */
  message?: string;
  /** `fault`: the app itself (`app`): no person's act. */
  via?: 'app';
}

/** One line of a workspace's journal: a command's record or an event. */
export type JournalLine = AuditRecord | ActivityEvent;

/** True for a command's record (lines written before `kind` existed are commands). */
export function isCommandLine(line: JournalLine): line is AuditRecord {
  return line.kind === undefined || line.kind === 'command';
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
   * Parsed day files, newest use last: their size when read and their lines. The files are
   * append-only, so a grown file is read from where it was left.
   */
  readonly #parsed = new Map<string, { size: number; lines: JournalLine[] }>();

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
    return this.#write(redactRecord({ kind: 'command', ...record }));
  }

  /** Appends one event line (redacted) to its workspace's file of its UTC day. */
  appendEvent(event: ActivityEvent): Promise<void> {
    return this.#write(redactEvent(event));
  }

  #write(clean: JournalLine): Promise<void> {
    const write = async () => {
      const dir = join(this.#root, workspaceFolder(clean.workspace));
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
   * The newest command records of a workspace (event lines left out), newest last, at most
   * `limit`. Lines that do not parse (a write cut by a crash) are skipped.
   */
  async recent(workspace: string, limit: number): Promise<AuditRecord[]> {
    await this.#tail;
    return (await this.#readNewest(workspace, limit, true)).filter(isCommandLine);
  }

  /**
   * Every line of a workspace between two UTC days (inclusive, `YYYY-MM-DD`; null: no bound),
   * oldest first, commands and events. Lines that do not parse are skipped.
   */
  async lines(
    workspace: string,
    fromDay: string | null,
    toDay: string | null,
  ): Promise<JournalLine[]> {
    await this.#tail;
    const dir = join(this.#root, workspaceFolder(workspace));
    const files = (await readdir(dir).catch(() => [] as string[]))
      .map((name) => /^audit-(\d{4}-\d{2}-\d{2})\.jsonl$/.exec(name)?.[1])
      .filter((day): day is string => day !== undefined)
      .filter((day) => (fromDay === null || day >= fromDay) && (toDay === null || day <= toDay))
      .sort();
    const out: JournalLine[] = [];
    for (const day of files) out.push(...(await this.#parsedFile(join(dir, `audit-${day}.jsonl`))));
    return out;
  }

  /** A day file's lines, from memory when it did not change; a grown file's new lines read. */
  async #parsedFile(path: string): Promise<JournalLine[]> {
    const size = (await stat(path).catch(() => null))?.size ?? 0;
    const kept = this.#parsed.get(path);
    this.#parsed.delete(path);
    let entry: { size: number; lines: JournalLine[] };
    if (kept && kept.size === size) entry = kept;
    else if (kept && kept.size < size) {
      const file = await open(path, 'r');
      try {
        const added = Buffer.alloc(size - kept.size);
        await file.read(added, 0, added.length, kept.size);
        entry = { size, lines: [...kept.lines, ...parseLines(added.toString('utf8'))] };
      } finally {
        await file.close();
      }
    } else entry = { size, lines: parseLines(await readFile(path, 'utf8').catch(() => '')) };
    this.#parsed.set(path, entry);
    for (const old of this.#parsed.keys()) {
      if (this.#parsed.size <= parsedFilesKept) break;
      this.#parsed.delete(old);
    }
    return entry.lines;
  }

  async #readNewest(
    workspace: string,
    limit: number,
    commandsOnly: boolean,
  ): Promise<JournalLine[]> {
    const dir = join(this.#root, workspaceFolder(workspace));
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((name) => /^audit-\d{4}-\d{2}-\d{2}\.jsonl$/.test(name))
      .sort()
      .reverse();
    const out: JournalLine[] = [];
    for (const file of files) {
      const records = parseLines(await readFile(join(dir, file), 'utf8')).filter(
        (line) => !commandsOnly || isCommandLine(line),
      );
      out.unshift(...records.slice(-(limit - out.length)));
      if (out.length >= limit) break;
    }
    return out;
  }

  /**
   * Removes the day files older than the retention now (today and the 90 days before it are
   * kept), then at every UTC midnight of `timers` until the answered function is called: a
   * workspace nobody writes to still forgets its old days. Start it when the app starts.
   * @param timers the app's clock (a manual clock in tests).
   */
  keepPruned(timers: Pick<Clock, 'setTimeout' | 'clearTimeout'>): () => void {
    let handle: unknown = null;
    let stopped = false;
    const run = () => {
      if (stopped) return;
      this.#tail = this.#tail
        .then(() => this.#prune())
        .catch((error: unknown) => {
          this.#log(
            `old audit days not removed: ${error instanceof Error ? error.message : String(error)}`,
          );
        });
      // Just past the next UTC midnight, so the new day's oldest file goes.
      const now = this.#now();
      handle = timers.setTimeout(run, dayMs - (now % dayMs) + 1_000);
    };
    run();
    return () => {
      stopped = true;
      timers.clearTimeout(handle);
    };
  }

  /** Removes files of days older than the retention, once per UTC day. */
  async #pruneOnce(): Promise<void> {
    const today = new Date(this.#now()).toISOString().slice(0, 10);
    if (today === this.#prunedDay) return;
    await this.#prune();
  }

  /** Removes files of days older than the retention. */
  async #prune(): Promise<void> {
    this.#prunedDay = new Date(this.#now()).toISOString().slice(0, 10);
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

function parseLines(text: string): JournalLine[] {
  return text
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        const parsed = JSON.parse(line) as unknown;
        return parsed !== null && typeof parsed === 'object' ? [parsed as JournalLine] : [];
      } catch {
        return [];
      }
    });
}

/** An event line with its texts redacted (titles, file names, the platform's words). */
function redactEvent(event: ActivityEvent): ActivityEvent {
  const clean: ActivityEvent = { ...event };
  for (const field of ['channelTitle', 'broadcastTitle', 'file', 'message'] as const) {
    const value = clean[field];
    if (value !== undefined) clean[field] = redact(value);
  }
  return clean;
}

/** A command's record with its texts redacted (who, the target's values, the error's words). */
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

/**
 * The journal's folder name of a workspace id: letters, digits, `_` and `-` kept, anything else
 * `_`, never empty. Not a file name taken from someone else (that is shared/safe-file-name.ts).
 */
function workspaceFolder(workspace: string): string {
  return workspace.replace(/[^A-Za-z0-9_-]/g, '_') || '_';
}
