/**
 * The hub's epoch (docs/dev/architecture.md, "The takeover protocol", 7): a number kept in the data
 * folder's `studio/epoch.json` that grows each time the hub starts hosting, and each time it
 * finds it was itself silent for 3 s or more (its once-a-second tick came that late: the
 * process was frozen, suspended or starved). Every beat carries it. A backup's takeover record
 * names the epoch it last heard; a hub stands down only for a record of an earlier epoch than
 * its own: it has been away since, so its backup may really have served. The epoch in which
 * each backup last opened its follow stream is kept too: a record must name exactly that one
 * (no backup can cite an older epoch it never followed in, nor one it followed again since).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { silenceBeforeTakeoverMs } from './heartbeat';

const epochFile = 'epoch.json';
const stored = z.object({
  epoch: z.number().int().nonnegative(),
  /** The epoch in which each backup seat (by id) last opened its follow stream. */
  followed: z.record(z.string(), z.number().int().nonnegative()).default({}),
});

/** The epoch of one hosting run of a hub. */
export class HubEpoch {
  #epoch: number;
  #lastTickAt: number;
  readonly #followed: Map<string, number>;
  /** The writes of epoch.json, one after another (each writes the state as it is then). */
  #writes: Promise<void> = Promise.resolve();

  private constructor(
    private readonly dir: string,
    epoch: number,
    now: number,
    followed: Record<string, number>,
  ) {
    this.#epoch = epoch;
    this.#lastTickAt = now;
    this.#followed = new Map(Object.entries(followed));
  }

  /**
   * The epoch of a hosting run starting now: the one kept in `dir` plus one (1 for the first),
   * written back before it is used.
   * @param now the hub's clock, epoch ms UTC.
   */
  static async start(dir: string, now: number): Promise<HubEpoch> {
    let kept: z.infer<typeof stored> = { epoch: 0, followed: {} };
    try {
      const parsed = stored.safeParse(JSON.parse(await readFile(join(dir, epochFile), 'utf8')));
      if (parsed.success) kept = parsed.data;
    } catch {
      // None yet: the first run.
    }
    const epoch = new HubEpoch(dir, kept.epoch + 1, now, kept.followed);
    await epoch.#write();
    return epoch;
  }

  /** The current epoch. */
  current(): number {
    return this.#epoch;
  }

  /** Notes that the backup seat `seatId` opened its follow stream now (in this epoch). */
  followedBy(seatId: string): void {
    if (this.#followed.get(seatId) === this.#epoch) return;
    this.#followed.set(seatId, this.#epoch);
    void this.save();
  }

  /** The epoch in which the backup seat `seatId` last opened its follow stream, or null. */
  lastFollowedBy(seatId: string): number | null {
    return this.#followed.get(seatId) ?? null;
  }

  /** Forgets the backup seat `seatId` (revoked). */
  forget(seatId: string): void {
    if (this.#followed.delete(seatId)) void this.save();
  }

  /**
   * Notes the hub's once-a-second tick at `now` (epoch ms UTC). When the previous one was
   * {@link silenceBeforeTakeoverMs} or more ago the hub was silent itself: the epoch grows.
   * @returns whether it grew.
   */
  tick(now: number): boolean {
    const silent = now - this.#lastTickAt >= silenceBeforeTakeoverMs;
    this.#lastTickAt = now;
    if (!silent) return false;
    this.#epoch += 1;
    void this.save();
    return true;
  }

  /**
   * Resolves once every change so far is in epoch.json (a failed write is given up: the next
   * change writes the whole state again). The hub waits for it before it stops hosting, so the
   * next hosting run reads which epoch each backup followed in.
   */
  settled(): Promise<void> {
    return this.#writes;
  }

  /**
   * Writes the state after the writes asked before (two writes at once through the same
   * `.tmp` file could leave an older state in place); resolves when it is written or given up.
   */
  private save(): Promise<void> {
    this.#writes = this.#writes.then(() => this.#write()).catch(() => undefined);
    return this.#writes;
  }

  async #write(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const path = join(this.dir, epochFile);
    const kept = { epoch: this.#epoch, followed: Object.fromEntries(this.#followed) };
    await writeFile(`${path}.tmp`, JSON.stringify(kept), { mode: 0o600 });
    await rename(`${path}.tmp`, path);
  }
}
