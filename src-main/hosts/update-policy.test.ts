import { describe, expect, it } from 'vitest';
import {
  checkEveryMs,
  defaultUpdateSettings,
  effectiveUpdates,
  idleBeforeInstallMs,
  policyFilePath,
  readUpdatePolicy,
  ShowActivity,
  tickEveryMs,
  UpdateController,
  type ShowWork,
  type UpdatePolicy,
} from './update-policy';
import { FakeUpdater } from './testing/updater-fake';

const none: ShowWork = {
  onAir: 0,
  recordings: 0,
  uploads: 0,
  downloads: 0,
  commands: 0,
  lastCommandAt: null,
};
const server = 'https://updates.example.test/onair-desk/';

function setup(work: Partial<ShowWork> = {}) {
  let now = Date.UTC(2026, 10, 26, 9, 0, 0);
  const updater = new FakeUpdater();
  const log: string[] = [];
  const timers: { ms: number; run: () => Promise<void> }[] = [];
  const current = { work: { ...none, ...work } };
  const controller = new UpdateController({
    updater,
    work: () => Promise.resolve(current.work),
    now: () => now,
    every: (ms, run) => {
      const timer = { ms, run };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
    log: (m) => log.push(m),
  });
  /** Moves the virtual clock by `ms`, one tick per minute. */
  const pass = async (ms: number) => {
    for (let left = ms; left > 0; left -= tickEveryMs) {
      now += Math.min(tickEveryMs, left);
      for (const timer of [...timers]) await timer.run();
    }
  };
  return { updater, controller, log, timers, current, pass, now: () => now };
}

const on = (mode: 'manual' | 'start' | 'default' = 'default') =>
  effectiveUpdates({ mode, url: server }, null);

describe('update settings under a policy', () => {
  it('are off until a server is configured', () => {
    const effective = effectiveUpdates(defaultUpdateSettings, null);
    expect(effective).toMatchObject({ enabled: false, url: null, lockReason: null });
    expect(effectiveUpdates({ mode: 'default', url: server }, null).enabled).toBe(true);
    expect(effectiveUpdates({ mode: 'none', url: server }, null).enabled).toBe(false);
  });

  it('lock the mode over the operator setting when the policy names it', () => {
    const policy: UpdatePolicy = {
      path: '/etc/onair-desk/policy.json',
      mode: 'manual',
      reason: 'policy',
    };
    const effective = effectiveUpdates({ mode: 'default', url: server }, policy);
    expect(effective).toMatchObject({
      mode: 'manual',
      url: server,
      locked: { mode: true, url: false },
      lockReason: 'policy',
      enabled: true,
    });
    const offByPolicy = effectiveUpdates(
      { mode: 'default', url: server },
      { path: 'p', mode: 'none', reason: 'policy' },
    );
    expect(offByPolicy.enabled).toBe(false);
    const serverByPolicy = effectiveUpdates(defaultUpdateSettings, {
      path: 'p',
      url: 'https://intranet.example.test/desk/',
      reason: 'policy',
    });
    expect(serverByPolicy).toMatchObject({ enabled: true, locked: { mode: false, url: true } });
  });

  it('read the policy file where each OS keeps it', () => {
    expect(policyFilePath('linux', {})).toBe('/etc/onair-desk/policy.json');
    expect(policyFilePath('darwin', {})).toBe(
      '/Library/Application Support/OnAir Desk/policy.json',
    );
    expect(policyFilePath('win32', { ProgramData: 'D:\\PD' })).toBe(
      'D:\\PD\\OnAir Desk\\policy.json',
    );
  });

  it('read a valid policy file, and none when there is no file', async () => {
    const log: string[] = [];
    const policy = await readUpdatePolicy(
      '/etc/onair-desk/policy.json',
      () => Promise.resolve('{"UpdateMode":"start","UpdateServerUrl":"https://u.example.test/"}'),
      (m) => log.push(m),
    );
    expect(policy).toEqual({
      path: '/etc/onair-desk/policy.json',
      mode: 'start',
      url: 'https://u.example.test/',
      reason: 'policy',
    });
    expect(
      await readUpdatePolicy(
        'x',
        () => Promise.resolve(null),
        (m) => log.push(m),
      ),
    ).toBeNull();
  });

  it.each([
    ['not JSON', '{UpdateMode: none', 'is not JSON'],
    ['an unknown mode', '{"UpdateMode":"sometimes"}', 'UpdateMode'],
    ['an unknown key', '{"UpdateMode":"start","Extra":1}', 'is not a valid policy'],
    [
      'a plain http server elsewhere',
      '{"UpdateServerUrl":"http://updates.example.test/"}',
      'UpdateServerUrl',
    ],
  ])(
    'turn a malformed policy file (%s) into updates off, with one clear log line',
    async (_, text, says) => {
      const log: string[] = [];
      const policy = await readUpdatePolicy(
        '/etc/onair-desk/policy.json',
        () => Promise.resolve(text),
        (m) => log.push(m),
      );
      expect(policy).toEqual({
        path: '/etc/onair-desk/policy.json',
        mode: 'none',
        reason: 'policyUnreadable',
      });
      expect(log).toHaveLength(1);
      expect(log[0]).toContain('/etc/onair-desk/policy.json');
      expect(log[0]).toContain(says);
      expect(log[0]).toContain('updates are off');
      const effective = effectiveUpdates({ mode: 'default', url: server }, policy);
      expect(effective).toMatchObject({ enabled: false, lockReason: 'policyUnreadable' });
    },
  );

  it('turn a policy file that cannot be read into updates off', async () => {
    const log: string[] = [];
    const policy = await readUpdatePolicy(
      'p',
      () => Promise.reject(new Error('EACCES')),
      (m) => log.push(m),
    );
    expect(policy?.mode).toBe('none');
    expect(log[0]).toContain('EACCES');
  });
});

describe('the update controller', () => {
  it('never checks while updates are off', async () => {
    const { updater, controller, timers, pass } = setup();
    updater.offered = '2.0.0';
    controller.configure(effectiveUpdates(defaultUpdateSettings, null));
    controller.configure(effectiveUpdates({ mode: 'none', url: server }, null));
    await pass(checkEveryMs * 2);
    expect(await controller.check()).toBe(false);
    expect(updater.feed).toBeNull();
    expect(updater.checks).toBe(0);
    expect(timers).toHaveLength(0);
    expect(controller.state.kind).toBe('off');
    expect(updater.autoInstallOnAppQuit).toBe(false);
  });

  it('checks the generic server at start, and again every 6 hours in mode default', async () => {
    const { updater, controller, pass } = setup();
    controller.configure(on('default'));
    await Promise.resolve();
    expect(updater.feed).toEqual({ provider: 'generic', url: server });
    expect(updater.autoDownload).toBe(false);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    expect(updater.checks).toBe(1);
    await pass(checkEveryMs - tickEveryMs);
    expect(updater.checks).toBe(1);
    await pass(tickEveryMs);
    expect(updater.checks).toBe(2);
  });

  it('checks once at start in mode start, and only when asked in mode manual', async () => {
    const start = setup();
    start.controller.configure(on('start'));
    await start.pass(checkEveryMs * 2);
    expect(start.updater.checks).toBe(1);

    const manual = setup();
    manual.controller.configure(on('manual'));
    await manual.pass(checkEveryMs * 2);
    expect(manual.updater.checks).toBe(0);
    expect(await manual.controller.check()).toBe(true);
    expect(manual.updater.checks).toBe(1);
  });

  it.each([
    ['a channel on air', { onAir: 1 }],
    ['a manual recording on a watched broadcast', { recordings: 1 }],
    ['an upload', { uploads: 1 }],
    ['a download', { downloads: 2 }],
    ['a command in flight', { commands: 1 }],
  ])('neither downloads nor installs while %s is under way', async (_, work) => {
    const { updater, controller, current, pass } = setup(work);
    updater.offered = '2.0.0';
    controller.configure(on('manual'));
    await controller.check();
    await pass(idleBeforeInstallMs * 6);
    expect(updater.downloads).toBe(0);
    expect(updater.installs).toEqual([]);
    expect(controller.state).toEqual({ kind: 'available', version: '2.0.0' });
    // Once the work is done the update downloads, and still waits for 10 idle minutes.
    current.work = { ...none };
    await pass(tickEveryMs);
    expect(updater.downloads).toBe(1);
    expect(controller.state).toEqual({ kind: 'downloaded', version: '2.0.0' });
    current.work = { ...none, ...work };
    await pass(idleBeforeInstallMs * 3);
    expect(updater.installs).toEqual([]);
  });

  it('installs a downloaded update after 10 minutes without show work', async () => {
    const { updater, controller, current, pass } = setup();
    updater.offered = '2.0.0';
    controller.configure(on('manual'));
    await controller.check();
    expect(updater.downloads).toBe(1);
    // Recording starts before the idle time is up: the clock of idleness starts again after it.
    await pass(5 * tickEveryMs);
    current.work = { ...none, recordings: 1 };
    await pass(30 * tickEveryMs);
    current.work = { ...none };
    await pass(idleBeforeInstallMs - tickEveryMs);
    expect(updater.installs).toEqual([]);
    await pass(tickEveryMs);
    expect(updater.installs).toEqual([{ isSilent: false, isForceRunAfter: true }]);
    expect(controller.state).toEqual({ kind: 'installing', version: '2.0.0' });
  });

  it('counts a command that answered between two ticks as work', async () => {
    const { updater, controller, current, pass, now } = setup();
    updater.offered = '2.0.0';
    controller.configure(on('manual'));
    await controller.check();
    await pass(idleBeforeInstallMs - 2 * tickEveryMs);
    current.work = { ...none, lastCommandAt: now() + 1000 };
    await pass(idleBeforeInstallMs);
    expect(updater.installs).toEqual([]);
    await pass(tickEveryMs);
    expect(updater.installs).toHaveLength(1);
  });

  it('leaves a downloaded update to be installed on quit while the operator works', async () => {
    const { updater, controller, current, pass } = setup();
    updater.offered = '2.0.0';
    controller.configure(on('manual'));
    await controller.check();
    // Downloaded in a quiet moment; then an upload starts and goes on.
    expect(updater.downloads).toBe(1);
    current.work = { ...none, uploads: 1 };
    await pass(idleBeforeInstallMs * 2);
    expect(updater.installs).toEqual([]);
    expect(controller.state).toEqual({ kind: 'downloaded', version: '2.0.0' });
    // electron-updater installs it when the app quits.
    expect(updater.autoInstallOnAppQuit).toBe(true);
    // Turned off after the download: nothing is installed on quit either.
    controller.configure(effectiveUpdates({ mode: 'none', url: server }, null));
    expect(updater.autoInstallOnAppQuit).toBe(false);
    controller.dispose();
  });

  it('says when a check failed', async () => {
    const { updater, controller } = setup();
    controller.configure(on('manual'));
    updater.checkForUpdates = () => Promise.reject(new Error('ECONNREFUSED'));
    expect(await controller.check()).toBe(true);
    expect(controller.lastCheckFailed).toBe(true);
    expect(controller.state).toEqual({ kind: 'idle', checkedAt: expect.any(Number) as number });
  });

  it('waits when the work under way cannot be read', async () => {
    const updater = new FakeUpdater();
    updater.offered = '2.0.0';
    let now = 0;
    const log: string[] = [];
    const controller = new UpdateController({
      updater,
      work: () => Promise.reject(new Error('queue closed')),
      now: () => now,
      every: () => () => undefined,
      log: (m) => log.push(m),
    });
    controller.configure(on('manual'));
    await controller.check();
    for (let i = 0; i < 30; i += 1) {
      now += tickEveryMs;
      await controller.tick();
    }
    expect(updater.downloads).toBe(0);
    expect(updater.installs).toEqual([]);
    expect(log.some((m) => m.includes('queue closed'))).toBe(true);
  });
});

describe('show activity', () => {
  it('counts watched broadcasts that record, while they are watched', () => {
    const activity = new ShowActivity(() => 0);
    activity.watchStarted('w1', 'page', 'b1');
    activity.watchStarted('w2', 'page', 'b2');
    activity.watchStarted('w3', 'panel', 'b2');
    activity.broadcastSeen('b1', true);
    activity.broadcastSeen('b2', false);
    activity.broadcastSeen('b3', true);
    expect(activity.recordings()).toBe(1);
    activity.broadcastSeen('b2', true);
    expect(activity.recordings()).toBe(2);
    activity.watchEnded('w1');
    expect(activity.recordings()).toBe(1);
    activity.clientGone('page');
    expect(activity.recordings()).toBe(1);
    activity.watchEnded('w3');
    expect(activity.recordings()).toBe(0);
  });

  it('counts commands in flight and remembers when the last one answered', () => {
    let now = 5;
    const activity = new ShowActivity(() => now);
    activity.commandStarted();
    activity.commandStarted();
    expect(activity.commands()).toBe(2);
    now = 9;
    activity.commandEnded();
    activity.commandEnded();
    expect(activity.commands()).toBe(0);
    expect(activity.lastCommandAt()).toBe(9);
  });
});
