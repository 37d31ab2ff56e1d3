/**
 * Issue 32, §1 "Panels reach more, safely" (docs/security.md, actor: a panel; docs/admin/panels.md):
 * a hardware panel runs only the commands the operator ticked for it in Settings → Hardware
 * panels, from those whose declaration offers them to panels. Tried as the panel would, through
 * the real control API on 127.0.0.1 against the sandbox platform: a press of a command not ticked
 * is refused with the reason in the operator's words (English and Korean) and nothing reaches the
 * platform; ticking it lets the next press through; a destructive one still takes its second
 * press; a rename takes only the panel's preset titles; "focus channel N" reaches this desk's
 * pages. On main before this change, every panel ran every command offered to panels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/manual-clock';
import { startTestCore, type TestCore } from '../services/app/test-support';
import type { DeskCoreWithPanels } from '../services/app/desk-core';
import type { Broadcast, ChannelSummary, Fresh, Page } from '../shared/model';
import type { AddedPanel } from '../shared/panels-model';
import type { MessageRef } from '../shared/i18n/message';
import { resolveParams } from '../shared/i18n/message';
import { createI18n } from '../shared/i18n';
import { startPanelApi, type PanelApi } from './panel-api';

let rig: TestCore;
let core: DeskCoreWithPanels;
let api: PanelApi;
const clock = new ManualClock();

beforeAll(async () => {
  rig = await startTestCore({ seed: 7 });
  core = rig.core;
  api = await startPanelApi({ core, port: 0, clock, probe: false });
});

afterAll(async () => {
  await api.close();
  await rig.close();
});

const korean = createI18n('ko');
/** A refusal's catalogue message as the operator reads it in Korean. */
function inKorean(ref: MessageRef): string {
  const t = korean.t as unknown as (key: string, params?: object) => string;
  return t(
    ref.key,
    resolveParams(ref.params, (inner) => inKorean(inner)),
  );
}

interface Answer {
  status: number;
  body: {
    ok: boolean;
    data?: unknown;
    error?: { code: string; message: string; text?: MessageRef };
  };
}

/** A panel's press, as Companion's Generic HTTP connection sends it. */
async function press(token: string, command: string, body: unknown): Promise<Answer> {
  const response = await fetch(`${api.address}/api/v1/commands/${command}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

async function invoke(command: string, input: unknown) {
  const result = await core.invoke(command, input, { clientId: 'settings' });
  if (!result.ok) throw new Error(`${command}: ${result.error.message}`);
  return result.data;
}

/** The operator ticks `commands` (and preset titles) for the panel in Settings. */
async function tick(panel: AddedPanel, commands: string[], titles: string[] = []) {
  await invoke('panels.setCommands', { id: panel.panel.id, commands, titles });
}

async function broadcast(key: string): Promise<Broadcast> {
  return ((await invoke('broadcast.get', { broadcastKey: key })) as Fresh<Broadcast>).data;
}

/** Broadcasts one test already pressed on: another press on them would cross it (crossing.ts). */
const used = new Set<string>();

/**
 * An on-air live broadcast (not a scheduled channel's), not recording unless `recordingToo`,
 * that no other test pressed on.
 */
async function onAirBroadcast(recordingToo = false): Promise<Broadcast> {
  const page = (await invoke('channels.list', {})) as Fresh<Page<ChannelSummary>>;
  for (const channel of page.data.items) {
    const key = channel.latestBroadcast?.key;
    if (!channel.onAir || !key || channel.type === 'scheduled' || used.has(key)) continue;
    const read = await broadcast(key);
    if (read.recording && !recordingToo) continue;
    used.add(key);
    return read;
  }
  throw new Error('the seed has no on-air broadcast that is not recording');
}

describe('a panel runs only the commands the operator ticked for it (issue 32 §1, panels)', () => {
  it('refuses an unticked command in the operator’s words and sends nothing; ticked, it runs', async () => {
    const panel = (await invoke('panels.add', { name: 'Deck fresh' })) as AddedPanel;
    const target = await onAirBroadcast();
    const input = { broadcastKey: target.key };

    // A new panel may run nothing yet.
    const refused = await press(panel.token, 'broadcast.startRecording', input);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('forbidden');
    expect(refused.body.error?.message).toBe(
      'This panel may not run “Start recording”: tick it for this panel in Settings → Hardware panels. Nothing was sent.',
    );
    const text = refused.body.error?.text;
    if (!text) throw new Error('no catalogue message');
    expect(inKorean(text)).toBe(
      '이 패널은 “녹화 시작”을(를) 실행할 수 없습니다. 설정 → 하드웨어 패널에서 이 패널에 허용하세요. 아무것도 보내지 않았습니다.',
    );
    expect((await broadcast(target.key)).recording).toBe(false);

    // Ticked in Settings: the same press now starts the recording.
    await tick(panel, ['broadcast.startRecording']);
    const started = await press(panel.token, 'broadcast.startRecording', input);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect((await broadcast(target.key)).recording).toBe(true);

    // Stop recording is not ticked: refused at the first press, not asked for a second one.
    const stop = await press(panel.token, 'broadcast.stopRecording', input);
    expect(stop.status).toBe(403);
    expect(stop.body.error?.message).toMatch(/This panel may not run “Stop recording”/);
    expect((await press(panel.token, 'broadcast.stopRecording', input)).status).toBe(403);
    expect((await broadcast(target.key)).recording).toBe(true);

    // Ticked, it keeps its second press within 2 s.
    await tick(panel, ['broadcast.startRecording', 'broadcast.stopRecording']);
    const first = await press(panel.token, 'broadcast.stopRecording', input);
    expect(first.status).toBe(409);
    expect(first.body.error?.code).toBe('confirmation-required');
    expect((await broadcast(target.key)).recording).toBe(true);
    await clock.advance(1_000);
    expect((await press(panel.token, 'broadcast.stopRecording', input)).status).toBe(200);
    expect((await broadcast(target.key)).recording).toBe(false);

    // Unticked again: refused again.
    await tick(panel, []);
    expect((await press(panel.token, 'broadcast.startRecording', input)).status).toBe(403);
    expect((await broadcast(target.key)).recording).toBe(false);
  });

  it('ticks one panel without giving anything to another', async () => {
    const left = (await invoke('panels.add', { name: 'Deck left' })) as AddedPanel;
    const right = (await invoke('panels.add', { name: 'Deck right' })) as AddedPanel;
    await tick(left, ['broadcast.startRecording']);
    const target = await onAirBroadcast();
    const input = { broadcastKey: target.key };
    const refused = await press(right.token, 'broadcast.startRecording', input);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toMatch(/This panel may not run “Start recording”/);
    expect((await broadcast(target.key)).recording).toBe(false);
    const started = await press(left.token, 'broadcast.startRecording', input);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect((await broadcast(target.key)).recording).toBe(true);
  });

  it('cannot be given a command that is not offered to panels', async () => {
    const panel = (await invoke('panels.add', { name: 'Deck greedy' })) as AddedPanel;
    const result = await core.invoke(
      'panels.setCommands',
      { id: panel.panel.id, commands: ['panels.add', 'broadcast.startRecording'] },
      { clientId: 'settings' },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toBe(
      'A panel can be given only the commands offered to hardware panels.',
    );
    expect(core.panels.list().find((p) => p.id === panel.panel.id)?.commands).toEqual([]);
    const sneaky = await press(panel.token, 'panels.add', { name: 'Sneaky' });
    expect(sneaky.status).toBe(403);
    expect(core.panels.list().map((p) => p.name)).not.toContain('Sneaky');
  });

  it('renames a broadcast only to one of the panel’s preset titles', async () => {
    const panel = (await invoke('panels.add', { name: 'Deck titles' })) as AddedPanel;
    await tick(panel, ['broadcast.rename'], ['Half time', 'Back after the break']);
    const target = await onAirBroadcast(true);

    const renamed = await press(panel.token, 'broadcast.rename', {
      broadcastKey: target.key,
      preset: 2,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await broadcast(target.key)).title).toBe('Back after the break');

    const own = await press(panel.token, 'broadcast.rename', {
      broadcastKey: target.key,
      title: 'Anything I like',
    });
    expect(own.status).toBe(403);
    expect(own.body.error?.message).toBe(
      'This panel renames a broadcast only to one of its preset titles (Settings → Hardware panels). Nothing was sent.',
    );
    const missing = await press(panel.token, 'broadcast.rename', {
      broadcastKey: target.key,
      preset: 3,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.message).toBe(
      'This panel has no preset title 3: set it in Settings → Hardware panels. Nothing was sent.',
    );
    expect((await broadcast(target.key)).title).toBe('Back after the break');
  });

  it('focuses channel N on this desk’s pages, and starts a sandbox encoder', async () => {
    const panel = (await invoke('panels.add', { name: 'Deck rehearsal' })) as AddedPanel;
    const asked: unknown[] = [];
    const off = core.subscribe((event, payload) => {
      if (event === 'channel.focusRequested') asked.push(payload);
    });
    try {
      expect((await press(panel.token, 'channel.focus', { position: 2 })).status).toBe(403);
      expect(asked).toEqual([]);
      await tick(panel, ['channel.focus', 'rehearsal.setEncoder']);
      const focused = await press(panel.token, 'channel.focus', { position: 2 });
      expect(focused.status, JSON.stringify(focused.body)).toBe(200);
      expect(asked).toEqual([{ position: 2 }]);
    } finally {
      off();
    }
    const encoders = (await invoke('rehearsal.encoders', {})) as Fresh<
      { channelKey: string; state: string; channelDisabled: boolean }[]
    >;
    const idle = encoders.data.find((e) => e.state === 'off' && !e.channelDisabled);
    if (!idle) throw new Error('the seed has no idle encoder');
    const started = await press(panel.token, 'rehearsal.setEncoder', {
      channelKey: idle.channelKey,
      state: 'live',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const after = (await invoke('rehearsal.encoders', {})) as typeof encoders;
    expect(after.data.find((e) => e.channelKey === idle.channelKey)?.state).toBe('live');
  });
});
