/**
 * The Multiview's pacing inside the watch planner: which broadcasts are on air (its list
 * read), and how far apart its per-broadcast reads start so they take turns within the
 * Multiview's share of the live budget (`multiviewShares` in watch-plan.ts; docs/dev/
 * architecture.md, "The API budget").
 */
import type { WatchSpec } from '../../shared/model';
import { multiviewShares, perBroadcast, pinnedOnAir, type WatchTask } from './watch-plan';

/** The on-air list and the gap between the Multiview's per-broadcast reads, for one planner. */
export class MultiviewPacing {
  private keys: readonly string[] = [];
  /** When the last of the Multiview's per-broadcast reads started (they take turns), ms. */
  private lastStart: number | null = null;
  /** The time between two of those reads' starts, ms (0: no Multiview). */
  private gap = 0;

  /** The broadcasts on air as the Multiview's last list read found them, sorted. */
  get onAir(): readonly string[] {
    return this.keys;
  }

  /** Takes the list read's broadcast keys; answers whether they changed (no change, no work). */
  setOnAir(broadcastKeys: readonly string[]): boolean {
    const next = [...broadcastKeys].sort();
    if (next.length === this.keys.length && next.every((key, i) => key === this.keys[i]))
      return false;
    this.keys = next;
    return true;
  }

  /**
   * Spreads the unpinned tiles' interval over them (after every rebuild): `multiview` is
   * the subscribed Multiview watch, if any.
   */
  replan(multiview: WatchSpec | undefined): void {
    const pins = multiview ? pinnedOnAir(multiview, this.keys).length : 0;
    this.gap =
      multiview && this.keys.length > pins
        ? multiviewShares(this.keys.length, pins).unpinnedMs / (this.keys.length - pins)
        : 0;
  }

  /** Notes that `task` started at `now` (epoch ms), if it is a per-broadcast read. */
  started(task: WatchTask, now: number): void {
    if (perBroadcast(task)) this.lastStart = now;
  }

  /**
   * When the next per-broadcast read may start (epoch ms; -Infinity: any time). They start
   * at most one per gap, so they never come in a burst above the Multiview's share.
   */
  gapEnd(): number {
    return this.lastStart === null || this.gap === 0 ? -Infinity : this.lastStart + this.gap;
  }
}
