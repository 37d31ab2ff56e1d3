/**
 * Callback delivery (spec, Events): the sandbox platform calls the URLs set with
 * PUT `<LIVE>/channels/{channel_key}/callback`, PUT `/channels/{channel_key}/callback` and
 * PUT `/channels/{channel_key}/download-callback`. No URL set, no call (spec, Events 1).
 * docs/platform-facts.md ("Callbacks") says which payloads are observed and which invented.
 *
 * Handlers report what happened with `emitCallback(state, event)` (or `scheduleCallback` for
 * something that happens later on the virtual clock); events (snake_case fields):
 * - `{ type: 'live.broadcast', event: 'start'|'stop'|'pause'|'resume', channel_key,
 *   broadcast_key, occurred_at? }` → live URL of the channel (observed: start|stop|pause|resume);
 * - `{ type: 'live.recording_file', channel_key, broadcast_key, recording_file_id,
 *   recording_file_filename, recording_file_kind, recording_file_transfer_result: 0|1,
 *   file_transfer_id?, occurred_at? }` → recording-file URL of the channel (observed field
 *   names, 0 fail, 1 success; `file_transfer_id`, one call per destination, is ours);
 * - `{ type: 'live.playback', kind: 100, channel_key, media_content_key (the broadcast key),
 *   client_user_id, player_id, hardware_id, device_name, uservalues, localtime }` → playback URL
 *   of the live channel (observed field names);
 * - `{ type: 'vod.content', event: 'added'|'deleted', channel_key, upload_file_key,
 *   media_content_key, occurred_at? }` → VOD channel callback URL;
 * - `{ type: 'vod.playback', channel_key, upload_file_key, media_content_key, client_user_id?,
 *   occurred_at? }` → VOD channel callback URL;
 * - `{ type: 'vod.download', channel_key, upload_file_key, media_content_key,
 *   device: 'pc'|'mobile', client_user_id?, occurred_at? }` → VOD download-callback URL;
 * - `{ type: 'vod.ai_script', event: 'completed', channel_key, upload_file_key,
 *   media_content_key, occurred_at? }` → VOD channel callback URL of each channel holding the
 *   content (spec, Events 4 names no URL: our choice).
 * `occurred_at` defaults to the virtual now.
 *
 * Where (callbacks-target.ts): loopback addresses and `localhost` names only unless
 * `deliverOutside` is on; a refused delivery is logged `refused` with the reason, without any
 * connection or lookup, and not retried.
 *
 * Wire (our design, spec: "payload, retries and signing not shown"): one POST per event,
 * `application/x-www-form-urlencoded`, the event's fields without `type`; `occurred_at` is
 * ISO-8601 UTC for live and unix seconds for VOD (each API's date convention). HTTP 200 is
 * delivered; anything else, a connect timeout (2 s) or a response timeout (3 s) is retried
 * every 5 minutes of VIRTUAL time, at most 12 attempts (about an hour), then given up. No
 * signature. URLs live on the channel records (live `ChannelRecord.callbacks`, VOD
 * `VodChannelRecord.callbackUrl`/`downloadCallbackUrl`; set them with `setCallbackUrl`). The last 500
 * deliveries are kept in memory, each with its attempts (time, HTTP status or error).
 */
import type { VirtualClock } from './clock';
import { postForm } from './callbacks-http';
import { checkDestination, systemResolver, type HostResolver } from './callbacks-target';
import { nextId } from './ids';
import { rootOf } from './operation';
import { isoUtc } from './present';
import type { VodChannelRecord } from './model/vod';
import type { ChannelCallbacks, ChannelRecord, SandboxState } from './state';

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

/**
 * A play request on a live channel (observed playback callback, `kind=100`, with its field
 * names; the values are the simulated viewer's). No `occurred_at`: `localtime` is the time.
 */
export interface LivePlaybackEvent {
  type: 'live.playback';
  kind: 100;
  channel_key: string;
  /** The broadcast key (observed: `media_content_key` = the live broadcast key). */
  media_content_key: string;
  client_user_id: string;
  player_id: string;
  hardware_id: string;
  device_name: string;
  uservalues: string;
  /** Unix seconds of the request, virtual clock. */
  localtime: number;
  occurred_at?: undefined;
}

/** An AI-speed conversion finished (spec, Events 4; the fields are our choice). */
export interface VodAiScriptEvent extends VodContentFields {
  type: 'vod.ai_script';
  event: 'completed';
}

export type CallbackEvent =
  | LiveBroadcastEvent
  | RecordingFileEvent
  | LivePlaybackEvent
  | VodContentEvent
  | VodPlaybackEvent
  | VodDownloadEvent
  | VodAiScriptEvent;

/** Every kind of callback the sandbox delivers. */
export const callbackKinds: readonly CallbackEvent['type'][] = [
  'live.broadcast',
  'live.recording_file',
  'live.playback',
  'vod.content',
  'vod.playback',
  'vod.download',
  'vod.ai_script',
];

/** One attempt of a delivery. Times in virtual ms since the epoch. */
export interface CallbackAttempt {
  /** 1 for the first attempt; resends count on. */
  attempt: number;
  atMs: number;
  /** `delivered` (HTTP 200), `failed` (retried while attempts remain) or `refused` (never sent). */
  outcome: 'delivered' | 'failed' | 'refused';
  /** The receiver's HTTP status; null when no answer came (or refused). */
  httpStatus: number | null;
  /** Why it failed or was refused; null when delivered. */
  error: string | null;
}

/** One delivery and where it stands. Times in virtual ms since the epoch. */
export interface CallbackDelivery {
  id: number;
  type: CallbackEvent['type'];
  url: string;
  form: Record<string, string>;
  /** `refused`: the URL is outside this machine (or not http) and nothing was sent. */
  status: 'pending' | 'delivered' | 'given_up' | 'refused';
  attempts: number;
  nextAttemptAtMs: number;
  /** Why the last attempt failed (`HTTP 500`, `connect timeout after 2000 ms`...). */
  lastError: string | null;
  /** When the event was queued. */
  createdAtMs: number;
  /** Its attempts, oldest first (the last 50). */
  log: CallbackAttempt[];
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
  /** Resolves callback host names (tests inject one so that nothing leaves the machine). */
  resolver: HostResolver;
  /** Deliver outside this machine too (off: loopback only). */
  deliverOutside: boolean;
  /** Sends one checked attempt (default: callbacks-http.ts `postForm`; tests inject one). */
  send: typeof postForm;
}

const defaultPolicy: CallbackPolicy = {
  connectTimeoutMs: 2000,
  responseTimeoutMs: 3000,
  retryIntervalMs: 5 * 60_000,
  maxAttempts: 12,
  tickMs: 1000,
  resolver: systemResolver,
  deliverOutside: false,
  send: postForm,
};
const keptDeliveries = 500;
const keptAttempts = 50;
const engines = new WeakMap<object, CallbackEngine>();

/**
 * Reports an event of `state`'s platform (the whole state or a slice of it, `sliceOf`): queues
 * its delivery when a URL is set. Does nothing (returns undefined) when no engine runs for the
 * sandbox or no URL is set.
 */
export function emitCallback(state: object, event: CallbackEvent): CallbackDelivery | undefined {
  return engines.get(rootOf(state))?.emit(event);
}

/**
 * Reports an event that happens at `atMs` (virtual ms): emitted by the first tick or `settle()`
 * at or after that time (kept in memory only). Nothing when no engine runs for `state`.
 */
export function scheduleCallback(state: object, atMs: number, event: CallbackEvent): void {
  engines.get(rootOf(state))?.schedule(atMs, event);
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
  if (target.api === 'vod') {
    const channel = state.vod.channels.find((item) => item.key === target.channelKey);
    if (channel === undefined) return;
    if (target.kind === 'channel') channel.callbackUrl = url;
    else channel.downloadCallbackUrl = url;
    return;
  }
  const channel = state.channels.find((item) => item.key === target.channelKey);
  if (channel !== undefined) setLiveCallbackUrl(channel, target.kind, url);
}

/** Sets (or with null, removes) one callback URL of a live channel, on its record. */
export function setLiveCallbackUrl(
  channel: Pick<ChannelRecord, 'callbacks'>,
  kind: keyof Omit<ChannelCallbacks, 'updatedAt'>,
  url: string | null,
): void {
  const callbacks = (channel.callbacks ??= {});
  // Undefined, not deleted: the state file drops undefined fields, so it reads the same.
  callbacks[kind] = url ?? undefined;
}

/** Delivers the callbacks of one sandbox; `close()` stops its retry timer. */
export class CallbackEngine {
  readonly #state: SandboxState;
  readonly #clock: VirtualClock;
  readonly #policy: CallbackPolicy;
  readonly #deliveries: CallbackDelivery[] = [];
  readonly #scheduled: { atMs: number; event: CallbackEvent }[] = [];
  readonly #inFlight = new Set<Promise<void>>();
  readonly #timer: NodeJS.Timeout;
  #deliverOutside: boolean;

  constructor(state: SandboxState, clock: VirtualClock, policy: Partial<CallbackPolicy> = {}) {
    this.#state = state;
    this.#clock = clock;
    this.#policy = { ...defaultPolicy, ...policy };
    this.#deliverOutside = this.#policy.deliverOutside;
    this.#timer = setInterval(() => this.runDue(), this.#policy.tickMs);
    this.#timer.unref();
    engines.set(state, this);
  }

  /** Whether deliveries may go outside this machine (default off: loopback only). */
  get deliverOutside(): boolean {
    return this.#deliverOutside;
  }

  /** Turns "deliver outside this machine" on or off; applies to the next attempts. */
  setDeliverOutside(on: boolean): void {
    this.#deliverOutside = on;
  }

  /** Emits `event` once the virtual clock reaches `atMs` (see `scheduleCallback`). */
  schedule(atMs: number, event: CallbackEvent): void {
    this.#scheduled.push({ atMs, event });
  }

  /** Queues `event` and attempts it now; undefined when no URL is set for it. */
  emit(event: CallbackEvent): CallbackDelivery | undefined {
    const url = urlFor(this.#state, event);
    if (url === undefined) return undefined;
    const delivery: CallbackDelivery = {
      id: nextId(this.#state),
      type: event.type,
      url,
      form: toForm(event, this.#clock.now()),
      status: 'pending',
      attempts: 0,
      nextAttemptAtMs: this.#clock.nowMs(),
      lastError: null,
      createdAtMs: this.#clock.nowMs(),
      log: [],
    };
    this.#deliveries.push(delivery);
    if (this.#deliveries.length > keptDeliveries) this.#deliveries.shift();
    this.#attempt(delivery);
    return delivery;
  }

  /** The latest deliveries (at most 500), oldest first. */
  deliveries(): CallbackDelivery[] {
    return this.#deliveries.map(copy);
  }

  /**
   * Attempts delivery `id` again now, whatever its status (attempt numbers count on; a
   * refused URL is checked again and refused again unless "deliver outside" changed).
   * @returns the delivery as it stands once the attempt is queued; undefined when unknown
   *   (never queued, or older than the last 500).
   */
  resend(id: number): CallbackDelivery | undefined {
    const delivery = this.#deliveries.find((item) => item.id === id);
    if (delivery === undefined) return undefined;
    delivery.status = 'pending';
    this.#attempt(delivery);
    return copy(delivery);
  }

  /** Emits scheduled events whose time has come, then attempts due deliveries (virtual clock). */
  runDue(): void {
    const now = this.#clock.nowMs();
    const due = this.#scheduled.filter((item) => item.atMs <= now);
    for (const item of due) {
      this.#scheduled.splice(this.#scheduled.indexOf(item), 1);
      this.emit({ ...item.event, occurred_at: new Date(item.atMs) } as CallbackEvent);
    }
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
    // When the attempt began: the virtual clock may move while it is in flight.
    const attempt = delivery.attempts;
    const atMs = this.#clock.nowMs();
    const record = (entry: Omit<CallbackAttempt, 'attempt' | 'atMs'>): void => {
      delivery.log.push({ attempt, atMs, ...entry });
      if (delivery.log.length > keptAttempts) delivery.log.shift();
    };
    const run = async (): Promise<void> => {
      const destination = await checkDestination(
        delivery.url,
        this.#deliverOutside,
        this.#policy.resolver,
      );
      if (!destination.allowed) {
        delivery.status = 'refused';
        delivery.lastError = destination.reason;
        record({ outcome: 'refused', httpStatus: null, error: destination.reason });
        return;
      }
      const { httpStatus, failure } = await this.#policy.send(
        destination.url,
        destination.address,
        delivery.form,
        this.#policy,
      );
      if (failure === null) {
        delivery.status = 'delivered';
        delivery.lastError = null;
        record({ outcome: 'delivered', httpStatus, error: null });
        return;
      }
      delivery.lastError = failure;
      record({ outcome: 'failed', httpStatus, error: failure });
      if (delivery.attempts >= this.#policy.maxAttempts) delivery.status = 'given_up';
      else delivery.nextAttemptAtMs = this.#clock.nowMs() + this.#policy.retryIntervalMs;
    };
    const inFlight = run().finally(() => this.#inFlight.delete(inFlight));
    this.#inFlight.add(inFlight);
  }
}

/** The URL `event` goes to: on the live channel's or VOD channel's record; undefined: none. */
function urlFor(state: SandboxState, event: CallbackEvent): string | undefined {
  const key = event.channel_key;
  const live = (): ChannelCallbacks | undefined =>
    state.channels.find((item) => item.key === key)?.callbacks;
  const vod = (): VodChannelRecord | undefined =>
    state.vod.channels.find((item) => item.key === key);
  switch (event.type) {
    case 'live.broadcast':
      return live()?.live;
    case 'live.recording_file':
      return live()?.recording_file;
    case 'live.playback':
      return live()?.playback;
    case 'vod.content':
    case 'vod.playback':
    case 'vod.ai_script':
      return vod()?.callbackUrl ?? undefined;
    case 'vod.download':
      return vod()?.downloadCallbackUrl ?? undefined;
  }
}

function copy(delivery: CallbackDelivery): CallbackDelivery {
  return {
    ...delivery,
    form: { ...delivery.form },
    log: delivery.log.map((entry) => ({ ...entry })),
  };
}

function toForm(event: CallbackEvent, now: Date): Record<string, string> {
  const { type, occurred_at: occurredAt, ...fields } = event;
  const at = occurredAt ?? now;
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form[name] = String(value);
  }
  // The observed playback callback carries `localtime`, not `occurred_at`.
  if (type === 'live.playback') return form;
  form.occurred_at = type.startsWith('live.')
    ? isoUtc(at)
    : String(Math.floor(at.getTime() / 1000));
  return form;
}
