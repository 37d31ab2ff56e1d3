/**
 * The latest answer of each watch task, replayed to a page that joins a watch
 * (docs/dev/architecture.md, "The API budget"): a second window on the same broadcast, the
 * same channel list or the Multiview (a pop-out, issue 35 §3) shows what the first one shows
 * at once, from the `watch.subscribe` answer, and its watch-fed queries read nothing of their
 * own. The planner's reads are shared already (one task per thing read); this shares what
 * they answered. Kept in main's memory only while a watch plans the task (or the last rebuild
 * retired it): chat participants are personal data, never kept longer than a view shows them
 * and never written anywhere (the renderer's saved cache leaves them out too, lib/persist.ts).
 *
 * A channel list's task is shared by every watch of that list (watch-plan.ts,
 * `channelListSubject`), while each page knows its list's updates by its own watch id: its
 * answer is addressed to each of those watches ({@link WatchAnswers.address}).
 */
import type { WatchSpec, WatchUpdate } from '../../shared/model';
import { channelListSubject } from './watch-plan';

/** The task id an update answers (`topic:subject`, as watch-plan.ts names tasks). */
function answerOf(update: Exclude<WatchUpdate, { kind: 'error' }>): string {
  switch (update.kind) {
    case 'channels':
      return `channels:${update.watchId}`;
    case 'onair':
    case 'audience':
      return `${update.kind}:account`;
    default:
      return `${update.kind}:${update.broadcastKey}`;
  }
}

/** The latest answers of the planned tasks, by task id. */
export class WatchAnswers {
  private readonly latest = new Map<string, Exclude<WatchUpdate, { kind: 'error' }>>();
  /**
   * The tasks whose figure is stale now (their last poll failed, or the hub stands down):
   * the error pushed, replayed after the answer so a joining page marks it stale too.
   */
  private readonly problems = new Map<string, Extract<WatchUpdate, { kind: 'error' }>>();

  /** `watches`: the planner's subscriptions, by watch id (read, never changed here). */
  constructor(private readonly watches: ReadonlyMap<string, { spec: WatchSpec }>) {}

  /**
   * Keeps a fresh answer as its task's latest (unless a newer one is kept: a view's read and
   * a poll may cross) and answers what to push to the pages: the update itself, or for a
   * channel list (its `watchId` or, for an error, its `subject` naming the list's subject) one
   * copy per watch of that list.
   */
  address(update: WatchUpdate): WatchUpdate[] {
    if (update.kind === 'error') {
      this.problems.set(`${update.topic}:${update.subject}`, update);
      return update.topic === 'channels'
        ? this.listWatches(update.subject).map((watchId) => ({ ...update, subject: watchId }))
        : [update];
    }
    const id = answerOf(update);
    const kept = this.latest.get(id);
    if (!kept || kept.fetchedAt <= update.fetchedAt) this.latest.set(id, update);
    // As on a page, a fresh answer ends the figure's problem (`via: 'audience'` viewers too).
    this.problems.delete(id);
    return update.kind === 'channels'
      ? this.listWatches(update.watchId).map((watchId) => ({ ...update, watchId }))
      : [update];
  }

  /**
   * The latest answers of watch `watchId`'s tasks, as its page would have had them pushed
   * (a channel list's addressed to `watchId`): a broadcast's state, participants and
   * viewers; a channel list; the Multiview's on-air list, the account's viewers and each
   * on-air broadcast's participants and viewers. Answers never read are left out; then the
   * problem of each figure that is stale now (as last pushed), so the page marks it stale.
   */
  replay(watchId: string): WatchUpdate[] {
    const spec = this.watches.get(watchId)?.spec;
    if (!spec) return [];
    const ids: string[] = [];
    if (spec.kind === 'channels') {
      const id = `channels:${channelListSubject(spec)}`;
      const list = this.latest.get(id);
      const problem = this.problems.get(id);
      return [
        ...(list?.kind === 'channels' ? [{ ...list, watchId }] : []),
        ...(problem ? [{ ...problem, subject: watchId }] : []),
      ];
    }
    if (spec.kind === 'broadcast')
      for (const topic of ['broadcast', 'participants', 'viewers'])
        ids.push(`${topic}:${spec.broadcastKey}`);
    else {
      ids.push('onair:account', 'audience:account');
      const onAir = this.latest.get('onair:account');
      if (onAir?.kind === 'onair')
        for (const { key } of onAir.data.broadcasts)
          ids.push(`participants:${key}`, `viewers:${key}`);
    }
    const kept = <T>(from: Map<string, T>): T[] =>
      ids.flatMap((id) => {
        const answer = from.get(id);
        return answer ? [answer] : [];
      });
    return [...kept(this.latest), ...kept(this.problems)];
  }

  /**
   * Forgets the answers of tasks no watch plans any more: kept while `planned` (the current
   * tasks, by id) or `retired` (dropped by the last rebuild, which a watch subscribed again at
   * once takes back) holds their task, and each broadcast's viewers while `onAir` lists it
   * (the Multiview's come from the account's read, no task of their own).
   */
  prune(
    planned: ReadonlyMap<string, unknown>,
    retired: ReadonlyMap<string, unknown>,
    onAir: readonly string[],
  ): void {
    for (const answers of [this.latest, this.problems])
      for (const id of answers.keys()) {
        const viewersOnAir =
          id.startsWith('viewers:') && onAir.includes(id.slice('viewers:'.length));
        if (!planned.has(id) && !retired.has(id) && !viewersOnAir) answers.delete(id);
      }
  }

  /**
   * Forgets task `id`'s answer and problem: its watch came back after the operator was elsewhere
   * (past the planner's `retiredForMs`), so it reads at once, and its answer from before must
   * not be replayed over the new one (it would arrive after it on the page).
   */
  forget(id: string): void {
    this.latest.delete(id);
    this.problems.delete(id);
  }

  /** The watches of the channel list whose task subject is `subject`. */
  private listWatches(subject: string): string[] {
    return [...this.watches]
      .filter(([, { spec }]) => spec.kind === 'channels' && channelListSubject(spec) === subject)
      .map(([watchId]) => watchId);
  }
}
