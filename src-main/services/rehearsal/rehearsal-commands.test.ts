/**
 * The Rehearsal panel's commands through the core, against the sandbox: the encoders are
 * listed, an off-air channel goes on air and the control room's channel list shows it, its
 * encoder stops and waits, the sandbox's refusal reaches the operator in its own words, and
 * outside the sandbox workspace both commands are refused before anything is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EncoderView } from '../../shared/commands/rehearsal';
import type { DeskCore } from '../app/desk-core';
import { commandCaller, startTestCore, type TestCore } from '../app/test-support';

let core: DeskCore;
let rig: TestCore;
const call = commandCaller(() => core, 'rehearsal-test');

beforeAll(async () => {
  rig = await startTestCore({ seed: 4 });
  ({ core } = rig);
});

afterAll(async () => {
  await rig.close();
});

async function encoders(): Promise<EncoderView[]> {
  return (await call('rehearsal.encoders', {})).data;
}

async function onAirInChannelList(channelKey: string): Promise<boolean | undefined> {
  const page = await call('channels.list', { perPage: 100 });
  return page.data.items.find((channel) => channel.key === channelKey)?.onAir;
}

describe('rehearsal encoders', () => {
  it('lists the encoders and puts an off-air channel on air, then stops its encoder', async () => {
    const list = await encoders();
    expect(list.some((item) => item.state === 'live')).toBe(true);
    const off = list.find((item) => item.state === 'off');
    if (off === undefined) throw new Error('the seed has no off-air channel');
    expect(await onAirInChannelList(off.channelKey)).toBe(false);

    const on = await call('rehearsal.setEncoder', { channelKey: off.channelKey, state: 'live' });
    expect(on).toMatchObject({ channelKey: off.channelKey, state: 'live' });
    expect(on.broadcastKey).toMatch(/^[a-z0-9]{16}$/);
    expect(await onAirInChannelList(off.channelKey)).toBe(true);

    const stopped = await call('rehearsal.setEncoder', {
      channelKey: off.channelKey,
      state: 'off',
    });
    expect(stopped.state).toBe('reconnecting');
    expect(stopped.broadcastKey).toBe(on.broadcastKey);
    expect(stopped.reconnectLeftMs).toBeGreaterThan(4 * 60_000);
    expect(stopped.reconnectUntil).toBeGreaterThan(Date.parse('2020-01-01T00:00:00Z'));
    // Still on air while the platform waits for the encoder.
    expect(await onAirInChannelList(off.channelKey)).toBe(true);
  });

  it('answers the sandbox’s refusal of a disabled channel in its own words', async () => {
    const page = await call('channels.list', { perPage: 100 });
    const disabled = page.data.items.find((channel) => channel.title === 'Weekend Matchday');
    if (disabled === undefined) throw new Error('the seed has no disabled channel');
    const result = await core.invoke(
      'rehearsal.setEncoder',
      { channelKey: disabled.key, state: 'live' },
      { clientId: 'rehearsal-test' },
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('conflict');
      expect(result.error.message).toContain('disabled');
    }
  });

  it('is refused outside the sandbox workspace, and the encoder is left as it was', async () => {
    const info = rig.sandbox.info;
    const account = await call('account.add', {
      kind: 'live',
      name: 'Studio live',
      baseUrl: info.live_base_url,
      serviceAccountKey: info.service_account_key,
      token: info.tokens.super_admin,
    });
    const before = rig.sandbox.encoders.list().find((item) => item.state === 'off');
    if (before === undefined) throw new Error('the seed has no off-air channel left');
    await call('workspace.switch', { id: account.id });
    try {
      for (const [command, input] of [
        ['rehearsal.encoders', {}],
        ['rehearsal.setEncoder', { channelKey: before.channel_key, state: 'live' }],
        ['rehearsal.scenarios', {}],
        ['rehearsal.playScenario', { file: 'two-hour-event', speed: 30 }],
        ['rehearsal.controlScenario', { action: 'pause' }],
      ] as const) {
        const result = await core.invoke(command, input, { clientId: 'rehearsal-test' });
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.message).toContain('sandbox workspace only');
      }
      expect(rig.sandbox.encoders.status(before.channel_key).state).toBe('off');
      expect(rig.sandbox.scenarios.status()).toBeNull();
    } finally {
      await call('workspace.switch', { id: 'sandbox' });
    }
  });
});

describe('rehearsal scenarios', () => {
  it('lists the examples, plays one at ×30, pauses, resumes and stops it', async () => {
    const listed = await call('rehearsal.scenarios', {});
    expect(listed.data.current).toBeNull();
    expect(listed.data.scenarios.map((item) => item.file)).toContain('two-hour-event');
    const event = listed.data.scenarios.find((item) => item.file === 'two-hour-event');
    expect(event).toMatchObject({ name: 'Two-hour event', durationMs: 7_200_000 });

    const playing = await call('rehearsal.playScenario', { file: 'two-hour-event', speed: 30 });
    expect(playing).toMatchObject({ name: 'Two-hour event', phase: 'playing', speed: 30 });
    expect(rig.sandbox.clock.speed).toBe(30);
    const paused = await call('rehearsal.controlScenario', { action: 'pause' });
    expect(paused?.phase).toBe('paused');
    expect(rig.sandbox.clock.paused).toBe(true);
    expect((await call('rehearsal.scenarios', {})).data.current?.elapsedMs).toBe(paused?.elapsedMs);
    expect((await call('rehearsal.controlScenario', { action: 'resume' }))?.phase).toBe('playing');
    expect((await call('rehearsal.controlScenario', { action: 'stop' }))?.phase).toBe('stopped');
    expect(rig.sandbox.clock.speed).toBe(1);
  });

  it('answers the sandbox refusal of an unknown example in its own words', async () => {
    const result = await core.invoke(
      'rehearsal.playScenario',
      { file: 'no-such-event' },
      { clientId: 'rehearsal-test' },
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toContain('no example scenario named');
  });
});
