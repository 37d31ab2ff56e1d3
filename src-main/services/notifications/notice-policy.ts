/**
 * The notice policy: decides WHAT the operator is told by an OS notification, from what main
 * observes (watched broadcasts, the commands this seat ran, token refusals, the schedulers'
 * budget state, the upload and download lists). Pure: no timer, no I/O; every observation
 * carries its time on the injected clock (epoch ms UTC), so tests run at fixed virtual times.
 * The host shows what it answers (src-main/hosts/os-notifications.ts in the desktop app, the
 * renderer's web Notification in the browser host).
 *
 * Rules:
 * - never the operator's own action: a recording stopped by this seat's `broadcast.stopRecording`
 *   (run within {@link ownActionWindowMs} before the watch saw it stop, and not refused: a stop
 *   the platform refused stopped nothing, so a stop seen after it is someone else's), a
 *   cancelled transfer;
 * - each kind can be turned off (`switches()`, settings.json);
 * - a broadcast that went off air gives one notice (its recording stopping with it, none more);
 * - every watched broadcast counts: the focused one's reads, and the Multiview's on-air list,
 *   where a broadcast that leaves a complete list went off air;
 * - a view opened again on a broadcast last seen more than {@link sightingForgottenMs} before
 *   (its watch subscribed again, or the view's own read) starts from what it sees now: what
 *   happened while nothing watched it is old news, not an event (an outage keeps the watch,
 *   so what went off air meanwhile is still told when the platform answers again).
 */
import type { Broadcast } from '../../shared/model';
import type { UploadItem } from '../../shared/uploads';
import type { Download } from '../../shared/downloads-model';
import type { OsNotice, OsNoticeKind, OsNoticeSwitches } from '../../shared/notifications';
import type { MessageRef } from '../../shared/i18n/message';

/** A stop command of this seat explains a recording stop seen this long after it, ms. */
export const ownActionWindowMs = 60_000;

/**
 * A broadcast's last sighting older than this when a view opens on it again is forgotten, ms:
 * longer than any watched broadcast's read interval, widened ×3 under a lowered budget
 * (control-room/watch-plan.ts: background 30 s, `maxYieldFactor` 3).
 */
export const sightingForgottenMs = 180_000;

/** A platform pause (429, docs/dev/architecture.md, The API budget) longer than this is told, ms. */
export const budgetPauseNoticeMs = 10_000;

/** What the policy is told. Times are epoch ms UTC on the injected clock. */
export type Observation =
  /** A watched broadcast as read (a poll or a command's answer). */
  | { kind: 'broadcast'; at: number; broadcast: Broadcast }
  /**
   * The Multiview's list of every on-air broadcast (watch `multiview`); `complete` when the
   * platform's first page held them all (a broadcast missing from it then left the air).
   */
  | { kind: 'onAirList'; at: number; broadcasts: readonly Broadcast[]; complete: boolean }
  /** A command this app's pipeline ran (`seat` null: this workstation's operator). */
  | {
      kind: 'command';
      at: number;
      command: string;
      seat: string | null;
      target: Record<string, unknown>;
    }
  /**
   * That command settled (`ranAt`: its `command` observation's time): a stop `refused` did
   * not stop, so it explains no stop seen later; `unknown` (sent, no answer) may have.
   */
  | {
      kind: 'commandSettled';
      at: number;
      ranAt: number;
      command: string;
      seat: string | null;
      target: Record<string, unknown>;
      outcome: 'ok' | 'refused' | 'unknown';
    }
  /** The platform refused the workspace's token for `api` (401). */
  | { kind: 'tokenRefused'; at: number; api: 'live' | 'vod'; workspace: string }
  /**
   * A stored token passed a warning threshold (services/app/workstation.ts tells each one once):
   * `body` says which account, when, and the workspaces it breaks.
   */
  | { kind: 'tokenExpiring'; at: number; threshold: 7 | 1 | 0; body: MessageRef }
  /** A scheduler's state: `rateLimitedUntil` is the end of a 429 pause, or null. */
  | { kind: 'budget'; at: number; api: string; rateLimitedUntil: number | null }
  /** Upload items that changed. */
  | { kind: 'uploads'; at: number; items: readonly Pick<UploadItem, 'id' | 'batchId' | 'state'>[] }
  /** The whole download list after a change. */
  | { kind: 'downloads'; at: number; items: readonly Pick<Download, 'id' | 'state'>[] };

/** What the policy needs besides observations. */
export interface NoticePolicyOptions {
  /** Which kinds are on now (read at each decision: a switch takes effect at once). */
  switches: () => OsNoticeSwitches;
}

const uploadActive = new Set(['queued', 'uploading', 'processing', 'paused', 'retrying']);
const downloadActive = new Set(['queued', 'downloading', 'paused']);

/** The notice policy of one run of main (one per core; it outlives workspace switches). */
export class NoticePolicy {
  readonly #switches: () => OsNoticeSwitches;
  #count = 0;
  /** The last broadcast state seen, per broadcast key, with when and what to name it by. */
  readonly #broadcasts = new Map<
    string,
    { onAir: boolean; recording: boolean; at: number; title: string; channelKey: string }
  >();
  /** The keys of the last complete on-air list (null: none yet, or the last was cut short). */
  #onAirList: Set<string> | null = null;
  /** When this seat last ran `broadcast.stopRecording`, per broadcast key. */
  readonly #ownStops = new Map<string, number>();
  /** Per API: when the current 429 pause began and whether it was told. */
  readonly #pauses = new Map<string, { since: number; told: boolean }>();
  /** Upload items seen this run: batch and state. */
  readonly #uploads = new Map<string, { batchId: string; state: string; active: boolean }>();
  readonly #uploadBatchesTold = new Set<string>();
  /** Downloads seen active since the list last drained. */
  #downloadRun = new Set<string>();

  constructor(options: NoticePolicyOptions) {
    this.#switches = options.switches;
  }

  /** Takes one observation; answers the notices it calls for (often none). */
  observe(observation: Observation): OsNotice[] {
    switch (observation.kind) {
      case 'broadcast':
        return this.#broadcast(observation.at, observation.broadcast);
      case 'onAirList':
        return this.#onAir(observation.at, observation.broadcasts, observation.complete);
      case 'command':
        if (observation.command === 'broadcast.stopRecording' && observation.seat === null) {
          const key = observation.target['broadcastKey'];
          if (typeof key === 'string') this.#ownStops.set(key, observation.at);
        }
        this.#viewOpened(observation.at, observation.command, observation.target);
        return [];
      case 'commandSettled':
        if (
          observation.command === 'broadcast.stopRecording' &&
          observation.seat === null &&
          observation.outcome === 'refused'
        ) {
          const key = observation.target['broadcastKey'];
          // Only this run's mark: a later stop of the same broadcast keeps its own.
          if (typeof key === 'string' && this.#ownStops.get(key) === observation.ranAt)
            this.#ownStops.delete(key);
        }
        return [];
      case 'tokenRefused':
        return this.#notice('tokenRefused', observation.at, {
          title: { key: 'osNotice.tokenRefused.title' },
          body: {
            key:
              observation.api === 'live'
                ? 'osNotice.tokenRefused.live'
                : 'osNotice.tokenRefused.vod',
            params: { workspace: observation.workspace },
          },
          open: { view: 'accounts' },
        });
      case 'tokenExpiring':
        return this.#notice('tokenExpiring', observation.at, {
          title: { key: `workstation.tokens.osTitle${observation.threshold}` },
          body: observation.body,
          open: { view: 'accounts' },
        });
      case 'budget':
        return this.#budget(observation.at, observation.api, observation.rateLimitedUntil);
      case 'uploads':
        return this.#uploadsChanged(observation.at, observation.items);
      case 'downloads':
        return this.#downloadsChanged(observation.at, observation.items);
    }
  }

  /**
   * A view opening on broadcasts (a watch subscribed, the view's own read): a sighting older
   * than {@link sightingForgottenMs} is forgotten, so the next read is a first sight.
   */
  #viewOpened(at: number, command: string, target: Record<string, unknown>): void {
    const spec = target['spec'] as { kind?: unknown; broadcastKey?: unknown } | undefined;
    const stale = (key: string) => {
      const seen = this.#broadcasts.get(key);
      return seen !== undefined && at - seen.at > sightingForgottenMs;
    };
    const key =
      command === 'broadcast.get'
        ? target['broadcastKey']
        : command === 'watch.subscribe' && spec?.kind === 'broadcast'
          ? spec.broadcastKey
          : undefined;
    if (typeof key === 'string' && stale(key)) this.#broadcasts.delete(key);
    if (command === 'watch.subscribe' && spec?.kind === 'multiview') {
      for (const listed of this.#onAirList ?? [])
        if (stale(listed)) this.#broadcasts.delete(listed);
      if ([...(this.#onAirList ?? [])].some((listed) => !this.#broadcasts.has(listed)))
        this.#onAirList = null;
    }
  }

  #onAir(at: number, broadcasts: readonly Broadcast[], complete: boolean): OsNotice[] {
    const notices = broadcasts.flatMap((b) => this.#broadcast(at, b));
    const listed = new Set(broadcasts.map((b) => b.key));
    if (complete && this.#onAirList)
      for (const key of this.#onAirList) {
        const seen = this.#broadcasts.get(key);
        // Gone from the list: off air, unless already known so (a later read said it first).
        if (listed.has(key) || !seen?.onAir) continue;
        this.#broadcasts.set(key, { ...seen, onAir: false, recording: false, at });
        notices.push(...this.#offAir(at, seen.title, seen.channelKey));
      }
    this.#onAirList = complete ? listed : null;
    return notices;
  }

  #offAir(at: number, title: string, channelKey: string): OsNotice[] {
    return this.#notice('offAir', at, {
      title: { key: 'osNotice.offAir.title' },
      body: { key: 'osNotice.offAir.body', params: { title } },
      open: { view: 'control-room', channelKey },
    });
  }

  #broadcast(at: number, b: Broadcast): OsNotice[] {
    const before = this.#broadcasts.get(b.key);
    this.#broadcasts.set(b.key, {
      onAir: b.onAir,
      recording: b.recording,
      at,
      title: b.title,
      channelKey: b.channelKey,
    });
    if (!before) return [];
    if (before.onAir && !b.onAir) return this.#offAir(at, b.title, b.channelKey);
    if (before.recording && !b.recording) {
      const ownAt = this.#ownStops.get(b.key);
      this.#ownStops.delete(b.key);
      if (ownAt !== undefined && at - ownAt <= ownActionWindowMs && at >= ownAt) return [];
      return this.#notice('recordingStopped', at, {
        title: { key: 'osNotice.recordingStopped.title' },
        body: { key: 'osNotice.recordingStopped.body', params: { title: b.title } },
        open: { view: 'control-room', channelKey: b.channelKey },
      });
    }
    return [];
  }

  #budget(at: number, api: string, until: number | null): OsNotice[] {
    if (until === null || until <= at) {
      this.#pauses.delete(api);
      return [];
    }
    const pause = this.#pauses.get(api) ?? { since: at, told: false };
    this.#pauses.set(api, pause);
    if (pause.told || until - pause.since <= budgetPauseNoticeMs) return [];
    pause.told = true;
    return this.#notice('budgetPaused', at, {
      title: { key: 'osNotice.budgetPaused.title' },
      body: {
        key: api === 'vod' ? 'osNotice.budgetPaused.vod' : 'osNotice.budgetPaused.live',
        params: { seconds: Math.ceil((until - pause.since) / 1000) },
      },
      open: { view: 'control-room' },
    });
  }

  #uploadsChanged(
    at: number,
    items: readonly Pick<UploadItem, 'id' | 'batchId' | 'state'>[],
  ): OsNotice[] {
    const batches = new Set<string>();
    for (const item of items) {
      const seen = this.#uploads.get(item.id);
      this.#uploads.set(item.id, {
        batchId: item.batchId,
        state: item.state,
        active: (seen?.active ?? false) || uploadActive.has(item.state),
      });
      batches.add(item.batchId);
    }
    const notices: OsNotice[] = [];
    for (const batchId of batches) {
      if (this.#uploadBatchesTold.has(batchId)) continue;
      const files = [...this.#uploads.values()].filter((f) => f.batchId === batchId);
      // Only a batch seen at work in this run; one restored already settled is old news.
      if (!files.some((f) => f.active) || files.some((f) => uploadActive.has(f.state))) continue;
      this.#uploadBatchesTold.add(batchId);
      const done = files.filter((f) => f.state === 'done').length;
      const failed = files.filter((f) => f.state === 'needs-attention').length;
      // Every file cancelled: the operator's own action.
      if (done + failed === 0) continue;
      notices.push(...this.#uploadsOrDownloads(at, 'uploads', done, failed));
    }
    return notices;
  }

  #downloadsChanged(at: number, items: readonly Pick<Download, 'id' | 'state'>[]): OsNotice[] {
    for (const item of items) if (downloadActive.has(item.state)) this.#downloadRun.add(item.id);
    if (this.#downloadRun.size === 0 || items.some((item) => downloadActive.has(item.state)))
      return [];
    const run = items.filter((item) => this.#downloadRun.has(item.id));
    this.#downloadRun = new Set();
    const done = run.filter((item) => item.state === 'done').length;
    const failed = run.filter((item) => item.state === 'failed').length;
    if (done + failed === 0) return [];
    return this.#uploadsOrDownloads(at, 'downloads', done, failed);
  }

  #uploadsOrDownloads(
    at: number,
    what: 'uploads' | 'downloads',
    done: number,
    failed: number,
  ): OsNotice[] {
    const failedSome = failed > 0;
    return this.#notice('transfers', at, {
      title: {
        key: `osNotice.${what}.${failedSome ? 'failedTitle' : 'doneTitle'}`,
      },
      body: {
        key: failedSome ? `osNotice.${what}.failedBody` : `osNotice.${what}.doneBody`,
        params: { count: done + failed, done, failed },
      },
      open: { view: what === 'uploads' ? 'uploads' : 'recordings' },
    });
  }

  #notice(kind: OsNoticeKind, at: number, what: Omit<OsNotice, 'id' | 'kind' | 'at'>): OsNotice[] {
    if (!this.#switches()[kind]) return [];
    this.#count += 1;
    return [{ id: `notify-${this.#count}`, kind, at, ...what }];
  }
}
