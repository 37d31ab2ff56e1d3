/**
 * The schedule's edits as sent to the platform: every edit is ONE
 * `schedule.apply`, optimistic on screen, rolled back with the platform's message when
 * refused, and recorded for undo and redo (history.ts). After every edit or refusal the
 * programs are read again so the screen equals the platform.
 */
import { SvelteMap } from 'svelte/reactivity';
import type { QueryClient } from '@tanstack/svelte-query';
import type {
  Fresh,
  Program,
  ProgramRead,
  ScheduleOperation,
} from '../../../src-main/shared/model';
import { DeskCallError, errorText } from '../bridge';
import { t } from '../../i18n/i18n.svelte';
import { keys } from '../queries/keys';
import { applyOperation } from '../queries/schedule';
import { History, inverseOf } from './history';
import { shownAfter } from './edits';

/** A change to the programs of one channel as a window shows them. */
export type ProgramsChange = (list: Program[]) => Program[];

/**
 * Sends edits and replays them for undo and redo; says how the last one went (`done` or
 * `refusal`, in the operator's words) and how many are in flight (`pending`).
 */
/**
 * How long after this window's own edit of a program its next edit is taken as the same
 * operator's sequence (sent without the program as read), ms.
 */
const ownSequenceMs = 10_000;

export class SentEdits {
  /** The last refusal (platform's or local), in the operator's words. */
  refusal = $state<string | null>(null);
  /** The last edit that succeeded, as a sentence. */
  done = $state<string | null>(null);
  /** Number of `schedule.apply` calls in flight. */
  pending = $state(0);
  /**
   * The edit main refused because someone changed the program since it was read (`crossed`):
   * its question, in the operator's words, until the operator overwrites or lets it go.
   */
  crossed = $state<{ question: string; resend: () => Promise<void> } | null>(null);

  readonly #history = new History();
  /** When this window's last edit of each program was answered, epoch ms (`channelKey/id`). */
  readonly #ownEdits = new SvelteMap<string, number>();
  #historyVersion = $state(0);
  readonly canUndo = $derived(this.#historyVersion >= 0 && this.#history.canUndo);
  readonly canRedo = $derived(this.#historyVersion >= 0 && this.#history.canRedo);

  readonly #client: QueryClient;

  constructor(client: QueryClient) {
    this.#client = client;
  }

  /** Reads the programs again (view priority in main) so the screen equals the platform. */
  refresh = (): Promise<void> =>
    this.#client.invalidateQueries({ queryKey: keys.schedulePrograms() });

  /**
   * Sends the inverse (Undo) or the forward operation (Redo) of the last entry. Never
   * throws: a refusal is shown in `refusal`.
   */
  replay = async (kind: 'Undo' | 'Redo'): Promise<void> => {
    const history = this.#history;
    const entry = kind === 'Undo' ? history.peekUndo() : history.peekRedo();
    if (!entry || this.#refusedForRole()) return;
    const operation = kind === 'Undo' ? entry.inverse : entry.forward;
    const other = kind === 'Undo' ? entry.forward : entry.inverse;
    this.refusal = null;
    // Shown at once like every edit, where it can be told here (a refusal re-reads below).
    const update = await this.#onScreen(operation.channelKey);
    update((list) => shownAfter(list, operation) ?? list);
    this.pending++;
    try {
      const after = await applyOperation(operation);
      if (kind === 'Undo') history.undone();
      else history.redone();
      // Created again under a new id: later undo and redo follow it.
      if (operation.op === 'create' && after && other.op !== 'create')
        history.remap(other.programId, after.id);
      this.done =
        kind === 'Undo'
          ? t('editor.undone', { label: entry.label })
          : t('editor.redone', { label: entry.label });
    } catch (error) {
      this.refusal =
        kind === 'Undo'
          ? t('editor.undoRefused', { label: entry.label, reason: errorText(error) })
          : t('editor.redoRefused', { label: entry.label, reason: errorText(error) });
      this.done = null;
    } finally {
      this.#historyVersion++;
      this.pending--;
      await this.refresh();
    }
  };

  /**
   * Sends one operation: shows `optimistic` at once (then calls {@link shown}), records the
   * inverse for undo, rolls back (and says why) when the platform refuses, then reads the
   * programs again. Never throws.
   * @param before the program as it was (null for a create), to invert the edit; an update or
   *   delete carries it as read, and a `crossed` refusal waits in {@link crossed}.
   * @param overwrite sent over someone's change (the operator answered `crossed`).
   */
  protected async send(
    operation: ScheduleOperation,
    before: Program | null,
    label: string,
    optimistic: ProgramsChange,
    rollback: ProgramsChange,
    overwrite = false,
  ): Promise<void> {
    if (this.#refusedForRole()) return;
    const update = await this.#onScreen(operation.channelKey);
    update(optimistic);
    this.shown();
    this.refusal = null;
    this.crossed = null;
    // An update or delete carries the program as read: main refuses it if someone changed it.
    // Not while this window's own edit is in flight: `before` then shows that edit before the
    // platform does, and the operator's own sequence is not a crossing.
    // Nor for a program this window edited within the last few seconds: the screen may still
    // show it as it was before that edit's answer was read again.
    const target =
      operation.op === 'create' ? null : `${operation.channelKey}/${operation.programId}`;
    const ownRecently =
      target !== null && Date.now() - (this.#ownEdits.get(target) ?? -Infinity) < ownSequenceMs;
    const sent: ScheduleOperation =
      operation.op !== 'create' && before && !overwrite && this.pending === 0 && !ownRecently
        ? { ...operation, read: readOf(before) }
        : operation;
    this.pending++;
    try {
      const after = await applyOperation(
        sent,
        overwrite ? { confirmation: { kind: 'override' } } : {},
      );
      this.#history.record({
        forward: operation,
        inverse: inverseOf(operation, before, after),
        label,
      });
      if (target !== null) this.#ownEdits.set(target, Date.now());
      this.#historyVersion++;
      this.done = t('editor.done', { label });
    } catch (error) {
      update(rollback);
      if (error instanceof DeskCallError && error.error.code === 'crossed') {
        this.crossed = {
          question: errorText(error),
          resend: () => this.send(operation, before, label, optimistic, rollback, true),
        };
      } else {
        this.refusal = t('editor.refused', { label, reason: errorText(error) });
      }
      this.done = null;
    } finally {
      this.pending--;
      await this.refresh();
    }
  }

  /** Called when an edit is on screen, before it is sent (the editor drops its ghost). */
  protected shown(): void {}

  /**
   * True when the token is known to be an administrator's: program edits are the super
   * administrator's (spec, Endpoints), so none is sent. The controls are off already; this
   * also stops a key or a gesture that slipped through.
   */
  protected adminOnly(): boolean {
    return false;
  }

  #refusedForRole(): boolean {
    if (!this.adminOnly()) return false;
    this.refusal = t('scheduleRole.notSent');
    this.done = null;
    return true;
  }

  /**
   * Stops the reads of a channel's programs under way and answers a function that changes
   * what every cached window of that channel holds: a window panned to later must not show
   * a program where it stood before the edit.
   */
  async #onScreen(channelKey: string): Promise<(change: ProgramsChange) => void> {
    const client = this.#client;
    const queryKey = keys.channelPrograms(channelKey);
    await client.cancelQueries({ queryKey });
    return (change) =>
      client.setQueriesData<Fresh<Program[]>>({ queryKey }, (old) =>
        old ? { ...old, data: change(old.data) } : old,
      );
  }
}

/** The program as the editor read it, carried with an update or delete. */
function readOf(program: Program): ProgramRead {
  return {
    updatedAt: program.updatedAt,
    title: program.title,
    startAt: program.startAt,
    uploadFileKeys: program.media.map((item) => item.uploadFileKey),
    waitMediaContentKey: program.waitMediaContentKey,
  };
}
