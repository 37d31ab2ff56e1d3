/**
 * The schedule timeline's main-process side: scheduled channels, their programs, the program
 * media library and waiting screens, single edits and batches. Reads and the
 * operator's on-screen edits run at `view` priority, batches at `bulk`, every call through the
 * account's scheduler (docs/dev/architecture.md, "The API budget"). Methods throw {@link PlatformError}
 * on a refusal, with the platform's message (422 for an overlap, a start in the past, unknown or
 * empty media, an unknown waiting screen; 403 without super administrator).
 */
import type { MessageKey, MessageRef } from '../../shared/i18n/message';
import { say } from '../../shared/i18n/say';
import { PlatformError } from '../../platform/errors';
import type { Priority } from '../../platform/scheduler';
import type {
  BatchPlan,
  Fresh,
  Program,
  ProgramMedia,
  ProgramRead,
  ScheduleOperation,
  WaitingScreen,
} from '../../shared/model';
import { ProgramApi } from './schedule-api';
import { toProgram, toProgramForm, toProgramMedia, toWaitingScreen } from './schedule-mappers';
import type { AccountContext } from '../core/account-context';
import type { BatchBoard } from '../core/batch-board';
import { dayStart, utcDay } from '../../shared/utc-day';
import { planCopyDay, planFill } from './schedule-plans';

export interface ScheduleServiceOptions {
  /**
   * The workspace's accounts: the live client and scheduler the programs are read and edited
   * through, the service account key, the clock (epoch ms UTC) and the log unexpected batch
   * failures are written to.
   */
  account: AccountContext;
  /** The session's batches (core/batch-board.ts): runs them and publishes their progress. */
  batches: BatchBoard;
}

/** Reads and edits of scheduled channels' programs. */
export class ScheduleService {
  private readonly options: ScheduleServiceOptions;
  private readonly api: ProgramApi;
  private readonly now: () => number;
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly batches = new AbortController();

  constructor(options: ScheduleServiceOptions) {
    this.options = options;
    const { account } = options;
    this.api = new ProgramApi(account.live, account.liveScheduler, account.serviceAccountKey);
    this.now = () => account.clock.now();
  }

  /**
   * Programs of one channel overlapping `[from, to)` (ISO-8601), ordered by start, stamped
   * with the time main received them (listChannelPrograms' `start_date`/`end_date` keep the
   * programs overlapping the range). @throws PlatformError `invalid-input` when `to` is not
   * after `from`; 422 for a channel that is not scheduled.
   */
  programs(
    channelKey: string,
    from: string,
    to: string,
    priority: Priority = 'view',
  ): Promise<Fresh<Program[]>> {
    const fromMs = Date.parse(from);
    const toMs = Date.parse(to);
    if (!(toMs > fromMs)) {
      return Promise.reject(invalid(say('errors.rangeEndBeforeStart')));
    }
    return this.once(`programs:${channelKey}:${fromMs}:${toMs}:${priority}`, async () => {
      const raw = await this.api.channelPrograms(channelKey, from, to, { priority });
      const data = raw
        .map(toProgram)
        .filter((p) => Date.parse(p.startAt) < toMs && fromMs < Date.parse(p.endAt))
        .sort((a, b) => a.startAt.localeCompare(b.startAt) || a.id - b.id);
      return { data, fetchedAt: this.now() };
    });
  }

  /**
   * Programs of every scheduled channel overlapping `[from, to)` (ISO-8601 UTC), ordered by
   * start then channel, stamped with the time main received them (listPrograms, one read
   * for all channels: the "All channels" agenda). @throws PlatformError `invalid-input`
   * when `to` is not after `from`.
   */
  agenda(from: string, to: string, priority: Priority = 'view'): Promise<Fresh<Program[]>> {
    const fromMs = Date.parse(from);
    const toMs = Date.parse(to);
    if (!(toMs > fromMs)) {
      return Promise.reject(invalid(say('errors.rangeEndBeforeStart')));
    }
    return this.once(`agenda:${fromMs}:${toMs}:${priority}`, async () => {
      const raw = await this.api.allPrograms(from, to, { priority });
      const data = raw
        .map(toProgram)
        .filter((p) => Date.parse(p.startAt) < toMs && fromMs < Date.parse(p.endAt))
        .sort(
          (a, b) =>
            a.startAt.localeCompare(b.startAt) ||
            a.channelKey.localeCompare(b.channelKey) ||
            a.id - b.id,
        );
      return { data, fetchedAt: this.now() };
    });
  }

  /**
   * Deletes an uploaded program media item for good (deleteProgramMediaContent).
   * @throws PlatformError 422 while a program, ended ones included, plays it; 403 without
   * super administrator; 404 when it is already gone.
   */
  deleteMedia(uploadFileKey: string, priority: Priority = 'command'): Promise<null> {
    return this.once(`delete-media:${uploadFileKey}`, async () => {
      await this.api.removeMedia(uploadFileKey, { priority });
      return null;
    });
  }

  /** The program media library (newest first), optionally by part of the title. */
  media(keyword?: string): Promise<ProgramMedia[]> {
    return this.once(`media:${keyword ?? ''}`, async () =>
      (await this.api.media(keyword, { priority: 'view' })).map(toProgramMedia),
    );
  }

  /** Every waiting screen (newest first). */
  waitingScreens(): Promise<WaitingScreen[]> {
    return this.once('waiting-screens', async () =>
      (await this.api.waitingScreens({ priority: 'view' })).map(toWaitingScreen),
    );
  }

  /**
   * Sends one operation as one platform call: createProgram, updateProgram or deleteProgram.
   * The same operation asked twice while the first is under way is sent once; on a 429 the
   * platform is re-read before anything is sent again.
   * @returns the program as the platform now has it; null after a delete.
   */
  apply(operation: ScheduleOperation, priority: Priority = 'view', signal?: AbortSignal) {
    return this.once(`apply:${JSON.stringify(operation)}`, async () => {
      await this.refuseIfChanged(operation, priority);
      return this.sendWithRecheck(operation, priority, signal);
    });
  }

  /**
   * Re-reads the program an update or delete carries as the editor read it (`read`), within a
   * day of its start as read (listChannelPrograms), and refuses with `crossed` when it changed
   * since: another operator's edit is never overwritten silently (services/core/crossing.ts).
   * A program no longer found there was moved more than a day away or deleted since (the spec
   * reads programs by time only, no read by id): that is a change too, said as such; told to
   * overwrite, the edit goes on, and the platform answers 404 if it is gone.
   * @throws PlatformError `crossed` naming the program and the first thing that changed.
   */
  private async refuseIfChanged(operation: ScheduleOperation, priority: Priority): Promise<void> {
    if (operation.op === 'create' || !operation.read) return;
    const { read } = operation;
    const startMs = Date.parse(read.startAt);
    const day = 86_400_000;
    const around = await this.programs(
      operation.channelKey,
      iso(startMs - day),
      iso(startMs + day),
      priority,
    );
    const now = around.data.find((p) => p.id === operation.programId);
    const what = now ? programChange(read, now) : 'pipeline.crossed.changed.movedAway';
    if (!what) return;
    throw new PlatformError({
      code: 'crossed',
      ...say(
        operation.op === 'delete' ? 'pipeline.crossed.programDelete' : 'pipeline.crossed.program',
        {
          title: read.title,
          what: { key: what },
        },
      ),
    });
  }

  /**
   * Plans copying `fromDay`'s programs (UTC) to `toDay` (two reads: both days).
   * @throws PlatformError `invalid-input` when `toDay` is before today (UTC) or is `fromDay`.
   */
  async planCopyDay(channelKey: string, fromDay: string, toDay: string): Promise<BatchPlan> {
    const today = utcDay(this.now());
    if (toDay === fromDay) throw invalid(say('errors.copySameDay'));
    if (toDay < today) throw invalid(say('errors.copyDayPassed', { day: toDay, today }));
    const range = (day: string, days: number) =>
      this.programs(channelKey, iso(dayStart(day)), iso(dayStart(day) + days * 86_400_000));
    const source = await range(fromDay, 1);
    const existing = await range(toDay, 2);
    return planCopyDay(channelKey, source.data, existing.data, fromDay, toDay, this.now());
  }

  /**
   * Plans filling `[from, to)` back to back with `uploadFileKeys` in order, repeated (reads
   * the media library for durations and the range's programs).
   * @throws PlatformError `invalid-input` for a range that is empty or starts in the past, or
   * a media key the library does not have.
   */
  async planFill(
    channelKey: string,
    from: string,
    to: string,
    uploadFileKeys: string[],
  ): Promise<BatchPlan> {
    const fromMs = Date.parse(from);
    const toMs = Date.parse(to);
    if (!(toMs > fromMs)) throw invalid(say('errors.rangeEndBeforeStart'));
    if (fromMs <= this.now()) throw invalid(say('errors.rangeInPast'));
    const library = new Map((await this.media()).map((m) => [m.uploadFileKey, m]));
    const media = uploadFileKeys.map((key) => {
      const item = library.get(key);
      if (!item) throw invalid(say('errors.noSuchMedia', { key }));
      return item;
    });
    const existing = await this.programs(channelKey, from, to);
    return planFill(channelKey, media, existing.data, fromMs, toMs);
  }

  /**
   * Starts running `plan`'s operations one by one at `bulk` priority and answers at once
   * (core/batch-run.ts: progress after each, stops at the first refusal or when the session
   * ends).
   */
  runBatch(plan: BatchPlan): { batchId: string } {
    return this.options.batches.start({
      operations: plan.operations,
      send: (operation) => this.sendWithRecheck(operation, 'bulk', this.batches.signal),
      log: this.options.account.log,
    });
  }

  /** Stops running batches (their queued calls are cancelled). */
  dispose(): void {
    this.batches.abort(new PlatformError({ code: 'internal', ...say('errors.batchStopped') }));
  }

  /**
   * Sends an operation (docs/dev/architecture.md, "The API budget"). Inside a command the scheduler
   * itself sends a write refused with 429 again for up to 60 s (write-resend.ts: a 429 is a
   * refusal before acting); a 429 that still comes back here is handled once more.
   * Once the scheduler's pause ends: a create is sent again only if the platform has no program of
   * that title at that start; an update or delete (idempotent) is sent again, and a delete
   * the platform no longer knows (404) is done.
   */
  private async sendWithRecheck(
    operation: ScheduleOperation,
    priority: Priority,
    signal?: AbortSignal,
  ): Promise<{ program: Program | null }> {
    try {
      return await this.send(operation, priority, signal);
    } catch (error) {
      if (!(error instanceof PlatformError) || error.error.code !== 'rate-limited') throw error;
    }
    if (operation.op === 'create') {
      const startMs = Date.parse(operation.startAt);
      const around = await this.programs(
        operation.channelKey,
        iso(startMs),
        iso(startMs + 1000),
        priority,
      );
      const made = around.data.find(
        (p) => Date.parse(p.startAt) === startMs && p.title === operation.title,
      );
      if (made) return { program: made };
    }
    try {
      return await this.send(operation, priority, signal);
    } catch (error) {
      const gone = error instanceof PlatformError && error.error.code === 'not-found';
      if (operation.op === 'delete' && gone) return { program: null };
      throw error;
    }
  }

  /** One operation, one platform call. */
  private async send(
    operation: ScheduleOperation,
    priority: Priority,
    signal?: AbortSignal,
  ): Promise<{ program: Program | null }> {
    const call = signal ? { priority, signal } : { priority };
    const { channelKey } = operation;
    switch (operation.op) {
      case 'delete':
        await this.api.remove(channelKey, operation.programId, call);
        return { program: null };
      case 'create':
        return {
          program: toProgram(await this.api.create(channelKey, toProgramForm(operation), call)),
        };
      case 'update': {
        const body = toProgramForm(operation);
        return {
          program: toProgram(await this.api.update(channelKey, operation.programId, body, call)),
        };
      }
    }
  }

  /** Joins a call already under way for the same key instead of sending another. */
  private once<T>(id: string, run: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(id) as Promise<T> | undefined;
    if (running) return running;
    const promise = run().finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, promise);
    return promise;
  }
}

function invalid(said: { message: string; text: MessageRef }): PlatformError {
  return new PlatformError({ code: 'invalid-input', ...said });
}

/**
 * The first thing the editor sees that differs between the program as read and as the platform
 * has it now, as a catalogue key; null when none does. `updated_at` alone does not count: the
 * same window's own edits in a row move it without changing what the operator read, and an
 * overwrite that loses nothing visible is not silent.
 */
function programChange(read: ProgramRead, now: Program): MessageKey | null {
  if (read.title !== now.title) return 'pipeline.crossed.changed.title';
  if (Date.parse(read.startAt) !== Date.parse(now.startAt))
    return 'pipeline.crossed.changed.startAt';
  const media = now.media.map((m) => m.uploadFileKey);
  if (media.join('\n') !== read.uploadFileKeys.join('\n')) return 'pipeline.crossed.changed.media';
  if (read.waitMediaContentKey !== now.waitMediaContentKey)
    return 'pipeline.crossed.changed.waitingScreen';
  return null;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
