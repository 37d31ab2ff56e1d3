/**
 * The control room's channel order: on-air channels lead, the platform's order holding within
 * each group. The channel list draws it and the 1 … 9 keys count places in it, so "3" is the
 * third row the operator sees.
 */
export function onAirFirst<T extends { onAir: boolean }>(items: readonly T[]): T[] {
  return [...items.filter((c) => c.onAir), ...items.filter((c) => !c.onAir)];
}
