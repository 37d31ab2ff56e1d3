/**
 * Commands that cross (services/core/crossing.ts), through the desk core against the sandbox
 * platform: two operators of one desk (different ways in, or two windows) send opposite
 * commands on one broadcast. The later one is refused with the earlier one's words and nothing
 * reaches the platform; with the confirmation `override` it is sent; after the window, or from
 * the same operator by the same way in, it is sent without a question. What went over the wire
 * is read from the workspace's own network. The core's clock is the system clock moved by an
 * offset the tests advance (the window is measured on it, never on the wall clock alone).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock, type Clock } from '../../platform/clock';
import { scheduledChannels, type ChannelPage } from '../../shared/channels-model';
import type { Broadcast, Fresh, Program, ProgramRead } from '../../shared/model';
import type { CallContext } from '../core/command-registry';
import { AuditLog, type AuditRecord } from '../core/audit-log';
import { CrossingMemory, crossedRefusal, crossingWindowMs, type Actor } from '../core/crossing';
import { startTestCore, type TestCore } from './test-support';

let offsetMs = 0;
/** The system clock moved forward by `offsetMs`. */
const clock: Clock = { ...systemClock, now: () => systemClock.now() + offsetMs };

/** Paths of duplicate-recording requests the core's workspaces sent. */
const recordingCalls: string[] = [];
/** Program updates and deletes the core's workspaces sent. */
const programCalls: string[] = [];
let test: TestCore;

beforeAll(async () => {
  test = await startTestCore({
    seed: 7,
    clock,
    sandboxFetch: (request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/duplicate-recording')) recordingCalls.push(`${request.method} ${path}`);
      if (/\/programs\/\d+$/.test(path)) programCalls.push(`${request.method} ${path}`);
      return fetch(request);
    },
  });
});

afterAll(async () => {
  await test.close();
});

/** Runs `command` as `context` says and answers the Result. */
const run = (command: string, input: unknown, context: CallContext) =>
  test.core.invoke(command, input, context);

/** An on-air broadcast of the seed, not recording (each test leaves its broadcast so). */
async function onAirBroadcast(): Promise<Broadcast> {
  const list = await run('channels.list', { perPage: 100 }, { clientId: 'w1' });
  if (!list.ok) throw new Error(list.error.message);
  for (const channel of (list.data as Fresh<ChannelPage>).data.items.filter(
    (c) => c.onAir && c.type !== 'scheduled',
  )) {
    const key = channel.latestBroadcast?.key;
    if (!key) continue;
    const got = await run('broadcast.get', { broadcastKey: key }, { clientId: 'w1' });
    if (!got.ok || (got.data as Fresh<Broadcast>).data.recording) continue;
    return (got.data as Fresh<Broadcast>).data;
  }
  throw new Error('the seed has no on-air broadcast that is not recording');
}

const button: CallContext = { clientId: 'w1', via: 'button' };
const key: CallContext = { clientId: 'w1', via: 'key' };
const otherWindow: CallContext = { clientId: 'w2', via: 'button' };
const again = { confirmation: { kind: 'again' } } as const;
const override = { confirmation: { kind: 'override' } } as const;

describe('commands that cross, through the pipeline', () => {
  // Each test starts with what earlier tests did out of the window.
  beforeEach(() => {
    offsetMs += crossingWindowMs + 1_000;
  });

  it('refuses a stop by a key right after a start by a button, sending nothing; the override sends it', async () => {
    const b = await onAirBroadcast();
    const input = { broadcastKey: b.key };
    const started = await run('broadcast.startRecording', input, button);
    expect(started.ok ? null : started.error).toBeNull();
    const before = recordingCalls.length;

    offsetMs += 4_000;
    const refused = await run('broadcast.stopRecording', input, { ...key, ...again });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('crossed');
    expect(refused.error.message).toMatch(
      /^Recording was started 4 s ago by .+ \(a button\)\. Stop it\?$/,
    );
    expect(refused.error.text?.key).toBe('pipeline.crossed.startRecording');
    expect(recordingCalls.length).toBe(before);

    const overridden = await run('broadcast.stopRecording', input, { ...key, ...override });
    expect(overridden.ok).toBe(true);
    expect(recordingCalls.slice(before)).toEqual([expect.stringMatching(/^DELETE /)]);

    const audit = new AuditLog(
      test.dataDir,
      () => clock.now(),
      () => undefined,
    );
    let records: AuditRecord[] = [];
    await vi.waitFor(
      async () => {
        records = (await audit.recent('sandbox', 1000)).filter(
          (r) => r.target.broadcastKey === b.key && r.command === 'broadcast.stopRecording',
        );
        expect(records.length).toBe(2);
      },
      { timeout: 5_000, interval: 100 },
    );
    const crossed = records.find((r) => !r.answer.ok);
    expect(crossed?.answer).toMatchObject({ ok: false, code: 'crossed', sent: false });
    expect(crossed?.override).toBeUndefined();
    const done = records.find((r) => r.answer.ok);
    expect(done).toMatchObject({ via: 'key', override: true });
  });

  it('refuses a start from another window right after a stop, in its words', async () => {
    const b = await onAirBroadcast();
    const input = { broadcastKey: b.key };
    expect((await run('broadcast.startRecording', input, button)).ok).toBe(true);
    offsetMs += crossingWindowMs + 1_000;
    expect((await run('broadcast.stopRecording', input, { ...key, ...again })).ok).toBe(true);
    const before = recordingCalls.length;
    offsetMs += 2_000;
    const refused = await run('broadcast.startRecording', input, otherWindow);
    expect(refused.ok ? null : refused.error.message).toMatch(
      /^Recording was stopped 2 s ago by .+ \(a shortcut key\)\. Start it again\?$/,
    );
    expect(recordingCalls.length).toBe(before);
    // Cleans up: the start, overridden.
    expect((await run('broadcast.startRecording', input, { ...otherWindow, ...override })).ok).toBe(
      true,
    );
    offsetMs += crossingWindowMs + 1_000;
    expect((await run('broadcast.stopRecording', input, { ...button, ...again })).ok).toBe(true);
  });

  it('sends the opposite command once the window has passed', async () => {
    const b = await onAirBroadcast();
    const input = { broadcastKey: b.key };
    expect((await run('broadcast.startRecording', input, button)).ok).toBe(true);
    const before = recordingCalls.length;
    offsetMs += crossingWindowMs + 1;
    const stopped = await run('broadcast.stopRecording', input, { ...key, ...again });
    expect(stopped.ok).toBe(true);
    expect(recordingCalls.length).toBe(before + 1);
  });

  it('never asks the same operator by the same way in (a change of mind)', async () => {
    const b = await onAirBroadcast();
    const input = { broadcastKey: b.key };
    expect((await run('broadcast.startRecording', input, button)).ok).toBe(true);
    const before = recordingCalls.length;
    offsetMs += 1_000;
    const stopped = await run('broadcast.stopRecording', input, { ...button, ...again });
    expect(stopped.ok).toBe(true);
    expect(recordingCalls.length).toBe(before + 1);
  });
});

/** The program as an editor read it (what the timeline carries with an edit). */
const readOf = (p: Program): ProgramRead => ({
  updatedAt: p.updatedAt,
  title: p.title,
  startAt: p.startAt,
  uploadFileKeys: p.media.map((m) => m.uploadFileKey),
  waitMediaContentKey: p.waitMediaContentKey,
});

/** A program of a scheduled channel that has not started (on the sandbox's clock). */
async function futureProgram(): Promise<Program> {
  const channels = await run('channels.list', { order: 'id_asc' }, { clientId: 'w1' });
  if (!channels.ok) throw new Error(channels.error.message);
  const now = test.sandbox.clock.now().getTime();
  for (const channel of scheduledChannels(
    (channels.data as Fresh<ChannelPage>).data.items,
    'id_asc',
  )) {
    const from = new Date(now + 3_600_000).toISOString();
    const to = new Date(now + 2 * 86_400_000).toISOString();
    const list = await run(
      'schedule.programs',
      { channelKey: channel.key, from, to },
      { clientId: 'w1' },
    );
    if (!list.ok) continue;
    const found = (list.data as Fresh<Program[]>).data.find((p) => p.status === 'scheduled');
    if (found) return found;
  }
  throw new Error('the seed has no program that has not started');
}

describe('schedule edits that cross', () => {
  it('refuses an edit of a program another window changed since it was read, then overwrites it when told to', async () => {
    const program = await futureProgram();
    const asRead = readOf(program);
    const edit = { op: 'update', channelKey: program.channelKey, programId: program.id } as const;
    const first = await run(
      'schedule.apply',
      { operation: { ...edit, title: `${program.title} (A)`, read: asRead } },
      { clientId: 'w1', via: 'button' },
    );
    expect(first.ok ? null : first.error).toBeNull();
    const before = programCalls.length;

    const second = { operation: { ...edit, title: `${program.title} (B)`, read: asRead } };
    const refused = await run('schedule.apply', second, { clientId: 'w2', via: 'button' });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('crossed');
    expect(refused.error.message).toMatch(
      /^“.+” was changed since you read it by .+ \(a button\): its title\. Overwrite it\?$/,
    );
    expect(refused.error.message.startsWith(`“${program.title}”`)).toBe(true);
    expect(programCalls.length).toBe(before);

    const overridden = await run('schedule.apply', second, {
      clientId: 'w2',
      via: 'button',
      confirmation: { kind: 'override' },
    });
    expect(overridden.ok ? (overridden.data as { program: Program }).program.title : null).toBe(
      `${program.title} (B)`,
    );
    expect(programCalls.slice(before)).toEqual([expect.stringMatching(/^PUT /)]);
  });

  it('says no name when only the same operator changed it (an edit from a stale read)', async () => {
    const program = await futureProgram();
    const asRead = readOf(program);
    const edit = { op: 'update', channelKey: program.channelKey, programId: program.id } as const;
    const same: CallContext = { clientId: 'w3', via: 'palette' };
    const first = {
      operation: { ...edit, startAt: program.startAt, title: `${program.title}!`, read: asRead },
    };
    expect((await run('schedule.apply', first, same)).ok).toBe(true);
    const refused = await run(
      'schedule.apply',
      {
        operation: {
          op: 'delete',
          channelKey: program.channelKey,
          programId: program.id,
          read: asRead,
        },
      },
      same,
    );
    expect(refused.ok ? null : refused.error.message).toBe(
      `“${program.title}” was changed since you read it: its title. Delete it anyway?`,
    );
  });

  it('refuses an edit of a program another window moved days away since it was read', async () => {
    const program = await futureProgram();
    const asRead = readOf(program);
    const edit = { op: 'update', channelKey: program.channelKey, programId: program.id } as const;
    const days = new Date(Date.parse(program.startAt) + 3 * 86_400_000).toISOString();
    const moved = await run(
      'schedule.apply',
      { operation: { ...edit, startAt: days, read: asRead } },
      { clientId: 'w4', via: 'key' },
    );
    expect(moved.ok ? null : moved.error).toBeNull();
    const before = programCalls.length;
    const anHourLater = new Date(Date.parse(program.startAt) + 3_600_000).toISOString();
    for (const operation of [
      { ...edit, startAt: anHourLater, read: asRead },
      { op: 'delete', channelKey: program.channelKey, programId: program.id, read: asRead },
    ]) {
      const refused = await run('schedule.apply', { operation }, { clientId: 'w5', via: 'button' });
      expect(refused.ok ? null : refused.error.message).toMatch(
        /^“.+” was changed since you read it by .+ \(a shortcut key\): it was moved more than a day away, or deleted\. (Overwrite it|Delete it anyway)\?$/,
      );
    }
    // Nothing was written over the other window's move: the program is where it put it.
    expect(programCalls.slice(before).filter((call) => !call.startsWith('GET'))).toEqual([]);
    const list = await run(
      'schedule.programs',
      {
        channelKey: program.channelKey,
        from: new Date(Date.parse(days) - 60_000).toISOString(),
        to: new Date(Date.parse(days) + 60_000).toISOString(),
      },
      { clientId: 'w5' },
    );
    expect(
      list.ok
        ? (list.data as Fresh<Program[]>).data.find((p) => p.id === program.id)?.startAt
        : null,
    ).toBe(days);
  });

  it('sends an edit of a program nobody changed since it was read', async () => {
    const program = await futureProgram();
    const before = programCalls.length;
    const answer = await run(
      'schedule.apply',
      {
        operation: {
          op: 'update',
          channelKey: program.channelKey,
          programId: program.id,
          title: `${program.title}.`,
          read: readOf(program),
        },
      },
      { clientId: 'w2', via: 'key' },
    );
    expect(answer.ok ? null : answer.error).toBeNull();
    expect(programCalls.length).toBe(before + 1);
  });
});

describe('the crossing memory', () => {
  const a: Actor = { who: 'Mina', seat: null, via: 'button', clientId: 'w1' };
  const b: Actor = { who: 'Mina', seat: null, via: 'panel', clientId: 'panel' };
  const seat: Actor = { who: 'Jun', seat: 'Studio B', via: 'seat', clientId: 'seat:b' };
  const input = { broadcastKey: 'bk1' };

  it('crosses within the window, inclusive, and not a millisecond after', () => {
    let now = 1_000_000;
    const memory = new CrossingMemory(() => now);
    memory.remember('broadcast.startRecording', input, a);
    now += crossingWindowMs;
    expect(memory.crossed('broadcast.stopRecording', input, b)?.actor).toEqual(a);
    now += 1;
    expect(memory.crossed('broadcast.stopRecording', input, b)).toBeNull();
  });

  it('only crosses opposites on the same target, and only the latest command there', () => {
    const now = 5_000;
    const memory = new CrossingMemory(() => now);
    memory.remember('broadcast.startRecording', input, a);
    expect(memory.crossed('broadcast.startRecording', input, b)).toBeNull();
    expect(memory.crossed('broadcast.stopRecording', { broadcastKey: 'bk2' }, b)).toBeNull();
    expect(memory.crossed('broadcast.rename', input, b)).toBeNull();
    memory.remember('broadcast.stopRecording', input, a);
    expect(memory.crossed('broadcast.stopRecording', input, b)).toBeNull();
    expect(memory.crossed('broadcast.startRecording', input, b)?.command).toBe(
      'broadcast.stopRecording',
    );
  });

  it('counts a cue point set twice by two operators, not by one', () => {
    const memory = new CrossingMemory(() => 0);
    memory.remember('broadcast.setCuePoint', input, a);
    expect(memory.crossed('broadcast.setCuePoint', input, a)).toBeNull();
    expect(memory.crossed('broadcast.setCuePoint', input, seat)?.actor).toEqual(a);
  });

  it('names a seat by its name and way in', () => {
    const refusal = crossedRefusal(
      { command: 'broadcast.stopRecording', target: 'bk1', actor: seat, at: 0 },
      3_600,
    );
    expect(refusal.code).toBe('crossed');
    expect(refusal.message).toBe(
      'Recording was stopped 4 s ago by Studio B (a studio seat). Start it again?',
    );
  });
});
