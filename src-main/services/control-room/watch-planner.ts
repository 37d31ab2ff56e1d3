/**
 * The watch planner: polls live state for the views that subscribed, through the request
 * scheduler at `watch` priority, and shares the polling budget among the watches
 * (docs/dev/architecture.md, "The API budget": focused broadcast first, a reserve kept for commands and
 * views, every update stamped with the time it was fetched).
 *
 * Policy: each watch expands into tasks (a broadcast watch into its state, chat participants
 * and viewers; a channel-list watch into one list read). Every task has a target interval;
 * the planner keeps at most one watch call queued or in flight, and when the last one
 * finishes it picks the task most overdue relative to its interval. It starts nothing while
 * the calls of the last minute leave less than `reservePerMinute` for interactive calls.
 * Renderer timers never poll: views only subscribe.
 *
 * Yielding (docs/dev/architecture.md, "The API budget"): the planner gives way before the
 * operator's commands do. It starts nothing while a command or a view read is queued in the
 * scheduler, and when the scheduler's background rate is lowered after 429s
 * (platform/rate-policy.ts) it widens every interval by `limit / rate`, at most ×3
 * (`maxYieldFactor`); the scheduler holds background calls within that rate besides.
 *
 * An outage is its own case (watch-outage.ts): every watch stale at once, one probe at a
 * time while the platform is down, every stale task re-read at its first answer.
 */
import { callOwner, runAsSharedCall } from '../../platform/call-owner';
import type { Clock } from '../../platform/scheduler';
import type { BudgetSnapshot, WatchSpec } from '../../shared/model';
import { MultiviewPacing } from './multiview-pacing';
import { mostOverdue, type TaskState } from './next-read';
import { RetiredTasks } from './retired-tasks';
import { WatchAnswers } from './watch-answers';
import { unreachable, WatchOutage } from './watch-outage';
import {
  effectiveInterval,
  mergeWatches,
  yieldFactorOf,
  type WatchTask,
  type WatchTopic,
} from './watch-plan';

/** Runs one task: reads through the scheduler at `watch` priority and publishes the result. */
export type TaskRunner = (task: WatchTask, signal: AbortSignal) => Promise<void>;

export interface WatchPlannerOptions {
  clock: Clock;
  run: TaskRunner;
  /** The live scheduler's budget now; the planner reads it before starting a call. */
  budget: () => BudgetSnapshot;
  /** Calls a minute kept free for commands and views (default 12). */
  reservePerMinute?: number;
  /** Called when a task fails, with the error's message (the runner publishes details). */
  onTaskError?: (task: WatchTask, error: unknown) => void;
}

/** Shares the polling budget among the subscribed watches. */
export class WatchPlanner {
  private readonly subscriptions = new Map<
    string,
    { spec: WatchSpec; clientId: string; owner: string }
  >();
  /** Who watches each task: the owners (studio seats, `''` this desk) its reads are shared by. */
  private watchers = new Map<string, string[]>();
  private readonly taskState = new Map<string, TaskState>();
  private tasks: WatchTask[] = [];
  private running: { task: WatchTask; abort: AbortController } | null = null;
  private timer: unknown = null;
  private nextId = 1;
  private disposed = false;
  /** While held (a studio hub standing down), the planner starts no read at all. */
  private held = false;
  private readonly reserve: number;
  /** The on-air list and the turns of the Multiview's per-broadcast reads. */
  private readonly multiview = new MultiviewPacing();
  /** Tasks the last rebuild dropped, with their state (retired-tasks.ts). */
  private readonly retired = new RetiredTasks();
  /** Whether the platform answers; the tasks marked stale while it does not. */
  private readonly outage = new WatchOutage({
    tasks: () => this.tasks,
    stateOf: (id) => this.taskState.get(id),
    onTaskError: (task, error) => this.options.onTaskError?.(task, error),
  });

  /** Each task's latest answer, replayed to a page that joins a watch (watch-answers.ts). */
  readonly answers = new WatchAnswers(this.subscriptions);

  constructor(private readonly options: WatchPlannerOptions) {
    this.reserve = options.reservePerMinute ?? 12;
  }

  /**
   * Adds a watch for `clientId`; returns its id. Starts polling at once if due. The watch is
   * the current call owner's (a studio seat's name when a seat subscribed, call-owner.ts): a
   * task several owners watch is read once, and each owner's share counts `1 / n` of its calls.
   */
  subscribe(spec: WatchSpec, clientId: string): string {
    const watchId = `w${this.nextId++}`;
    this.subscriptions.set(watchId, { spec, clientId, owner: callOwner() });
    this.rebuild();
    return watchId;
  }

  /** Removes a watch of `clientId` (anyone's without it); false if none. Cancels its read. */
  unsubscribe(watchId: string, clientId?: string): boolean {
    const sub = this.subscriptions.get(watchId);
    if (!sub || (clientId !== undefined && sub.clientId !== clientId)) return false;
    const removed = this.subscriptions.delete(watchId);
    if (removed) this.rebuild();
    return removed;
  }

  /** Removes every watch of a client that went away (window closed, page left). */
  dropClient(clientId: string): void {
    for (const [id, sub] of this.subscriptions)
      if (sub.clientId === clientId) this.subscriptions.delete(id);
    this.rebuild();
  }

  /**
   * Tells the planner that fresh data for a task arrived another way (a command's answer or
   * a view's read), so it does not spend a call fetching it again.
   */
  observe(topic: WatchTopic, subject: string, fetchedAt: number): void {
    // The platform answered: an outage is over.
    if (this.outage.since !== null) this.outage.recover(`${topic}:${subject}`);
    const state = this.taskState.get(`${topic}:${subject}`);
    if (state) {
      state.lastRunAt = Math.max(state.lastRunAt ?? 0, fetchedAt);
      state.failures = 0;
    }
  }

  /** Marks a task as having nothing to read until `wake` (e.g. participants when off air). */
  setDormant(topic: WatchTopic, subject: string, dormant: boolean): void {
    const state = this.taskState.get(`${topic}:${subject}`);
    if (state && state.dormant !== dormant) {
      state.dormant = dormant;
      if (!dormant) this.pump();
    }
  }

  /**
   * Re-reads every watch at once, as if none had been read (after the computer slept, every
   * figure is old): the focused broadcast's tasks first, then the rest as the budget allows.
   * A read started before the sleep is abandoned. Answers the tasks that will be re-read
   * (not the dormant ones), so the views can mark their figures stale until they are.
   */
  refreshAll(): WatchTask[] {
    const due: WatchTask[] = [];
    for (const task of this.tasks) {
      const state = this.taskState.get(task.id);
      if (!state || state.dormant) continue;
      state.lastRunAt = null;
      state.failures = 0;
      due.push(task);
    }
    this.running?.abort.abort();
    this.running = null;
    this.sleep(0, 0);
    return due;
  }

  /**
   * Re-reads the tasks of `topic` next, as if never read, as the budget allows (a command changed
   * what they show: the Rehearsal panel put a channel on air). Dormant tasks stay so.
   */
  rereadTopic(topic: WatchTopic): void {
    for (const task of this.tasks) {
      const state = this.taskState.get(task.id);
      if (task.topic === topic && state && !state.dormant) state.lastRunAt = null;
    }
    // One whose view just closed is as stale: if it comes back, it reads at once.
    for (const id of this.retired.drop(topic)) this.answers.forget(id);
    if (!this.running) this.sleep(0, 0);
  }

  /**
   * Tells the planner which broadcasts are on air (the Multiview's list read): each gets its
   * participants task while a `multiview` watch is subscribed (its viewers come with the
   * account's viewer statistics). No change, no work.
   */
  setOnAir(broadcastKeys: readonly string[]): void {
    if (this.multiview.setOnAir(broadcastKeys)) this.rebuild();
  }

  /** Whether a task of `topic` for `subject` is planned (someone watches it). */
  has(topic: WatchTopic, subject: string): boolean {
    return this.taskState.has(`${topic}:${subject}`);
  }

  /**
   * The reads the planner will make from now on: each task not dormant at its interval as
   * polled now (backed off after failures, widened while yielding), ms. The budget forecast
   * is made from these (platform/budget-forecast.ts).
   */
  plannedReads(): { id: string; intervalMs: number }[] {
    const yieldFactor = yieldFactorOf(this.options.budget());
    return this.tasks.flatMap((task) => {
      const state = this.taskState.get(task.id);
      if (!state || state.dormant) return [];
      return [{ id: task.id, intervalMs: effectiveInterval(task, state.failures) * yieldFactor }];
    });
  }

  /**
   * What any call of the live scheduler found (`RequestScheduler.onReachability`): a command's
   * or a view's call that finds the platform unreachable starts the outage as a watch read
   * would (every watch stale, probing at the short back-off); any answer ends it.
   */
  platformReachable(reachable: boolean, error?: unknown): void {
    if (this.disposed) return;
    if (reachable) {
      if (this.outage.since === null) return;
      this.outage.recover('');
    } else {
      if (this.outage.since !== null) return;
      this.outage.down(null, this.running?.task.id, error, this.options.clock.now());
    }
    if (!this.running) this.sleep(0, 0);
  }

  /** Since when the platform is unreachable (epoch ms), or null when it answers. */
  outageSince(): number | null {
    return this.outage.since;
  }

  /** Calls a minute the planner keeps free for commands and views. */
  get reservePerMinute(): number {
    return this.reserve;
  }

  /** The current tasks (for tests and diagnostics). */
  currentTasks(): readonly WatchTask[] {
    return this.tasks;
  }

  /**
   * Holds every watch (`true`): no read is started and the running one is abandoned, while
   * the subscriptions stay; released (`false`), it plans again at once. A studio hub standing
   * down holds its own watches: its backup serves the studio (docs/dev/architecture.md, "The
   * takeover protocol").
   */
  hold(held: boolean): void {
    if (this.held === held) return;
    this.held = held;
    if (held) {
      this.clearTimer();
      this.running?.abort.abort();
      this.running = null;
    } else this.pump();
  }

  /** Whether the planner is held (see {@link hold}). */
  isHeld(): boolean {
    return this.held;
  }

  /** Stops polling and cancels the running read. */
  dispose(): void {
    this.disposed = true;
    this.subscriptions.clear();
    this.clearTimer();
    this.running?.abort.abort();
    this.running = null;
  }

  private rebuild(): void {
    const { byId, watchers } = mergeWatches(this.subscriptions, this.multiview.onAir);
    this.tasks = [...byId.values()];
    this.watchers = watchers;
    const retired = new Map<string, TaskState>();
    for (const [id, state] of this.taskState)
      if (!byId.has(id)) {
        retired.set(id, state);
        this.taskState.delete(id);
      }
    const now = this.options.clock.now();
    for (const task of this.tasks) {
      const back = this.taskState.has(task.id) ? null : this.retired.takeBack(task.id, now);
      if (back === 'gone') this.answers.forget(task.id);
      else if (back) this.taskState.set(task.id, back.state);
    }
    this.retired.replace(retired, now);
    this.answers.prune(byId, retired, this.multiview.onAir);
    this.multiview.replan(
      [...this.subscriptions.values()].find((s) => s.spec.kind === 'multiview')?.spec,
    );
    for (const task of this.tasks)
      if (!this.taskState.has(task.id))
        this.taskState.set(task.id, {
          // The Multiview's per-broadcast reads start as due, not as never read: they take
          // turns by how overdue they are, one per gap, and never hold back its list.
          lastRunAt: task.spec.kind === 'multiview' && !task.focused ? now - task.intervalMs : null,
          failures: 0,
          dormant: false,
        });
    if (this.running && !byId.has(this.running.task.id)) this.running.abort.abort();
    // Plan on the next tick, so watches subscribed together (a view opening) are weighed
    // together: the focused broadcast is not queued behind a background one.
    if (!this.running) this.sleep(0, 0);
  }

  /** Starts the most overdue task if the budget allows, else sleeps until something is due. */
  private pump(): void {
    if (this.disposed || this.held || this.running) return;
    this.clearTimer();
    const now = this.options.clock.now();
    const budget = this.options.budget();
    if (budget.rateLimitedUntil !== null && budget.rateLimitedUntil > now) {
      this.sleep(budget.rateLimitedUntil - now);
      return;
    }
    if (budget.pausedReason) {
      this.sleep(5_000);
      return;
    }
    if (this.outage.since !== null) {
      this.probe(now);
      return;
    }
    if (budget.callsLastMinute >= budget.limitPerMinute - this.reserve) {
      this.sleep(budget.minSpacingMs);
      return;
    }
    // The operator's commands and what is on screen go first: give way while they queue.
    if (budget.queued.command > 0 || budget.queued.view > 0) {
      this.sleep(budget.minSpacingMs);
      return;
    }
    const { best, nextDue } = mostOverdue(
      this.tasks,
      (id) => this.taskState.get(id),
      now,
      yieldFactorOf(budget),
      this.multiview.gapEnd(),
    );
    if (best) this.start(best);
    else if (nextDue < Infinity) this.sleep(nextDue - now);
  }

  private start(task: WatchTask): void {
    this.multiview.started(task, this.options.clock.now());
    const abort = new AbortController();
    this.running = { task, abort };
    const state = this.taskState.get(task.id);
    // The read is this desk's call, shared by every owner watching the task (call-owner.ts).
    runAsSharedCall(this.watchers.get(task.id) ?? [], () => this.options.run(task, abort.signal))
      .then(
        () => {
          if (state) {
            state.lastRunAt = this.options.clock.now();
            state.failures = 0;
          }
          if (this.outage.since !== null) this.outage.recover(task.id);
        },
        (error: unknown) => {
          if (state && !abort.signal.aborted) {
            const now = this.options.clock.now();
            state.lastRunAt = now;
            state.failures += 1;
            this.options.onTaskError?.(task, error);
            if (unreachable(error)) this.outage.down(task, task.id, error, now);
          }
        },
      )
      .finally(() => {
        if (this.running?.task === task) this.running = null;
        this.pump();
      });
  }

  /**
   * While the platform is down: one read at a time probes it, after the outage's short
   * back-off (`outageProbeDelay`), the focused broadcast's tasks first, then the shortest
   * interval. The budget's usual waits do not apply: an unanswered call costs nothing.
   */
  private probe(now: number): void {
    const due = this.outage.probeDue();
    if (due > now) this.sleep(due - now);
    else {
      const task = this.outage.probeTask();
      if (task) this.start(task);
    }
  }

  /** Plans again after `ms` (at least `floorMs`, so a busy budget is not polled hot). */
  private sleep(ms: number, floorMs = 50): void {
    this.clearTimer();
    this.timer = this.options.clock.setTimeout(
      () => {
        this.timer = null;
        this.pump();
      },
      Math.max(floorMs, ms),
    );
  }

  private clearTimer(): void {
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
