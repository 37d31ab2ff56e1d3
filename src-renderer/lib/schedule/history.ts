/**
 * Undo and redo of schedule edits. Each edit is kept as the operation that was
 * sent and its inverse, both normal ScheduleOperations: undo sends the inverse through
 * `schedule.apply`, so the platform itself returns to the previous schedule.
 *
 * A create's inverse is a delete, and undoing a delete creates the program again under a
 * new id; {@link History.remap} rewrites the stacks so later entries follow the new id.
 */
import type { Program, ScheduleOperation } from '../../../src-main/shared/model';

/** One edit: what was sent, and what undoes it. */
export interface HistoryEntry {
  forward: ScheduleOperation;
  inverse: ScheduleOperation;
  /** Operator words, e.g. `Move "Morning Jazz"`. */
  label: string;
}

/**
 * The operation that undoes `operation`.
 * @param before the program as it was before the edit (required for update and delete).
 * @param after the program the platform answered (required for create: its new id).
 * @throws Error when the program needed to invert the edit is missing.
 */
export function inverseOf(
  operation: ScheduleOperation,
  before: Program | null,
  after: Program | null,
): ScheduleOperation {
  switch (operation.op) {
    case 'create':
      if (!after) throw new Error('A create is undone by deleting what it created: no program.');
      return { op: 'delete', channelKey: operation.channelKey, programId: after.id };
    case 'delete':
      if (!before) throw new Error('A delete is undone from the deleted program: none given.');
      return {
        op: 'create',
        channelKey: before.channelKey,
        title: before.title,
        startAt: before.startAt,
        uploadFileKeys: before.media.map((item) => item.uploadFileKey),
        waitMediaContentKey: before.waitMediaContentKey,
      };
    case 'update': {
      if (!before) throw new Error('An update is undone from the program before it: none given.');
      const inverse: ScheduleOperation = {
        op: 'update',
        channelKey: operation.channelKey,
        programId: operation.programId,
      };
      if (operation.title !== undefined) inverse.title = before.title;
      if (operation.startAt !== undefined) inverse.startAt = before.startAt;
      if (operation.uploadFileKeys !== undefined)
        inverse.uploadFileKeys = before.media.map((item) => item.uploadFileKey);
      if (operation.waitMediaContentKey !== undefined)
        inverse.waitMediaContentKey = before.waitMediaContentKey;
      return inverse;
    }
  }
}

/** The program id an operation acts on, or null for a create. */
export function targetId(operation: ScheduleOperation): number | null {
  return operation.op === 'create' ? null : operation.programId;
}

/** Two stacks of edits; at most `limit` entries are kept for undo. */
export class History {
  #undo: HistoryEntry[] = [];
  #redo: HistoryEntry[] = [];
  readonly #limit: number;

  constructor(limit = 100) {
    this.#limit = limit;
  }

  /** Records a new edit; it clears what could be redone. */
  record(entry: HistoryEntry): void {
    this.#undo.push(entry);
    if (this.#undo.length > this.#limit) this.#undo.shift();
    this.#redo = [];
  }

  /** The edit undo would revert, or null. */
  peekUndo(): HistoryEntry | null {
    return this.#undo.at(-1) ?? null;
  }

  /** The edit redo would repeat, or null. */
  peekRedo(): HistoryEntry | null {
    return this.#redo.at(-1) ?? null;
  }

  /** Moves the last edit to the redo stack once its inverse was applied. */
  undone(): void {
    const entry = this.#undo.pop();
    if (entry) this.#redo.push(entry);
  }

  /** Moves the last undone edit back once it was applied again. */
  redone(): void {
    const entry = this.#redo.pop();
    if (entry) this.#undo.push(entry);
  }

  /**
   * A program was created again under a new id (undo of a delete, redo of a create): every
   * kept operation naming `fromId` now names `toId`.
   */
  remap(fromId: number, toId: number): void {
    const fix = (operation: ScheduleOperation): ScheduleOperation =>
      operation.op !== 'create' && operation.programId === fromId
        ? { ...operation, programId: toId }
        : operation;
    const fixEntry = (entry: HistoryEntry): HistoryEntry => ({
      ...entry,
      forward: fix(entry.forward),
      inverse: fix(entry.inverse),
    });
    this.#undo = this.#undo.map(fixEntry);
    this.#redo = this.#redo.map(fixEntry);
  }

  /** Forgets everything (another workspace, or the platform refused an undo). */
  clear(): void {
    this.#undo = [];
    this.#redo = [];
  }

  get canUndo(): boolean {
    return this.#undo.length > 0;
  }

  get canRedo(): boolean {
    return this.#redo.length > 0;
  }
}
