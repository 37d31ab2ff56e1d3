import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepSpool } from './spool';

let dir: string;
afterEach(async () => rm(dir, { recursive: true, force: true }));

describe('sweepSpool', () => {
  it('keeps copies a queue names and fresh drops; removes the rest', async () => {
    dir = await mkdtemp(join(tmpdir(), 'onair-spool-'));
    const now = Date.now();
    const old = now - 60 * 60_000;
    const drops = {
      queued: `${old}-aaaaaa`,
      cleared: `${old}-bbbbbb`,
      fresh: `${now - 1000}-cccccc`,
    };
    for (const drop of Object.values(drops)) {
      await mkdir(join(dir, drop));
      await writeFile(join(dir, drop, 'clip.mp4'), 'x');
    }
    const keep = new Set([join(dir, drops.queued, 'clip.mp4')]);
    expect(await sweepSpool(dir, keep, now)).toBe(1);
    expect((await readdir(dir)).sort()).toEqual([drops.queued, drops.fresh].sort());
  });

  it('does nothing when there is no spool folder yet', async () => {
    dir = await mkdtemp(join(tmpdir(), 'onair-spool-'));
    expect(await sweepSpool(join(dir, 'missing'), new Set())).toBe(0);
  });
});
