/**
 * Broadcast history and recording files through the core, as the Recordings view asks for
 * them, against the sandbox: paging, filters mapped to the right operation (account, channel,
 * broadcast), bad filters refused in the operator's words before anything is sent, and the
 * platform's own reason when a summary is not ready.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandInput, CommandName } from '../../shared/bridge';
import type { DeskCore } from '../app/desk-core';
import { commandCaller, startTestCore, type TestCore } from '../app/test-support';

let core: DeskCore;
let rig: TestCore;
const call = commandCaller(() => core, 'recordings-test');

beforeAll(async () => {
  rig = await startTestCore({ seed: 7 });
  ({ core } = rig);
});

afterAll(async () => {
  await rig.close();
});

/** The refusal a command answers (fails the test when it succeeds). */
async function refusal<C extends CommandName>(command: C, input: CommandInput<C>) {
  const result = await core.invoke(command, input, { clientId: 'recordings-test' });
  if (result.ok) throw new Error(`${command} was not refused`);
  return result.error;
}

describe('broadcast history', () => {
  it('pages the account’s broadcasts without overlap, and filters them by channel and state', async () => {
    const first = (await call('broadcast.history', { scope: 'account', perPage: 3 })).data;
    const second = (await call('broadcast.history', { scope: 'account', perPage: 3, page: 2 }))
      .data;
    expect(first.total).toBeGreaterThan(3);
    expect(second.page).toBe(2);
    const keys = new Set(first.items.map((item) => item.key));
    expect(second.items.some((item) => keys.has(item.key))).toBe(false);

    const onAir = (await call('broadcast.history', { scope: 'account', onAir: true })).data;
    expect(onAir.items.length).toBeGreaterThan(0);
    expect(onAir.items.every((item) => item.onAir && item.durationSeconds !== null)).toBe(true);

    const channelKey = first.items[0]?.channelKey ?? '';
    const ofChannel = (await call('broadcast.history', { scope: 'channel', channelKey })).data;
    expect(ofChannel.items.every((item) => item.channelKey === channelKey)).toBe(true);
    const oldestFirst = (
      await call('broadcast.history', { scope: 'channel', channelKey, order: 'id_asc' })
    ).data;
    expect(oldestFirst.items.map((item) => item.key)).toEqual(
      [...ofChannel.items].reverse().map((item) => item.key),
    );
  });

  it("says the platform's reason when an on-air broadcast has no summary yet", async () => {
    const onAir = (await call('broadcast.history', { scope: 'account', onAir: true })).data;
    const key = onAir.items[0]?.key ?? '';
    const error = await refusal('broadcast.summary', { broadcastKey: key });
    expect(error.status).toBe(422);
    expect(error.message.length).toBeGreaterThan(0);
  });
});

describe('recording files', () => {
  it('narrows from the account to a channel to a broadcast, with expiry 7 days after the start', async () => {
    const all = (await call('recording.list', {})).data;
    const file = all.items[0];
    if (file === undefined) throw new Error('no recording file');
    expect(Date.parse(file.expiresAt) - Date.parse(file.startedAt)).toBe(7 * 86_400_000);
    const ofChannel = (await call('recording.list', { channelKey: file.channelKey })).data;
    expect(ofChannel.items.every((item) => item.channelKey === file.channelKey)).toBe(true);
    const ofBroadcast = (
      await call('recording.list', { channelKey: file.channelKey, broadcastKey: file.broadcastKey })
    ).data;
    expect(ofBroadcast.items.every((item) => item.broadcastKey === file.broadcastKey)).toBe(true);
    const day = file.startedAt.slice(0, 10);
    const sameDay = (await call('recording.list', { from: day, to: day })).data;
    expect(sameDay.items.map((item) => item.id)).toContain(file.id);
    expect(sameDay.items.every((item) => item.startedAt.startsWith(day))).toBe(true);
  });

  it('refuses filters that cannot mean anything, in the operator’s words', async () => {
    expect(
      (await refusal('recording.list', { from: '2026-11-20', to: '2026-11-19' })).message,
    ).toBe('The first day must not be after the last day.');
    expect((await refusal('recording.list', { broadcastKey: 'abc' })).message).toBe(
      "Pick the broadcast's channel too.",
    );
  });
});
