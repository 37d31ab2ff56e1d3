/**
 * Bulk authoring in the Schedule view: a "Copy day…" or
 * "Fill range…" request is planned in main, previewed here (nothing sent yet), then run as a
 * batch in main at `bulk` priority. Progress is followed as every batch's (lib/batch-follow.ts);
 * each operation the platform accepted is drawn on the timeline at once (a placeholder until
 * the programs are read again at the end), so the timeline fills as the batch goes.
 */
import type { QueryClient } from '@tanstack/svelte-query';
import type {
  BatchPlan,
  BatchProgress,
  Fresh,
  Program,
  ProgramMedia,
  ScheduleOperation,
} from '../../../src-main/shared/model';
import { errorText } from '../bridge';
import { followBatch } from '../batch-follow';
import { keys } from '../queries/keys';
import { runBatch } from '../queries/schedule';
import { draftProgram, putProgram } from './edits';

/** Which bulk request the dialog is making. */
export type BulkKind = 'copy-day' | 'fill';

/**
 * Where a bulk request stands: asking (form), waiting for the plan, showing the preview,
 * running in main, or finished (with its result).
 */
export type BulkPhase = 'form' | 'planning' | 'preview' | 'running' | 'finished';

/** The state of one bulk request, from the form to its result. */
export class BatchSession {
  /** The request being made; null: no dialog and no batch. */
  kind = $state<BulkKind | null>(null);
  phase = $state<BulkPhase>('form');
  /** The plan main answered, shown in the preview and then run. */
  plan = $state<BatchPlan | null>(null);
  /** Why the last plan could not be made, in main's words. */
  planError = $state<string | null>(null);
  /** The latest progress of the running or finished batch. */
  progress = $state<BatchProgress | null>(null);
  /** Epoch ms the batch started and finished (for the result line). */
  startedAt = $state<number | null>(null);
  finishedAt = $state<number | null>(null);

  readonly #client: QueryClient;
  /** Stops following the running batch; a no-op when none runs. */
  #unfollow: () => void = () => undefined;
  /** Operations drawn on the timeline so far. */
  #drawn = 0;
  #drafts = 0;

  constructor(client: QueryClient) {
    this.#client = client;
  }

  /** True while a dialog step is shown (form, planning, preview). */
  get dialogOpen(): boolean {
    return this.kind !== null && ['form', 'planning', 'preview'].includes(this.phase);
  }

  /** Opens the dialog for a new request, unless a batch is running. */
  open = (kind: BulkKind): void => {
    if (this.phase === 'running') return;
    this.kind = kind;
    this.phase = 'form';
    this.plan = null;
    this.planError = null;
    this.progress = null;
  };

  /** Closes the dialog or the finished result; a running batch keeps running. */
  close = (): void => {
    if (this.phase === 'running') return;
    this.kind = null;
    this.phase = 'form';
    this.plan = null;
  };

  /** Back from the preview to the form, to change the request. */
  back = (): void => {
    if (this.phase === 'preview') this.phase = 'form';
  };

  /** Asks main for the plan; on success shows the preview, else says why. */
  preview = async (ask: () => Promise<BatchPlan>): Promise<void> => {
    this.phase = 'planning';
    this.planError = null;
    try {
      this.plan = await ask();
      this.phase = 'preview';
    } catch (error) {
      this.planError = errorText(error);
      this.phase = 'form';
    }
  };

  /** Sends the previewed plan to run; progress follows as events. */
  run = async (): Promise<void> => {
    const plan = this.plan;
    if (!plan || plan.operations.length === 0 || this.phase !== 'preview') return;
    this.phase = 'running';
    this.progress = {
      batchId: '',
      done: 0,
      total: plan.calls,
      failed: 0,
      lastError: null,
      finished: false,
    };
    this.startedAt = Date.now();
    this.finishedAt = null;
    this.#drawn = 0;
    try {
      const { batchId } = await runBatch(plan);
      this.#unfollow = followBatch(batchId, this.onProgress);
    } catch (error) {
      this.progress = { ...this.progress, failed: 1, lastError: errorText(error), finished: true };
      this.phase = 'finished';
      this.finishedAt = Date.now();
    }
  };

  /** The function that stops following the running batch (the view that shows it closes). */
  listen(): () => void {
    return () => this.#unfollow();
  }

  /** Takes one step of the running batch. */
  onProgress = (progress: BatchProgress): void => {
    if (this.phase !== 'running') return;
    this.progress = progress;
    this.#drawAccepted(progress.done);
    if (progress.finished) {
      this.phase = 'finished';
      this.finishedAt = Date.now();
      void this.#client.invalidateQueries({ queryKey: keys.schedulePrograms() });
    }
  };

  /** The operation being sent now (or the one refused), or null. */
  get current(): ScheduleOperation | null {
    const { plan, progress } = this;
    if (!plan || !progress) return null;
    return plan.operations[progress.done] ?? null;
  }

  /** Draws the operations the platform accepted since the last event (creates only). */
  #drawAccepted(done: number): void {
    const operations = this.plan?.operations ?? [];
    const media = this.#knownMedia();
    for (; this.#drawn < Math.min(done, operations.length); this.#drawn += 1) {
      const operation = operations[this.#drawn];
      if (operation?.op !== 'create') continue;
      const items = operation.uploadFileKeys.flatMap((key) => media[key] ?? []);
      if (items.length !== operation.uploadFileKeys.length) continue;
      this.#drafts += 1;
      const draft = draftProgram(operation, items, -1_000_000_000 - this.#drafts);
      this.#client.setQueriesData<Fresh<Program[]>>(
        { queryKey: [...keys.schedulePrograms(), operation.channelKey] },
        (old) => (old ? { ...old, data: putProgram(old.data, draft) } : old),
      );
    }
  }

  /** Every program media item the library queries have read, by upload file key. */
  #knownMedia(): Record<string, ProgramMedia> {
    const known: Record<string, ProgramMedia> = {};
    for (const [, list] of this.#client.getQueriesData<ProgramMedia[]>({
      queryKey: ['program-media'],
    })) {
      for (const item of list ?? []) known[item.uploadFileKey] = item;
    }
    return known;
  }
}
