/**
 * The takeover phase of the studio bench (`npm run bench -- studio`; issue part 5): a hub with
 * seats under a workload is killed, and a backup hub following its heartbeat takes over.
 * Goals: commands accepted again within 5 s of the hub going silent, 0 platform operations
 * sent twice (counted at the sandbox).
 *
 * The backup hub is not built yet: {@link takeoverPhase} is `null`, and the bench prints
 * `takeover: not run (no backup hub)` and counts it as FAIL. Whoever builds the backup hub
 * sets {@link takeoverPhase} to an implementation of {@link StudioTakeover}; nothing else in
 * the bench changes.
 */

/** What the takeover phase measured. */
export interface TakeoverFigures {
  /** ms from the hub's last heartbeat to the first command the backup accepted. */
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

/** The takeover phase the bench runs; `null` while there is no backup hub. */
export const takeoverPhase: StudioTakeover | null = null;
