/**
 * What the journal keeps of one command beyond its own record (docs/dev/architecture.md,
 * "Activity"): the pipeline runs a journaled command's handler inside {@link runJournaled}, so
 * a batch the handler starts on the session's board (core/batch-board.ts) writes one line per
 * operation (its target and its answer) and one at its end (done, failed, skipped), each as the
 * person who started it (who, seat, way in), tied to the batch by its id. Nothing is threaded
 * through the handlers, as with the call owner and the call accounting.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { BatchProgress } from '../../shared/model';
import {
  accountCalls,
  accountTotals,
  changeSent,
  changeUnanswered,
} from '../../platform/call-accounting';
import { PlatformError } from '../../platform/errors';
import { redact } from '../../secrets/redact';
import type { DeskError } from '../../shared/result';
import type { CommandDecl } from '../../shared/commands/define';
import type { AuditRecord } from './audit-log';
import { auditTarget } from './audit-target';
import { unansweredOperation } from './unanswered';

/** The fields every line of one command shares: who ran it, where from, what. */
export type CommandLineBase = Pick<
  AuditRecord,
  'workspace' | 'who' | 'seat' | 'via' | 'panel' | 'command' | 'effect' | 'override'
>;

/** One journaled command being handled. */
export interface CommandJournal {
  base: CommandLineBase;
  /** Appends a record to the journal (AuditLog.append). */
  write: (record: AuditRecord) => void;
  /** The clock, epoch ms UTC. */
  now: () => number;
  /** Set by a batch the handler started: the command's own record then names it. */
  batch?: { id: string; total: number };
  /**
   * Set by the handler through {@link journalAct}: what it acted on, which its line names
   * besides its input's target. A command declared `journal: 'whenActed'` is journaled only
   * when it is set.
   */
  acted?: Record<string, string>;
}

const current = new AsyncLocalStorage<CommandJournal>();

/** Runs `run` as the handler of `journal`'s command. */
export function runJournaled<T>(journal: CommandJournal, run: () => Promise<T>): Promise<T> {
  return current.run(journal, run);
}

/** The journaled command being handled, if any. */
export function currentJournal(): CommandJournal | undefined {
  return current.getStore();
}

/**
 * Tells the journal that the command being handled acted, on `target` (keys and names, no
 * secret), which its line then names: a command declared `journal: 'whenActed'` (a cancel of
 * a command waiting for the budget) is journaled only after this. Does nothing outside a
 * journaled command.
 */
export function journalAct(target: Record<string, string>): void {
  const journal = currentJournal();
  if (journal) journal.acted = { ...journal.acted, ...target };
}

/**
 * How a batch is journaled: `send` wrapped to write each operation's line, `finished` to write
 * the end line. Answers null outside a journaled command (a test's board, no journal).
 * @param target what an operation acted on, for its line; default: its key, id and title fields
 *   (`auditTarget`) and its `op` when it has one.
 */
export function journalBatch<Op>(
  batchId: string,
  total: number,
  target?: (operation: Op) => Record<string, string | string[]>,
): {
  send: (send: (operation: Op) => Promise<unknown>) => (operation: Op) => Promise<unknown>;
  finished: (progress: BatchProgress) => void;
} | null {
  const journal = currentJournal();
  if (!journal) return null;
  journal.batch = { id: batchId, total };
  const targetOf = target ?? defaultTarget;
  let index = 0;
  /** The code of the operation that stopped the batch, for its end line. */
  let stopped: DeskError['code'] = 'internal';
  return {
    send: (send) => async (operation) => {
      const at = journal.now();
      const place = ++index;
      const { account, done } = accountCalls(() => send(operation));
      const line = (answer: AuditRecord['answer']) =>
        journal.write({
          ...journal.base,
          at: new Date(at).toISOString(),
          target: targetOf(operation),
          answer,
          ...accountTotals(account),
          calls: account.calls.length,
          batch: { id: batchId, part: 'operation', index: place, total },
        });
      const status = () => account.calls.at(-1)?.status ?? null;
      try {
        const answered = await done;
        line({ ok: true, status: status() });
        return answered;
      } catch (caught) {
        // An operation sent that got no answer may have acted: unknown, not unreachable.
        const unknown = changeUnanswered(account);
        const error =
          unknown && caught instanceof PlatformError
            ? new PlatformError(unansweredOperation(caught.error))
            : caught;
        stopped = error instanceof PlatformError ? error.error.code : 'internal';
        line({
          ok: false,
          code: stopped,
          status: error instanceof PlatformError ? (error.error.status ?? status()) : status(),
          message: error instanceof PlatformError ? redact(error.message) : 'internal',
          sent: changeSent(account),
          ...(unknown ? { unknown: true as const } : {}),
        });
        throw error;
      }
    },
    finished: (progress) => {
      const skipped = Math.max(0, progress.total - progress.done - progress.failed);
      journal.write({
        ...journal.base,
        at: new Date(journal.now()).toISOString(),
        target: {},
        answer:
          progress.failed === 0
            ? { ok: true, status: null }
            : {
                ok: false,
                code: stopped,
                status: null,
                message: progress.lastError ?? '',
                sent: true,
              },
        budgetWaitMs: 0,
        platformMs: 0,
        calls: 0,
        batch: {
          id: batchId,
          part: 'end',
          total: progress.total,
          done: progress.done,
          failed: progress.failed,
          skipped,
        },
      });
    },
  };
}

function defaultTarget(operation: unknown): Record<string, string | string[]> {
  const op = (operation as { op?: unknown } | null)?.op;
  return { ...(typeof op === 'string' ? { op } : {}), ...auditTarget(operation) };
}

/**
 * Whether a run of a `change` or `destructive` command is journaled: not the app's own
 * bookkeeping (`journal: 'never'`), nor a read-or-set command given nothing to set
 * (`journal: 'whenSetting'`: every input field absent, or an empty object).
 */
export function isJournaled(decl: Pick<CommandDecl, 'journal'>, input: unknown): boolean {
  if (decl.journal === 'never') return false;
  if (decl.journal !== 'whenSetting') return true;
  if (input === null || typeof input !== 'object') return false;
  return Object.values(input as Record<string, unknown>).some(
    (value: unknown) =>
      value !== undefined &&
      !(
        value !== null &&
        typeof value === 'object' &&
        !Array.isArray(value) &&
        Object.keys(value).length === 0
      ),
  );
}
