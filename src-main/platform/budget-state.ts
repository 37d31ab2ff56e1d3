/**
 * The shapes the request scheduler reports for the status-bar budget gauge (docs/dev/architecture.md,
 * "The API budget": calls in the last minute, queue depth by priority, rate-limited until).
 */

/**
 * Why a call is made, highest first: `command` (an operator pressed a button), `view` (what
 * is on screen), `watch` (background polling), `bulk` (upload URLs, exports).
 */
export type Priority = 'command' | 'view' | 'watch' | 'bulk';

/** Every priority, highest first: the order in which queued calls are picked. */
export const priorities: readonly Priority[] = ['command', 'view', 'watch', 'bulk'];

/** True when `a` outranks `b` (`command` outranks everything). */
export function outranks(a: Priority, b: Priority): boolean {
  return priorities.indexOf(a) < priorities.indexOf(b);
}

/** A snapshot of one scheduler (one service account and API). Times are epoch ms. */
export interface BudgetState {
  /** Which API this budget is for, e.g. `live` or `vod`. */
  name: string;
  /** Call starts in the last 60 s. */
  callsLastMinute: number;
  /** Most call starts allowed in any 60 s window (observed: 60). */
  limitPerMinute: number;
  /**
   * `watch` and `bulk` call starts a minute the app allows itself now (commands and views not
   * counted): the platform's limit, lowered after 429s and climbing back while calls are
   * accepted (rate-policy.ts).
   */
  backgroundPerMinute: number;
  /** Spacing actually enforced between call starts, ms (platform spacing + margin). */
  minSpacingMs: number;
  /** Calls waiting for a slot, by priority (coalesced callers count once). */
  queued: Record<Priority, number>;
  /** Calls sent and not yet answered. */
  inFlight: number;
  /** While paused by a 429: the epoch ms at which calls may start again; otherwise null. */
  rateLimitedUntil: number | null;
  /** `rate-limited` during a 429 pause, the reason given to `pause()`, or null when running. */
  pausedReason: string | null;
  /** Epoch ms of the last 429 answer, or null if none yet. */
  last429At: number | null;
  /** 429 answers received since the scheduler was created. */
  total429: number;
  /**
   * Call starts of the last 60 s by owner (call-owner.ts): each studio seat's name, `''` for
   * this desk itself (its operator and its watches); most calls first.
   */
  shares: { owner: string; calls: number }[];
}

/**
 * The listeners of one budget: `changed()` may be called many times in a turn, listeners
 * hear `read()` once, on the next microtask. A throwing listener does not stop the others.
 */
export class BudgetListeners {
  readonly #listeners = new Set<(state: BudgetState) => void>();
  #queued = false;

  constructor(private readonly read: () => BudgetState) {}

  /** Adds `listener`; returns the function that removes it. */
  add(listener: (state: BudgetState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  changed(): void {
    if (this.#queued || this.#listeners.size === 0) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      const state = this.read();
      for (const listener of [...this.#listeners]) {
        try {
          listener(state);
        } catch (error) {
          console.error('budget listener failed:', error); // the state holds no URL or token
        }
      }
    });
  }
}
