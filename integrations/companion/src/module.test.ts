/**
 * The Companion module against a real OnAir Desk: a desk core on the sandbox platform, its
 * control API for panels on 127.0.0.1, a panel paired and ticked as Settings does, and the
 * control room's watches open. Companion's side is a recorder (companion-recorder.ts); the
 * desk, its API and the platform are real. Shows: every command offered to panels is an action;
 * the tally, variables and preset page come from the desk; Record reaches the sandbox; Stop
 * keeps its second press; the tally follows an on-air change made at the sandbox within 2 s of
 * the desk reading it; a closed desk turns every button stale within 2 s, a hung one within 3 s
 * of its last byte; a desk not answering,
 * a refused token and a host other than this computer are told to the operator; with only the Multiview open, its
 * account-wide reads fill a channel's variables. Loopback only.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../../../src-main/services/app/test-support';
import { followFeedback, startPanelApi, type PanelApi } from '../../../src-main/hosts/panel-api';
import { systemClock } from '../../../src-main/platform/clock';
import type { PanelFeedbackState } from '../../../src-main/services/panels/panel-feedback';
import { panelOfferedCommands } from '../../../src-main/shared/panel-offers';
import type { ChannelSummary, Fresh, Page, WatchUpdate } from '../../../src-main/shared/model';
import type { AddedPanel } from '../../../src-main/shared/panels-model';
import { InstanceStatus } from '@companion-module/base';
import { deskActions } from './actions';
import { CompanionRecorder } from './companion-recorder';
import { DeskConnection } from './connection';
import { silentAfterMs } from './desk-client';

let test: TestCore;
let api: PanelApi;
/** The buttons' picture, followed from the start as the app's supervisor does. */
let feedback: { feedback: PanelFeedbackState; stop: () => void };
let panel: AddedPanel;
let companion: CompanionRecorder;
let connection: DeskConnection;
/** An on-air channel of the seed, not recording, focused in the control room. */
let channelKey: string;
let broadcastKey: string;
let channelTitle: string;
const unwatch: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  test = await startTestCore({ seed: 5 });
  const { core } = test;
  feedback = followFeedback(core, systemClock);
  api = await startPanelApi({ core, port: 0, feedback: feedback.feedback });
  const added = await core.invoke('panels.add', { name: 'Stream Deck' }, { clientId: 'settings' });
  if (!added.ok) throw new Error(added.error.message);
  panel = added.data as AddedPanel;
  const ticked = await core.invoke(
    'panels.setCommands',
    { id: panel.panel.id, commands: panelOfferedCommands(), titles: ['Half time'] },
    { clientId: 'settings' },
  );
  if (!ticked.ok) throw new Error(ticked.error.message);

  const list = await core.invoke('channels.list', {}, { clientId: 'control-room' });
  if (!list.ok) throw new Error(list.error.message);
  const onAir = (list.data as Fresh<Page<ChannelSummary>>).data.items.find(
    (c) => c.onAir && c.type !== 'scheduled' && c.latestBroadcast,
  );
  if (!onAir?.latestBroadcast) throw new Error('the seed has no on-air channel');
  channelKey = onAir.key;
  channelTitle = onAir.title;
  broadcastKey = onAir.latestBroadcast.key;
  // The control room open on that channel: what the desk reads, the panel sees.
  for (const spec of [
    { kind: 'channels' },
    { kind: 'broadcast', broadcastKey, focused: true },
  ] as const) {
    const watch = await core.invoke('watch.subscribe', { spec }, { clientId: 'control-room' });
    if (!watch.ok) throw new Error(watch.error.message);
    const { watchId } = watch.data as { watchId: string };
    unwatch.push(() => core.invoke('watch.unsubscribe', { watchId }, { clientId: 'control-room' }));
  }

  companion = new CompanionRecorder();
  connection = new DeskConnection(companion);
  connection.start({ host: '127.0.0.1', port: String(api.port) }, { token: panel.token });
}, 30_000);

afterAll(async () => {
  connection.stop();
  for (const off of unwatch) await off();
  await api.close();
  feedback.stop();
  await test.close();
});

/** The sandbox's own view of the broadcast, by a checking client outside the rate limit. */
async function platformBroadcast(): Promise<{
  is_onair: boolean;
  is_duplicate_recording: boolean;
}> {
  const { info, probeKey } = test.sandbox;
  const response = await fetch(
    `${info.live_base_url}/v1/live/service-accounts/${info.service_account_key}/broadcasts/${broadcastKey}`,
    {
      headers: {
        Authorization: `Bearer ${info.tokens.super_admin}`,
        Accept: 'application/json',
        'X-Sandbox-Probe': probeKey,
      },
    },
  );
  if (!response.ok) throw new Error(`the sandbox answered ${response.status}`);
  return (
    (await response.json()) as { data: { is_onair: boolean; is_duplicate_recording: boolean } }
  ).data;
}

const onChannel = () => ({ channel: channelKey });

describe('the Companion module against OnAir Desk', () => {
  it('has an action for every command the desk offers to panels, and nothing else', () => {
    const commands = Object.values(deskActions).map((action) => action.command);
    expect(new Set(commands)).toEqual(new Set(panelOfferedCommands()));
    expect(commands).toHaveLength(panelOfferedCommands().length);
    expect(Object.keys(companion.actions).sort()).toEqual(Object.keys(deskActions).sort());
  });

  it('lights the on-air tally and fills the channel’s variables and its preset page from the desk', async () => {
    await expect
      .poll(() => companion.feedback('onAir', onChannel()), { timeout: 15_000 })
      .toBe(true);
    expect(await companion.feedback('offAir', onChannel())).toBe(false);
    expect(await companion.feedback('stale', onChannel())).toBe(false);
    expect(companion.status()).toBe(InstanceStatus.Ok);

    const prefix = channelKey;
    await expect
      .poll(() => companion.variables.get(`${prefix}_chat`), { timeout: 15_000 })
      .toEqual(expect.any(Number));
    expect(companion.variables.get(`${prefix}_channel`)).toBe(channelTitle);
    expect(companion.variables.get(`${prefix}_title`)).toEqual(expect.any(String));
    expect(companion.variables.get(`${prefix}_lamp`)).toBe('onAir');
    expect(companion.variables.get(`${prefix}_on_air_time`)).toMatch(/^\d+:\d\d:\d\d$/);
    expect(companion.variables.get('calls_last_minute')).toEqual(expect.any(Number));
    expect(companion.variables.get('link')).toBe('open');
    expect(companion.variableDefinitions.map((v) => v.variableId)).toContain(`${prefix}_viewers`);
    // The chat's age: the focused broadcast's watch reads it every 15 s (slower only while the
    // budget yields), so well under a minute.
    expect(companion.variables.get(`${prefix}_chat_age`)).toBeLessThan(60);
    expect(await companion.feedback('figuresStale', onChannel())).toBe(false);

    const page = Object.values(companion.presets).filter(
      (preset) => preset?.category === `On air: ${channelTitle}`,
    );
    expect(page.map((preset) => preset?.name)).toEqual([
      'Record',
      'Stop recording (press twice)',
      'Cue point',
      'Focus',
    ]);
  });

  it('starts recording at the sandbox with one press of Record', async () => {
    expect((await platformBroadcast()).is_duplicate_recording).toBe(false);
    await companion.press('startRecording', onChannel());
    expect((await platformBroadcast()).is_duplicate_recording).toBe(true);
    await expect
      .poll(() => companion.feedback('recording', onChannel()), { timeout: 10_000 })
      .toBe(true);
  });

  it('stops recording only at the second press within 2 s, and shows the wait until then', async () => {
    await companion.press('stopRecording', onChannel());
    expect((await platformBroadcast()).is_duplicate_recording).toBe(true);
    expect(await companion.feedback('pressAgain', onChannel())).toBe(true);
    expect(companion.variables.get('press_again')).toBe('broadcast.stopRecording');
    // Logged under the action's name, with the desk's own words.
    expect(companion.logs.at(-1)?.message).toMatch(
      /^Stop recording \(press twice within 2 s\): .*press the same button again within 2 s\. Nothing was sent\.$/,
    );

    // Past the window the wait is gone, and the next press is a first press again.
    await new Promise((done) => setTimeout(done, 2_300));
    expect(await companion.feedback('pressAgain', onChannel())).toBe(false);
    expect(companion.variables.get('press_again')).toBe('');
    await companion.press('stopRecording', onChannel());
    expect((await platformBroadcast()).is_duplicate_recording).toBe(true);

    // Another press on the channel between the two leaves the desk's wait for Stop, and so
    // the amber: the next Stop stops, and must not look like a first press.
    await companion.press('focusChannel', { by: 'channel', channel: channelKey });
    expect(companion.logs.at(-1)?.message).toBe('Focus channel: done.');
    expect(await companion.feedback('pressAgain', onChannel())).toBe(true);
    expect(companion.variables.get('press_again')).toBe('broadcast.stopRecording');

    await companion.press('stopRecording', onChannel());
    expect((await platformBroadcast()).is_duplicate_recording).toBe(false);
    expect(await companion.feedback('pressAgain', onChannel())).toBe(false);
    expect(companion.variables.get('press_again')).toBe('');
  });

  it('turns the tally off within 2 s of the desk reading that the sandbox ended the broadcast', async () => {
    let readAt: number | null = null;
    const off = test.core.subscribe((event, payload) => {
      const update = payload as WatchUpdate;
      if (
        event === 'watch.update' &&
        update.kind === 'broadcast' &&
        update.broadcastKey === broadcastKey &&
        !update.data.onAir &&
        readAt === null
      )
        readAt = performance.now();
    });
    try {
      // The encoder stops at the platform (the sandbox's control), not through the desk.
      const origin = new URL(test.sandbox.info.live_base_url).origin;
      const stopped = await fetch(`${origin}/__sandbox/broadcasts/${broadcastKey}/stop`, {
        method: 'POST',
      });
      expect(stopped.status).toBe(200);
      const stoppedAt = performance.now();
      expect((await platformBroadcast()).is_onair).toBe(false);

      let offAt: number | null = null;
      await expect
        .poll(
          async () => {
            const isOff = await companion.feedback('offAir', onChannel());
            if (isOff && offAt === null) offAt = performance.now();
            return isOff;
          },
          { timeout: 12_000, interval: 50 },
        )
        .toBe(true);
      expect(await companion.feedback('onAir', onChannel())).toBe(false);
      if (readAt === null || offAt === null) throw new Error('the desk never read the end');
      expect(offAt - readAt).toBeLessThanOrEqual(2_000);
      // The desk reads the focused broadcast every 5 s: that, not the module, bounds the rest.
      expect(offAt - stoppedAt).toBeLessThanOrEqual(5_000 + 2_000);
      // Off air, the channel has no preset page.
      expect(
        Object.values(companion.presets).some((p) => p?.category === `On air: ${channelTitle}`),
      ).toBe(false);
    } finally {
      off();
    }
  }, 30_000);
});

describe('when the module cannot vouch for a button', () => {
  it('turns every button stale within 2 s of the desk’s control API closing', async () => {
    const spare = await startPanelApi({ core: test.core, port: 0, feedback: feedback.feedback });
    const recorder = new CompanionRecorder();
    const link = new DeskConnection(recorder);
    try {
      link.start({ host: '127.0.0.1', port: String(spare.port) }, { token: panel.token });
      await expect.poll(() => recorder.variables.get('link'), { timeout: 5_000 }).toBe('open');
      const lit = Object.keys(link.picture?.lamps ?? {}).find(
        (key) => link.picture?.lamps[key] !== 'stale',
      );
      if (!lit) throw new Error('no channel lit');
      expect(await recorder.feedback('stale', { channel: lit })).toBe(false);
      const closedAt = performance.now();
      await spare.close();
      await expect
        .poll(() => recorder.feedback('stale', { channel: lit }), { timeout: 2_000, interval: 50 })
        .toBe(true);
      expect(performance.now() - closedAt).toBeLessThanOrEqual(2_000);
      expect(await recorder.feedback('onAir', { channel: lit })).toBe(false);
      expect(await recorder.feedback('figuresStale', { channel: lit })).toBe(true);
      expect(recorder.status()).toBe(InstanceStatus.ConnectionFailure);
    } finally {
      link.stop();
      await spare.close();
    }
  });

  it('turns every button stale within 3 s of a hung desk’s last byte, the stream still open', async () => {
    // A desk that hangs: it sends a real picture and keeps the stream alive every 1 s for a
    // while, as the desk does, then writes nothing more; the socket stays open. Any later
    // request gets no answer at all.
    const picture = feedback.feedback.snapshot();
    const lit = Object.keys(picture.lamps).find((key) => picture.lamps[key] !== 'stale');
    if (!lit) throw new Error('no channel lit');
    let lastByteAt = 0;
    let keepAlives = 0;
    const timers: ReturnType<typeof setInterval>[] = [];
    const hung = createHttpServer((_request, response) => {
      // Only the first request (the stream) is answered: the desk hangs after it.
      hung.removeAllListeners('request');
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      const write = (text: string) => response.write(text, () => (lastByteAt = performance.now()));
      write(`event: feedback\ndata: ${JSON.stringify(picture)}\n\n`);
      const beat = setInterval(() => {
        keepAlives += 1;
        if (keepAlives <= 4) write(': keep-alive\n\n');
        else clearInterval(beat);
      }, 1_000);
      timers.push(beat);
    });
    await new Promise<void>((done) => hung.listen(0, '127.0.0.1', done));
    const port = (hung.address() as AddressInfo).port;
    const recorder = new CompanionRecorder();
    const link = new DeskConnection(recorder);
    try {
      link.start({ host: '127.0.0.1', port: String(port) }, { token: panel.token });
      await expect.poll(() => recorder.feedback('stale', { channel: lit })).toBe(false);
      // Kept alive every 1 s, the stream stays live past the 3 s bound.
      await expect.poll(() => keepAlives, { timeout: 6_000 }).toBeGreaterThan(4);
      expect(await recorder.feedback('stale', { channel: lit })).toBe(false);
      expect(recorder.status()).toBe(InstanceStatus.Ok);
      // Then nothing: stale within 3 s of the last byte.
      await expect
        .poll(() => recorder.feedback('stale', { channel: lit }), { timeout: 4_000, interval: 50 })
        .toBe(true);
      expect(performance.now() - lastByteAt).toBeLessThanOrEqual(silentAfterMs + 500);
      expect(await recorder.feedback('onAir', { channel: lit })).toBe(false);
      expect(recorder.status()).toBe(InstanceStatus.ConnectionFailure);
      expect(recorder.statuses.at(-1)?.message).toBe(
        `OnAir Desk on 127.0.0.1:${port} sent nothing for 3 s: it may be frozen. Every button is stale until it answers again.`,
      );
    } finally {
      link.stop();
      for (const timer of timers) clearInterval(timer);
      hung.closeAllConnections();
      await new Promise((done) => hung.close(done));
    }
  }, 15_000);

  it('says the desk is not answering in the operator’s words, and names a press by its action', async () => {
    // A port nobody listens on: the desk closed, or its control API off.
    const nobody = createServer();
    await new Promise<void>((done) => nobody.listen(0, '127.0.0.1', done));
    const port = (nobody.address() as AddressInfo).port;
    await new Promise((done) => nobody.close(done));
    const recorder = new CompanionRecorder();
    const link = new DeskConnection(recorder);
    try {
      link.start({ host: '127.0.0.1', port: String(port) }, { token: panel.token });
      await expect
        .poll(() => recorder.status(), { timeout: 5_000 })
        .toBe(InstanceStatus.ConnectionFailure);
      const notAnswering = `OnAir Desk is not answering on 127.0.0.1:${port}: open it and turn on Settings → Hardware panels → Control API on, with port ${port}.`;
      expect(recorder.statuses.at(-1)?.message).toBe(notAnswering);
      await recorder.press('focusChannel', { by: 'position', position: 1 });
      expect(recorder.logs.at(-1)).toEqual({
        level: 'warn',
        message: `Focus channel: ${notAnswering} Nothing was sent.`,
      });
    } finally {
      link.stop();
    }
  });

  it('says a refused token is refused, and lights nothing', async () => {
    const recorder = new CompanionRecorder();
    const link = new DeskConnection(recorder);
    try {
      link.start({ host: '127.0.0.1', port: String(api.port) }, { token: `odp_${'x'.repeat(43)}` });
      await expect
        .poll(() => recorder.status(), { timeout: 5_000 })
        .toBe(InstanceStatus.AuthenticationFailure);
      expect(await recorder.feedback('onAir', onChannel())).toBe(false);
      expect(await recorder.feedback('stale', onChannel())).toBe(true);
    } finally {
      link.stop();
    }
  });

  it('refuses a host other than this computer before sending the token anywhere', async () => {
    const recorder = new CompanionRecorder();
    const calls: string[] = [];
    const link = new DeskConnection(recorder, {
      fetch: (input) => {
        calls.push(
          input instanceof URL ? input.href : typeof input === 'string' ? input : input.url,
        );
        return Promise.reject(new Error('no call expected'));
      },
    });
    link.start({ host: '192.168.1.20', port: String(api.port) }, { token: panel.token });
    await recorder.press('focusChannel', { by: 'position', position: 1 });
    expect(recorder.logs.at(-1)?.message).toMatch(/not connected/);
    expect(recorder.status()).toBe(InstanceStatus.BadConfig);
    expect(recorder.statuses.at(-1)?.message).toMatch(/this computer only/);
    expect(calls).toEqual([]);
    link.stop();
  });
});

describe('the budget', () => {
  it('shows the pause while the platform answers 429, and its end', async () => {
    expect(await companion.feedback('budgetPaused', {})).toBe(false);
    test.sandbox.faults.update({ burst429: 3, retryAfterS: 3 });
    try {
      await expect
        .poll(() => companion.feedback('budgetPaused', {}), { timeout: 15_000 })
        .toBe(true);
      expect(companion.variables.get('budget')).toBe('paused');
    } finally {
      test.sandbox.faults.clear();
    }
    await expect
      .poll(() => companion.feedback('budgetPaused', {}), { timeout: 15_000 })
      .toBe(false);
  }, 40_000);
});

describe('with only the Multiview open (the wall during an event)', () => {
  let wall: TestCore;
  let wallApi: PanelApi;
  let wallFeedback: { feedback: PanelFeedbackState; stop: () => void };
  let wallLink: DeskConnection;
  const recorder = new CompanionRecorder();
  const closeWatch: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    wall = await startTestCore({ seed: 5 });
    const { core } = wall;
    wallFeedback = followFeedback(core, systemClock);
    wallApi = await startPanelApi({ core, port: 0, feedback: wallFeedback.feedback });
    const added = await core.invoke('panels.add', { name: 'Wall deck' }, { clientId: 'settings' });
    if (!added.ok) throw new Error(added.error.message);
    const watch = await core.invoke(
      'watch.subscribe',
      { spec: { kind: 'multiview' } },
      { clientId: 'multiview' },
    );
    if (!watch.ok) throw new Error(watch.error.message);
    const { watchId } = watch.data as { watchId: string };
    closeWatch.push(() => core.invoke('watch.unsubscribe', { watchId }, { clientId: 'multiview' }));
    wallLink = new DeskConnection(recorder);
    wallLink.start(
      { host: '127.0.0.1', port: String(wallApi.port) },
      { token: (added.data as AddedPanel).token },
    );
  }, 30_000);

  afterAll(async () => {
    wallLink.stop();
    for (const off of closeWatch) await off();
    await wallApi.close();
    wallFeedback.stop();
    await wall.close();
  });

  it('lights an on-air channel and shows its viewers, title and time on air', async () => {
    // Which channels are on air: the desk's own picture, from the on-air list alone.
    await expect
      .poll(() => Object.values(wallLink.picture?.lamps ?? {}).includes('onAir'), {
        timeout: 15_000,
      })
      .toBe(true);
    const lit = wallLink.picture?.channels.find((c) => c.tally === 'onAir' && c.broadcastKey);
    if (!lit?.broadcastKey) throw new Error('no channel lit');
    const prefix = lit.channelKey;
    await expect
      .poll(() => recorder.variables.get(`${prefix}_viewers`), { timeout: 15_000 })
      .toEqual(expect.any(Number));
    expect(await recorder.feedback('onAir', { channel: lit.channelKey })).toBe(true);
    expect(await recorder.feedback('stale', { channel: lit.channelKey })).toBe(false);
    expect(recorder.variables.get(`${prefix}_lamp`)).toMatch(/^(onAir|recording)$/);
    expect(recorder.variables.get(`${prefix}_title`)).toBe(
      wallLink.picture?.broadcasts[lit.broadcastKey]?.title,
    );
    expect(recorder.variables.get(`${prefix}_on_air_time`)).toMatch(/^\d+:\d\d:\d\d$/);
    // No channel list and no broadcast watch: the viewers are the account statistics', fresh.
    expect(wallLink.picture?.broadcasts[lit.broadcastKey]?.viewers?.stale).toBe(false);
  }, 40_000);
});
