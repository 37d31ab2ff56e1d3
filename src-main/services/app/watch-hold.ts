/**
 * What the desk core does to the open workspace's watches as a whole, and tells every view:
 * held while this studio hub stands down for its backup (docs/dev/architecture.md, "The
 * takeover protocol"), re-read at once after the computer slept. Each figure affected is
 * pushed as a `watch.update` error, so no view shows a silent stale screen.
 */
import type { WatchUpdate } from '../../shared/model';
import type { Emit } from './events';
import type { WatchPlanner } from '../control-room/watch-planner';

/** Holds and re-reads the planner of the workspace open now. */
export class WatchHold {
  private standingDown = false;

  /** `planner`: the open workspace's (it changes with a switch of workspace); `now`: epoch ms. */
  constructor(
    private readonly options: { planner: () => WatchPlanner; emit: Emit; now: () => number },
  ) {}

  /**
   * This hub stands down (`true`) or serves again: while it stands down its own pages'
   * watches make no call either (the planner is held) and every figure they feed is pushed
   * as not refreshed (`standingDown`).
   */
  standDown(on: boolean): void {
    this.standingDown = on;
    this.apply();
  }

  /** Another workspace opened: its planner is held too while this hub stands down. */
  workspaceChanged(): void {
    if (this.standingDown) this.apply();
  }

  /** A view subscribed: while this hub stands down it is told at once its figures are not read. */
  subscribed(): void {
    if (this.standingDown) this.sayHeld();
  }

  /**
   * Re-reads every watch at once (the computer slept: every figure is old), each pushed as
   * not refreshed (`afterSleep`) until it is.
   */
  rereadAll(): void {
    const at = this.options.now();
    for (const task of this.options.planner().refreshAll())
      this.push({
        kind: 'error',
        subject: task.subject,
        topic: task.topic,
        at,
        code: 'network',
        message: 'The computer slept: re-reading.',
        afterSleep: true,
      });
  }

  /** Pushes `update` as every watch update goes (a channel list's to each of its watches). */
  private push(update: WatchUpdate): void {
    for (const each of this.options.planner().answers.address(update))
      this.options.emit('watch.update', each);
  }

  private apply(): void {
    const planner = this.options.planner();
    if (planner.isHeld() === this.standingDown) return;
    planner.hold(this.standingDown);
    if (this.standingDown) this.sayHeld();
  }

  private sayHeld(): void {
    const at = this.options.now();
    for (const task of this.options.planner().currentTasks())
      this.push({
        kind: 'error',
        subject: task.subject,
        topic: task.topic,
        at,
        code: 'conflict',
        message: 'This hub stands down: its backup serves the studio.',
        standingDown: true,
      });
  }
}
