/**
 * The desktop app's updates wired to a core on the sandbox platform, with electron-updater faked
 * at its interface and a virtual clock: off until configured, the policy file over the operator's
 * setting, and a downloaded update held back while a channel is on air, a watched broadcast
 * records or a command is in flight.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Broadcast, ChannelSummary, Fresh, Page } from '../shared/model';
import type { DeskCore } from '../services/app/desk-core';
import { confirmedBy, startTestCore, type TestCore } from '../services/app/test-support';
import type { CommandInput, CommandName } from '../shared/bridge';
import { idleBeforeInstallMs, tickEveryMs } from './update-policy';
import { FakeUpdater } from './testing/updater-fake';
import { checkAnswer, openDesktopUpdates, type DesktopUpdates } from './updates';

const server = 'https://updates.example.test/onair-desk/';
const policyPath = '/etc/onair-desk/policy.json';

let rig: TestCore | null = null;
let updates: DesktopUpdates | null = null;
afterEach(async () => {
  updates?.dispose();
  await rig?.close();
  rig = null;
  updates = null;
});

/** Opens the updates with `policy` as the policy file's text (null: no file), then the core. */
async function start(policy: string | null) {
  let now = Date.UTC(2026, 10, 26, 9, 0, 0);
  const updater = new FakeUpdater();
  const log: string[] = [];
  const ticks: (() => Promise<void>)[] = [];
  const enabled: boolean[] = [];
  updates = await openDesktopUpdates({
    updater,
    policyPath,
    readText: (path) => Promise.resolve(path === policyPath ? policy : null),
    log: (m) => log.push(m),
    now: () => now,
    every: (_ms, run) => {
      ticks.push(run);
      return () => ticks.splice(ticks.indexOf(run), 1);
    },
    onEnabled: (on) => enabled.push(on),
  });
  rig = await startTestCore({ seed: 7, updates: updates.info });
  const core = await updates.attach(rig.core);
  const tickOnce = async () => {
    for (const run of [...ticks]) await run();
  };
  /** Moves the virtual clock by `ms`, one tick a minute. */
  const pass = async (ms: number) => {
    for (let left = ms; left > 0; left -= tickEveryMs) {
      now += tickEveryMs;
      await tickOnce();
    }
  };
  const run = async <C extends CommandName>(command: C, input: CommandInput<C>) =>
    core.invoke(command, input, { clientId: 'page', ...confirmedBy(command) });
  return { updater, log, enabled, core, run, pass, tickOnce, desktop: updates };
}

async function data<T>(core: DeskCore, command: CommandName, input: unknown): Promise<T> {
  const result = await core.invoke(command, input, { clientId: 'page', ...confirmedBy(command) });
  if (!result.ok) throw new Error(`${command}: ${result.error.message}`);
  return result.data as T;
}

async function onAirBroadcast(core: DeskCore): Promise<Broadcast> {
  const page = await data<Fresh<Page<ChannelSummary>>>(core, 'channels.list', {});
  for (const channel of page.data.items.filter((c) => c.onAir && c.type !== 'scheduled')) {
    const b = await data<Fresh<Broadcast>>(core, 'broadcast.get', {
      broadcastKey: channel.latestBroadcast?.key,
    });
    if (!b.data.recording) return b.data;
  }
  throw new Error('the seed has no on-air broadcast that is not recording');
}

/** A broadcast that ended (renaming it puts nothing on air). */
async function offAirBroadcast(core: DeskCore): Promise<{ key: string }> {
  const page = await data<Fresh<Page<ChannelSummary>>>(core, 'channels.list', {});
  const ended = page.data.items.find((c) => !c.onAir && c.latestBroadcast)?.latestBroadcast;
  if (!ended) throw new Error('the seed has no channel whose last broadcast ended');
  return ended;
}

describe('desktop updates', () => {
  it('never checks until a server is configured, then checks the generic server', async () => {
    const { updater, run, pass, enabled, desktop } = await start(null);
    await pass(6 * 60 * tickEveryMs);
    expect(updater.feed).toBeNull();
    expect(updater.checks).toBe(0);
    expect(desktop.enabled()).toBe(false);
    expect(await desktop.check()).toBe(false);

    const set = await run('settings.updates', { url: server });
    expect(set.ok).toBe(true);
    expect(updater.feed).toEqual({ provider: 'generic', url: server });
    await vi.waitFor(() => expect(updater.checks).toBe(1));
    expect(enabled).toEqual([true]);
    expect(desktop.enabled()).toBe(true);

    // Mode none turns them off again (the Help menu item goes).
    await run('settings.updates', { mode: 'none' });
    expect(enabled).toEqual([true, false]);
    expect(await desktop.check()).toBe(false);
  });

  it('keeps to the mode the policy locks, over the operator setting', async () => {
    const { updater, run, pass, log } = await start('{"UpdateMode":"none"}');
    // The locked mode is refused; the server, which the policy leaves open, is taken.
    expect(await run('settings.updates', { mode: 'default' })).toMatchObject({ ok: false });
    const set = await run('settings.updates', { url: server });
    expect(set).toMatchObject({
      ok: true,
      data: { effective: { mode: 'none', enabled: false, locked: { mode: true } } },
    });
    await pass(7 * 60 * tickEveryMs);
    expect(updater.checks).toBe(0);
    expect(log.some((m) => m.includes(policyPath) && m.includes('mode none'))).toBe(true);
  });

  it('takes the server from the policy, checking once at start in mode start', async () => {
    const { updater, run, pass } = await start(
      JSON.stringify({ UpdateMode: 'start', UpdateServerUrl: server }),
    );
    await vi.waitFor(() => expect(updater.checks).toBe(1));
    await pass(7 * 60 * tickEveryMs);
    expect(updater.checks).toBe(1);
    const read = await run('settings.updates', {});
    expect(read).toMatchObject({
      ok: true,
      data: { effective: { locked: { mode: true, url: true }, lockReason: 'policy' }, policyPath },
    });
  });

  it('turns updates off on a malformed policy file, with a log line saying why', async () => {
    const { updater, run, pass, log } = await start('{"UpdateMode": "sometimes"');
    await run('settings.updates', { mode: 'default', url: server });
    await pass(7 * 60 * tickEveryMs);
    expect(updater.checks).toBe(0);
    const line = log.find((m) => m.includes(policyPath));
    expect(line).toMatch(/not JSON.*updates are off/);
    const read = await run('settings.updates', {});
    expect(read).toMatchObject({
      ok: true,
      data: { effective: { enabled: false, lockReason: 'policyUnreadable' } },
    });
  });

  it('does not install while a watched broadcast records, nor while it stays on air after; installs 10 idle minutes after it ends', async () => {
    const { updater, run, core, pass, desktop } = await start(null);
    if (!rig) throw new Error('no core');
    updater.offered = '2.0.0';
    await run('settings.updates', { mode: 'manual', url: server });
    const b = await onAirBroadcast(core);
    const seen: { recording: boolean; onAir: boolean }[] = [];
    core.subscribe((event, payload) => {
      const update = payload as { kind?: string; broadcastKey?: string; data?: Broadcast };
      if (event === 'watch.update' && update.kind === 'broadcast' && update.broadcastKey === b.key)
        seen.push({
          recording: update.data?.recording === true,
          onAir: update.data?.onAir === true,
        });
    });
    const watch = await data<{ watchId: string }>(core, 'watch.subscribe', {
      spec: { kind: 'broadcast', broadcastKey: b.key, focused: true },
    });
    expect((await run('broadcast.startRecording', { broadcastKey: b.key })).ok).toBe(true);
    await vi.waitFor(() => expect(seen.at(-1)?.recording).toBe(true), { timeout: 10_000 });

    expect(await desktop.check()).toBe(true);
    await pass(3 * idleBeforeInstallMs);
    expect(updater.downloads).toBe(0);
    expect(updater.installs).toEqual([]);

    // The recording stops; the broadcast is still on air: the update still waits.
    expect((await run('broadcast.stopRecording', { broadcastKey: b.key })).ok).toBe(true);
    await vi.waitFor(() => expect(seen.at(-1)).toEqual({ recording: false, onAir: true }), {
      timeout: 10_000,
    });
    await pass(3 * idleBeforeInstallMs);
    expect(updater.downloads).toBe(0);
    expect(updater.installs).toEqual([]);
    expect(await desktop.work()).toMatchObject({ onAir: 1, recordings: 0 });

    // The encoder stops and the platform ends the broadcast after its reconnect window.
    rig.sandbox.encoders.set(b.channelKey, 'off');
    rig.sandbox.clock.advance(rig.sandbox.encoders.reconnectWindowMs + 1000);
    rig.sandbox.encoders.runDue();
    await vi.waitFor(() => expect(seen.at(-1)?.onAir).toBe(false), { timeout: 10_000 });
    await pass(tickEveryMs);
    expect(updater.downloads).toBe(1);
    await pass(idleBeforeInstallMs - 2 * tickEveryMs);
    expect(updater.installs).toEqual([]);
    await pass(tickEveryMs);
    expect(updater.installs).toEqual([{ isSilent: false, isForceRunAfter: true }]);
    await run('watch.unsubscribe', { watchId: watch.watchId });
  });

  it('waits while the control room sees a channel on air, counting each one it sees', async () => {
    const { updater, run, core, pass, desktop } = await start(null);
    updater.offered = '2.0.0';
    await run('settings.updates', { mode: 'manual', url: server });
    const lists: ChannelSummary[][] = [];
    core.subscribe((event, payload) => {
      const update = payload as { kind?: string; data?: Page<ChannelSummary> };
      if (event === 'watch.update' && update.kind === 'channels' && update.data)
        lists.push(update.data.items);
    });
    const watch = await data<{ watchId: string }>(core, 'watch.subscribe', {
      spec: { kind: 'channels' },
    });
    await vi.waitFor(() => expect(lists.length).toBeGreaterThan(0), { timeout: 10_000 });
    const onAir = lists.at(-1)?.filter((c) => c.onAir).length ?? 0;
    expect(onAir).toBeGreaterThan(0);
    expect(await desktop.work()).toMatchObject({ onAir, recordings: 0, uploads: 0 });
    expect(await desktop.check()).toBe(true);
    await pass(3 * idleBeforeInstallMs);
    expect(updater.downloads).toBe(0);
    expect(desktop.status().state).toEqual({ kind: 'available', version: '2.0.0' });
    await run('watch.unsubscribe', { watchId: watch.watchId });
  });

  it('no longer counts a recording broadcast once its watch ends, but its channel stays on air', async () => {
    const { updater, run, core, pass, desktop } = await start(null);
    updater.offered = '2.0.0';
    await run('settings.updates', { mode: 'manual', url: server });
    const b = await onAirBroadcast(core);
    const seen: boolean[] = [];
    core.subscribe((event, payload) => {
      const update = payload as { kind?: string; broadcastKey?: string; data?: Broadcast };
      if (event === 'watch.update' && update.kind === 'broadcast' && update.broadcastKey === b.key)
        seen.push(update.data?.recording === true);
    });
    const watch = await data<{ watchId: string }>(core, 'watch.subscribe', {
      spec: { kind: 'broadcast', broadcastKey: b.key, focused: true },
    });
    await run('broadcast.startRecording', { broadcastKey: b.key });
    await vi.waitFor(() => expect(seen.at(-1)).toBe(true), { timeout: 10_000 });
    await desktop.check();
    expect(await desktop.work()).toMatchObject({ onAir: 1, recordings: 1 });
    await run('watch.unsubscribe', { watchId: watch.watchId });
    // A view that closes takes nothing off air: the last seen on-air state holds.
    expect(await desktop.work()).toMatchObject({ onAir: 1, recordings: 0 });
    await pass(2 * tickEveryMs);
    expect(updater.downloads).toBe(0);
    await run('broadcast.stopRecording', { broadcastKey: b.key });
  });

  it('counts a command in flight as work, and the minutes after it', async () => {
    const { updater, run, core, pass, tickOnce, desktop } = await start(null);
    updater.offered = '2.0.0';
    await run('settings.updates', { mode: 'manual', url: server });
    await desktop.check();
    await vi.waitFor(() => expect(updater.downloads).toBe(1));
    await pass(idleBeforeInstallMs - 2 * tickEveryMs);
    const b = await offAirBroadcast(core);
    // A rename is on the wire while the tick reads the work.
    const renaming = run('broadcast.rename', { broadcastKey: b.key, title: 'Late news' });
    await pass(tickEveryMs);
    await renaming;
    await tickOnce();
    await pass(idleBeforeInstallMs - tickEveryMs);
    expect(updater.installs).toEqual([]);
    await pass(tickEveryMs);
    expect(updater.installs).toHaveLength(1);
  });
});

describe('desktop updates and the upload queue', () => {
  it('neither downloads nor installs while an upload is sending', async () => {
    const { updater, run, pass, desktop } = await start(null);
    if (!rig) throw new Error('no core');
    updater.offered = '2.0.0';
    await run('settings.updates', { mode: 'manual', url: server });
    // An upload the host takes 100 s to receive (2 MB at 20 kB/s).
    rig.sandbox.uploads.setThrottle(20_000);
    const file = join(rig.dataDir, 'standby.png');
    const png = Buffer.alloc(2_000_000);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await writeFile(file, png);
    const added = await run('upload.enqueue', {
      paths: [file],
      target: { kind: 'waiting-screen' },
    });
    expect(added.ok).toBe(true);
    expect(await desktop.check()).toBe(true);
    await pass(3 * idleBeforeInstallMs);
    expect(updater.downloads).toBe(0);
    expect(updater.installs).toEqual([]);
    expect(desktop.status().state).toEqual({ kind: 'available', version: '2.0.0' });
  });
});

describe('the answer of Help → Check for updates…', () => {
  it('says off, failed, up to date, or the version found and when it installs, in en and ko', () => {
    expect(
      checkAnswer(false, { state: { kind: 'off' }, failed: false }, '1.4.2', 'en').message,
    ).toBe('Updates are off: no update server is set, or the update mode is Off.');
    const failed = checkAnswer(
      true,
      { state: { kind: 'idle', checkedAt: 1 }, failed: true },
      '1.4.2',
      'en',
    );
    expect(failed).toMatchObject({
      type: 'warning',
      message: 'The update server did not answer. The log says why.',
    });
    expect(
      checkAnswer(true, { state: { kind: 'idle', checkedAt: 1 }, failed: false }, '1.4.2', 'en')
        .message,
    ).toBe('OnAir Desk is up to date (version 1.4.2).');
    const found = checkAnswer(
      true,
      { state: { kind: 'available', version: '2.0.0' }, failed: false },
      '1.4.2',
      'ko',
    );
    expect(found.title).toBe('업데이트');
    expect(found.message).toContain('버전 2.0.0');
    expect(found.message).toContain('10분');
  });
});
