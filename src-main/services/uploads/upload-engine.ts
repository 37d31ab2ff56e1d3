/**
 * The upload engine of one workspace (docs/dev/architecture.md, "Uploads and downloads"): the persisted
 * queue, the upload slots (concurrency 1..8, default 3), pause, resume, retry and cancel per file
 * or for all, automatic retries with backoff, the follow-up after the bytes, and the
 * `upload.changed` events (only the files that changed, plus the summary: at once on a state
 * change, at most every {@link UploadTuning.eventSpacingMs} while bytes flow).
 *
 * Nothing leaves the queue except through cancel and then clearFinished. Closing the engine
 * (workspace switch, app quit) stops the sending without changing their state: the next
 * engine on the same data folder resumes them (tus from the server's offset, multipart from
 * the beginning with a new one-time URL, each saying so in its note).
 *
 * What becomes of a file once started (its sending, follow-up, retries, the state it ends in)
 * is upload-course.ts; this file holds the queue and answers the operator's actions on it.
 */
import { m, setNote } from './problem-words';
import type {
  EnqueueResult,
  UploadChange,
  UploadSnapshot,
  UploadSummary,
  UploadTarget,
} from '../../shared/uploads';
import { intake } from './upload-intake';
import { UploadCourse } from './upload-course';
import { tusTerminate } from './tus-send';
import { summarize } from './upload-figures';
import { UploadNotices } from './upload-notices';
import type { Notify } from '../core/notify';
import type { UploadPlatform } from './upload-platform';
import { defaultConcurrency, type UploadRecord } from './upload-record';
import { UploadChangeBatcher, lastUploadChangeSeq } from './upload-changes';
import { UploadQueueStore } from './upload-store';
import { UploadSlots } from './upload-slots';
import { UploadSpeeds } from './upload-speeds';
import { handOver, Handover, type HandedUpload } from './upload-handover';
import { defaultTuning, type UploadTuning } from './upload-tuning';

/** What an engine is opened with: its workspace's queue, platform calls and outlets. */
export interface UploadEngineOptions {
  /** The app's data folder: the queue lives in `uploads-<workspaceId>.json`. */
  dataDir: string;
  workspaceId: string;
  platform: UploadPlatform;
  /** Receives `upload.changed` payloads. */
  onChange: (change: UploadChange) => void;
  /** Pushes an `app.notice`. */
  notify: Notify;
  /** The log (file paths may appear; URLs never do). */
  log: (message: string) => void;
  tuning?: Partial<UploadTuning>;
}

/** One workspace's upload queue at work. */
export class UploadEngine {
  readonly #records = new Map<string, UploadRecord>();
  readonly #slots: UploadSlots;
  readonly #speeds = new UploadSpeeds();
  readonly #options: UploadEngineOptions;
  readonly #tuning: UploadTuning;
  readonly #store: UploadQueueStore;
  readonly #notices: UploadNotices;
  /** What becomes of each started file (upload-course.ts). */
  readonly #course: UploadCourse;
  #concurrency = defaultConcurrency;
  #disposed = false;
  readonly #changes: UploadChangeBatcher;
  /** What a studio hub handed over to this desk, its backup (upload-handover.ts). */
  readonly #handover = new Handover();

  private constructor(options: UploadEngineOptions) {
    this.#options = options;
    this.#tuning = { ...defaultTuning, ...options.tuning };
    this.#store = new UploadQueueStore(
      options.dataDir,
      options.workspaceId,
      () => ({ version: 1, concurrency: this.#concurrency, items: [...this.#records.values()] }),
      options.log,
    );
    this.#notices = new UploadNotices(options.notify);
    this.#changes = new UploadChangeBatcher(
      {
        item: (id) => {
          const record = this.#records.get(id);
          return record ? this.#speeds.item(record, Date.now()) : null;
        },
        summary: () => this.#summary(),
      },
      this.#tuning.eventSpacingMs,
      options.onChange,
    );
    this.#course = new UploadCourse({
      platform: options.platform,
      tuning: this.#tuning,
      log: options.log,
      records: () => this.#records.values(),
      store: this.#store,
      changes: this.#changes,
      speeds: this.#speeds,
      notices: this.#notices,
    });
    this.#slots = new UploadSlots({
      records: () => this.#records.values(),
      concurrency: () => this.#concurrency,
      begin: (record, slot) => this.#course.begin(record, slot),
      freed: (id) => this.#speeds.end(id),
    });
  }

  /**
   * Opens the queue of `options.workspaceId` (a damaged file is set aside with a notice) and
   * goes on with it: interrupted uploads resume, processing files are followed again.
   */
  static async open(options: UploadEngineOptions): Promise<UploadEngine> {
    const engine = new UploadEngine(options);
    await engine.#load();
    return engine;
  }

  /** The whole queue, oldest first, its summary, and the number of the last change sent. */
  list(): UploadSnapshot {
    return {
      seq: lastUploadChangeSeq(),
      items: [...this.#records.values()].map((r) => this.#speeds.item(r, Date.now())),
      summary: this.#summary(),
    };
  }

  /**
   * Checks the dropped paths locally (no platform call) and queues the files that pass;
   * refusals come back file by file in the operator's words. The target must be one the
   * workspace can take (a live-only workspace has no VOD, a VOD-only one no live: every file
   * refused, `not-available`).
   */
  async enqueue(paths: string[], target: UploadTarget): Promise<EnqueueResult> {
    const { result, records } = await intake(paths, target, this.#options.platform, () =>
      this.#records.values(),
    );
    for (const record of records) {
      this.#handover.adopt(record, Date.now(), this.#tuning.urlMarginMs);
      this.#records.set(record.id, record);
      this.#course.changed(record);
    }
    if (records.length > 0) this.#pump();
    return result;
  }

  /**
   * The seats' files this desk, a studio hub, is sending (their one-time URLs and tus
   * locations included: for its backup's follow stream only, upload-handover.ts).
   */
  handOver(): HandedUpload[] {
    return handOver(this.#records.values());
  }

  /**
   * Keeps what the studio hub this desk backs up last handed over: a seat's file queued here
   * again goes on with the hub's tus upload from the server's offset (upload-handover.ts).
   */
  offerHandover(uploads: readonly HandedUpload[]): void {
    this.#handover.offer(uploads);
  }

  /** Holds queued, uploading and retrying files; tus keeps its offset. Answers how many. */
  pause(ids?: string[]): { changed: number } {
    return this.#each(ids, (record) => {
      if (!['queued', 'uploading', 'retrying'].includes(record.state)) return false;
      this.#slots.stop(record.id, 'pause', 'paused');
      this.#course.set(record, 'paused', { retryAt: null, problem: null });
      return true;
    });
  }

  /** Queues paused files again. */
  resume(ids?: string[]): { changed: number } {
    const result = this.#each(ids, (record) => {
      if (record.state !== 'paused') return false;
      this.#course.set(record, 'queued');
      return true;
    });
    this.#pump();
    return result;
  }

  /**
   * Tries files that need attention, are waiting to retry, or were cancelled again, now: the
   * automatic retries and the one free URL renewal start over. A file that changed on disk
   * stays stopped (checked again at start).
   */
  retry(ids?: string[]): { changed: number } {
    const result = this.#each(ids, (record) => {
      if (!['needs-attention', 'retrying', 'cancelled'].includes(record.state)) return false;
      record.failures = 0;
      record.urlRenewed = false;
      this.#course.set(record, 'queued', { retryAt: null, problem: null, finishedAt: null });
      return true;
    });
    this.#pump();
    return result;
  }

  /**
   * Cancels files not yet done (processing files are on the platform already and are left
   * alone). A started tus upload is deleted from the upload host, best effort. Cancelled
   * files stay in the list until clearFinished.
   */
  cancel(ids?: string[]): { changed: number } {
    return this.#each(ids, (record) => {
      if (['done', 'cancelled', 'processing'].includes(record.state)) return false;
      this.#slots.stop(record.id, 'cancel', 'cancelled');
      const location = record.location;
      if (location !== null && record.protocol === 'tus') void tusTerminate(location);
      record.url = null;
      record.location = null;
      this.#course.set(record, 'cancelled', {
        retryAt: null,
        problem: null,
        finishedAt: new Date().toISOString(),
      });
      this.#course.settled(record);
      return true;
    });
  }

  /** Removes done and cancelled files from the queue. */
  clearFinished(): { changed: number } {
    let changed = 0;
    for (const record of [...this.#records.values()]) {
      if (record.state !== 'done' && record.state !== 'cancelled') continue;
      this.#records.delete(record.id);
      this.#changes.removed(record.id);
      changed += 1;
    }
    if (changed > 0) this.#store.changed(true);
    return { changed };
  }

  /** Files uploading at once, 1..8 (persisted). Running uploads over a lower value finish. */
  setConcurrency(value: number): UploadSummary {
    this.#concurrency = Math.min(8, Math.max(1, Math.round(value)));
    this.#store.changed(true);
    this.#changes.summaryChanged();
    this.#pump();
    return this.#summary();
  }

  /**
   * Stops every upload's sending and follow-up without changing the files' states, and writes
   * the queue: the next engine on this data folder goes on where this one stopped.
   */
  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#changes.close();
    this.#slots.close();
    this.#course.dispose();
    this.#notices.dispose();
    await this.#slots.settled();
    await this.#store.flush();
    this.#store.dispose();
  }

  /** Where the queue is kept (tests read it). */
  get queueFile(): string {
    return this.#store.path;
  }

  async #load(): Promise<void> {
    const { value, notice, noticeText } = await this.#store.load();
    if (notice) this.#options.notify('warning', { message: notice, text: noticeText });
    this.#concurrency = value.concurrency;
    for (const record of value.items) {
      this.#records.set(record.id, record);
      if (record.state === 'uploading') {
        record.state = 'queued';
        setNote(record, m('uploadNote.restarted'));
      }
    }
    this.#notices.remember(this.#records.values());
    for (const record of this.#records.values())
      if (record.state === 'processing') this.#course.follow(record);
    this.#pump();
  }

  /** Starts queued files (and retrying ones whose time came) while slots are free. */
  #pump(): void {
    if (!this.#disposed) this.#slots.pump();
  }

  #summary(): UploadSummary {
    return summarize(this.#records.values(), this.#concurrency, this.#speeds.total(Date.now()));
  }

  #each(ids: string[] | undefined, apply: (record: UploadRecord) => boolean): { changed: number } {
    const records =
      ids === undefined
        ? [...this.#records.values()]
        : ids.flatMap((id) => this.#records.get(id) ?? []);
    let changed = 0;
    for (const record of records) if (apply(record)) changed += 1;
    return { changed };
  }
}
