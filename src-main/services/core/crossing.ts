/**
 * Commands that cross (docs/dev/architecture.md, "Commands, and every way in", the crossing step):
 * two operators of one desk (a button and a panel, two windows, the palette and a key, and
 * studio seats) can send opposite commands on one broadcast within a few seconds of each
 * other, e.g. stop and start manual recording. The later one is told what the earlier one did
 * and asked before it overrides it; nothing is sent until it confirms with `{ kind: 'override' }`.
 *
 * This module remembers the recent effective commands per target (only those whose handler
 * answered: its re-read of the broadcast showed the state the command made, so what the
 * refusal says happened did happen) with who ran them, how and when (an injected clock), and
 * answers whether a new command crosses one of them. "Re-read, then decide" across seats: the
 * earlier command is what the platform shows now, the later operator decides knowing it.
 */
import type { CommandName } from '../../shared/bridge';
import type { WayIn } from '../../shared/commands/define';
import type { MessageKey, MessageRef } from '../../shared/i18n/message';
import { say } from '../../shared/i18n/say';
import type { DeskError } from '../../shared/result';

/**
 * How long an effective command stays "just done" for another operator's opposite command:
 * 10 000 ms. Long enough to cover two people reacting to the same moment on air (a few
 * seconds each), short enough that a deliberate change a minute later is never questioned.
 */
export const crossingWindowMs = 10_000;

/**
 * Which commands cross which, on the same broadcast (`broadcastKey` of their input):
 * - manual recording started / stopped (spec, PUT/DELETE duplicate-recording);
 * - a cue point set twice: the broadcast has one `cue_sign_at` (spec, "Broadcast": the
 *   timeshift start point), so a second cue point within a few seconds silently moves the one
 *   another operator just set; both meant the same moment, and the second is asked whether to
 *   move it. It crosses itself only between two operators (the same operator moving their own
 *   cue point is never asked).
 *
 * The value is the catalogue message that says what the earlier command did.
 */
export const opposites: Partial<
  Record<CommandName, { crosses: readonly CommandName[]; said: MessageKey }>
> = {
  'broadcast.startRecording': {
    crosses: ['broadcast.stopRecording'],
    said: 'pipeline.crossed.startRecording',
  },
  'broadcast.stopRecording': {
    crosses: ['broadcast.startRecording'],
    said: 'pipeline.crossed.stopRecording',
  },
  'broadcast.setCuePoint': {
    crosses: ['broadcast.setCuePoint'],
    said: 'pipeline.crossed.setCuePoint',
  },
};

/**
 * Who ran a command: the operator's name, their studio seat (null: this workstation), the way
 * in, and the window or page connection (`clientId`). Two actors differ when any of these does.
 */
export interface Actor {
  who: string;
  seat: string | null;
  via: WayIn;
  clientId: string;
}

/** One effective command remembered: its name, target, actor and time (epoch ms UTC). */
export interface DoneCommand {
  command: CommandName;
  target: string;
  actor: Actor;
  at: number;
}

/** The catalogue keys naming each way in, for the refusal's "(way in)". */
const wayInKeys: Record<WayIn, MessageKey> = {
  button: 'pipeline.wayIn.button',
  key: 'pipeline.wayIn.key',
  palette: 'pipeline.wayIn.palette',
  panel: 'pipeline.wayIn.panel',
  seat: 'pipeline.wayIn.seat',
  app: 'pipeline.wayIn.app',
};

/** The catalogue message naming a way in (e.g. "a shortcut key"). */
export function wayInText(via: WayIn): MessageRef {
  return { key: wayInKeys[via] };
}

/** Whether two actors are the same operator by the same way in (who may change their mind). */
export function sameActor(a: Actor, b: Actor): boolean {
  return a.who === b.who && a.seat === b.seat && a.via === b.via && a.clientId === b.clientId;
}

/** The broadcast a crossing command targets: its `broadcastKey` input field, if any. */
export function crossingTarget(input: unknown): string | null {
  const key = (input as Record<string, unknown> | null)?.broadcastKey;
  return typeof key === 'string' ? key : null;
}

/**
 * The recent effective commands that may cross, per target, kept for {@link crossingWindowMs}.
 * One per desk core (main), shared by every way in and every window.
 */
export class CrossingMemory {
  readonly #done = new Map<string, DoneCommand[]>();
  /** The last effective edit of each program (`channelKey/programId`), at most {@link editsKept}. */
  readonly #edits = new Map<string, DoneCommand>();

  /** @param now the clock, epoch ms UTC (injected: tests run in virtual time). */
  constructor(private readonly now: () => number) {}

  /** Remembers `command` on `input`'s target as done by `actor`, if it is one that crosses. */
  remember(command: CommandName, input: unknown, actor: Actor): void {
    if (!opposites[command]) return;
    const target = crossingTarget(input);
    if (target === null) return;
    const at = this.now();
    const kept = this.#recent(target, at);
    kept.push({ command, target, actor, at });
    this.#done.set(target, kept);
  }

  /**
   * The latest command another actor did within the window that `command` on `input` crosses,
   * or null when none (the same actor's own commands never cross).
   */
  crossed(command: CommandName, input: unknown, actor: Actor): DoneCommand | null {
    const rule = opposites[command];
    const target = crossingTarget(input);
    if (!rule || target === null) return null;
    const recent = this.#recent(target, this.now());
    this.#done.set(target, recent);
    // Only the latest command on the target counts: it is the state the platform shows now.
    const latest = recent.at(-1);
    if (!latest || !rule.crosses.includes(latest.command)) return null;
    return sameActor(latest.actor, actor) ? null : latest;
  }

  /**
   * Remembers an effective schedule edit (update or delete) of a program by `actor`, so that a
   * later `crossed` refusal of someone else's edit can say who changed it. Not windowed: a
   * program read an hour ago and changed since is still crossed; the oldest are forgotten.
   */
  rememberEdit(command: CommandName, input: unknown, actor: Actor): void {
    const target = programTarget(input);
    if (target === null) return;
    this.#edits.delete(target);
    this.#edits.set(target, { command, target, actor, at: this.now() });
    if (this.#edits.size > editsKept) {
      const oldest = this.#edits.keys().next().value;
      if (oldest !== undefined) this.#edits.delete(oldest);
    }
  }

  /** The last edit of `input`'s program by another actor than `actor`, or null when unknown. */
  editBy(input: unknown, actor: Actor): DoneCommand | null {
    const target = programTarget(input);
    const edit = target === null ? undefined : this.#edits.get(target);
    return edit && !sameActor(edit.actor, actor) ? edit : null;
  }

  #recent(target: string, at: number): DoneCommand[] {
    return (this.#done.get(target) ?? []).filter((d) => at - d.at <= crossingWindowMs);
  }
}

/** How many programs' last edits {@link CrossingMemory} keeps (the oldest are forgotten). */
export const editsKept = 1000;

/**
 * The program a `schedule.apply` update or delete targets, `channelKey/programId`, or null
 * (a create, or another command's input).
 */
export function programTarget(input: unknown): string | null {
  const operation = (input as { operation?: Record<string, unknown> } | null)?.operation;
  if (!operation || (operation.op !== 'update' && operation.op !== 'delete')) return null;
  const { channelKey, programId } = operation;
  return typeof channelKey === 'string' && typeof programId === 'number'
    ? `${channelKey}/${programId}`
    : null;
}

/**
 * A schedule edit's `crossed` refusal (the schedule service's, naming the program and what
 * changed) with who changed it and how, when this desk saw that edit: "“News” was changed
 * since you read it by Mina (a button): its title. Overwrite it?"
 */
export function crossedEditBy(refusal: DeskError, edit: DoneCommand): DeskError {
  const params = refusal.text?.params;
  if (!params || !refusal.text) return refusal;
  const key: MessageKey =
    refusal.text.key === 'pipeline.crossed.programDelete'
      ? 'pipeline.crossed.programDeleteBy'
      : 'pipeline.crossed.programBy';
  return {
    ...refusal,
    ...say(key, {
      ...params,
      who: edit.actor.seat ?? edit.actor.who,
      via: wayInText(edit.actor.via),
    }),
  };
}

/**
 * The `crossed` refusal in the operator's words: "Recording was stopped 4 s ago by Mina (a
 * shortcut key). Start it again?" Nothing was sent; the same command with the confirmation
 * `{ kind: 'override' }` runs.
 * @param earlier the command it crosses.
 * @param now epoch ms UTC (the seconds are whole, at least 0).
 */
export function crossedRefusal(earlier: DoneCommand, now: number): DeskError {
  const rule = opposites[earlier.command];
  const seconds = Math.max(0, Math.round((now - earlier.at) / 1000));
  const who = earlier.actor.seat ?? earlier.actor.who;
  return {
    code: 'crossed',
    ...say(rule?.said ?? 'pipeline.crossed.startRecording', {
      seconds,
      who,
      via: wayInText(earlier.actor.via),
    }),
  };
}
