/**
 * VOD administration through the core against the sandbox: what an operator would notice
 * (the channel kinds, local refusals before sending, the platform's own refusals, user keys
 * that never reach the log).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandInput, CommandName, CommandOutput } from '../../shared/bridge';
import type { DeskCore } from '../app/desk-core';
import { confirmedBy, startTestCore, type TestCore } from '../app/test-support';

let core: DeskCore;
let rig: TestCore;
const logged: string[] = [];
const ctx = { clientId: 'test-client' };

beforeAll(async () => {
  rig = await startTestCore({ seed: 3, log: (line) => logged.push(line) });
  ({ core } = rig);
});

afterAll(async () => {
  await rig.close();
});

/** Runs a command as the views do, confirming a destructive one as its dialog does. */
function run<C extends CommandName>(command: C, input: CommandInput<C>) {
  return core.invoke(command, input, { ...ctx, ...confirmedBy(command) });
}

async function data<C extends CommandName>(
  command: C,
  input: CommandInput<C>,
): Promise<CommandOutput<C>> {
  const result = await run(command, input);
  if (!result.ok) throw new Error(`${command}: ${result.error.message}`);
  // The core answers what the command declares (checked by the registry's types).
  return result.data as CommandOutput<C>;
}

describe('VOD channels', () => {
  it('creates each console kind with its fixed settings', async () => {
    const drm = await data('vodChannel.create', {
      name: 'DRM replays',
      kind: 'encryption',
      streamingFormat: 'dash',
      usePlaybackToken: true,
    });
    expect(drm).toMatchObject({ kind: 'encryption', usePlaybackToken: true, active: true });
    const shared = await data('vodChannel.create', {
      name: 'Partner feed',
      kind: 'shared',
      streamingFormat: 'hls',
      usePlaybackToken: false,
    });
    expect(shared.kind).toBe('shared');
    const list = await data('vodChannel.list', { keyword: 'DRM replays' });
    expect(list.data.map((channel) => channel.key)).toEqual([drm.key]);
  });

  it('refuses a bad referer domain in the operator’s words before sending', async () => {
    const [channel] = (await data('vodChannel.list', {})).data;
    const refused = await run('vodChannel.setReferer', {
      channelKey: channel?.key ?? '',
      mode: 'block',
      domains: ['example.com', 'not a domain'],
      refuseEmpty: false,
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.error.message).toContain('Give domains like example.com or *.example.com.');
    const unchanged = await data('vodChannel.get', { channelKey: channel?.key ?? '' });
    expect(unchanged.data.referer.mode).toBe(channel?.referer.mode);
  });

  it('keeps one country list and the no-referer mode as the platform stores them', async () => {
    const [channel] = (await data('vodChannel.list', {})).data;
    const key = channel?.key ?? '';
    const secured = await data('vodChannel.setSecurity', {
      channelKey: key,
      blockExternalOutput: true,
      countryMode: 'block',
      countries: ['jp', 'CN'],
    });
    expect(secured.countryAccess).toEqual({ mode: 'block', countries: ['JP', 'CN'] });
    const referer = await data('vodChannel.setReferer', {
      channelKey: key,
      mode: 'none',
      domains: [],
      refuseEmpty: true,
    });
    expect(referer.referer).toEqual({ mode: 'none', domains: [], refuseEmpty: true });
  });
});

describe('media profiles', () => {
  it('answers the platform’s own refusal of H.265 and keeps the profile as it was', async () => {
    const profile = await data('mediaProfile.create', { presetId: 2, name: 'Test 720p' });
    const refused = await run('mediaProfile.update', {
      profileKey: profile.key,
      videoCodec: 'h265',
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.status).toBe(422);
      expect(refused.error.message).toMatch(/H\.265 needs hardware encoding/);
    }
    const after = await data('mediaProfile.get', { profileKey: profile.key });
    expect(after.data.videoCodec).toBe('h264');
  });

  it('lists categories in tree order with their level, for the category pickers', async () => {
    const { data: categories } = await data('category.list', {});
    expect(categories.some((category) => category.level > 1)).toBe(true);
    for (const [index, category] of categories.entries())
      if (category.level > 1)
        expect((categories[index - 1]?.level ?? 0) + 1).toBeGreaterThanOrEqual(category.level);
  });
});

describe('user keys', () => {
  it('answers a new key once, invalidates the old on reissue, and never logs either', async () => {
    const first = await data('userKey.create', {});
    const second = await data('userKey.reissue', { userKey: first.userKey });
    expect(second.userKey).not.toBe(first.userKey);
    const gone = await run('userKey.delete', { userKey: first.userKey });
    expect(gone.ok).toBe(false);
    if (!gone.ok) expect(gone.error.status).toBe(404);
    await data('userKey.delete', { userKey: second.userKey });
    const text = logged.join('\n');
    expect(text).not.toContain(first.userKey);
    expect(text).not.toContain(second.userKey);
  });
});
