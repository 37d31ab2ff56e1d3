/**
 * Callback delivery (spec, Events): the sandbox platform calls the URLs set with
 * PUT `<LIVE>/channels/{channel_key}/callback`, PUT `/channels/{channel_key}/callback` and
 * PUT `/channels/{channel_key}/download-callback`. No URL set, no call (spec, Events 1).
 *
 * Handlers report what happened with `emitCallback(state, event)`; events (snake_case fields):
 * - `{ type: 'live.broadcast', event: 'start'|'stop'|'pause'|'resume', channel_key,
 *   broadcast_key, occurred_at? }` → live URL of the channel (observed: start|stop|pause|resume);
 * - `{ type: 'live.recording_file', channel_key, broadcast_key, recording_file_id,
 *   recording_file_filename, recording_file_kind, recording_file_transfer_result: 0|1,
 *   file_transfer_id?, occurred_at? }` → recording-file URL of the channel (observed field
 *   names, 0 fail, 1 success; `file_transfer_id`, one call per destination, is ours);
 * - `{ type: 'vod.content', event: 'added'|'deleted', channel_key, upload_file_key,
 *   media_content_key, occurred_at? }` → VOD channel callback URL;
 * - `{ type: 'vod.playback', channel_key, upload_file_key, media_content_key, client_user_id?,
 *   occurred_at? }` → VOD channel callback URL;
 * - `{ type: 'vod.download', channel_key, upload_file_key, media_content_key,
 *   device: 'pc'|'mobile', client_user_id?, occurred_at? }` → VOD download-callback URL.
 * `occurred_at` defaults to the virtual now.
 *
 * Wire (our design, spec: "payload, retries and signing not shown"): one POST per event,
 * `application/x-www-form-urlencoded`, the event's fields without `type`; `occurred_at` is
 * ISO-8601 UTC for live and unix seconds for VOD (each API's date convention). HTTP 200 is
 * delivered; anything else, a connect timeout (2 s) or a response timeout (3 s) is retried
 * every 5 minutes of VIRTUAL time, at most 12 attempts (about an hour), then given up. No
 * signature. URLs live in `state.callbackUrls` (set them with `setCallbackUrl`).
 */
import type { VirtualClock } from './clock';
import { postForm } from './callbacks-http';
import { isoUtc } from './present';
import type { CallbackUrls, SandboxState } from './state';

export type { CallbackUrls } from './state';

interface Occurred {
  /** When it happened (UTC); default the virtual now. */
  occurred_at?: Date;
}

/** Live broadcast state change (observed: live callbacks report start|stop|pause|resume). */
export interface LiveBroadcastEvent extends Occurred {
  type: 'live.broadcast';
  event: 'start' | 'stop' | 'pause' | 'resume';
  channel_key: string;
  broadcast_key: string;
}

/** Result of a recording-file transfer (observed field names). */
export interface RecordingFileEvent extends Occurred {
  type: 'live.recording_file';
  channel_key: string;
  broadcast_key: string;
  recording_file_id: number;
  recording_file_filename: string;
  recording_file_kind: string;
  /** 0 fail, 1 success. */
  recording_file_transfer_result: 0 | 1;
  /** The destination the result is about (ours: the observed fields name none). */
  file_transfer_id?: number;
}

interface VodContentFields extends Occurred {
  channel_key: string;
  upload_file_key: string;
  media_content_key: string;
}

/** Content added to or deleted from a VOD channel. */
export interface VodContentEvent extends VodContentFields {
  type: 'vod.content';
  event: 'added' | 'deleted';
}

/** A playback requested on a VOD channel. */
export interface VodPlaybackEvent extends VodContentFields {
  type: 'vod.playback';
  client_user_id?: string;
}

/** A download attempted on PC or mobile. */
export interface VodDownloadEvent extends VodContentFields {
  type: 'vod.download';
  device: 'pc' | 'mobile';
  client_user_id?: string;
}

export type CallbackEvent =
  LiveBroadcastEvent | RecordingFileEvent | VodContentEvent | VodPlaybackEvent | VodDownloadEvent;

/** One delivery and where it stands. Times in virtual ms since the epoch. */
export interface CallbackDelivery {
  id: number;
  type: CallbackEvent['type'];
  url: string;
  form: Record<string, string>;
  status: 'pending' | 'delivered' | 'given_up';
  attempts: number;
  nextAttemptAtMs: number;
  /** Why the last attempt failed (`HTTP 500`, `connect timeout after 2000 ms`...). */
  lastError: string | null;
}

/** Timing of deliveries; the defaults are the documented ones. */
export interface CallbackPolicy {
  connectTimeoutMs: number;
  responseTimeoutMs: number;
  /** Wait between attempts, virtual ms (default 5 min). */
  retryIntervalMs: number;
  maxAttempts: number;
  /** How often (real ms) due retries are looked for. */
  tickMs: number;
}

const defaultPolicy: CallbackPolicy = {
  connectTimeoutMs: 2000,
  responseTimeoutMs: 3000,
  retryIntervalMs: 5 * 60_000,
  maxAttempts: 12,
  tickMs: 1000,
};
const keptDeliveries = 500;
const engines = new WeakMap<SandboxState, CallbackEngine>();

/**
 * Reports an event of `state`'s platform: queues its delivery when a URL is set. Does nothing
 * (returns undefined) when no engine runs for `state` or no URL is set.
 */
export function emitCallback(
  state: SandboxState,
  event: CallbackEvent,
): CallbackDelivery | undefined {
  return engines.get(state)?.emit(event);
}

/** Which callback URL of which channel. */
export type CallbackTarget =
  | { api: 'live'; channelKey: string; kind: 'live' | 'recording_file' | 'playback' }
  | { api: 'vod'; channelKey: string; kind: 'channel' | 'download' };

/** Sets (or with null, removes) a callback URL of a channel; for the PUT .../callback handlers. */
export function setCallbackUrl(
  state: SandboxState,
  target: CallbackTarget,
  url: string | null,
): void {
  const urls: CallbackUrls = (state.callbackUrls ??= { live: {}, vod: {} });
  const ofChannel: Record<string, string | undefined> =
    target.api === 'live'
      ? (urls.live[target.channelKey] ??= {})
      : (urls.vod[target.channelKey] ??= {});
  // Undefined, not deleted: the state file drops undefined fields, so it reads the same.
  ofChannel[target.kind] = url ?? undefined;
}

/** Delivers the callbacks of one sandbox; `close()` stops its retry timer. */
export class CallbackEngine {
  readonly #state: SandboxState;
  readonly #clock: VirtualClock;
  readonly #policy: CallbackPolicy;
  readonly #deliveries: CallbackDelivery[] = [];
  readonly #inFlight = new Set<Promise<void>>();
  readonly #timer: NodeJS.Timeout;
  #nextId = 1;

  constructor(state: SandboxState, clock: VirtualClock, policy: Partial<CallbackPolicy> = {}) {
    this.#state = state;
    this.#clock = clock;
    this.#policy = { ...defaultPolicy, ...policy };
    this.#timer = setInterval(() => this.runDue(), this.#policy.tickMs);
    this.#timer.unref();
    engines.set(state, this);
  }

  /** Queues `event` and attempts it now; undefined when no URL is set for it. */
  emit(event: CallbackEvent): CallbackDelivery | undefined {
    const url = urlFor(this.#state.callbackUrls, event);
    if (url === undefined) return undefined;
    const delivery: CallbackDelivery = {
      id: this.#nextId++,
      type: event.type,
      url,
      form: toForm(event, this.#clock.now()),
      status: 'pending',
      attempts: 0,
      nextAttemptAtMs: this.#clock.nowMs(),
      lastError: null,
    };
    this.#deliveries.push(delivery);
    if (this.#deliveries.length > keptDeliveries) this.#deliveries.shift();
    this.#attempt(delivery);
    return delivery;
  }

  /** The latest deliveries (at most 500), oldest first. */
  deliveries(): CallbackDelivery[] {
    return this.#deliveries.map((delivery) => ({ ...delivery, form: { ...delivery.form } }));
  }

  /** Attempts every pending delivery whose time has come (virtual clock). */
  runDue(): void {
    const now = this.#clock.nowMs();
    for (const delivery of this.#deliveries) {
      if (delivery.status === 'pending' && delivery.nextAttemptAtMs <= now) this.#attempt(delivery);
    }
  }

  /** Runs due deliveries and waits until no attempt is in flight. */
  async settle(): Promise<void> {
    this.runDue();
    while (this.#inFlight.size > 0) await Promise.all([...this.#inFlight]);
  }

  /** Stops retrying and waits for attempts in flight. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    engines.delete(this.#state);
    while (this.#inFlight.size > 0) await Promise.all([...this.#inFlight]);
  }

  #attempt(delivery: CallbackDelivery): void {
    // Not due again until this attempt fails: a tick during the attempt must not repeat it.
    delivery.nextAttemptAtMs = Number.POSITIVE_INFINITY;
    delivery.attempts += 1;
    const attempt = postForm(delivery.url, delivery.form, this.#policy).then((failure) => {
      this.#inFlight.delete(attempt);
      if (failure === null) {
        delivery.status = 'delivered';
        delivery.lastError = null;
        return;
      }
      delivery.lastError = failure;
      if (delivery.attempts >= this.#policy.maxAttempts) delivery.status = 'given_up';
      else delivery.nextAttemptAtMs = this.#clock.nowMs() + this.#policy.retryIntervalMs;
    });
    this.#inFlight.add(attempt);
  }
}

function urlFor(urls: CallbackUrls | undefined, event: CallbackEvent): string | undefined {
  switch (event.type) {
    case 'live.broadcast':
      return urls?.live[event.channel_key]?.live;
    case 'live.recording_file':
      return urls?.live[event.channel_key]?.recording_file;
    case 'vod.content':
    case 'vod.playback':
      return urls?.vod[event.channel_key]?.channel;
    case 'vod.download':
      return urls?.vod[event.channel_key]?.download;
  }
}

function toForm(event: CallbackEvent, now: Date): Record<string, string> {
  const { type, occurred_at: occurredAt, ...fields } = event;
  const at = occurredAt ?? now;
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form[name] = String(value);
  }
  form.occurred_at = type.startsWith('live.')
    ? isoUtc(at)
    : String(Math.floor(at.getTime() / 1000));
  return form;
}
