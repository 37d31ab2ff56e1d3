/**
 * The editing state of the Schedule view: selection, ghost, questions,
 * and the edits that gestures (`gestures.ts`) and the details panel ask for, each checked
 * for overlaps before anything is sent, then sent, undone and redone as sent-edits.svelte.ts
 * does.
 */
import type { QueryClient } from '@tanstack/svelte-query';
import type { Program, ProgramMedia } from '../../../src-main/shared/model';
import { t } from '../../i18n/i18n.svelte';
import { displayClock } from '../clock.svelte';
import { pxPerMs, snapStart, type Ghost } from './geometry';
import { findOverlap, type ScheduledSpan } from './overlap';
import { clockUtc, dayLabel, isoUtc } from './labels';
import { draftProgram, dropProgram, movedTo, putProgram, withMedia } from './edits';
import { SentEdits } from './sent-edits.svelte';
import type { TimelineViewport } from './viewport.svelte';

/** How close (px) a dragged edge must come to a neighbour's edge to stick to it. */
const edgeTolerancePx = 8;

/** Where a dragged, nudged or dropped program would land, drawn on one channel row. */
export interface RowGhost {
  channelKey: string;
  ghost: Ghost;
}

/** A question asked before a destructive edit (delete, move of a program on air). */
export interface Confirmation {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
}

/** What the editor reads from the page: the query client, the window, the programs shown. */
export interface EditorDeps {
  client: QueryClient;
  viewport: TimelineViewport;
  /** Programs of a channel as currently shown (cached read of the fetch window). */
  programsOf: (channelKey: string) => Program[];
  /** The token is known to be an administrator's: no program edit is sent (live-role). */
  adminOnly: () => boolean;
}

/**
 * Selection, ghost, questions and the edits of the timeline; notices, undo and redo come from
 * {@link SentEdits}. Callbacks handed to components are arrow properties so they can be
 * passed as they are.
 */
export class ScheduleEditor extends SentEdits {
  selected = $state<{ channelKey: string; id: number } | null>(null);
  ghost = $state<RowGhost | null>(null);
  /** The library item being dragged (HTML5 drag and drop), if any. */
  draggingMedia = $state<ProgramMedia | null>(null);
  /** Id of the program that media would be appended to on drop. */
  appendTarget = $state<number | null>(null);
  confirm = $state<Confirmation | null>(null);

  readonly selectedProgram: Program | null = $derived.by(() => {
    const selected = this.selected;
    if (!selected) return null;
    return this.#deps.programsOf(selected.channelKey).find((p) => p.id === selected.id) ?? null;
  });

  readonly #deps: EditorDeps;

  constructor(deps: EditorDeps) {
    super(deps.client);
    this.#deps = deps;
  }

  /** Asks to delete a program; on confirmation sends one delete (undo can put it back). */
  askDelete = (program: Program): void => {
    this.confirm = {
      title: t('editor.deleteTitle', { title: program.title }),
      message: t('editor.deleteMessage', {
        day: dayLabel(Date.parse(program.startAt)),
        time: clockUtc(Date.parse(program.startAt)),
      }),
      confirmLabel: t('editor.deleteConfirm'),
      cancelLabel: t('editor.keepIt'),
      onConfirm: () => {
        this.selected = null;
        void this.send(
          { op: 'delete', channelKey: program.channelKey, programId: program.id },
          program,
          t('editor.deleteLabel', { title: program.title }),
          (list) => dropProgram(list, program.id),
          (list) => putProgram(list, program),
        );
      },
    };
  };

  /** Sets the media (upload file keys, in play order) of a program; refuses an overlap. */
  setMedia = (program: Program, uploadFileKeys: string[], label: string): void => {
    const known = this.draggingMedia ? [...program.media, this.draggingMedia] : program.media;
    const media = uploadFileKeys.flatMap(
      (key) => known.find((item) => item.uploadFileKey === key) ?? [],
    );
    const next = withMedia(program, media);
    const clash = findOverlap(
      { startMs: Date.parse(next.startAt), endMs: Date.parse(next.endAt) },
      this.spansOf(program.channelKey),
      program.id,
    );
    if (clash) {
      this.refuseLocally(
        t('editor.mediaOverlap', {
          title: program.title,
          clash: clash.title,
          time: clockUtc(clash.startMs),
        }),
      );
      return;
    }
    void this.send(
      { op: 'update', channelKey: program.channelKey, programId: program.id, uploadFileKeys },
      program,
      t('editor.mediaLabel', { action: label, title: program.title }),
      (list) => putProgram(list, next),
      (list) => putProgram(list, program),
    );
  };

  /**
   * Sets (a key) or clears (null) the waiting screen shown before a program: one update,
   * undoable like every edit. `title` names the screen in the operator's words.
   */
  setWaitingScreen = (program: Program, key: string | null, title: string | null): void => {
    if (key === program.waitMediaContentKey) return;
    const label =
      key === null
        ? t('editor.clearWaiting', { title: program.title })
        : t('editor.showWaiting', { screen: title ?? key, title: program.title });
    void this.send(
      {
        op: 'update',
        channelKey: program.channelKey,
        programId: program.id,
        waitMediaContentKey: key,
      },
      program,
      label,
      (list) => putProgram(list, { ...program, waitMediaContentKey: key }),
      (list) => putProgram(list, program),
    );
  };

  /** Answers the pending confirmation: runs its action when `yes`, drops the ghost if not. */
  answer = (yes: boolean): void => {
    const action = this.confirm?.onConfirm;
    this.confirm = null;
    if (yes) action?.();
    else this.ghost = null;
  };

  // --- used by the gestures ---

  /**
   * Draws where a program (or media) would land. The same program moving again updates the
   * ghost in place, so only what reads its start and validity (the dragged block) redraws,
   * not every block that checks whether it is the one being dragged.
   */
  showGhost(channelKey: string, ghost: Ghost): void {
    const current = this.ghost;
    if (current?.channelKey === channelKey && current.ghost.programId === ghost.programId) {
      current.ghost.startMs = ghost.startMs;
      current.ghost.durationMs = ghost.durationMs;
      current.ghost.invalid = ghost.invalid;
    } else {
      this.ghost = { channelKey, ghost };
    }
  }

  /**
   * The programs of a channel as spans (UTC ms) for the overlap check; computed once per
   * program list, since a drag asks on every pointer move.
   */
  spansOf(channelKey: string): ScheduledSpan[] {
    const programs = this.#deps.programsOf(channelKey);
    let spans = this.#spans.get(programs);
    if (!spans) {
      spans = programs.map((p) => ({
        id: p.id,
        title: p.title,
        startMs: Date.parse(p.startAt),
        endMs: Date.parse(p.endAt),
      }));
      this.#spans.set(programs, spans);
    }
    return spans;
  }

  readonly #spans = new WeakMap<readonly Program[], ScheduledSpan[]>();

  /** Where a program (or media: `selfId` null) of `durationMs` lands when aimed at `rawMs`. */
  place(channelKey: string, selfId: number | null, rawMs: number, durationMs: number) {
    const { view, snapStep } = this.#deps.viewport;
    const others = this.spansOf(channelKey).filter((span) => span.id !== selfId);
    const start = snapStart(rawMs, durationMs, others, snapStep, edgeTolerancePx / pxPerMs(view));
    const clash = findOverlap({ startMs: start, endMs: start + durationMs }, others, selfId);
    return { startMs: start, clash };
  }

  /** With an administrator's token nothing is dragged, nudged, dropped or sent. */
  get locked(): boolean {
    return this.#deps.adminOnly();
  }

  protected override adminOnly(): boolean {
    return this.#deps.adminOnly();
  }

  /** The edit stands on screen now in place of its ghost. */
  protected override shown(): void {
    this.ghost = null;
  }

  /** Shows a refusal decided here, before anything was sent, and reads the programs again. */
  refuseLocally(text: string): void {
    this.ghost = null;
    this.refusal = text;
    this.done = null;
    void this.refresh();
  }

  /**
   * Moves a program to start at `toMs` (UTC ms): refused locally on overlap, confirmed
   * first when it is on air, nothing when it does not move.
   */
  moveProgram(program: Program, toMs: number): void {
    if (toMs === Date.parse(program.startAt)) {
      this.ghost = null;
      return;
    }
    const { clash } = this.place(program.channelKey, program.id, toMs, program.durationS * 1000);
    if (clash) {
      this.refuseLocally(t('editor.notMoved', { reason: overlapText(program.title, toMs, clash) }));
      return;
    }
    const send = () =>
      void this.send(
        {
          op: 'update',
          channelKey: program.channelKey,
          programId: program.id,
          startAt: isoUtc(toMs),
        },
        program,
        t('editor.moveLabel', { title: program.title, time: clockUtc(toMs) }),
        (list) => putProgram(list, movedTo(program, toMs)),
        (list) => putProgram(list, program),
      );
    if (isOnAir(program, displayClock.now)) {
      this.confirm = {
        title: t('editor.moveOnAirTitle'),
        message: t('editor.moveOnAirMessage', { title: program.title, time: clockUtc(toMs) }),
        confirmLabel: t('editor.moveIt'),
        cancelLabel: t('editor.keepPlaying'),
        onConfirm: send,
      };
    } else send();
  }

  /** Creates a program of one media item aimed at `atMs` (UTC ms, snapped); future only. */
  createFromMedia(channelKey: string, media: ProgramMedia, atMs: number): void {
    const { startMs: start, clash } = this.place(channelKey, null, atMs, media.durationS * 1000);
    if (clash) {
      this.refuseLocally(
        t('editor.notCreated', { reason: overlapText(media.title, start, clash) }),
      );
      return;
    }
    if (start <= Date.now()) {
      this.refuseLocally(t('editor.inThePast', { time: clockUtc(start) }));
      return;
    }
    const operation = {
      op: 'create' as const,
      channelKey,
      title: media.title,
      startAt: isoUtc(start),
      uploadFileKeys: [media.uploadFileKey],
    };
    const draft = draftProgram(operation, [media], -Date.now());
    void this.send(
      operation,
      null,
      t('editor.createLabel', { title: media.title, time: clockUtc(start) }),
      (list) => putProgram(list, draft),
      (list) => dropProgram(list, draft.id),
    );
  }
}

function isOnAir(program: Program, now: number): boolean {
  return (
    program.status === 'onair' ||
    (Date.parse(program.startAt) <= now && now < Date.parse(program.endAt))
  );
}

function overlapText(
  what: string,
  startAt: number,
  clash: { title: string; startMs: number; endMs: number },
): string {
  return t('editor.overlap', {
    title: what,
    time: clockUtc(startAt),
    clash: clash.title,
    from: clockUtc(clash.startMs),
    to: clockUtc(clash.endMs),
  });
}
