/**
 * The desktop app's keep-awake: Electron's `powerSaveBlocker` started with
 * `prevent-app-suspension` (the system stays awake, the display may still dim and lock) while
 * hosts/keep-awake-policy.ts wants it, stopped when the last reason ends, and the state told
 * to the core for the status bar (services/app/workstation.ts). Electron is reached only
 * through {@link PowerSaveBlockerSurface}, so tests give a typed fake of its API shape.
 */
import type { KeepAwakeReason, KeepAwakeState } from '../shared/workstation-model';
import { keepAwakeReasonsOf, wantsKeepAwake } from './keep-awake-policy';
import type { ShowWork } from './update-policy';

/**
 * Electron's `powerSaveBlocker`, as used here: `start` answers the blocker's id, `stop(id)`
 * releases it, `isStarted(id)` says whether it holds.
 */
export interface PowerSaveBlockerSurface {
  start(type: 'prevent-app-suspension' | 'prevent-display-sleep'): number;
  stop(id: number): boolean;
  isStarted(id: number): boolean;
}

/** How often the show work is read again for the keep-awake: every 10 s, in ms. */
export const keepAwakeEveryMs = 10_000;

/** Holds at most one blocker, started and stopped as {@link KeepAwake.apply} is told. */
export class KeepAwake {
  #id: number | null = null;
  #reasons: KeepAwakeReason[] = [];

  constructor(
    private readonly blocker: PowerSaveBlockerSurface,
    private readonly log: (message: string) => void,
  ) {}

  /** Starts the blocker when `reasons` want it and none holds; stops it when none is left. */
  apply(reasons: readonly KeepAwakeReason[]): KeepAwakeState {
    const holding = this.#id !== null && this.blocker.isStarted(this.#id);
    if (wantsKeepAwake(reasons) && !holding) {
      this.#id = this.blocker.start('prevent-app-suspension');
      this.log(`keep-awake: on (${reasons.join(', ')})`);
    } else if (!wantsKeepAwake(reasons) && this.#id !== null) {
      if (holding) this.blocker.stop(this.#id);
      this.#id = null;
      this.log('keep-awake: off');
    }
    this.#reasons = wantsKeepAwake(reasons) ? [...reasons] : [];
    return this.state();
  }

  /** Whether the computer is kept awake now, and why. */
  state(): KeepAwakeState {
    const on = this.#id !== null && this.blocker.isStarted(this.#id);
    return { supported: true, on, reasons: on ? this.#reasons : [] };
  }

  /** Lets the computer sleep again (the app quits). */
  release(): void {
    this.apply([]);
  }
}

export interface KeepAwakeOptions {
  blocker: PowerSaveBlockerSurface;
  /** The show work now (hosts/updates.ts `DesktopUpdates.work`). */
  work: () => Promise<ShowWork>;
  /** Told each state after a read (the core's `workstation.setKeepAwake`). */
  report: (state: KeepAwakeState) => void;
  /** Runs `run` every `ms`, answering its stop (`setInterval` in the app; tests call `run`). */
  every: (ms: number, run: () => Promise<void>) => () => void;
  log: (message: string) => void;
}

/**
 * Reads the show work every {@link keepAwakeEveryMs} and keeps the computer awake while it
 * wants; answers the function that stops reading and releases the blocker. A read that fails
 * keeps the state as it was (the next one decides).
 */
export function superviseKeepAwake(options: KeepAwakeOptions): {
  stop: () => void;
  tick: () => Promise<void>;
} {
  const keepAwake = new KeepAwake(options.blocker, options.log);
  const tick = async () => {
    let work: ShowWork;
    try {
      work = await options.work();
    } catch (error) {
      options.log(`keep-awake: could not read the work under way: ${String(error)}`);
      return;
    }
    options.report(keepAwake.apply(keepAwakeReasonsOf(work)));
  };
  const stopTicks = options.every(keepAwakeEveryMs, tick);
  void tick();
  return {
    tick,
    stop: () => {
      stopTicks();
      keepAwake.release();
      options.report(keepAwake.state());
    },
  };
}
