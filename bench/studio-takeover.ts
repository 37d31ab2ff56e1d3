/**
 * The takeover phase of the studio bench (`npm run bench -- studio`): a hub with a seat under
 * a workload is killed, and a backup hub following its heartbeat takes over
 * (docs/dev/architecture.md, "The takeover protocol"). Goals: commands accepted again within 5 s
 * of the hub dying, 0 platform operations sent twice (counted at the sandbox). The phase is the
 * takeover drill of `src-main/services/studio/testing/backup-harness.ts` (the same one backup.test.ts
 * runs), with a longer workload after the kill.
 */
import { runTakeoverDrill } from '../src-main/services/studio/testing/backup-harness';
import { sized } from './section';

/** What the takeover phase measured. */
export interface TakeoverFigures {
  /** ms from the hub dying to the first command the backup accepted. */
  acceptedAgainMs: number;
  /** Platform operations (non-GET calls) the sandbox saw twice for one command. */
  duplicates: number;
  /** Commands sent during the phase, and how many were answered (by the hub or the backup). */
  commands: number;
  answered: number;
  /** Commands reported to their seat as "unknown: re-read" (in flight when the hub died). */
  unknown: number;
}

/** A takeover phase: runs its own sandbox, hub, backup and seats for `minutes` of real time. */
export interface StudioTakeover {
  run(options: { minutes: number }): Promise<TakeoverFigures>;
}

/**
 * The takeover phase the bench runs: the drill with six renames before the kill and, after
 * it, one every 1.5 s for the rest of `minutes` (at least 10). A drill that never saw the
 * backup accept a command reports `acceptedAgainMs` as Infinity, which fails the goal.
 */
export const takeoverPhase: StudioTakeover | null = {
  async run({ minutes }) {
    const everyMs = 1500;
    const after = Math.max(sized(10, 2), Math.floor((minutes * 60_000) / everyMs / 4));
    const report = await runTakeoverDrill({
      commandsBeforeKill: sized(6, 2),
      commandsAfterKill: after,
      everyMs,
    });
    const answered = report.commands.filter((c) => c.outcome === 'ok').length;
    const unknown = report.commands.filter((c) => c.outcome === 'unknown').length;
    return {
      acceptedAgainMs: report.acceptedWithinMs ?? Number.POSITIVE_INFINITY,
      duplicates: report.duplicates.length,
      commands: report.commands.length,
      answered,
      unknown,
    };
  },
};
