/**
 * The channel types of the public service guide (Live, Low latency live, Scheduled Live), the
 * list filters the Channels view uses (`channel_type=all`, `status`), the guide's "no timeshift
 * and no cue point on low latency", and the spec's States and roles of the channel actions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index';
import { startSandbox } from '../index';
import { dataOf, listOf, liveClient } from '../testing/live-test-caller';
import { VirtualClock } from '../kernel/clock';
import { liveBroadcastOperations } from './routes/live-broadcasts';
import { seedState } from '../seed/seed';

let sandbox: SandboxHandle;
let live: ReturnType<typeof liveClient>;
let admin: ReturnType<typeof liveClient>;
let group = '';

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, startAt: new Date('2025-06-01T12:00:00Z') });
  live = liveClient(sandbox.info, sandbox.info.tokens.super_admin);
  admin = liveClient(sandbox.info, sandbox.info.tokens.admin);
  group = String(listOf(await live.get('/profile-groups'))[0]?.key);
});
afterAll(() => sandbox.close());

const titles = (rows: Record<string, unknown>[]): unknown[] => rows.map((row) => row.title);

describe('low-latency channels', () => {
  it('are created with their type, an RTMP publish URL and a view URL', async () => {
    const created = await live.post('/channels', {
      title: 'LL Arena',
      live_media_profile_group_key: group,
      channel_type: 'low_latency',
    });
    expect(created.status).toBe(200);
    const channel = dataOf(created);
    expect(channel.channel_type).toBe('low_latency');
    expect(channel.rtmp_publish_url).toMatch(/^rtmp:\/\//);
    expect(channel.view_url).toMatch(/^https:\/\//);
  });

  it('refuse timeshift at creation and on update, and nothing changes', async () => {
    const refused = await live.post('/channels', {
      title: 'LL with timeshift',
      live_media_profile_group_key: group,
      channel_type: 'low_latency',
      use_timeshift: '1',
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('Low-latency channels do not support timeshift');
    const all = listOf(await live.get('/channels?channel_type=all&per_page=100'));
    expect(titles(all)).not.toContain('LL with timeshift');

    const arena = all.find((row) => row.title === 'LL Arena');
    const update = await live.put(`/channels/${String(arena?.key)}`, { use_timeshift: '1' });
    expect(update.status).toBe(422);
    expect(dataOf(await live.get(`/channels/${String(arena?.key)}`)).use_timeshift).toBe(false);
  });

  it('are listed with the live channels, alone with low_latency, and all types with all', async () => {
    const liveList = titles(listOf(await live.get('/channels?per_page=100')));
    expect(liveList).toContain('LL Arena');
    expect(titles(listOf(await live.get('/channels?channel_type=low_latency')))).toEqual([
      'LL Arena',
    ]);
    const everything = listOf(await live.get('/channels?channel_type=all&per_page=100'));
    const types = new Set(everything.map((row) => row.channel_type));
    expect(types).toEqual(new Set(['live', 'low_latency', 'scheduled']));
  });
});

describe('a broadcast of a low-latency channel', () => {
  it('takes no cue point, with the reason, while the same broadcast on a live channel would', () => {
    const start = new Date('2025-06-01T12:00:00Z');
    const state = seedState(3, start);
    const broadcast = state.broadcasts.find(
      (candidate) => candidate.isOnair && candidate.useTimeshift,
    );
    const channel = state.channels.find((candidate) => candidate.key === broadcast?.channelKey);
    if (!broadcast || !channel) throw new Error('the seed has no on-air broadcast with timeshift');
    const operations = liveBroadcastOperations({ state, clock: new VirtualClock(start) });
    const setCue = () =>
      operations.setTimeshiftCuePoint?.({
        params: { broadcast_key: broadcast.key },
        query: {},
        body: {},
      });
    channel.channelType = 'low_latency';
    expect(setCue).toThrow('Low-latency channels do not support timeshift');
    channel.channelType = 'live';
    expect(setCue).not.toThrow();
  });
});

describe('the status filter and the States of the channel actions', () => {
  it('lists enabled or disabled channels only; disable and enable only from the other state', async () => {
    const key = String(
      dataOf(
        await live.post('/channels', {
          title: 'State Walk',
          live_media_profile_group_key: group,
        }),
      ).key,
    );
    expect((await live.put(`/channels/${key}/enable`)).status).toBe(422);
    expect((await live.put(`/channels/${key}/disable`)).status).toBe(200);
    expect((await live.put(`/channels/${key}/disable`)).status).toBe(422);
    const disabled = titles(listOf(await live.get('/channels?status=disabled&channel_type=all')));
    expect(disabled).toContain('State Walk');
    const enabled = titles(listOf(await live.get('/channels?status=enabled&per_page=100')));
    expect(enabled).not.toContain('State Walk');

    expect((await live.put(`/channels/${key}/restore`)).status).toBe(422);
    expect((await live.put(`/channels/${key}/trash`)).status).toBe(200);
    expect((await live.put(`/channels/${key}/trash`)).status).toBe(422);
    expect((await live.put(`/channels/${key}`, { title: 'Renamed' })).status).toBe(422);
    expect((await live.put(`/channels/${key}/restore`)).status).toBe(200);
    expect((await live.delete(`/channels/${key}`)).status).toBe(204);
    expect((await live.get(`/channels/${key}`)).status).toBe(404);
  });

  it('refuses the super-administrator actions to an administrator token, who may still edit', async () => {
    const key = String(listOf(await live.get('/channels'))[0]?.key);
    for (const action of ['disable', 'trash']) {
      expect((await admin.put(`/channels/${key}/${action}`)).status).toBe(403);
    }
    expect((await admin.delete(`/channels/${key}`)).status).toBe(403);
    expect(
      (await admin.post('/channels', { title: 'x', live_media_profile_group_key: group })).status,
    ).toBe(403);
    expect((await admin.get('/contracts')).status).toBe(403);
    expect((await admin.put(`/channels/${key}`, { meta_description: 'edited' })).status).toBe(200);
  });
});

describe('POST /__sandbox/channels/bulk', () => {
  it('registers many channels for long lists, past the contract limit it raises', async () => {
    const origin = new URL(sandbox.info.live_base_url).origin;
    const bulk = (body: object) =>
      fetch(`${origin}/__sandbox/channels/bulk`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await bulk({ count: 0 })).status).toBe(422);
    const answer = await bulk({ count: 120, title_prefix: 'Paging' });
    expect(answer.status).toBe(200);
    const page2 = await live.get('/channels?keyword=paging&per_page=100&page=2&order=title_asc');
    const rows = listOf(page2);
    expect(rows.map((row) => row.title)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Paging ${String(101 + i)}`),
    );
    expect(dataOf(await live.get('/contracts')).channel_limit).toBeGreaterThanOrEqual(130);
    const added = await live.post('/channels', {
      title: 'One more',
      live_media_profile_group_key: group,
    });
    expect(added.status).toBe(422);
  });
});
