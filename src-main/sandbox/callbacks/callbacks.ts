/**
 * Callback delivery (spec, Events): the sandbox platform calls the URLs set with
 * PUT `<LIVE>/channels/{channel_key}/callback`, PUT `/channels/{channel_key}/callback` and
 * PUT `/channels/{channel_key}/download-callback`. No URL set, no call (spec, Events 1).
 * docs/platform-facts.md ("Callbacks") says which payloads are observed and which invented.
 *
 * Handlers report what happened with `emitCallback(state, event)` (or `scheduleCallback` for
 * something that happens later on the virtual clock). The events and their wire form:
 * callbacks-events.ts; the URLs, on the channel records: callbacks-urls.ts.
 *
 * Where (callbacks-target.ts): loopback addresses and `localhost` names only unless
 * `deliverOutside` is on; a refused delivery is logged `refused` with the reason, without any
 * connection or lookup, and not retried.
 *
 * Delivery (our design, spec: "payload, retries and signing not shown"): one POST per event
 * (the form of callbacks-events.ts `toForm`). HTTP 200 is delivered; anything else, a connect
 * timeout (2 s) or a response timeout (3 s) is retried every 5 minutes of VIRTUAL time, at most
 * 12 attempts (about an hour), then given up. No signature. The last 500 deliveries are kept
 * in memory, each with its attempts (time, HTTP status or error).
 */
import type { VirtualClock } from '../kernel/clock';
import { postForm } from './callbacks-http';
import { checkDestination, systemResolver, type HostResolver } from './callbacks-target';
import { nextId } from '../state/ids';
import { rootOf } from '../kernel/operation';
import type { CallbackEvent } from './callbacks-events';
import { toForm } from './callbacks-events';
import { urlFor } from './callbacks-urls';
import type { SandboxState } from '../state/state';

export type {
  CallbackEvent,
  LiveBroadcastEvent,
  RecordingFileEvent,
  LivePlaybackEvent,
  VodContentEvent,
  VodPlaybackEvent,
  VodDownloadEvent,
  VodAiScriptEvent,
} from './callbacks-events';
export { callbackKinds } from './callbacks-events';
export type { CallbackTarget } from './callbacks-urls';
export { setCallbackUrl, setLiveCallbackUrl } from './callbacks-urls';

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

function copy(delivery: CallbackDelivery): CallbackDelivery {
  return {
    ...delivery,
    form: { ...delivery.form },
    log: delivery.log.map((entry) => ({ ...entry })),
  };
}
