/**
 * The UTC day of an instant and the instant a day starts: the one way main and the renderer
 * name a day (statistics ranges, the schedule's days, event days). Pure: shared with the renderer.
 */

/** The UTC day (`YYYY-MM-DD`) holding the epoch-ms instant `ms`. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Epoch ms of 00:00 UTC of `day` (`YYYY-MM-DD`), or NaN when it is no real day (`2026-02-30`).
 */
export function dayStart(day: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || utcDay(ms) !== day ? Number.NaN : ms;
}
