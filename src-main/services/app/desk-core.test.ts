/**
 * The core against the sandbox platform: commands do what the operator asked, bad input is
 * refused in the operator's words, and no command or event ever carries a token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../../sandbox/index';
import type { CommandInput, CommandName, EventName } from '../../shared/bridge';
import { commandDomains, isCommandName } from '../../shared/bridge';
import type {
  Broadcast,
  ChannelSummary,
  Fresh,
  Page,
  ProgramMedia,
  WorkspaceState,
} from '../../shared/model';
import { scheduledChannels } from '../../shared/channels-model';
import type { DeskCore } from './desk-core';
import { confirmedBy, startTestCore, type TestCore } from './test-support';

let sandbox: SandboxHandle;
let core: DeskCore;
const events: { event: EventName; payload: unknown }[] = [];
const ctx = { clientId: 'test-client' };

let rig: TestCore;

beforeAll(async () => {
  // Rate limit off and fast pacing: these tests are about behaviour, the scheduler tests
  // are about the budget. The OS keychain has tests of its own (accounts.keychain.test.ts).
  // The file makes more than 60 calls, so the scheduler's own per-minute window is widened.
  rig = await startTestCore({ seed: 7 });
  ({ sandbox, core } = rig);
  core.subscribe((event, payload) => events.push({ event, payload }));
});

afterAll(async () => {
  await rig.close();
});

async function run<C extends CommandName>(command: C, input: CommandInput<C>) {
  return core.invoke(command, input, { ...ctx, ...confirmedBy(command) });
}
async function data<T>(command: CommandName, input: unknown): Promise<T> {
  const result = await core.invoke(command, input, { ...ctx, ...confirmedBy(command) });
  if (!result.ok) throw new Error(`${command}: ${result.error.message}`);
  return result.data as T;
}

/** An encoder-fed broadcast on air (scheduled channels play programs and record nothing). */
async function onAirBroadcast(timeshift: boolean): Promise<Broadcast> {
  const page = await data<Fresh<Page<ChannelSummary>>>('channels.list', {});
  for (const channel of page.data.items.filter((c) => c.onAir && c.type !== 'scheduled')) {
    const b = await data<Fresh<Broadcast>>('broadcast.get', {
      broadcastKey: channel.latestBroadcast?.key,
    });
    if (b.data.useTimeshift === timeshift && !b.data.recording) return b.data;
  }
  throw new Error('the seed has no such on-air broadcast that is not recording');
}

describe('desk core', () => {
  it('lists channels with the on-air tally, searchable and ordered', async () => {
    const all = await data<Fresh<Page<ChannelSummary>>>('channels.list', { order: 'title_asc' });
    expect(all.data.items.filter((c) => c.onAir).length).toBeGreaterThanOrEqual(2);
    const titles = all.data.items.map((c) => c.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    expect(all.fetchedAt).toBeGreaterThan(Date.now() - 60_000);
    const first = all.data.items[0];
    if (!first) throw new Error('no channels');
    const found = await data<Fresh<Page<ChannelSummary>>>('channels.list', {
      keyword: first.title.slice(0, 5),
    });
    expect(found.data.items.map((c) => c.key)).toContain(first.key);
  });

  it('starts and stops manual recording, and refuses a stop when not recording', async () => {
    const b = await onAirBroadcast(true);
    const started = await data<Fresh<Broadcast>>('broadcast.startRecording', {
      broadcastKey: b.key,
    });
    expect(started.data.recording).toBe(true);
    const stopped = await data<Fresh<Broadcast>>('broadcast.stopRecording', {
      broadcastKey: b.key,
    });
    expect(stopped.data.recording).toBe(false);
    const again = await run('broadcast.stopRecording', { broadcastKey: b.key });
    expect(again.ok).toBe(false);
    if (!again.ok) {
      // Main has just read that nothing is recording: the pipeline refuses before sending.
      expect(again.error.status).toBeUndefined();
      expect(again.error.code).toBe('conflict');
      expect(again.error.text?.key).toBe('pipeline.notRecording');
    }
  });

  it('joins a second start pressed while the first is under way (one request)', async () => {
    const b = await onAirBroadcast(false);
    const [first, second] = await Promise.all([
      run('broadcast.startRecording', { broadcastKey: b.key }),
      run('broadcast.startRecording', { broadcastKey: b.key }),
    ]);
    // Had two requests gone out, the second would have been refused with 422.
    expect(first.ok && second.ok).toBe(true);
    await data('broadcast.stopRecording', { broadcastKey: b.key });
  });

  it('renames a broadcast, and the platform keeps the new title', async () => {
    const b = await onAirBroadcast(true);
    const renamed = await data<Fresh<Broadcast>>('broadcast.rename', {
      broadcastKey: b.key,
      title: '  Finals — main feed ',
    });
    expect(renamed.data.title).toBe('Finals — main feed');
    const reread = await data<Fresh<Broadcast>>('broadcast.get', { broadcastKey: b.key });
    expect(reread.data.title).toBe('Finals — main feed');
  });

  it('sets a cue point at a chosen time, and the platform refuses one in the future', async () => {
    const b = await onAirBroadcast(true);
    if (!b.startedAt) throw new Error('on air without a start');
    const at = new Date(Date.parse(b.startedAt) + 60_000).toISOString();
    const cued = await data<Fresh<Broadcast>>('broadcast.setCuePoint', { broadcastKey: b.key, at });
    expect(cued.data.cuePointAt).toBe(at.replace(/\.\d+Z$/, '.000Z'));
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const refused = await run('broadcast.setCuePoint', { broadcastKey: b.key, at: future });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.status).toBe(422);
      expect(refused.error.fields?.cue_sign_at?.[0]).toMatch(/future/);
    }
  });

  it('sets a cue point only where timeshift is on', async () => {
    const withTimeshift = await onAirBroadcast(true);
    const cued = await data<Fresh<Broadcast>>('broadcast.setCuePoint', {
      broadcastKey: withTimeshift.key,
    });
    expect(cued.data.cuePointAt).not.toBeNull();
    const without = await onAirBroadcast(false);
    const refused = await run('broadcast.setCuePoint', { broadcastKey: without.key });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.status).toBe(422);
  });

  it('refuses bad input with the field and a sentence, before anything is sent', async () => {
    const empty = await run('broadcast.rename', { broadcastKey: 'abc', title: '   ' });
    expect(empty).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: 'A broadcast needs a title.' },
    });
    const wrongTime = await core.invoke(
      'broadcast.setCuePoint',
      { broadcastKey: 'abc', at: 'yesterday' },
      ctx,
    );
    expect(wrongTime.ok).toBe(false);
    if (!wrongTime.ok) {
      expect(wrongTime.error.code).toBe('invalid-input');
      expect(wrongTime.error.fields?.at?.[0]).toBe('Give a time like 2026-11-20T21:05:00Z.');
    }
    const unknown = await core.invoke('broadcast.explode', {}, ctx);
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown-command' } });
    const missing = await run('broadcast.get', { broadcastKey: 'nosuchbroadcast1' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not-found', status: 404 } });
  });

  it('pushes watch updates with the time they were fetched', async () => {
    const b = await onAirBroadcast(true);
    const before = events.length;
    const sub = await data<{ watchId: string }>('watch.subscribe', {
      spec: { kind: 'broadcast', broadcastKey: b.key, focused: true },
    });
    // Every kind of the broadcast's watch arrives, each about this broadcast and stamped.
    const pushed = () =>
      events
        .slice(before)
        .filter((e) => e.event === 'watch.update')
        .map((e) => e.payload as { kind: string; broadcastKey?: string; fetchedAt?: number })
        .filter((u) => u.broadcastKey === b.key && typeof u.fetchedAt === 'number');
    await expect
      .poll(() => [...new Set(pushed().map((u) => u.kind))].sort(), { timeout: 10_000 })
      .toEqual(['broadcast', 'participants', 'viewers']);
    expect(await data('watch.unsubscribe', { watchId: sub.watchId })).toEqual({ removed: true });
  });

  it('answers the sandbox workspace with both of its tokens accepted', async () => {
    const state = await data<WorkspaceState>('workspace.state', {});
    expect(state).toMatchObject({
      active: { id: 'sandbox' },
      tokens: { live: 'accepted', vod: 'accepted' },
      status: 'ready',
      message: null,
    });
  });

  it('never returns or pushes a token, over every command of every domain', async () => {
    const b = await onAirBroadcast(true);
    const list = await data<Fresh<Page<ChannelSummary>>>('channels.list', { order: 'id_asc' });
    const [scheduled] = scheduledChannels(list.data.items, 'id_asc');
    const [medium] = await data<ProgramMedia[]>('schedule.media', {});
    if (!scheduled || !medium) throw new Error('the seed has no scheduled channel or media');
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    // Deleting a program that does not exist: refused (404), nothing on the schedule changes.
    const noSuchProgram = { op: 'delete' as const, channelKey: scheduled.key, programId: 999_999 };
    // Inputs that reach the platform; a command declared later without one here is still
    // walked, with an empty input and with junk.
    const samples: { [C in CommandName]?: CommandInput<C> } = {
      'workspace.get': {},
      'budget.get': {},
      'channels.list': { keyword: '', order: 'id_asc' },
      'broadcast.get': { broadcastKey: b.key },
      'broadcast.participants': { broadcastKey: b.key },
      'broadcast.viewers': { broadcastKey: b.key },
      'broadcast.rename': { broadcastKey: b.key, title: b.title },
      'broadcast.startRecording': { broadcastKey: b.key },
      'broadcast.stopRecording': { broadcastKey: b.key },
      'broadcast.setCuePoint': { broadcastKey: b.key },
      'watch.subscribe': { spec: { kind: 'channels' } },
      'watch.unsubscribe': { watchId: 'w1' },
      'workspace.state': {},
      'workspace.switch': { id: 'sandbox' },
      'workspace.pair': { liveAccountId: 'acc-000000000000', vodAccountId: 'acc-111111111111' },
      'workspace.unpair': { id: 'pair-000000000000' },
      'account.list': {},
      'account.keychain': {},
      'account.add': {
        kind: 'live',
        name: 'Walk',
        baseUrl: sandbox.info.live_base_url,
        serviceAccountKey: sandbox.info.service_account_key,
        token: sandbox.info.tokens.admin,
      },
      'account.updateToken': { id: 'acc-000000000000', token: sandbox.info.tokens.super_admin },
      'account.remove': { id: 'acc-000000000000' },
      'app.notices': {},
      'settings.language': {},
      'schedule.programs': { channelKey: scheduled.key, from: day(0), to: day(1) },
      'schedule.media': { keyword: medium.title.slice(0, 4) },
      'schedule.waitingScreens': {},
      'schedule.apply': { operation: noSuchProgram },
      'schedule.planCopyDay': {
        channelKey: scheduled.key,
        fromDay: day(0).slice(0, 10),
        toDay: day(5).slice(0, 10),
      },
      'schedule.planFill': {
        channelKey: scheduled.key,
        from: day(5),
        to: day(5.1),
        uploadFileKeys: [medium.uploadFileKey],
      },
      'schedule.runBatch': {
        plan: { operations: [noSuchProgram], calls: 1, seconds: 1, summary: 'Deletes nothing.' },
      },
      'upload.list': {},
      'upload.enqueue': { paths: ['/nonexistent/opening.mp4'], target: { kind: 'program-media' } },
      'upload.pause': {},
      'upload.resume': { ids: ['nosuchupload'] },
      'upload.retry': {},
      'upload.cancel': { ids: ['nosuchupload'] },
      'upload.clearFinished': {},
      'upload.setConcurrency': { value: 3 },
    };
    const secrets = [...Object.values(sandbox.info.tokens), sandbox.info.vod_access_token];
    const answers: unknown[] = [];
    const walked: string[] = [];
    for (const decls of Object.values(commandDomains)) {
      for (const command of Object.keys(decls)) {
        if (!isCommandName(command)) throw new Error(`${command} is not in the contract`);
        answers.push(await core.invoke(command, samples[command] ?? {}, ctx));
        answers.push(
          await core.invoke(command, { broadcastKey: 'nosuchbroadcast1', junk: true }, ctx),
        );
        walked.push(command);
      }
    }
    // The walk reached real answers, not only refusals of its inputs.
    expect(walked).toEqual(expect.arrayContaining(Object.keys(samples)));
    expect(answers.filter((a) => (a as { ok: boolean }).ok).length).toBeGreaterThan(20);
    const text = JSON.stringify([answers, events]);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);
    expect(text).not.toMatch(/access_token/i);
  });
});
