import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewersAt } from './audience';
import type { SandboxHandle } from '../index';
import { startSandbox } from '../index';
import { seedState } from '../seed/seed';
import type { WireBroadcast, WireChannel, WireList } from '../testing/test-support';
import { liveCaller } from '../testing/test-support';

const start = new Date('2025-06-01T12:00:00Z');
let sandbox: SandboxHandle;
let live: ReturnType<typeof liveCaller>;
const onair: Record<string, WireBroadcast> = {};

interface Joined {
  data: {
    joined_user_count: number;
    joined_users: { user_key: string; nickname: string; joined_at: string }[];
  };
}
interface Buckets {
  data: { started_at: string; viewer_count: number }[];
}
interface AccountBuckets {
  data: {
    started_at: string;
    viewer_count: number;
    broadcasts: { broadcast_key: string; viewer_count: number }[];
  }[];
}

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, startAt: start });
  live = liveCaller(sandbox.info, sandbox.info.tokens.super_admin);
  const channels = (await live.get<WireList<WireChannel>>('/channels')).body.data;
  for (const broadcast of (await live.get<WireList<WireBroadcast>>('/broadcasts?is_onair=1')).body
    .data) {
    onair[channels.find((channel) => channel.key === broadcast.channel_key)?.title ?? '?'] =
      broadcast;
  }
});
afterAll(() => sandbox.close());

const keyOf = (title: string): string => onair[title]?.key ?? 'missing';

describe('chat participants on air', () => {
  it('lists who is in the room, joined between the start and now, newest first', async () => {
    const answer = await live.get<Joined>(
      `/broadcasts/${keyOf('Main Stage')}/chatting-joined-users-on-air`,
    );
    const { joined_user_count: count, joined_users: users } = answer.body.data;
    expect(count).toBeGreaterThan(10);
    expect(users).toHaveLength(Math.min(count, 100));
    const started = Date.parse(onair['Main Stage']?.started_at ?? '');
    const times = users.map((user) => Date.parse(user.joined_at));
    expect(times.every((time) => time >= started && time <= sandbox.clock.nowMs())).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(users.map((user) => user.user_key)).size).toBe(users.length);
  });

  it('limits the list to per_page but still counts everyone', async () => {
    const path = `/broadcasts/${keyOf('Main Stage')}/chatting-joined-users-on-air`;
    const count = async (query = '') =>
      (await live.get<Joined>(`${path}${query}`)).body.data.joined_user_count;
    // The platform's clock runs with real time, so someone may join between two reads:
    // compare only when the full count did not move around the limited read.
    for (let attempt = 0; attempt < 10; attempt++) {
      const before = await count();
      const few = await live.get<Joined>(`${path}?per_page=3`);
      const after = await count();
      if (before !== after) continue;
      expect(few.body.data.joined_users).toHaveLength(3);
      expect(few.body.data.joined_user_count).toBe(before);
      return;
    }
    throw new Error('the participant count never held still for three reads');
  });

  it('changes who is in the room as the platform clock runs', async () => {
    const url = `/broadcasts/${keyOf('Studio B Talk')}/chatting-joined-users-on-air?per_page=500`;
    const rooms: string[][] = [];
    const counts: number[] = [];
    for (let step = 0; step < 6; step += 1) {
      const answer = await live.get<Joined>(url);
      rooms.push(answer.body.data.joined_users.map((user) => user.user_key).sort());
      counts.push(answer.body.data.joined_user_count);
      sandbox.clock.advance(45_000);
    }
    expect(new Set(rooms.map((room) => room.join())).size).toBeGreaterThan(3);
    expect(new Set(counts).size).toBeGreaterThan(1);
  });

  it('has nobody in the room of a channel without chat, or of an ended broadcast', async () => {
    const newsroom = await live.get<Joined>(
      `/broadcasts/${keyOf('Newsroom 24/7')}/chatting-joined-users-on-air`,
    );
    expect(newsroom.body.data).toEqual({ joined_user_count: 0, joined_users: [] });
    const history = await live.get<WireList<WireBroadcast>>('/broadcasts?is_onair=0&per_page=1');
    const ended = await live.get<Joined>(
      `/broadcasts/${history.body.data[0]?.key ?? ''}/chatting-joined-users-on-air`,
    );
    expect(ended.body.data.joined_user_count).toBe(0);
  });
});

describe('viewer statistics per 5 or 10 minutes during a UTC day', () => {
  it('answers buckets from 00:00 UTC up to now, zero before the start, the last one live', async () => {
    const url = `/broadcasts/${keyOf('Main Stage')}/statistics/viewer/10min-during-a-day`;
    const first = (await live.get<Buckets>(url)).body.data;
    const today = new Date(sandbox.clock.nowMs()).toISOString().slice(0, 10);
    expect(first[0]?.started_at).toBe(`${today}T00:00:00+00:00`);
    const minutesToday = (sandbox.clock.nowMs() - Date.parse(`${today}T00:00:00Z`)) / 60_000;
    expect(first).toHaveLength(Math.floor(minutesToday / 10) + 1);
    const started = Date.parse(onair['Main Stage']?.started_at ?? '');
    for (const bucket of first) {
      if (Date.parse(bucket.started_at) + 600_000 <= started) expect(bucket.viewer_count).toBe(0);
    }
    const last = first.at(-1)?.viewer_count ?? 0;
    expect(last).toBeGreaterThan(100);

    sandbox.clock.advance(20 * 60_000);
    const later = (await live.get<Buckets>(url)).body.data;
    expect(later.length).toBeGreaterThan(first.length);
    expect(later.at(-1)?.viewer_count).not.toBe(last);
  });

  it('answers a whole past day of 5-minute buckets', async () => {
    const url = `/broadcasts/${keyOf('Main Stage')}/statistics/viewer/5min-during-a-day?start_date=2025-05-01`;
    const answer = await live.get<Buckets>(url);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(288);
    expect(answer.body.data.every((bucket) => bucket.viewer_count === 0)).toBe(true);
  });

  it('refuses 15-minute buckets, an impossible date, and a token without live:statistics', async () => {
    const base = `/broadcasts/${keyOf('Main Stage')}/statistics/viewer`;
    expect((await live.get(`${base}/15min-during-a-day`)).status).toBe(422);
    const badDate = await live.get(`${base}/5min-during-a-day?start_date=2025-02-30`);
    expect(badDate.status).toBe(422);
    expect(badDate.body.errors).toHaveProperty('start_date');
    const noScope = liveCaller(sandbox.info, sandbox.info.tokens.no_scope);
    const refused = await noScope.get(`${base}/5min-during-a-day`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/live:statistics/);
    const admin = liveCaller(sandbox.info, sandbox.info.tokens.admin);
    expect((await admin.get(`${base}/5min-during-a-day`)).status).toBe(200);
  });
});

describe('audience model', () => {
  it('is a pure function of seed, broadcast and time, capped by the channel limit', () => {
    const state = seedState(1, start);
    const broadcast = state.broadcasts.find((candidate) => candidate.isOnair);
    const channel = state.channels.find((candidate) => candidate.key === broadcast?.channelKey);
    if (broadcast === undefined || channel === undefined) throw new Error('no on-air broadcast');
    const at = start.getTime();
    expect(viewersAt(1, broadcast, channel, at, at)).toBe(viewersAt(1, broadcast, channel, at, at));
    expect(viewersAt(1, broadcast, channel, at + 60_000, at)).toBe(0);
    const capped = { ...channel, concurrentlyViewerLimit: 10 };
    expect(viewersAt(1, broadcast, capped, at, at)).toBe(10);
  });

  it('seeds the same keys for the same seed and different ones for another seed', () => {
    const keys = (seed: number): string[] =>
      seedState(seed, start).channels.map((channel) => channel.key);
    expect(keys(1)).toEqual(keys(1));
    expect(keys(2)).not.toEqual(keys(1));
  });
});

describe('the account viewer statistics, every broadcast in each bucket (our design)', () => {
  it("carries each on-air broadcast's count, its own read's figure, and the sum stays", async () => {
    sandbox.clock.pause();
    try {
      const account = (await live.get<AccountBuckets>('/statistics/viewer/5min-during-a-day')).body
        .data;
      const last = account.at(-1);
      // Every broadcast on air now is in the last bucket.
      const onAirKeys = Object.values(onair).map((b) => b.key);
      expect(onAirKeys.length).toBeGreaterThan(1);
      for (const key of onAirKeys)
        expect(last?.broadcasts.map((b) => b.broadcast_key)).toContain(key);
      for (const bucket of account) {
        const sum = bucket.broadcasts.reduce((total, b) => total + b.viewer_count, 0);
        expect(bucket.viewer_count).toBe(sum);
        expect(new Set(bucket.broadcasts.map((b) => b.broadcast_key)).size).toBe(
          bucket.broadcasts.length,
        );
      }
      for (const key of onAirKeys) {
        const own = (
          await live.get<Buckets>(`/broadcasts/${key}/statistics/viewer/5min-during-a-day`)
        ).body.data;
        expect(own).toHaveLength(account.length);
        own.forEach((bucket, i) => {
          const entry = account[i]?.broadcasts.find((b) => b.broadcast_key === key);
          expect(entry?.viewer_count ?? 0).toBe(bucket.viewer_count);
        });
      }
      expect(last?.viewer_count ?? 0).toBeGreaterThan(100);
    } finally {
      sandbox.clock.resume();
    }
  });
});
