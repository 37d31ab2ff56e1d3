/**
 * Keep awake: while a channel is on air, a manual recording, an upload or a download runs, the
 * desktop app holds one `powerSaveBlocker` (`prevent-app-suspension`), and lets it go when the
 * last reason ends. Electron's blocker is a typed fake of its API shape (start answers an id,
 * stop(id), isStarted(id)); the show work is the sandbox's, through the core.
 */
import type { PowerSaveBlocker } from 'electron';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KeepAwakeState } from '../shared/workstation-model';
import { startTestCore, type TestCore } from '../services/app/test-support';
import { keepAwakeReasonsOf, wantsKeepAwake } from './keep-awake-policy';
import { KeepAwake, superviseKeepAwake, type PowerSaveBlockerSurface } from './keep-awake';
import { FakeUpdater } from './testing/updater-fake';
import { openDesktopUpdates, type DesktopUpdates } from './updates';
import type { ShowWork } from './update-policy';

/** Electron's `powerSaveBlocker` as it behaves: ids from 1, each held until stopped. */
class FakePowerSaveBlocker implements Pick<PowerSaveBlocker, 'start' | 'stop' | 'isStarted'> {
  readonly held = new Map<number, string>();
  private next = 1;
  starts = 0;
  start(type: 'prevent-app-suspension' | 'prevent-display-sleep'): number {
    this.starts += 1;
    const id = this.next++;
    this.held.set(id, type);
    return id;
  }
  stop(id: number): boolean {
    return this.held.delete(id);
  }
  isStarted(id: number): boolean {
    return this.held.has(id);
  }
}

// Electron's own blocker fits the surface the adapter uses (a compile-time check).
const electronShape: (blocker: PowerSaveBlocker) => PowerSaveBlockerSurface = (b) => b;

const idle: ShowWork = {
  onAir: 0,
  recordings: 0,
  uploads: 0,
  downloads: 0,
  commands: 0,
  lastCommandAt: null,
};

describe('keep awake: the decision', () => {
  it('wants the computer awake for each reason alone, and not for commands or nothing', () => {
    expect(keepAwakeReasonsOf(idle)).toEqual([]);
    const commandsOnly: ShowWork = { ...idle, commands: 3, lastCommandAt: 1 };
    expect(wantsKeepAwake(keepAwakeReasonsOf(commandsOnly))).toBe(false);
    expect(keepAwakeReasonsOf({ ...idle, onAir: 2 })).toEqual(['onAir']);
    expect(keepAwakeReasonsOf({ ...idle, recordings: 1 })).toEqual(['recording']);
    expect(keepAwakeReasonsOf({ ...idle, uploads: 1 })).toEqual(['upload']);
    expect(keepAwakeReasonsOf({ ...idle, downloads: 4 })).toEqual(['download']);
    expect(keepAwakeReasonsOf({ ...idle, onAir: 1, downloads: 1 })).toEqual(['onAir', 'download']);
  });
});

describe('keep awake: the blocker', () => {
  it('starts one blocker for the first reason, keeps it while any is left, stops it after the last', () => {
    expect(typeof electronShape).toBe('function');
    const blocker = new FakePowerSaveBlocker();
    const log: string[] = [];
    const keepAwake = new KeepAwake(blocker, (m) => log.push(m));
    expect(keepAwake.apply([])).toEqual({ supported: true, on: false, reasons: [] });
    expect(blocker.starts).toBe(0);

    expect(keepAwake.apply(['onAir'])).toEqual({ supported: true, on: true, reasons: ['onAir'] });
    expect([...blocker.held.values()]).toEqual(['prevent-app-suspension']);
    keepAwake.apply(['onAir', 'upload']);
    keepAwake.apply(['upload']);
    expect(blocker.starts).toBe(1);
    expect(blocker.held.size).toBe(1);

    expect(keepAwake.apply([])).toEqual({ supported: true, on: false, reasons: [] });
    expect(blocker.held.size).toBe(0);
    expect(log).toEqual(['keep-awake: on (onAir)', 'keep-awake: off']);
  });

  it('starts again when the OS let its blocker go', () => {
    const blocker = new FakePowerSaveBlocker();
    const keepAwake = new KeepAwake(blocker, () => undefined);
    keepAwake.apply(['download']);
    blocker.held.clear();
    expect(keepAwake.state().on).toBe(false);
    expect(keepAwake.apply(['download']).on).toBe(true);
    expect(blocker.starts).toBe(2);
  });
});

let rig: TestCore | null = null;
let updates: DesktopUpdates | null = null;
afterEach(async () => {
  updates?.dispose();
  await rig?.close();
  rig = null;
  updates = null;
});

describe('keep awake: the desktop app on the sandbox', () => {
  it('stays awake while the control room sees a channel on air, and the status bar is told', async () => {
    updates = await openDesktopUpdates({
      updater: new FakeUpdater(),
      policyPath: '/etc/onair-desk/policy.json',
      readText: () => Promise.resolve(null),
      log: () => undefined,
      now: () => Date.UTC(2026, 10, 26, 9, 0, 0),
      every: () => () => undefined,
    });
    rig = await startTestCore({ seed: 7, updates: updates.info });
    const core = await updates.attach(rig.core);
    const reported: KeepAwakeState[] = [];
    const pushed: KeepAwakeState[] = [];
    core.subscribe((event, payload) => {
      if (event === 'workstation.changed')
        pushed.push((payload as { keepAwake: KeepAwakeState }).keepAwake);
    });
    const blocker = new FakePowerSaveBlocker();
    const desktop = updates;
    const supervisor = superviseKeepAwake({
      blocker,
      work: () => desktop.work(),
      report: (state) => {
        reported.push(state);
        rig?.core.workstation.setKeepAwake(state);
      },
      every: () => () => undefined,
      log: () => undefined,
    });
    await supervisor.tick();
    expect(blocker.held.size).toBe(0);

    const watch = await core.invoke(
      'watch.subscribe',
      { spec: { kind: 'channels' } },
      { clientId: 'page' },
    );
    if (!watch.ok) throw new Error(watch.error.message);
    await vi.waitFor(
      async () => {
        await supervisor.tick();
        expect(reported.at(-1)).toEqual({ supported: true, on: true, reasons: ['onAir'] });
      },
      { timeout: 10_000 },
    );
    expect(blocker.held.size).toBe(1);
    const read = await core.invoke('workstation.state', {}, { clientId: 'page' });
    expect(read).toMatchObject({ ok: true, data: { keepAwake: { on: true, reasons: ['onAir'] } } });
    expect(pushed.at(-1)).toEqual({ supported: true, on: true, reasons: ['onAir'] });

    // The app quits: the blocker is let go and the status bar says so.
    supervisor.stop();
    expect(blocker.held.size).toBe(0);
    expect(pushed.at(-1)).toEqual({ supported: true, on: false, reasons: [] });
  });

  it('says nothing in a host without a blocker (the browser host)', async () => {
    rig = await startTestCore({ seed: 7 });
    const read = await rig.core.invoke('workstation.state', {}, { clientId: 'page' });
    expect(read).toMatchObject({
      ok: true,
      data: { keepAwake: { supported: false, on: false, reasons: [] } },
    });
  });
});
