/**
 * Plays a rehearsal scenario (scenario.ts) on the sandbox's virtual clock: each event happens
 * when the platform's time reaches its offset from the start, at the clock's speed (×1..×60,
 * clock.ts). Pausing the player pauses the platform's time; resuming lets it run again.
 *
 * Events are applied by `tick()`, which a real-time timer calls every `tickMs` (default 250 ms
 * real) and every status read; tests pass `tickMs: 0` and call `tick()` after moving their
 * injected clock, so nothing depends on the wall clock. An event the sandbox refuses (a
 * disabled channel, say) is recorded in `status().errors` and the scenario goes on.
 */
import type { VirtualClock } from '../kernel/clock';
import type { EncoderCommand, EncoderStatus } from './encoder';
import type { FaultInjector, FaultSettings } from '../kernel/faults';
import type { Scenario, ScenarioAction, ScenarioFault, TokenName } from './scenario';
import { describeAction } from './scenario';
import type { SandboxState } from '../state/state';

/** What the player acts on: a running sandbox's parts (SandboxHandle). */
export interface ScenarioTarget {
  clock: VirtualClock;
  state: SandboxState;
  encoders: { set(channelKey: string, command: EncoderCommand): EncoderStatus };
  faults: FaultInjector;
  /** Revokes the sandbox's token of that name (SandboxInfo.tokens). */
  revokeToken(name: TokenName): void;
}

/** Where a played scenario stands. */
export type PlayerPhase = 'playing' | 'paused' | 'done' | 'stopped';

/** Progress of a scenario, as `/__sandbox/scenario` shows it. */
export interface ScenarioStatus {
  name: string;
  phase: PlayerPhase;
  /** Virtual ms since the start (capped at the duration). */
  elapsed_ms: number;
  /** Virtual ms of the whole scenario. */
  duration_ms: number;
  /** Virtual s a real s. */
  speed: number;
  /** Events applied so far, and how many there are. */
  applied: number;
  total: number;
  /** The next event: its offset (virtual ms) and what it does; null when all are applied. */
  next: { at_ms: number; summary: string } | null;
  /** Events the sandbox refused: offset, what, why. */
  errors: { at_ms: number; summary: string; message: string }[];
}

/** Options of the player. */
export interface PlayerOptions {
  /** Speed to play at, 1..60; default the scenario's own, else the clock's. */
  speed?: number;
  /** Real ms between ticks; 0 = no timer (tests call `tick()`); default 250. */
  tickMs?: number;
}

/** Plays one scenario; make a new player to play another. */
export class ScenarioPlayer {
  readonly #target: ScenarioTarget;
  readonly #scenario: Scenario;
  readonly #startMs: number;
  readonly #timer: NodeJS.Timeout | undefined;
  #applied = 0;
  #phase: PlayerPhase = 'playing';
  readonly #errors: ScenarioStatus['errors'] = [];

  /**
   * Starts playing now: sets the clock's speed, lets it run, and applies the events due at 0.
   * @throws RangeError when the speed is outside 1..60.
   */
  constructor(target: ScenarioTarget, scenario: Scenario, options: PlayerOptions = {}) {
    this.#target = target;
    this.#scenario = scenario;
    const speed = options.speed ?? scenario.speed;
    if (speed !== undefined) target.clock.setSpeed(speed);
    target.clock.resume();
    this.#startMs = target.clock.nowMs();
    const tickMs = options.tickMs ?? 250;
    if (tickMs > 0) {
      this.#timer = setInterval(() => this.tick(), tickMs);
      this.#timer.unref();
    }
    this.tick();
  }

  /** Applies every event whose offset the platform's time has reached; marks the end. */
  tick(): void {
    if (this.#phase === 'stopped' || this.#phase === 'done') return;
    const elapsed = this.#target.clock.nowMs() - this.#startMs;
    const events = this.#scenario.events;
    while (this.#applied < events.length) {
      const event = events[this.#applied];
      if (event === undefined || event.atMs > elapsed) break;
      this.#applied += 1;
      try {
        this.#apply(event.action);
      } catch (error) {
        this.#errors.push({
          at_ms: event.atMs,
          summary: describeAction(event.action),
          message: error instanceof Error ? error.message : String(error),
        });
      }
    }
    if (this.#applied >= events.length && elapsed >= this.#scenario.durationMs) {
      this.#finish('done');
    }
  }

  /** Pauses the platform's time (and so the scenario). No effect once done or stopped. */
  pause(): void {
    if (this.#phase !== 'playing') return;
    this.tick();
    if (this.#phase !== 'playing') return;
    this.#target.clock.pause();
    this.#phase = 'paused';
  }

  /** Lets the platform's time run again at the same speed. No effect unless paused. */
  resume(): void {
    if (this.#phase !== 'paused') return;
    this.#target.clock.resume();
    this.#phase = 'playing';
  }

  /** Stops the scenario where it is; the clock runs on at ×1. */
  stop(): void {
    if (this.#phase === 'stopped' || this.#phase === 'done') return;
    this.#finish('stopped');
  }

  /** Where the scenario stands (ticks first). */
  status(): ScenarioStatus {
    this.tick();
    const next = this.#scenario.events[this.#applied];
    const elapsed = this.#target.clock.nowMs() - this.#startMs;
    return {
      name: this.#scenario.name,
      phase: this.#phase,
      elapsed_ms: Math.round(Math.min(Math.max(0, elapsed), this.#scenario.durationMs)),
      duration_ms: this.#scenario.durationMs,
      speed: this.#target.clock.speed,
      applied: this.#applied,
      total: this.#scenario.events.length,
      next: next === undefined ? null : { at_ms: next.atMs, summary: describeAction(next.action) },
      errors: [...this.#errors],
    };
  }

  #finish(phase: 'done' | 'stopped'): void {
    this.#phase = phase;
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#target.clock.resume();
    this.#target.clock.setSpeed(1);
  }

  #apply(action: ScenarioAction): void {
    switch (action.kind) {
      case 'encoder':
        this.#target.encoders.set(action.channelKey, action.state);
        return;
      case 'viewers':
      case 'chat': {
        const channel = this.#target.state.channels.find((item) => item.key === action.channelKey);
        if (channel === undefined) throw new Error(`The channel ${action.channelTitle} is gone.`);
        if (action.kind === 'viewers') channel.audiencePeak = action.peak;
        else channel.chatRegulars = action.joins;
        return;
      }
      case 'fault':
        this.#applyFault(action.fault);
    }
  }

  #applyFault(fault: ScenarioFault): void {
    const faults = this.#target.faults;
    const change: Partial<FaultSettings> = {};
    switch (fault.kind) {
      case 'latency':
        change.latencyMs = fault.ms;
        change.latencyMaxMs = fault.maxMs ?? 0;
        break;
      case 'server-error':
        change.errorRate = fault.rate;
        break;
      case 'burst429':
        change.burst429 = fault.calls;
        if (fault.retryAfter !== undefined) {
          change.retryAfterS = Math.min(3600, Math.max(1, Math.round(fault.retryAfter / 1000)));
        }
        break;
      case 'revoke-token':
        this.#target.revokeToken(fault.token);
        return;
      case 'clear':
        faults.clear();
        return;
    }
    faults.update(change);
  }
}
