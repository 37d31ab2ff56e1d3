/**
 * The UTC day of an instant, the one way main and the renderer name a day (statistics
 * ranges, the schedule's days, event days). Pure: shared with the renderer.
 */

/** The UTC day (`YYYY-MM-DD`) holding the epoch-ms instant `ms`. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
