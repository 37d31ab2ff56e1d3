/**
 * What happens after the last byte (the follow-up): VOD content is followed
 * through transcoding with `GET /media-contents/{upload_file_key}/progress` until stage 21
 * (done); program media and waiting screens until they appear in their lists (observed: a
 * finished upload becomes content a moment later, so a few checks with growing gaps).
 *
 * Budget: these are API calls at `watch` priority. One call at a time: VOD progress at most
 * once per {@link FollowUpTuning.transcodingPollMs} per file (the platform refreshes it every
 * 10 s, docs/dev/architecture.md, "Uploads and downloads") and at most one call per
 * `transcodingSpacingMs` over all files, so one-time URLs (`bulk`, the same VOD budget) still get
 * every other slot; one list call confirms every waiting file of its kind. We chose the API's
 * `/progress` over the no-auth `progress_url`: the latter reports bytes received by the upload host
 * (observed, "One-time upload URLs"), not transcoding.
 */
import type { MessageRef } from '../../shared/i18n/message';
import { m, problem } from './problem-words';
import { PlatformError } from '../../platform/errors';
import type { UploadProblem } from '../../shared/uploads';
import type { UploadPlatform } from './upload-platform';
import type { UploadRecord } from './upload-record';

export interface FollowUpTuning {
  /** How often the follow-up looks for due checks, ms. Default 1000. */
  tickMs: number;
  /** Least time between two progress calls of one VOD file, ms. Default 10 000. */
  transcodingPollMs: number;
  /** Least time between two VOD progress calls over all files, ms. Default 2000. */
  transcodingSpacingMs: number;
  /** First gap between list checks, ms (doubles, at most 30 s). Default 2000. */
  listCheckMs: number;
  /** Checks before a file that never shows up stops for the operator. Default 8 (lists), ×4 for VOD. */
  maxChecks: number;
}

export const defaultFollowUpTuning: FollowUpTuning = {
  tickMs: 1000,
  transcodingPollMs: 10_000,
  transcodingSpacingMs: 2000,
  listCheckMs: 2000,
  maxChecks: 8,
};

/** Where the follow-up reports to the engine. */
export interface FollowUpHooks {
  /** The files in state `processing`. */
  processing: () => UploadRecord[];
  onPercent: (record: UploadRecord, percent: number) => void;
  onDone: (record: UploadRecord) => void;
  onAttention: (record: UploadRecord, problem: UploadProblem) => void;
  log: (message: string) => void;
}

interface CheckState {
  nextAtMs: number;
  checks: number;
}

/** Follows processing files until done; one loop per engine. */
export class FollowUp {
  readonly #platform: UploadPlatform;
  readonly #hooks: FollowUpHooks;
  readonly #tuning: FollowUpTuning;
  readonly #checks = new Map<string, CheckState>();
  readonly #controller = new AbortController();
  #timer: ReturnType<typeof setTimeout> | null = null;
  #busy = false;
  #lastVodCallMs = 0;

  constructor(platform: UploadPlatform, hooks: FollowUpHooks, tuning: FollowUpTuning) {
    this.#platform = platform;
    this.#hooks = hooks;
    this.#tuning = tuning;
  }

  /** A file entered `processing` (again): its checks start over. */
  start(record: UploadRecord): void {
    this.#checks.set(record.id, { nextAtMs: Date.now(), checks: 0 });
    this.#arm(0);
  }

  /** Stops the loop and cancels a call in flight. */
  dispose(): void {
    this.#controller.abort(new Error('upload engine closed'));
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #arm(delayMs: number): void {
    if (this.#timer !== null || this.#controller.signal.aborted) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#tick();
    }, delayMs);
  }

  async #tick(): Promise<void> {
    if (this.#busy) return;
    this.#busy = true;
    try {
      const waiting = this.#hooks.processing();
      if (waiting.length === 0) return;
      const now = Date.now();
      const due = waiting.filter((r) => this.#state(r).nextAtMs <= now);
      for (const kind of ['program-media', 'waiting-screen'] as const) {
        const ofKind = due.filter((r) => r.kind === kind);
        if (ofKind.length > 0) await this.#checkListed(kind, ofKind);
      }
      const vod = due
        .filter((r) => r.kind === 'vod')
        .sort((a, b) => this.#state(a).nextAtMs - this.#state(b).nextAtMs)[0];
      if (vod !== undefined && now - this.#lastVodCallMs >= this.#tuning.transcodingSpacingMs) {
        this.#lastVodCallMs = now;
        await this.#checkTranscoding(vod);
      }
    } catch (error) {
      if (!this.#controller.signal.aborted) this.#hooks.log(`upload follow-up: ${String(error)}`);
    } finally {
      this.#busy = false;
      if (this.#hooks.processing().length > 0) this.#arm(this.#tuning.tickMs);
    }
  }

  async #checkListed(kind: 'program-media' | 'waiting-screen', due: UploadRecord[]) {
    let keys: Set<string>;
    try {
      keys = await this.#platform.listedKeys(kind, this.#controller.signal);
    } catch (error) {
      if (this.#controller.signal.aborted) return;
      for (const record of due) this.#notYet(record, error, this.#tuning.maxChecks);
      return;
    }
    for (const record of due) {
      if (record.url !== null && keys.has(record.url.uploadFileKey)) this.#finish(record);
      else this.#notYet(record, null, this.#tuning.maxChecks);
    }
  }

  async #checkTranscoding(record: UploadRecord) {
    const key = record.url?.uploadFileKey;
    if (key === undefined) return;
    const state = this.#state(record);
    try {
      const { percent, done } = await this.#platform.transcoding(key, this.#controller.signal);
      if (done) return this.#finish(record);
      state.checks = 0;
      state.nextAtMs = Date.now() + this.#tuning.transcodingPollMs;
      this.#hooks.onPercent(record, percent);
    } catch (error) {
      if (this.#controller.signal.aborted) return;
      // 404 right after the upload: the content is not there yet (observed).
      this.#notYet(record, error, this.#tuning.maxChecks * 4);
    }
  }

  #state(record: UploadRecord): CheckState {
    let state = this.#checks.get(record.id);
    if (state === undefined) {
      state = { nextAtMs: 0, checks: 0 };
      this.#checks.set(record.id, state);
    }
    return state;
  }

  #finish(record: UploadRecord): void {
    this.#checks.delete(record.id);
    this.#hooks.onDone(record);
  }

  #notYet(record: UploadRecord, error: unknown, maxChecks: number): void {
    const state = this.#state(record);
    state.checks += 1;
    const gap = Math.min(30_000, this.#tuning.listCheckMs * 2 ** (state.checks - 1));
    state.nextAtMs =
      Date.now() + Math.max(gap, record.kind === 'vod' ? this.#tuning.transcodingPollMs : 0);
    if (state.checks < maxChecks) return;
    this.#checks.delete(record.id);
    // The platform's own message stays as it wrote it.
    const said: MessageRef | string =
      error instanceof PlatformError
        ? {
            key: 'uploadProblem.platformSaid',
            params: { message: error.error.text ?? error.message },
          }
        : '';
    this.#hooks.onAttention(
      record,
      problem(
        'platform',
        m(
          record.kind === 'vod'
            ? 'uploadProblem.transcodingLost'
            : record.kind === 'program-media'
              ? 'uploadProblem.notListedMedia'
              : 'uploadProblem.notListedWaiting',
          { said },
        ),
        m('uploadNext.lookLater'),
      ),
    );
  }
}
