/**
 * The request scheduler: one per service account and API (docs/dev/architecture.md, "The API
 * budget"). Every platform call goes through `fetch`, which queues it by priority and starts it
 * when the budget allows. Observed limit (docs/platform-facts.md, "Rate limit"): 60 calls a
 * minute, at least 1 s apart, for the live API and the VOD v3 API alike; a refusal is a 429,
 * with `Retry-After` in seconds or without it. It never logs and never reports request URLs
 * or headers: they carry tokens (VOD puts `access_token` in the query string), and `state()`
 * holds only counts and times.
 */
import { BudgetListeners, outranks, priorities, type BudgetState } from './budget-state';
import { Alarm, systemClock, type Clock } from './clock';
import {
  deliver,
  discard,
  disposedError,
  newCall,
  rejectWith,
  sendsAgain,
  wireRequest,
  settle,
  type ScheduledCall,
  type Waiter,
} from './scheduled-call';
import { RefusalAdaptation } from './refusal-adaptation';
import { CallQueues } from './call-queues';
import type { Refusals } from './retry-after';
import { accountAnswer, currentCallAccount } from './call-accounting';
import type { RefusePolicy, ScheduleOptions, SchedulerOptions } from './scheduler-options';
import { StartLog } from './start-log';
import { CallStarts } from './call-starts';
import { ReachabilityListeners, type ReachabilityListener } from './reachability';
import { accountStartLog } from './account-ledger';
import { callOwner, callSharers } from './call-owner';
import { OwnerLog } from './budget-forecast';
import { writeResendWindowMs } from './write-resend';

export type { BudgetState, Priority } from './budget-state';
export type { Clock } from './clock';
export { systemClock } from './clock';
export type { RefusePolicy, ScheduleOptions, SchedulerOptions } from './scheduler-options';

/**
 * Queues platform calls by priority and starts them within the rate limit: call starts at
 * least `minSpacingMs + marginMs` apart, at most `limitPerMinute` in any 60 s (+ margin);
 * calls in flight may overlap. The highest priority goes first, so a command waits at most
 * one spacing slot unless the queue is paused (429 or `pause()`). Identical GETs share a call.
 * Among the calls of one priority, owners (studio seats, and this desk: call-owner.ts) take
 * turns in the order of their names, so one seat's many reads never starve another's.
 */
export class RequestScheduler {
  readonly #name: string;
  readonly #send: (request: Request) => Promise<Response>;
  readonly #clock: Clock;
  readonly #starts: StartLog;
  readonly #maxAutoRetries: number;
  /** Waiting calls by priority, shared GETs by key, owners' turns (call-queues.ts). */
  readonly #queues = new CallQueues();
  readonly #inFlight = new Set<ScheduledCall>();
  readonly #listeners = new BudgetListeners(() => this.state());
  /** The 429s: pauses, the safety margin, the background share (refusal-adaptation.ts). */
  readonly #adapt: RefusalAdaptation;
  readonly #refusals: Refusals;
  /** Call starts of the last minute by owner: each seat's share (budget-forecast.ts). */
  readonly #owners = new OwnerLog();
  /** Whom each call counts for in the shares: the seats sharing a watch (call-owner.ts). */
  readonly #sharers = new WeakMap<ScheduledCall, readonly string[]>();
  /** Each call's start, gap before it and answer (call-starts.ts). */
  readonly #calls: CallStarts;
  #pausedReason: string | null = null;
  #refuse: RefusePolicy | null = null;
  readonly #wake: Alarm;
  #pumpQueued = false;
  #disposed = false;
  /** Told whether each call that ended found the platform answering (see `onReachability`). */
  readonly #reachability = new ReachabilityListeners();

  /** @throws RangeError when a limit is negative, or limitPerMinute is below 1. */
  constructor(options: SchedulerOptions) {
    const limit = options.limitPerMinute ?? 60;
    const spacingMs = options.minSpacingMs ?? 1000;
    const marginMs = options.marginMs ?? 100;
    if (!(limit >= 1) || !(spacingMs >= 0) || !(marginMs >= 0)) {
      throw new RangeError('RequestScheduler: limits must be positive numbers');
    }
    this.#adapt = new RefusalAdaptation({
      limitPerMinute: limit,
      spacingMs,
      marginMs,
      maxMarginMs: options.maxMarginMs ?? 300,
      ...(options.rate ? { rate: options.rate } : {}),
    });
    this.#refusals = this.#adapt.refusals;
    this.#name = options.name;
    this.#send = options.fetch;
    this.#clock = options.clock ?? systemClock;
    this.#wake = new Alarm(this.#clock, () => this.#pump());
    this.#starts =
      options.account === undefined
        ? new StartLog(limit, spacingMs, marginMs)
        : accountStartLog(this.#clock, options.account, limit, spacingMs, marginMs);
    this.#calls = new CallStarts(this.#starts);
    this.#maxAutoRetries = options.maxAutoRetries ?? 3;
  }

  /**
   * Fetch-compatible: queues the request, sends it when the budget allows, and resolves with
   * the Response, a final 429 included. A read refused with 429 is retried up to
   * `maxAutoRetries` times first; a write made inside `runResendingWrites` (write-resend.ts: a
   * change command's) is queued again at its priority after each 429 while someone waits for it,
   * until the window after its first send is over (a 429 is a refusal before acting,
   * docs/platform-facts.md, "Rate limit"); any other write's 429 goes straight back. Rejects
   * with the abort reason when the signal aborts (a write already sent still runs on), with the
   * error when the network fails, and with an AbortError after `dispose()`.
   */
  fetch(request: Request, options: ScheduleOptions = {}): Promise<Response> {
    const signal = options.signal ?? request.signal;
    if (this.#disposed) return Promise.reject(disposedError());
    if (signal.aborted) return rejectWith(signal.reason);
    const priority = options.priority ?? 'view';
    const refused = this.#pausedReason === null ? null : (this.#refuse?.(priority) ?? null);
    if (refused !== null) return Promise.reject(refused);
    let call = newCall(
      request,
      priority,
      options.coalesce !== false,
      callOwner(),
      writeResendWindowMs(),
    );
    const shared = this.#queues.shared(call.key);
    if (shared === undefined) {
      this.#sharers.set(call, callSharers());
      this.#queues.add(call);
    } else {
      call = shared;
      if (call.phase === 'queued' && outranks(priority, call.priority))
        this.#queues.raise(call, priority);
    }
    const target = call;
    const answer = new Promise<Response>((resolve, reject) => {
      const onAbort = () => this.#abandon(target, waiter, signal.reason);
      const detach = () => signal.removeEventListener('abort', onAbort);
      const waiter: Waiter = { resolve, reject, detach };
      target.waiters.add(waiter);
      signal.addEventListener('abort', onAbort, { once: true });
      this.#listeners.changed();
      this.#schedulePump();
    });
    const account = currentCallAccount();
    if (!account) return answer;
    return accountAnswer(
      account,
      request,
      answer,
      () => this.#clock.now(),
      () => target.startedAt,
    );
  }

  /** The budget now. `callsLastMinute` decays with time without a notification. */
  state(): BudgetState {
    const now = this.#clock.now();
    const limited = this.#refusals.pausedUntil(now);
    return {
      name: this.#name,
      callsLastMinute: this.#starts.countLastMinute(now),
      limitPerMinute: this.#starts.limitPerMinute,
      backgroundPerMinute: this.#adapt.rate.perMinute(now),
      minSpacingMs: this.#starts.spacingMs,
      queued: this.#queues.counts(),
      inFlight: this.#inFlight.size,
      rateLimitedUntil: limited,
      pausedReason: this.#pausedReason ?? (limited === null ? null : 'rate-limited'),
      last429At: this.#refusals.last,
      total429: this.#refusals.total,
      shares: this.#owners.shares(now),
    };
  }

  /**
   * Calls `listener` with `state()` after changes (enqueue, start, finish, pause), at most
   * once per microtask turn. Returns the unsubscribe function.
   */
  subscribe(listener: (state: BudgetState) => void): () => void {
    return this.#listeners.add(listener);
  }

  /**
   * Calls `listener` after each call that ended: `false` with the error when the platform
   * did not answer (the network failed; an abort is not told), `true` when it answered
   * anything but a gateway's 502/503/504. The watch planner takes an outage as its own case
   * from the first such failure, whichever priority's call found it (docs/dev/architecture.md,
   * "The API budget"). Returns the unsubscribe function.
   */
  onReachability(listener: ReachabilityListener): () => void {
    return this.#reachability.add(listener);
  }

  /**
   * Holds every queued call (e.g. a revoked token: 401); calls in flight finish. With
   * `refuse`, the calls it answers an error for (by priority) are rejected with that error
   * now and on arrival while paused, so an operator's command fails at once instead of
   * waiting for a new token; the others stay queued until `resume()`.
   */
  pause(reason: string, refuse?: RefusePolicy): void {
    this.#pausedReason = reason;
    this.#refuse = refuse ?? null;
    this.#wake.clear();
    for (const priority of priorities) {
      const error = refuse?.(priority) ?? null;
      if (error === null) continue;
      for (const call of this.#queues.drain(priority)) {
        this.#finish(call);
        settle(call, (waiter) => waiter.reject(error));
      }
    }
    this.#listeners.changed();
  }

  /**
   * Starts the budget as if the last minute were full: `limitPerMinute` call starts spread
   * evenly over the 60 s up to now, so calls go at the platform's pace (one a second) from
   * the start and never as a burst. A studio backup does it when it takes over from a hub
   * that may have spent the account's whole minute (docs/dev/architecture.md, "The takeover
   * protocol"; docs/platform-facts.md, "Rate limit").
   */
  assumeFullMinute(): void {
    this.#starts.fillMinute(this.#clock.now());
    this.#listeners.changed();
    this.#schedulePump();
  }

  /** Epoch ms of the last call start, or null before the first. */
  lastStartAt(): number | null {
    return this.#starts.last();
  }

  /** Lifts `pause()`; a 429 pause still runs to its end. */
  resume(): void {
    this.#pausedReason = null;
    this.#refuse = null;
    this.#listeners.changed();
    this.#schedulePump();
  }

  /** Rejects every queued and in-flight call with an AbortError and stops the timers. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#wake.clear();
    const error = disposedError();
    for (const call of [...this.#queues.clear(), ...this.#inFlight]) {
      call.phase = 'done';
      call.controller?.abort(error);
      settle(call, (waiter) => waiter.reject(error));
    }
    this.#inFlight.clear();
    this.#listeners.changed();
  }

  /** Dispatches after the current synchronous enqueues, so that they compete by priority. */
  #schedulePump(): void {
    if (this.#pumpQueued || this.#disposed) return;
    this.#pumpQueued = true;
    queueMicrotask(() => {
      this.#pumpQueued = false;
      this.#pump();
    });
  }

  /** Starts the highest-priority call whenever the budget allows, else sleeps until it does. */
  #pump(): void {
    if (this.#disposed || this.#pausedReason !== null) return;
    for (;;) {
      const now = this.#clock.now();
      if (this.#refusals.until !== null && this.#refusals.pausedUntil(now) === null) {
        this.#refusals.until = null;
        this.#listeners.changed();
      }
      const call = this.#queues.next();
      if (call !== undefined && (call.priority === 'watch' || call.priority === 'bulk')) {
        // Background calls keep to the rate policy's share (rate-policy.ts); commands and
        // views only to the platform's limit.
        const openAt = this.#adapt.backgroundOpensAt(now);
        if (openAt > now) {
          this.#wake.setAt(Math.max(openAt, this.#refusals.until ?? -Infinity));
          return;
        }
      }
      if (call === undefined) {
        // Nothing to send; still wake at the end of a 429 pause so the gauge hears of it.
        if (this.#refusals.until === null) this.#wake.clear();
        else this.#wake.setAt(this.#refusals.until);
        return;
      }
      const at = Math.max(
        this.#calls.earliestNext(call.priority),
        this.#adapt.holdUntil(call.priority),
      );
      if (at > now) {
        this.#wake.setAt(at);
        return;
      }
      this.#start(call, now);
    }
  }

  #start(call: ScheduledCall, now: number): void {
    this.#queues.starting(call);
    this.#adapt.started(call.priority, now);
    call.phase = 'in-flight';
    call.startedAt = now;
    call.firstSentAt ??= now;
    this.#inFlight.add(call);
    this.#calls.started(call, now);
    this.#owners.record(this.#sharers.get(call) ?? call.owner, now);
    const wire = wireRequest(call);
    this.#listeners.changed();
    void this.#exchange(call, wire);
    // The spacing counts from when the call left (call-starts.ts).
    this.#calls.left(call, this.#clock.now(), now);
  }

  /** Sends one call and hands its outcome to the waiters, or re-queues a refused one. */
  async #exchange(call: ScheduledCall, wire: Request): Promise<void> {
    let response: Response;
    try {
      response = await this.#send(wire);
    } catch (error) {
      this.#finish(call);
      settle(call, (waiter) => waiter.reject(error));
      if (!wire.signal.aborted && !this.#disposed) this.#reachability.failed(error);
      return;
    }
    if (!this.#disposed) this.#reachability.answered(response.status);
    if (this.#disposed) {
      await discard(response);
      return;
    }
    if (response.status !== 429) {
      this.#calls.answered(call, this.#clock.now());
      const narrowed = this.#adapt.accepted();
      if (narrowed !== null) this.#starts.setMargin(narrowed);
    } else {
      // The platform did not count the refused call (call-starts.ts).
      const gap = this.#calls.refused(call);
      // A 429 pauses the whole queue (commands probe sooner), even when nobody waits for this
      // call any more, widens the margin when our spacing was too tight, and lowers the
      // background share (refusal-adaptation.ts).
      const header = response.headers.get('retry-after');
      const widened = this.#adapt.refused(header, gap, this.#clock.now(), this.#starts.last());
      if (widened !== null) this.#starts.setMargin(widened);
      if (call.phase === 'in-flight' && sendsAgain(call, this.#maxAutoRetries, this.#clock.now())) {
        call.retries += 1;
        this.#inFlight.delete(call);
        call.phase = 'queued';
        call.startedAt = null; // off the wire: dropped now, it was never sent (call-accounting.ts)
        this.#queues.requeueFirst(call);
        this.#listeners.changed();
        this.#schedulePump();
        await discard(response);
        return;
      }
    }
    this.#finish(call);
    await deliver(call, response);
  }

  /**
   * Epoch ms when a command waiting for a 429 is tried again (the probe, refusal-adaptation.ts),
   * or null when no 429 holds the queue: what the operator's notice counts down to.
   */
  commandRetryAt(): number | null {
    const until = this.#adapt.holdUntil('command');
    return until > this.#clock.now() ? until : null;
  }

  /** The call is over (answered, failed or dropped): identical GETs now start a fresh one. */
  #finish(call: ScheduledCall): void {
    call.phase = 'done';
    this.#inFlight.delete(call);
    this.#queues.finished(call);
    this.#listeners.changed();
    this.#schedulePump();
  }

  /** A caller's signal aborted: reject it, and drop the call once nobody waits for it. */
  #abandon(call: ScheduledCall, waiter: Waiter, reason: unknown): void {
    if (!call.waiters.delete(waiter)) return;
    waiter.reject(reason);
    if (call.waiters.size > 0) return;
    if (call.phase === 'queued') {
      this.#queues.remove(call);
      this.#finish(call);
    } else if (call.phase === 'in-flight' && call.controller !== null) {
      call.controller.abort(reason);
      this.#finish(call);
    }
    // A write in flight runs on: it may already have acted; `deliver` discards its answer.
  }
}
