/**
 * Main's side of the declared commands: each domain registers its handlers from its
 * declarations (`registerHandlers`, checked complete by TypeScript), and the dispatcher runs
 * a command for either host: validates the input against the declared zod schema (the
 * renderer is untrusted), runs the handler, and answers a Result whose error carries nothing
 * secret. Adding a command is one declaration in `shared/commands/<domain>.ts` and one
 * handler in that domain's `registerHandlers` table.
 */
import type { z } from 'zod';
import { PlatformError } from '../../platform/errors';
import { redact } from '../../secrets/redact';
import { commandDomains, isCommandName, type CommandDomain } from '../../shared/bridge';
import type {
  CommandDecl,
  CommandDecls,
  CommandPriority,
  OutputOf,
  ParsedInputOf,
} from '../../shared/commands/define';
import { fail, ok, type DeskError, type Result } from '../../shared/result';
import type { MessageRef } from '../../shared/i18n/message';
import { say, validationText } from '../../shared/i18n/say';
import {
  accountCalls,
  accountTotals,
  changeSent,
  changeUnanswered,
  type CallAccount,
} from '../../platform/call-accounting';
import type { AuditLog, AuditRecord } from './audit-log';
import { auditTarget } from './audit-target';
import { runWithCallSignal } from './call-signal';
import { isJournaled, runJournaled, type CommandJournal } from './command-journal';
import { runAsCallOwner } from '../../platform/call-owner';
import { runResendingWrites } from '../../platform/write-resend';
import { refusalBeforeSending } from './command-pipeline';
import { wayInRefusal } from '../../shared/commands/ways-in';
import { CrossingMemory, crossedEditBy, crossedRefusal, type Actor } from './crossing';
import type { Session } from '../app/session';
import { describe } from './error-text';
import { unansweredError } from './unanswered';

import type { CallContext } from './call-context';
export type { CallContext };

/** What a handler gets besides its input. */
export interface HandlerContext<P extends CommandPriority = CommandPriority> extends CallContext {
  /** The command's declared priority, for the reads that take one. */
  priority: P;
  /** The open workspace's session when the command arrived. */
  session: Session;
}

/**
 * Runs one command on its validated input. Throws PlatformError for a refusal the operator
 * should read; anything else is logged and answered as an internal problem.
 */
export type Handler<D extends CommandDecl> = (
  input: ParsedInputOf<D>,
  context: HandlerContext<D['priority']>,
) => Promise<OutputOf<D>> | OutputOf<D>;

/** One handler for every command a domain declares, keyed by command name. */
export type Handlers<D extends CommandDecls> = {
  [C in keyof D]: D[C] extends CommandDecl ? Handler<D[C]> : never;
};

/** A domain's declarations with their handlers. */
export interface Registered<D extends CommandDecls> {
  readonly decls: D;
  readonly handlers: Handlers<D>;
}

/** Pairs a domain's declarations with its handlers; TypeScript refuses a missing one. */
export function registerHandlers<D extends CommandDecls>(
  decls: D,
  handlers: Handlers<D>,
): Registered<D> {
  return { decls, handlers };
}

/** Every domain of the contract with its handlers: a domain left out does not compile. */
export type DomainHandlers = {
  [K in CommandDomain]: Registered<(typeof commandDomains)[K]>;
};

/** Runs a command by name for a host; never throws, answers a Result. */
export type Dispatch = (
  command: unknown,
  input: unknown,
  context: CallContext,
) => Promise<Result<unknown>>;

// One shape for every command once its input is validated: the table is keyed by name, so
// each handler only ever gets the input its own declaration parsed.
type AnyHandler = (input: unknown, context: HandlerContext) => Promise<unknown>;

/** What the pipeline needs besides the handlers. */
export interface PipelineOptions {
  /** Where `change` and `destructive` commands are recorded. */
  audit: AuditLog;
  /** The operator's name for the audit record (settings; the OS user by default). */
  who: () => string;
  /** The clock, epoch ms UTC (the record's time). */
  now: () => number;
  /**
   * Names more of a command's target for its audit record (the channel of a broadcast main
   * has read, docs/dev/architecture.md "Activity"), given the target from the input and, when the
   * command succeeded, what it answered; absent: the input's key and title fields only.
   */
  describeTarget?: (
    target: Record<string, string | string[]>,
    output: unknown,
  ) => Record<string, string | string[]>;
  /**
   * Told of what every command that succeeded answered (reads included), so the audit's
   * target naming learns channel titles from the channel list the operator already read.
   */
  answered?: (command: string, output: unknown) => void;
  /**
   * Told of every command that passed the guards, just before its handler runs: what this
   * seat ran (`seat` null: this workstation), so the notice policy never tells the operator
   * of their own action.
   */
  ran?: (run: {
    command: string;
    at: number;
    seat: string | null;
    target: Record<string, unknown>;
  }) => void;
  /**
   * Told when a command {@link PipelineOptions.ran} settles: `ok`; `refused` (the platform or
   * the handler refused, nothing done); `unknown` (a change sent with no answer, which the
   * platform may have acted on). A refused stop then explains no later stop (notice-policy.ts).
   */
  settled?: (run: {
    command: string;
    at: number;
    seat: string | null;
    target: Record<string, unknown>;
    outcome: 'ok' | 'refused' | 'unknown';
  }) => void;
}

/**
 * The one command pipeline both hosts and every other way in call through the core
 * (docs/dev/architecture.md, "Commands, and every way in"):
 *
 *   input validated -> API present -> role -> precondition -> confirmation (destructive)
 *     -> crossing (another operator's opposite command just done) -> budget at its priority
 *     -> handler -> audit record -> result
 *
 * The guards (command-pipeline.ts) refuse before any platform call. The budget is the
 * schedulers' (each platform call of the handler waits its turn at the declared priority);
 * what that cost is read from the call accounting for the audit record.
 * @param session the open session at the time of each call (it changes on a switch).
 * @param log where internal errors are written (the log redacts secrets).
 */
export function createDispatcher(
  domains: DomainHandlers,
  session: () => Session,
  log: (message: string) => void,
  pipeline: PipelineOptions,
): Dispatch {
  const table = new Map<string, { decl: CommandDecl; handler: AnyHandler }>();
  // One memory for every way in, window and seat of this desk (services/core/crossing.ts).
  const crossings = new CrossingMemory(pipeline.now);
  for (const name of Object.keys(commandDomains) as CommandDomain[]) {
    const { decls, handlers } = domains[name];
    if (decls !== commandDomains[name]) throw new Error(`${name}: not the declared commands.`);
    for (const [command, decl] of Object.entries(decls as CommandDecls)) {
      const handler = (handlers as Record<string, unknown>)[command] as AnyHandler;
      table.set(command, { decl, handler });
    }
  }
  return async (command, input, context) => {
    const entry = isCommandName(command) ? table.get(command) : undefined;
    if (!entry || !isCommandName(command)) {
      return fail({
        code: 'unknown-command',
        ...say('errors.unknownCommand', { command: String(command) }),
      });
    }
    const parsed = entry.decl.input.safeParse(input ?? {});
    if (!parsed.success) return fail(invalidInput(parsed.error));
    const current = session();
    const at = pipeline.now();
    const overriding = context.confirmation?.kind === 'override';
    // Every declaration says its effect (define.ts: `effect` is required).
    const { effect } = entry.decl;
    // The journal keeps people's acts (docs/dev/architecture.md, "Activity"): never a plain
    // read, nor the app's own bookkeeping, nor a read-or-set command that set nothing. A read
    // that shows a secret is journaled like a change: who saw it, from where, how. A command
    // that journals `whenActed` (a cancel) is journaled once its handler said it acted.
    const whenActed = entry.decl.journal === 'whenActed';
    const journaled =
      whenActed ||
      ((effect !== 'read' || entry.decl.reveals === true) && isJournaled(entry.decl, parsed.data));
    const journalOf = (): CommandJournal => ({
      base: {
        workspace: current.workspace.info.id,
        who: context.seat ?? pipeline.who(),
        seat: context.seat ?? null,
        via: context.via ?? 'button',
        ...(context.via === 'panel' && context.panel ? { panel: context.panel } : {}),
        command,
        effect,
        ...(overriding ? { override: true as const } : {}),
      },
      write: (record) => void pipeline.audit.append(record),
      now: pipeline.now,
    });
    const journal: CommandJournal | null = journaled ? journalOf() : null;
    // `always`: a refusal by the way-in table is journaled whatever the command's effect.
    const audit = (
      answer: AuditRecord['answer'],
      account?: CallAccount,
      output?: unknown,
      always = false,
    ) => {
      const into = journal ?? (always ? journalOf() : null);
      if (!into || (whenActed && !into.acted && !always)) return;
      const target = { ...auditTarget(parsed.data), ...into.acted };
      into.write({
        ...into.base,
        at: new Date(at).toISOString(),
        target: pipeline.describeTarget ? pipeline.describeTarget(target, output) : target,
        answer,
        ...(account ? accountTotals(account) : { budgetWaitMs: 0, platformMs: 0 }),
        calls: account?.calls.length ?? 0,
        ...(into.batch ? { batch: { ...into.batch, part: 'start' as const } } : {}),
      });
    };
    // What this way in may run at all: the table, before any other guard (ways-in.ts). Its
    // refusals are journaled whatever the effect: someone tried a door that is closed to them.
    // Not a read-or-set command's read (nothing set): a page asks that when it opens.
    const onlyReads = entry.decl.journal === 'whenSetting' && !isJournaled(entry.decl, parsed.data);
    const closed =
      wayInRefusal(command, entry.decl, context) ??
      context.inputRefusal?.(command, parsed.data) ??
      null;
    if (closed) {
      const answer = { ok: false as const, code: closed.code, status: null, sent: false };
      audit({ ...answer, message: closed.message }, undefined, undefined, !onlyReads);
      return fail(closed);
    }
    const refusal = refusalBeforeSending(
      command,
      entry.decl,
      parsed.data,
      context.confirmation,
      current,
    );
    if (refusal) {
      audit({ ok: false, code: refusal.code, status: null, message: refusal.message, sent: false });
      return fail(refusal);
    }
    const actor: Actor = {
      who: pipeline.who(),
      seat: context.seat ?? null,
      via: context.via ?? 'button',
      clientId: context.clientId,
    };
    if (!overriding) {
      const earlier = crossings.crossed(command, parsed.data, actor);
      if (earlier) {
        const crossed = crossedRefusal(earlier, at);
        audit({
          ok: false,
          code: crossed.code,
          status: null,
          message: crossed.message,
          sent: false,
        });
        return fail(crossed);
      }
    }
    const ran = {
      command,
      at,
      seat: context.seat ?? null,
      target: (parsed.data ?? {}) as Record<string, unknown>,
    };
    pipeline.ran?.(ran);
    const priority = entry.decl.priority;
    // A seat's platform calls take turns with other seats' at the same priority (call-owner.ts).
    // Writes refused for budget are sent again after the pause (write-resend.ts), unless the
    // domain decides that itself (runWithoutResend): no command is lost for budget. A read
    // command's POST (serviceEncrypt) too: a 429 is a refusal before acting, and the scheduler
    // retries only GETs by itself.
    // A batch the handler starts journals its operations and its end as this command.
    const run = () => {
      const handled = () => entry.handler(parsed.data, { ...context, priority, session: current });
      return journal ? runJournaled(journal, handled) : handled();
    };
    const handle = () => runAsCallOwner(context.seat ?? '', () => runResendingWrites(run));
    // Only reads give way when their asker leaves; an operator's change runs on.
    const { account, done } = accountCalls(() =>
      priority === 'view' ? runWithCallSignal(context.signal, handle) : handle(),
    );
    const lastStatus = () => account.calls.at(-1)?.status ?? null;
    try {
      const data = await done;
      crossings.remember(command, parsed.data, actor);
      if (command === 'schedule.apply') crossings.rememberEdit(command, parsed.data, actor);
      pipeline.answered?.(command, data);
      pipeline.settled?.({ ...ran, outcome: 'ok' });
      audit({ ok: true, status: lastStatus() }, account, data);
      return ok(data);
    } catch (error) {
      // The asker left (a page reloaded, a seat failed over): a change ran on all the same, and
      // its failure is journaled as it happened; the asker, gone, is answered that it left.
      const gone = () => fail({ code: 'network', ...say('errors.askerGone') });
      // A change sent that got no answer may have acted: its outcome is unknown, not refused.
      const unknown = effect !== 'read' && changeUnanswered(account);
      const sent = { sent: changeSent(account), ...(unknown ? { unknown: true as const } : {}) };
      pipeline.settled?.({ ...ran, outcome: unknown ? 'unknown' : 'refused' });
      if (error instanceof PlatformError) {
        const said = redactError(error.error);
        // A schedule edit over someone's change: say who, when this desk saw that edit.
        const by = said.code === 'crossed' ? crossings.editBy(parsed.data, actor) : null;
        const crossed = by ? crossedEditBy(said, by) : said;
        const refused = unknown ? unansweredError(crossed, command) : crossed;
        audit(
          {
            ok: false,
            code: refused.code,
            status: refused.status ?? null,
            message: refused.message,
            ...sent,
          },
          account,
        );
        return context.signal?.aborted ? gone() : fail(refused);
      }
      if (context.signal?.aborted && effect === 'read') return gone();
      log(`command ${command} failed: ${describe(error)}`);
      audit(
        {
          ok: false,
          code: 'internal',
          status: lastStatus(),
          message: 'internal',
          ...sent,
        },
        account,
      );
      if (context.signal?.aborted) return gone();
      return fail({
        code: 'internal',
        ...say('errors.internal'),
      });
    }
  };
}

/**
 * A platform's message may echo what it was sent (a URL with `access_token`, a destination's
 * password): nothing secret crosses the bridge, whatever the platform wrote.
 */
function redactError(error: DeskError): DeskError {
  const fields = error.fields
    ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v.map(redact)]))
    : undefined;
  return { ...error, message: redact(error.message), ...(fields ? { fields } : {}) };
}

function invalidInput(error: z.ZodError): DeskError {
  const fields: Record<string, string[]> = {};
  const fieldTexts: Record<string, MessageRef[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'input';
    (fields[field] ??= []).push(issue.message);
    const text = validationText(issue.message);
    if (text) (fieldTexts[field] ??= []).push(text);
  }
  const firstIssue = error.issues[0]?.message;
  const first = firstIssue ? { message: firstIssue, text: validationText(firstIssue) } : null;
  return {
    code: 'invalid-input',
    ...(first ? { message: first.message } : say('errors.invalidRequest')),
    ...(first?.text ? { text: first.text } : {}),
    fields,
    ...(Object.keys(fieldTexts).length > 0 ? { fieldTexts } : {}),
  };
}
