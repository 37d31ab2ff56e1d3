/**
 * Commands refused for budget (docs/dev/architecture.md, "The API budget": re-read, then decide): a
 * command refused with 429 is never dropped and never repeated blindly. Each time the platform
 * refuses for budget, the operator is told it waits (the `command.waiting` event), the scheduler
 * waits out the platform's pause, the broadcast is re-read, and the command's `decide` says
 * whether it is already done, should be sent once more, or can no longer apply. It goes on
 * until answered, cancelled, or `maxBudgetWaitMs` after the press. The scheduler does not resend
 * these writes itself (write-resend.ts: `runWithoutResend`).
 *
 * A re-read answered a moment ago still stands (`rereadStandsMs`, 3 s by default): when the
 * resend built on it is refused for budget again, it is sent once more without reading again.
 * A 429 is a refusal before acting (docs/platform-facts.md, "Rate limit"), so the refused
 * resend changed nothing; what another client may have changed in those few seconds the
 * platform applies in order anyway, as it would have had our resend been accepted at once.
 * Reading again would cost a spacing slot, and the next resend would need two accepted calls
 * in a row beside a client that takes a slot about every other second. The first refusal of a
 * command, and any refusal after the re-read is older than that, is still re-read.
 */
import type { MessageRef } from '../../shared/i18n/message';
import { say } from '../../shared/i18n/say';
import { PlatformError } from '../../platform/errors';
import { runWithoutResend } from '../../platform/write-resend';
import type { Broadcast, CommandWaiting, Fresh, WaitingCommandName } from '../../shared/model';

/** What the waits need from the control room. */
export interface BudgetWaitOptions {
  /** Told while a command waits, and when it settles (the `command.waiting` event). */
  waiting: (waiting: CommandWaiting) => void;
  /** How long a command is kept trying before it fails with the last 429, ms. */
  maxBudgetWaitMs: number;
  /** When the scheduler will send again after the platform's pause (epoch ms UTC), if known. */
  retryAt: () => number | null;
  /**
   * Calls `listener` after the scheduler's state changed (a new pause among them); answers the
   * unsubscribe function. A waiting command is told again when its pause grows: the re-read is
   * a GET, whose 429s the scheduler waits out by itself without them reaching this run.
   */
  retryAtChanges?: (listener: () => void) => () => void;
  /** Epoch ms UTC. */
  now: () => number;
  /** How long an answered re-read stands for a resend refused for budget, ms (default 3000). */
  rereadStandsMs?: number;
}

/** The steps of one command. */
export interface RecheckSteps {
  /** Sends the command; answers its result (already published). */
  send: (signal: AbortSignal) => Promise<Fresh<Broadcast>>;
  /** Reads the broadcast again at `command` priority. */
  reread: (signal: AbortSignal) => Promise<Fresh<Broadcast>>;
  /** After a re-read: already done, send once more, or refuse with `refusal`. */
  decide: (current: Broadcast) => 'done' | 'retry' | 'refuse';
  /** The result when the re-read shows it done (published as the command's result). */
  done: (current: Broadcast) => Fresh<Broadcast>;
  /** Why the command can no longer apply (PlatformError `conflict`); null: an internal error. */
  refusal: { message: string; text: MessageRef } | null;
}

/** A command run waiting for the budget: its cancel switch, and who may use it. */
interface BudgetWait extends CancelledWait {
  abort: AbortController;
  /** Who sent it: `''` this desk (its windows, pages and panels), else a studio seat's id. */
  asker: string;
}

/** Which command a cancel called off, for the journal's line of the cancel. */
export interface CancelledWait {
  command: WaitingCommandName;
  broadcastKey: string;
}

/** The command runs of one control room that may wait for the budget. */
export class BudgetWaits {
  /** Command runs under way, by the id the `command.waiting` event gives them. */
  readonly #runs = new Map<string, BudgetWait>();
  #nextRunId = 1;
  readonly #options: BudgetWaitOptions;

  constructor(options: BudgetWaitOptions) {
    this.#options = options;
  }

  /**
   * Cancels a command waiting for the budget (`id` from the `command.waiting` event): a call
   * still queued is dropped, nothing more is sent, and the command answers "cancelled". A
   * write already on the wire runs on (the platform may act on it), and the pipeline then
   * answers that it had already been sent (core/unanswered.ts). Only its `asker` may cancel
   * it: at a studio hub every seat hears every `command.waiting`, and a seat (an observer above
   * all) must not call off another desk's command.
   * @returns the command called off, or null when no such run of that asker.
   */
  cancel(id: string, asker: string): CancelledWait | null {
    const run = this.#runs.get(id);
    if (!run || run.asker !== asker) return null;
    run.abort.abort(new PlatformError({ code: 'rate-limited', ...say('errors.commandCancelled') }));
    return { command: run.command, broadcastKey: run.broadcastKey };
  }

  /**
   * Runs `command` on broadcast `key` for `asker` (who may cancel it: {@link cancel}) through
   * `steps` until answered.
   * @throws PlatformError as the platform answered, `conflict` with `steps.refusal`, the last
   * 429 after `maxBudgetWaitMs`, or the cancel.
   */
  async run(
    command: WaitingCommandName,
    key: string,
    asker: string,
    steps: RecheckSteps,
  ): Promise<Fresh<Broadcast>> {
    const { now, waiting } = this.#options;
    const id = `c${this.#nextRunId++}`;
    const abort = new AbortController();
    this.#runs.set(id, { abort, asker, command, broadcastKey: key });
    const began = now();
    let attempt = 0;
    let told = false;
    /** When the last re-read was answered, epoch ms UTC (null: none yet). */
    let rereadAt: number | null = null;
    const standsMs = this.#options.rereadStandsMs ?? 3_000;
    /** The `retryAt` the operator was last told (epoch ms UTC), 0: none yet. */
    let toldRetryAt = 0;
    /** Tells the operator the command waits until `retryAt`, once per pause. */
    const tell = (retryAt: number) => {
      if (retryAt <= toldRetryAt) return;
      toldRetryAt = retryAt;
      attempt += 1;
      told = true;
      waiting({ id, command, broadcastKey: key, state: 'waiting', status: 429, attempt, retryAt });
    };
    // Once waiting, every later pause of the queue is this command's wait too.
    let unfollow = null as (() => void) | null;
    const follow = () => {
      unfollow ??=
        this.#options.retryAtChanges?.(() => {
          const retryAt = this.#options.retryAt();
          if (retryAt !== null) tell(retryAt);
        }) ?? null;
    };
    const cancelled = (): never => {
      throw abort.signal.reason instanceof PlatformError
        ? abort.signal.reason
        : new PlatformError({ code: 'rate-limited', ...say('errors.commandCancelled') });
    };
    try {
      let step: 'send' | 'reread' = 'send';
      for (;;) {
        if (abort.signal.aborted) cancelled();
        try {
          // Its 429 comes back here, not resent underneath (write-resend.ts): the re-read decides.
          if (step === 'send') return await runWithoutResend(() => steps.send(abort.signal));
          const current = await steps.reread(abort.signal);
          rereadAt = now();
          const next = steps.decide(current.data);
          if (next === 'done') return steps.done(current.data);
          if (next === 'refuse')
            throw new PlatformError({
              code: 'conflict',
              ...(steps.refusal ?? say('errors.internal')),
            });
          step = 'send';
          continue;
        } catch (error) {
          if (abort.signal.aborted) cancelled();
          if (!(error instanceof PlatformError) || error.error.code !== 'rate-limited') throw error;
          if (now() - began >= this.#options.maxBudgetWaitMs) throw error;
          // The state is read again before anything is sent again, unless a resend was refused
          // right after a re-read that still stands (the rule above).
          const stands: boolean =
            step === 'send' && rereadAt !== null && now() - rereadAt <= standsMs;
          step = stands ? 'send' : 'reread';
          tell(this.#options.retryAt() ?? now() + (error.error.retryAfterS ?? 1) * 1000);
          follow();
        }
      }
    } finally {
      unfollow?.();
      this.#runs.delete(id);
      if (told)
        waiting({
          id,
          command,
          broadcastKey: key,
          state: 'settled',
          status: 429,
          attempt,
          retryAt: now(),
        });
    }
  }
}
