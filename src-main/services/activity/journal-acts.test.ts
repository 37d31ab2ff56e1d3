/**
 * The journal records people's acts, and all of them (issue 33 §1; docs/dev/architecture.md,
 * "Activity"): what the app does by itself is nobody's act, a batch leaves a line per operation
 * and one at its end, and old days go at start and every UTC midnight, written to or not.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../core/audit-log';
import { ManualClock } from '../../platform/manual-clock';
import { commandCaller, startTestCore, type TestCore } from '../app/test-support';
import type { ActivityItem } from '../../shared/activity-model';

describe('housekeeping is not an act, through the desk core against the sandbox', () => {
  let test: TestCore;
  let call: ReturnType<typeof commandCaller>;
  beforeAll(async () => {
    test = await startTestCore();
    call = commandCaller(() => test.core, 'journal-acts');
  }, 30_000);
  afterAll(async () => test.close());

  const commands = async (origin: 'people' | 'app' | 'all') =>
    (await call('activity.query', { kinds: ['command'], origin })).items;

  it('journals nothing for what a view asks on start; a setting a person makes is journaled', async () => {
    // What the page asks by itself when it opens: the language, the download folder, its saves.
    await call('settings.language', {});
    await call('downloads.folder', {});
    await call('settings.notifications', { set: {} });
    await call('persist.save', { workspaceId: 'sandbox', queries: [] });
    expect(await commands('all')).toEqual([]);

    // The operator picks a language: that is an act, by its way in.
    await call('settings.language', { language: 'ko' });
    await call('settings.language', { language: null });
    const acts = await commands('people');
    expect(acts.map((a) => [a.command, a.via])).toEqual([
      ['settings.language', 'button'],
      ['settings.language', 'button'],
    ]);
  });

  it('shows the app’s own commands only under "the app itself"', async () => {
    const ran = await test.core.invoke(
      'settings.operatorName',
      { name: 'Mina' },
      { clientId: 'main', via: 'app' },
    );
    expect(ran.ok).toBe(true);
    expect((await commands('people')).some((a) => a.command === 'settings.operatorName')).toBe(
      false,
    );
    expect((await commands('app')).map((a) => [a.command, a.via])).toEqual([
      ['settings.operatorName', 'app'],
    ]);
    expect((await commands('all')).map((a) => a.command)).toContain('settings.operatorName');
  });

  it('files the app’s faults under "the app itself", not under people and the platform', async () => {
    test.core.fault('exception', 'the main window’s page stopped');
    const faults = async (origin: 'people' | 'app') =>
      (await call('activity.query', { kinds: ['fault'], origin })).items.map((f) => f.message);
    await expect.poll(() => faults('app')).toEqual(['the main window’s page stopped']);
    expect(await faults('people')).toEqual([]);
  });
});

describe('a batch journals each operation and its end, against the sandbox', () => {
  let test: TestCore;
  let call: ReturnType<typeof commandCaller>;
  beforeAll(async () => {
    test = await startTestCore();
    call = commandCaller(() => test.core, 'journal-batch');
  }, 30_000);
  afterAll(async () => test.close());

  /** Runs a channel batch and answers its journal lines once it ended, oldest first. */
  async function runAndRead(
    action: 'disable' | 'restore',
    channels: { key: string; title: string }[],
  ): Promise<ActivityItem[]> {
    const { batchId } = await call('channels.runBatch', { action, channels });
    await expect
      .poll(async () => (await call('batches.progress', { batchId }))?.finished, {
        timeout: 20_000,
        interval: 100,
      })
      .toBe(true);
    await expect
      .poll(async () => (await mine(batchId)).some((i) => i.batch?.part === 'end'), {
        timeout: 5_000,
        interval: 50,
      })
      .toBe(true);
    return (await mine(batchId)).reverse();
  }
  const mine = async (batchId: string) =>
    (await call('activity.query', { kinds: ['command'] })).items.filter(
      (i) => i.batch?.id === batchId,
    );

  it('a 3-operation batch journals its start, 3 targets with their answers, and its end', async () => {
    const list = await call('channels.list', {});
    const three = list.data.items
      .filter((c) => c.status === 'enabled' && !c.trashed && !c.onAir)
      .slice(0, 3)
      .map((c) => ({ key: c.key, title: c.title }));
    expect(three).toHaveLength(3);

    const lines = await runAndRead('disable', three);
    expect(lines.map((l) => l.batch?.part)).toEqual([
      'start',
      'operation',
      'operation',
      'operation',
      'end',
    ]);
    for (const line of lines) {
      expect(line).toMatchObject({ command: 'channels.runBatch', via: 'button', seat: null });
    }
    expect(lines[0]?.batch).toMatchObject({ total: 3 });
    const operations = lines.slice(1, 4);
    expect(operations.map((o) => [o.batch?.index, o.channelKey, o.channelTitle])).toEqual(
      three.map((c, i) => [i + 1, c.key, c.title]),
    );
    for (const operation of operations) {
      expect(operation.target['action']).toBe('disable');
      expect(operation.result).toBe('ok');
      expect(operation.status).toBe(200);
    }
    expect(lines[4]?.batch).toMatchObject({ done: 3, failed: 0, skipped: 0, total: 3 });
    expect(lines[4]?.result).toBe('ok');

    // The platform agrees: all three are disabled.
    const after = await call('channels.list', {});
    for (const c of three) {
      expect(after.data.items.find((i) => i.key === c.key)?.status).toBe('disabled');
    }
  }, 30_000);

  it('a batch stopped by a refusal journals the refusal, and its end counts what was not sent', async () => {
    const list = await call('channels.list', {});
    // Restoring channels that are not in the trash: the platform refuses the first.
    const three = list.data.items
      .filter((c) => !c.trashed)
      .slice(0, 3)
      .map((c) => ({ key: c.key, title: c.title }));
    const lines = await runAndRead('restore', three);
    expect(lines.map((l) => l.batch?.part)).toEqual(['start', 'operation', 'end']);
    expect(lines[1]).toMatchObject({ channelKey: three[0]?.key, result: 'refused', sent: true });
    expect(lines[1]?.message).not.toBe('');
    expect(lines[2]?.batch).toMatchObject({ done: 0, failed: 1, skipped: 2, total: 3 });
    expect(lines[2]?.result).toBe('refused');
  }, 30_000);
});

describe('kept 90 days, on a manual clock', () => {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const dayMs = 86_400_000;

  it('removes day 91 at start and keeps day 90; the next UTC midnight takes the next day', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'onair-journal-prune-'));
    try {
      const start = Date.parse('2026-11-20T21:00:00Z');
      const clock = new ManualClock(start);
      const dir = join(dataDir, 'audit', 'sandbox');
      await mkdir(dir, { recursive: true });
      const files = [91, 90, 1].map((n) => `audit-${day(start - n * dayMs)}.jsonl`);
      for (const file of files) await writeFile(join(dir, file), '{}\n');

      // The app starts: nothing is written, the old day goes all the same.
      const audit = new AuditLog(
        dataDir,
        () => clock.now(),
        () => undefined,
      );
      const stop = audit.keepPruned(clock);
      await audit.flush();
      expect((await readdir(dir)).sort()).toEqual([files[1], files[2]].sort());

      // Past the next UTC midnight the day that was the 90th is the 91st: it goes too.
      await clock.advanceTo(Date.parse('2026-11-21T00:00:02Z'));
      await audit.flush();
      expect(await readdir(dir)).toEqual([files[2]]);

      // And once a day after that, not more often.
      expect(clock.pendingTimers).toBe(1);
      stop();
      expect(clock.pendingTimers).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
