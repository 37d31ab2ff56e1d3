/**
 * How pointer, keyboard and library drags on the Schedule timeline become edits: a
 * program is dragged (pointer events, snapped) or nudged (arrow keys, sent after a quiet
 * time); media dropped on a row creates a program, on a program appends to it. The ghost
 * shows where it would land; the edits themselves are sent by `ScheduleEditor`.
 */
import type { Program } from '../../../src-main/shared/model';
import { displayClock } from '../clock.svelte';
import { t } from '../../i18n/i18n.svelte';
import { pxPerMs, snapToStep } from './geometry';
import { findOverlap } from './overlap';
import type { ScheduleEditor } from './editor.svelte';
import type { TimelineViewport } from './viewport.svelte';

/** Quiet time (ms) after the last arrow key before a nudge is sent. */
const nudgeDebounceMs = 600;

/**
 * Event handlers of the timeline, as arrow properties so components take them as they are.
 * Reactive state (selection, ghost, dragged media) lives on the editor.
 */
export class TimelineGestures {
  /** Pointer bookkeeping of a drag: not reactive, only the ghost is drawn. */
  #pointerDrag: { programId: number; pointerId: number; originX: number; moved: boolean } | null =
    null;
  #nudgeTimer: ReturnType<typeof setTimeout> | undefined;
  #pointerFocus = false;
  readonly #editor: ScheduleEditor;
  readonly #viewport: TimelineViewport;

  constructor(editor: ScheduleEditor, viewport: TimelineViewport) {
    this.#editor = editor;
    this.#viewport = viewport;
  }

  /**
   * Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z and Ctrl/Cmd+Y redo (not inside fields or dialogs).
   * Matched by physical key (`KeyboardEvent.code`), as every shortcut is (architecture.md,
   * Shortcuts): in Hangul input mode the Z key gives `ㅋ`, and undo must still work.
   */
  onWindowKey = (event: KeyboardEvent): void => {
    const action = undoRedoFor(event);
    if (action === null) return;
    event.preventDefault();
    void this.#editor.replay(action);
  };

  /** Pointer down selects and starts a drag; move draws the ghost; up sends the move. */
  onProgramPointer = (program: Program, event: PointerEvent): void => {
    if (event.type === 'pointerdown') {
      if (event.button !== 0) return;
      // Focus follows this pointerdown: do not pan (see onProgramFocus).
      this.#pointerFocus = true;
      setTimeout(() => (this.#pointerFocus = false), 0);
      this.#editor.selected = { channelKey: program.channelKey, id: program.id };
      // A move needs the super administrator's role: with an administrator's, no drag starts.
      if (program.id < 0 || this.#editor.locked) return;
      (event.currentTarget as Element).setPointerCapture(event.pointerId);
      this.#pointerDrag = {
        programId: program.id,
        pointerId: event.pointerId,
        originX: event.clientX,
        moved: false,
      };
      return;
    }
    const drag = this.#pointerDrag;
    if (!drag || drag.pointerId !== event.pointerId || drag.programId !== program.id) return;
    const dx = event.clientX - drag.originX;
    if (event.type === 'pointermove') {
      if (!drag.moved && Math.abs(dx) < 4) return;
      drag.moved = true;
      const raw = Date.parse(program.startAt) + dx / pxPerMs(this.#viewport.view);
      const durationMs = program.durationS * 1000;
      const { startMs: at, clash } = this.#editor.place(
        program.channelKey,
        program.id,
        raw,
        durationMs,
      );
      this.#editor.showGhost(program.channelKey, {
        programId: program.id,
        startMs: at,
        durationMs,
        invalid: clash !== null,
      });
      return;
    }
    this.#pointerDrag = null;
    const ghost = this.#editor.ghost;
    const landed = ghost?.ghost.programId === program.id ? ghost.ghost.startMs : null;
    if (event.type === 'pointercancel' || !drag.moved || landed === null) {
      this.#editor.ghost = null;
      return;
    }
    this.#editor.moveProgram(program, landed);
  };

  /** Arrows nudge by the snap step (sent after a quiet time); Delete asks; Escape cancels. */
  onProgramKey = (program: Program, event: KeyboardEvent): void => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      if (program.id < 0 || this.#editor.locked) return;
      this.#editor.selected = { channelKey: program.channelKey, id: program.id };
      const snapStep = this.#viewport.snapStep;
      const stepMs = snapStep * 60_000;
      const ghost = this.#editor.ghost;
      const current =
        ghost?.ghost.programId === program.id ? ghost.ghost.startMs : Date.parse(program.startAt);
      const target = snapToStep(current + (event.key === 'ArrowLeft' ? -stepMs : stepMs), snapStep);
      const clash = findOverlap(
        { startMs: target, endMs: target + program.durationS * 1000 },
        this.#editor.spansOf(program.channelKey),
        program.id,
      );
      this.#editor.showGhost(program.channelKey, {
        programId: program.id,
        startMs: target,
        durationMs: program.durationS * 1000,
        invalid: clash !== null,
      });
      clearTimeout(this.#nudgeTimer);
      this.#nudgeTimer = setTimeout(
        () => this.#editor.moveProgram(program, target),
        nudgeDebounceMs,
      );
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      if (this.#editor.locked) return;
      this.#editor.selected = { channelKey: program.channelKey, id: program.id };
      this.#editor.askDelete(program);
    } else if (event.key === 'Escape' && this.#editor.ghost) {
      clearTimeout(this.#nudgeTimer);
      this.#editor.ghost = null;
    }
  };

  /**
   * Tabbing to a program whose start is off screen brings it into view. Not on a click:
   * the block must stay under the pointer that is about to drag it.
   */
  onProgramFocus = (program: Program): void => {
    if (this.#pointerFocus) return;
    this.#viewport.reveal(Date.parse(program.startAt));
  };

  /** Media dragged over a row at `ms` (null: off the free area): draws where it would land. */
  onMediaOver = (channelKey: string, ms: number | null, event: DragEvent): boolean => {
    this.#editor.appendTarget = null;
    const media = this.#editor.draggingMedia;
    if (!media || this.#editor.locked) return false;
    if (ms === null) {
      if (
        this.#editor.ghost?.channelKey === channelKey &&
        this.#editor.ghost.ghost.programId === null
      )
        this.#editor.ghost = null;
      return false;
    }
    const durationMs = media.durationS * 1000;
    const { startMs: at, clash } = this.#editor.place(channelKey, null, ms, durationMs);
    this.#editor.showGhost(channelKey, {
      programId: null,
      startMs: at,
      durationMs,
      invalid: clash !== null || at <= displayClock.now,
    });
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    return true;
  };

  /** Media dropped on a row at `ms`: creates a program there. */
  onMediaDrop = (channelKey: string, ms: number): void => {
    const media = this.#editor.draggingMedia;
    this.#editor.draggingMedia = null;
    this.#editor.ghost = null;
    if (media) this.#editor.createFromMedia(channelKey, media, ms);
  };

  /** Media dragged over a program: marks it as the append target. */
  onMediaOverProgram = (program: Program, event: DragEvent): boolean => {
    if (!this.#editor.draggingMedia || this.#editor.locked) return false;
    if (this.#editor.ghost?.ghost.programId === null) this.#editor.ghost = null;
    this.#editor.appendTarget = program.id;
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    return true;
  };

  /** Media dropped on a program: appends it, unless the program has started. */
  onMediaDropOnProgram = (program: Program): void => {
    const media = this.#editor.draggingMedia;
    this.#editor.appendTarget = null;
    if (!media) return;
    if (program.status !== 'scheduled' || program.id < 0) {
      this.#editor.draggingMedia = null;
      this.#editor.refuseLocally(t('editor.hasStarted', { title: program.title }));
      return;
    }
    this.#editor.setMedia(
      program,
      [...program.media.map((item) => item.uploadFileKey), media.uploadFileKey],
      t('editor.appendLabel', { title: media.title }),
    );
    this.#editor.draggingMedia = null;
  };

  /** The library drag ended (dropped or not): forgets the media and its ghost. */
  onMediaDragEnd = (): void => {
    this.#editor.draggingMedia = null;
    this.#editor.appendTarget = null;
    if (this.#editor.ghost?.ghost.programId === null) this.#editor.ghost = null;
  };
}

/**
 * What a window key event asks of the schedule's history: `'Undo'` for Ctrl/Cmd+Z,
 * `'Redo'` for Ctrl/Cmd+Shift+Z or Ctrl/Cmd+Y, `null` for anything else and
 * for keys typed in a field or an open dialog. Reads the physical key (`code`), never the
 * character, so the layout and the input method (Hangul `ㅋ` on Z) change nothing.
 */
export function undoRedoFor(event: KeyboardEvent): 'Undo' | 'Redo' | null {
  const target = event.target as Element | null;
  if (target instanceof Element && target.closest('input, select, textarea, dialog')) return null;
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  if (event.code === 'KeyZ') return event.shiftKey ? 'Redo' : 'Undo';
  if (event.code === 'KeyY') return 'Redo';
  return null;
}
