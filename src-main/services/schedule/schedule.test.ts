/**
 * The schedule timeline's commands against the sandbox platform: what the operator reads is
 * the platform's schedule, edits change it (or are refused with the platform's message and
 * change nothing), and batches run one call at a time with their progress pushed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../../sandbox/index';
import { scheduledChannels, type ChannelRow } from '../../shared/channels-model';
import type { BatchProgress, Program } from '../../shared/model';
import type { DeskCore } from '../app/desk-core';
import { commandCaller, startTestCore, type TestCore } from '../app/test-support';

const dayMs = 86_400_000;
const minuteMs = 60_000;
let sandbox: SandboxHandle;
let core: DeskCore;
let rig: TestCore;
let channel: ChannelRow;
const progress: BatchProgress[] = [];
const ctx = { clientId: 'schedule-test' };
const today = Math.floor(Date.now() / dayMs) * dayMs;

beforeAll(async () => {
  // Rate limit off and fast pacing (no per-minute window: a batch alone is dozens of calls):
  // behaviour here, the budget in the scheduler tests.
  rig = await startTestCore({ seed: 11 });
  ({ sandbox, core } = rig);
  core.subscribe((event, payload) => {
    if (event === 'batches.changed') progress.push(payload as BatchProgress);
  });
  const list = await data('channels.list', { order: 'id_asc' });
  const [first] = scheduledChannels(list.data.items, 'id_asc');
  if (!first) throw new Error('the seed has no scheduled channel');
  channel = first;
});

afterAll(async () => {
  await rig.close();
});

const data = commandCaller(() => core, ctx.clientId);

const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);
const ms = (time: string) => Date.parse(time);

/** The channel's programs overlapping `[fromMs, toMs)`, as the platform has them now. */
async function programs(fromMs: number, toMs: number): Promise<Program[]> {
  return (
    await data('schedule.programs', { channelKey: channel.key, from: iso(fromMs), to: iso(toMs) })
  ).data;
}

/** Future programs followed by a gap of at least `gapMs` before the next (within two days). */
async function beforeGaps(gapMs: number): Promise<{ program: Program; next: Program | null }[]> {
  const list = await programs(Date.now(), today + 2 * dayMs);
  return list
    .map((program, index) => ({ program, next: list[index + 1] ?? null }))
    .filter(
      ({ program, next }) =>
        program.status === 'scheduled' &&
        ms(program.startAt) > Date.now() + 5 * minuteMs &&
        next !== null &&
        ms(next.startAt) - ms(program.endAt) >= gapMs,
    );
}

describe('schedule', () => {
  it('lists the two scheduled channels, the media library and the waiting screens', async () => {
    const list = await data('channels.list', {});
    const channels = scheduledChannels(list.data.items, 'id_desc');
    expect(channels.map((c) => c.customerCode).sort()).toEqual(['SCHED-LOFI', 'SCHED-TOONS']);
    const media = await data('schedule.media', {});
    expect(media).toHaveLength(16);
    expect(media.every((m) => m.durationS > 0 && m.uploadFileKey !== '')).toBe(true);
    const episodes = await data('schedule.media', { keyword: 'episode' });
    expect(episodes.map((m) => m.title).sort()).toEqual([
      'Episode 101: The Big Race',
      'Episode 102: Moon Picnic',
      'Episode 103: Robot Trouble',
    ]);
    const screens = await data('schedule.waitingScreens', {});
    expect(screens.map((s) => s.title).sort()).toEqual([
      'Be right back',
      'Starting soon',
      'Toons coming up',
    ]);
  });

  it("reads today's programs in order, without overlaps, each as long as its media", async () => {
    const fresh = await data('schedule.programs', {
      channelKey: channel.key,
      from: iso(today),
      to: iso(today + dayMs),
    });
    expect(fresh.fetchedAt).toBeGreaterThan(Date.now() - 60_000);
    const list = fresh.data;
    expect(list.length).toBeGreaterThan(5);
    list.forEach((p, index) => {
      const mediaS = p.media.reduce((sum, m) => sum + m.durationS, 0);
      expect(ms(p.endAt) - ms(p.startAt)).toBe(mediaS * 1000);
      expect(p.durationS).toBe(mediaS);
      expect(p.channelKey).toBe(channel.key);
      const next = list[index + 1];
      if (next) expect(ms(p.endAt)).toBeLessThanOrEqual(ms(next.startAt));
    });
    const now = Date.now();
    for (const p of list.filter((q) => ms(q.endAt) < now - minuteMs))
      expect(p.status).toBe('ended');
    for (const p of list.filter((q) => ms(q.startAt) > now + minuteMs)) {
      expect(p.status).toBe('scheduled');
    }
  });

  it('moves a program 30 minutes later into a gap, and the platform keeps it', async () => {
    const [target] = await beforeGaps(30 * minuteMs);
    if (!target) throw new Error('the seed has no gap of 30 minutes ahead');
    const startAt = iso(ms(target.program.startAt) + 30 * minuteMs);
    const moved = await data('schedule.apply', {
      operation: { op: 'update', channelKey: channel.key, programId: target.program.id, startAt },
    });
    expect(moved.program?.startAt).toBe(startAt);
    const reread = await programs(ms(startAt), ms(startAt) + minuteMs);
    expect(reread.find((p) => p.id === target.program.id)).toMatchObject({
      startAt,
      durationS: target.program.durationS,
    });
  });

  it('refuses a move onto the next program with the platform message, and changes nothing', async () => {
    const [target] = await beforeGaps(0);
    if (!target?.next) throw new Error('no future program with a neighbour');
    const refused = await core.invoke(
      'schedule.apply',
      {
        operation: {
          op: 'update',
          channelKey: channel.key,
          programId: target.program.id,
          startAt: target.next.startAt,
        },
      },
      ctx,
    );
    expect(refused).toMatchObject({ ok: false, error: { status: 422, code: 'conflict' } });
    if (!refused.ok) expect(refused.error.message).toContain(`overlaps "${target.next.title}"`);
    const after = await programs(ms(target.program.startAt), ms(target.program.endAt));
    expect(after.find((p) => p.id === target.program.id)?.startAt).toBe(target.program.startAt);
  });

  it('creates a program from media in a gap, then deletes it', async () => {
    const media = await data('schedule.media', {});
    const ident = [...media].sort((a, b) => a.durationS - b.durationS)[0];
    if (!ident) throw new Error('no media');
    const [gap] = await beforeGaps(ident.durationS * 1000);
    if (!gap) throw new Error('no gap ahead');
    const startAt = gap.program.endAt;
    const created = await data('schedule.apply', {
      operation: {
        op: 'create',
        channelKey: channel.key,
        title: '  Ident in the gap ',
        startAt,
        uploadFileKeys: [ident.uploadFileKey],
      },
    });
    const program = created.program;
    if (!program) throw new Error('create answered no program');
    expect(program).toMatchObject({ title: 'Ident in the gap', startAt, status: 'scheduled' });
    expect(ms(program.endAt)).toBe(ms(startAt) + ident.durationS * 1000);
    const around = async () => (await programs(ms(startAt), ms(program.endAt))).map((p) => p.id);
    expect(await around()).toContain(program.id);
    const deleted = await data('schedule.apply', {
      operation: { op: 'delete', channelKey: channel.key, programId: program.id },
    });
    expect(deleted).toEqual({ program: null });
    expect(await around()).not.toContain(program.id);
  });

  it('on a 429, re-reads before creating again, and creates the program once', async () => {
    const media = await data('schedule.media', {});
    const ident = [...media].sort((a, b) => a.durationS - b.durationS)[0];
    const [gap] = await beforeGaps(2 * minuteMs);
    if (!ident || !gap) throw new Error('no gap ahead');
    const startAt = gap.program.endAt;
    sandbox.faults.update({ burst429: 1, retryAfterS: 1 });
    try {
      const created = await data('schedule.apply', {
        operation: {
          op: 'create',
          channelKey: channel.key,
          title: 'After a 429',
          startAt,
          uploadFileKeys: [ident.uploadFileKey],
        },
      });
      expect(created.program?.startAt).toBe(startAt);
    } finally {
      sandbox.faults.clear();
    }
    const around = await programs(ms(startAt), ms(startAt) + ident.durationS * 1000);
    expect(around.filter((p) => p.title === 'After a 429')).toHaveLength(1);
  });

  it('refuses a copy onto the same day or a past day, in the operator words', async () => {
    const same = await core.invoke(
      'schedule.planCopyDay',
      { channelKey: channel.key, fromDay: day(today), toDay: day(today) },
      ctx,
    );
    expect(same).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const past = await core.invoke(
      'schedule.planCopyDay',
      { channelKey: channel.key, fromDay: day(today), toDay: day(today - dayMs) },
      ctx,
    );
    expect(past).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    if (!past.ok) expect(past.error.message).toContain('has passed');
  });

  it("copies today's programs to the day after tomorrow as a batch, with its progress", async () => {
    const target = today + 2 * dayMs;
    const source = (await programs(today, today + dayMs)).filter(
      (p) => day(ms(p.startAt)) === day(today),
    );
    const plan = await data('schedule.planCopyDay', {
      channelKey: channel.key,
      fromDay: day(today),
      toDay: day(target),
    });
    const n = source.length;
    expect(plan.operations).toHaveLength(n);
    expect(plan).toMatchObject({ calls: n, seconds: n });
    expect(plan.operations.every((o) => o.op === 'create')).toBe(true);
    expect(plan.summary).toContain(`Copies ${n} programs`);

    const { batchId } = await data('schedule.runBatch', { plan });
    const mine = () => progress.filter((p) => p.batchId === batchId);
    await expect.poll(() => mine().at(-1)?.finished, { timeout: 20_000 }).toBe(true);
    expect(mine()).toHaveLength(n);
    expect(mine().map((p) => p.done)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(mine().at(-1)).toMatchObject({ done: n, total: n, failed: 0, lastError: null });

    const copied = (await programs(target, target + dayMs)).filter(
      (p) => day(ms(p.startAt)) === day(target),
    );
    expect(copied.map((p) => [p.title, ms(p.startAt) - 2 * dayMs])).toEqual(
      source.map((p) => [p.title, ms(p.startAt)]),
    );
  });

  it('stops a batch at the first refusal and reports the platform message', async () => {
    const target = today + 2 * dayMs;
    const plan = await data('schedule.planCopyDay', {
      channelKey: channel.key,
      fromDay: day(today),
      toDay: day(target),
    });
    expect(plan.summary).toMatch(/overlap programs already on/);
    const { batchId } = await data('schedule.runBatch', { plan });
    const mine = () => progress.filter((p) => p.batchId === batchId);
    await expect.poll(() => mine().at(-1)?.finished, { timeout: 20_000 }).toBe(true);
    expect(mine()).toHaveLength(1);
    expect(mine()[0]).toMatchObject({ done: 0, failed: 1, finished: true });
    expect(mine()[0]?.lastError).toMatch(/overlaps/);
  });

  it('plans a fill back to back, and stops before a program already there', async () => {
    const media = await data('schedule.media', {});
    const [a, b] = media;
    if (!a || !b) throw new Error('no media');
    // Nothing is scheduled there (the copy above reaches into today + 3 at most).
    const from = today + 4 * dayMs;
    const to = from + 3 * 3_600_000;
    const plan = await data('schedule.planFill', {
      channelKey: channel.key,
      from: iso(from),
      to: iso(to),
      uploadFileKeys: [a.uploadFileKey, b.uploadFileKey],
    });
    expect(plan.calls).toBe(plan.operations.length);
    expect(plan.operations.length).toBeGreaterThan(0);
    let cursor = from;
    plan.operations.forEach((operation, index) => {
      const item = index % 2 === 0 ? a : b;
      expect(operation).toMatchObject({
        op: 'create',
        title: item.title,
        uploadFileKeys: [item.uploadFileKey],
      });
      if (operation.op === 'create') expect(ms(operation.startAt)).toBe(cursor);
      cursor += item.durationS * 1000;
    });
    expect(cursor).toBeLessThanOrEqual(to);
    const next = plan.operations.length % 2 === 0 ? a : b;
    expect(cursor + next.durationS * 1000).toBeGreaterThan(to);

    const ident = [...media].sort((x, y) => x.durationS - y.durationS)[0];
    const [gap] = await beforeGaps(2 * minuteMs);
    if (!ident || !gap?.next) throw new Error('no gap ahead');
    const blocked = await data('schedule.planFill', {
      channelKey: channel.key,
      from: gap.program.endAt,
      to: iso(ms(gap.next.endAt) + 3_600_000),
      uploadFileKeys: [ident.uploadFileKey],
    });
    const last = blocked.operations.at(-1);
    if (last?.op !== 'create') throw new Error('the fill planned nothing');
    const lastEnd = ms(last.startAt) + ident.durationS * 1000;
    expect(lastEnd).toBeLessThanOrEqual(ms(gap.next.startAt));
    expect(lastEnd + ident.durationS * 1000).toBeGreaterThan(ms(gap.next.startAt));
    expect(blocked.summary).toContain(`before “${gap.next.title}”`);
  });
});
