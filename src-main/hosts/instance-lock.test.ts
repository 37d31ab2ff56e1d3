import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireInstanceLock, lockFileName, readHolder, whereRunning } from './instance-lock';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'onair-lock-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const at = () => new Date('2026-03-01T09:00:00Z');
/** Processes 100 and 200 run; every other id is gone. */
const alive = (pid: number) => pid === 100 || pid === 200;

describe('one OnAir Desk per data folder', () => {
  it('lets one process in and tells the next where the first one is', async () => {
    const first = await acquireInstanceLock({
      dataDir,
      kind: 'browser',
      pid: 100,
      isAlive: alive,
      now: at,
    });
    if (!first.ok) throw new Error('the first start was refused');
    await first.lock.setAddress('http://127.0.0.1:5183/');

    const second = await acquireInstanceLock({
      dataDir,
      kind: 'desktop',
      pid: 200,
      isAlive: alive,
    });
    expect(second).toEqual({
      ok: false,
      holder: {
        pid: 100,
        kind: 'browser',
        address: 'http://127.0.0.1:5183/',
        since: '2026-03-01T09:00:00.000Z',
      },
    });
    if (second.ok) return;
    expect(whereRunning(second.holder, 'en')).toBe(
      'OnAir Desk is already running on this data folder at http://127.0.0.1:5183/: open the address that start printed.',
    );
    expect(whereRunning(second.holder, 'ko')).toContain('http://127.0.0.1:5183/');
    expect(whereRunning({ ...second.holder, kind: 'desktop' }, 'en')).toBe(
      'OnAir Desk is already running on this data folder: use the OnAir Desk window.',
    );
    expect(whereRunning({ ...second.holder, kind: 'desktop' }, 'ko')).toContain('OnAir Desk 창');

    // Given up, the folder is free again; nothing is left behind.
    await first.lock.release();
    const third = await acquireInstanceLock({ dataDir, kind: 'desktop', pid: 200, isAlive: alive });
    expect(third.ok).toBe(true);
    expect(await readdir(dataDir)).toEqual([lockFileName]);
  });

  it('takes over a lock whose process is gone, and says from whom', async () => {
    const crashed = await acquireInstanceLock({
      dataDir,
      kind: 'desktop',
      pid: 4242,
      isAlive: alive,
      now: at,
    });
    expect(crashed.ok).toBe(true);
    // Process 4242 crashed without releasing the lock.
    const next = await acquireInstanceLock({ dataDir, kind: 'browser', pid: 100, isAlive: alive });
    if (!next.ok) throw new Error('a stale lock kept the folder');
    expect(next.tookOverFrom).toMatchObject({ pid: 4242, kind: 'desktop' });
    expect(await readHolder(join(dataDir, lockFileName))).toMatchObject({
      pid: 100,
      kind: 'browser',
    });
    // The crashed process's late release does not free the new holder's lock.
    if (crashed.ok) await crashed.lock.release();
    expect(await readHolder(join(dataDir, lockFileName))).toMatchObject({ pid: 100 });
  });

  it('takes over a damaged lock, and one naming its own process id (a restart)', async () => {
    await writeFile(join(dataDir, lockFileName), '{"pid": 10');
    const damaged = await acquireInstanceLock({
      dataDir,
      kind: 'browser',
      pid: 100,
      isAlive: alive,
    });
    expect(damaged).toMatchObject({ ok: true, tookOverFrom: null });

    await rm(join(dataDir, lockFileName));
    await acquireInstanceLock({ dataDir, kind: 'browser', pid: 200, isAlive: alive, now: at });
    // Process 200 is alive, but it is this very process, started again after a crash.
    const restarted = await acquireInstanceLock({
      dataDir,
      kind: 'browser',
      pid: 200,
      isAlive: alive,
    });
    expect(restarted).toMatchObject({ ok: true, tookOverFrom: { pid: 200 } });
  });

  it('judges a real process id with the operating system', async () => {
    await acquireInstanceLock({ dataDir, kind: 'browser', pid: process.pid });
    const refused = await acquireInstanceLock({ dataDir, kind: 'browser', pid: process.pid + 1 });
    expect(refused).toMatchObject({ ok: false, holder: { pid: process.pid } });
  });
});
