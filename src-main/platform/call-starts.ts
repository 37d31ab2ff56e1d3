/**
 * The scheduler's start log seen call by call (scheduler.ts): when each call really left,
 * how long after our previous one, and when the last accepted call's answer came. A 429
 * forgets its call's start (the platform did not count it) and says how tight our spacing
 * was (docs/platform-facts.md, "Rate limit"). Times are epoch ms.
 */
import type { Priority } from './budget-state';
import type { ScheduledCall } from './scheduled-call';
import type { StartLog } from './start-log';

/** Each call's place in one {@link StartLog}. */
export class CallStarts {
  /**
   * ms from this desk's previous call start to each call's start (Infinity for the first):
   * a 429 on a call that left long after our previous one was not our spacing's fault.
   */
  readonly #gapBefore = new WeakMap<ScheduledCall, number>();
  /** Each call's start as the start log holds it (restamped when it really left), epoch ms. */
  readonly #logged = new WeakMap<ScheduledCall, number>();
  /**
   * The last accepted call's start (as logged) and when its answer came, epoch ms: a command
   * right after it may go one platform spacing after the answer (start-log.ts), so another
   * client has no margin-wide gap to slip into between our re-read and our resend.
   */
  #lastAnswer: { start: number; answeredAt: number } | null = null;

  constructor(private readonly log: StartLog) {}

  /** The earliest moment a call of `priority` may start (epoch ms). */
  earliestNext(priority: Priority): number {
    return this.log.earliestNext(priority === 'command' ? this.#answeredAtOfLast() : null);
  }

  /** `call` starts at `now`: logged, with its gap after the previous start. */
  started(call: ScheduledCall, now: number): void {
    const previous = this.log.last();
    this.#gapBefore.set(call, previous === null ? Infinity : now - previous);
    this.log.record(now);
  }

  /**
   * `call` really left at `at` (after the send's synchronous part, which can stall: the HTTP
   * client loading on the first call of a fresh process): the spacing counts from then.
   */
  left(call: ScheduledCall, at: number, startedAt: number): void {
    this.log.restampLast(at);
    this.#logged.set(call, this.log.last() ?? startedAt);
  }

  /** The platform accepted `call` (anything but a 429), its answer at `at`. */
  answered(call: ScheduledCall, at: number): void {
    const logged = this.#logged.get(call);
    if (logged !== undefined) this.#lastAnswer = { start: logged, answeredAt: at };
  }

  /**
   * The platform refused `call` with 429: it did not count it, so the next call waits for
   * `Retry-After`, not for the spacing after this one as well. Answers the gap before it, ms.
   */
  refused(call: ScheduledCall): number {
    const logged = this.#logged.get(call);
    if (logged !== undefined) this.log.forget(logged);
    return this.#gapBefore.get(call) ?? Infinity;
  }

  /** When the answer to the start log's last start came, if it was accepted; else null. */
  #answeredAtOfLast(): number | null {
    const answer = this.#lastAnswer;
    return answer !== null && answer.start === this.log.last() ? answer.answeredAt : null;
  }
}
