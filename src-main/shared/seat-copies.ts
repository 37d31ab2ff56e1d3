/**
 * Where a studio hub keeps the files its seats send it (docs/dev/architecture.md, "The takeover
 * protocol"): `<spool>/<made>-<random>-seat-<seatId>/<name>`, beside the browser host's own
 * dropped-file copies (`<made>-<random>/<name>`, swept alike by hosts/spool.ts once no queue
 * names them). The folder says which seat sent the file, so the hub's heartbeat can tell its
 * backup which seat queued each upload (heartbeat.ts) without a field in the queue file.
 */

/** The folder of one seat's file: made at `madeAtMs` (epoch ms UTC), `random` hex, `seatId`. */
export function seatCopyFolder(madeAtMs: number, random: string, seatId: string): string {
  return `${Math.floor(madeAtMs)}-${random}-seat-${seatId}`;
}

const copyPattern = /(?:^|[\\/])\d+-[0-9a-f]+-seat-([0-9a-f]{1,64})[\\/][^\\/]+$/;

/** The id of the seat whose copy `path` is (see {@link seatCopyFolder}), or null. */
export function seatOfCopy(path: string): string | null {
  return copyPattern.exec(path)?.[1] ?? null;
}
