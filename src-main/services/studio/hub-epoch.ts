/**
 * The hub's epoch (docs/architecture.md, "The takeover protocol", 7): a number kept in the data
 * folder's `studio/epoch.json` that grows each time the hub starts hosting, and each time it
 * finds it was itself silent for 3 s or more (its once-a-second tick came that late: the
 * process was frozen, suspended or starved). Every beat carries it. A backup's takeover record
 * names the epoch it last heard; a hub stands down only for a record of an earlier epoch than
 * its own: it has been away since, so its backup may really have served.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { silenceBeforeTakeoverMs } from './heartbeat';

const epochFile = 'epoch.json';
const stored = z.object({ epoch: z.number().int().nonnegative() });

/** The epoch of one hosting run of a hub. */
export class HubEpoch {
  #epoch: number;
  #lastTickAt: number;

  private constructor(
    private readonly dir: string,
    epoch: number,
    now: number,
  ) {
    this.#epoch = epoch;
    this.#lastTickAt = now;
  }

  /**
   * The epoch of a hosting run starting now: the one kept in `dir` plus one (1 for the first),
   * written back before it is used.
   * @param now the hub's clock, epoch ms UTC.
   */
  static async start(dir: string, now: number): Promise<HubEpoch> {
    let kept = 0;
    try {
      const parsed = stored.safeParse(JSON.parse(await readFile(join(dir, epochFile), 'utf8')));
      if (parsed.success) kept = parsed.data.epoch;
    } catch {
      // None yet: the first run.
    }
    const epoch = new HubEpoch(dir, kept + 1, now);
    await epoch.save();
    return epoch;
  }

  /** The current epoch. */
  current(): number {
    return this.#epoch;
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
    void this.save().catch(() => undefined);
    return true;
  }

  private async save(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const path = join(this.dir, epochFile);
    await writeFile(`${path}.tmp`, JSON.stringify({ epoch: this.#epoch }), { mode: 0o600 });
    await rename(`${path}.tmp`, path);
  }
}
