import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index';
import { startSandbox } from '../index';
import type { WireBroadcast, WireChannel, WireList } from '../testing/test-support';
import { liveCaller } from '../testing/test-support';

const start = new Date('2025-06-01T12:00:00Z');
let sandbox: SandboxHandle;
let live: ReturnType<typeof liveCaller>;
/** On-air broadcasts by channel title, and one ended broadcast with timeshift. */
const onair: Record<string, WireBroadcast> = {};
let ended: WireBroadcast;

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, startAt: start });
  live = liveCaller(sandbox.info, sandbox.info.tokens.super_admin);
  const channels = (await live.get<WireList<WireChannel>>('/channels')).body.data;
  const running = (await live.get<WireList<WireBroadcast>>('/broadcasts?is_onair=1')).body.data;
  for (const broadcast of running) {
    const channel = channels.find((candidate) => candidate.key === broadcast.channel_key);
    // Scheduled channels (not in the default channel list) play programs of their own.
    if (channel === undefined) continue;
    onair[channel.title] = broadcast;
  }
  const history = await live.get<WireList<WireBroadcast>>('/broadcasts?is_onair=0&per_page=100');
  ended = history.body.data.find((broadcast) => broadcast.use_timeshift) as WireBroadcast;
});
afterAll(() => sandbox.close());

const path = (broadcast: WireBroadcast, suffix = ''): string =>
  `/broadcasts/${broadcast.key}${suffix}`;
const must = (title: string): WireBroadcast => {
  const broadcast = onair[title];
  if (broadcast === undefined) throw new Error(`${title} is not on air`);
  return broadcast;
};

describe('seeded broadcasts', () => {
  it('has three on air, started 20 to 90 minutes ago, one with timeshift off', () => {
    expect(Object.keys(onair).sort()).toEqual(['Main Stage', 'Newsroom 24/7', 'Studio B Talk']);
    for (const broadcast of Object.values(onair)) {
      const minutes = (start.getTime() - Date.parse(broadcast.started_at ?? '')) / 60_000;
      expect(minutes).toBeGreaterThanOrEqual(20);
      expect(minutes).toBeLessThanOrEqual(90);
      expect(broadcast.ended_at).toBeNull();
    }
    expect(must('Main Stage').use_timeshift).toBe(true);
    expect(must('Studio B Talk').use_timeshift).toBe(false);
    expect(must('Newsroom 24/7').is_duplicate_recording).toBe(true);
    expect(ended.ended_at).not.toBeNull();
  });

  it('lists a channel history newest first, with id_asc reversing it, and 404 for an unknown channel', async () => {
    const channelKey = must('Main Stage').channel_key;
    const desc = await live.get<WireList<WireBroadcast>>(
      `/channels/${channelKey}/broadcasts?order=id_desc&page=1&per_page=10`,
    );
    expect(desc.body.data[0]?.key).toBe(must('Main Stage').key);
    expect(desc.body.meta.total).toBeGreaterThanOrEqual(3);
    const asc = await live.get<WireList<WireBroadcast>>(
      `/channels/${channelKey}/broadcasts?order=id_asc`,
    );
    expect(asc.body.data.map((b) => b.key)).toEqual(desc.body.data.map((b) => b.key).reverse());
    expect((await live.get('/channels/zzzzzzzzzzzzzzzz/broadcasts')).status).toBe(404);
    const filtered = await live.get<WireList<WireBroadcast>>(
      `/broadcasts?channel_key=${channelKey}`,
    );
    expect(filtered.body.data.every((b) => b.channel_key === channelKey)).toBe(true);
  });

  it('answers 404 for an unknown broadcast key', async () => {
    const answer = await live.get('/broadcasts/zzzzzzzzzzzzzzzz');
    expect(answer.status).toBe(404);
    expect(answer.body.message).toMatch(/No broadcast with the key/);
    expect((await live.post('/broadcasts/zzzzzzzzzzzzzzzz/duplicate-recording')).status).toBe(404);
  });
});

describe('manual recording (spec, States)', () => {
  it('starts on an on-air broadcast, shows in GET, refuses a second start, then stops', async () => {
    const broadcast = must('Main Stage');
    const started = await live.post<{ data: WireBroadcast }>(
      path(broadcast, '/duplicate-recording'),
    );
    expect(started.status).toBe(200);
    expect(started.body.data.is_duplicate_recording).toBe(true);
    expect(
      Date.parse(started.body.data.duplicate_recording_started_at ?? ''),
    ).toBeGreaterThanOrEqual(start.getTime());
    expect(
      (await live.get<{ data: WireBroadcast }>(path(broadcast))).body.data.is_duplicate_recording,
    ).toBe(true);

    const twice = await live.post(path(broadcast, '/duplicate-recording'));
    expect(twice.status).toBe(422);
    expect(twice.body.message).toMatch(/already running/);

    const stopped = await live.delete<{ data: WireBroadcast }>(
      path(broadcast, '/duplicate-recording'),
    );
    expect(stopped.body.data).toMatchObject({
      is_duplicate_recording: false,
      duplicate_recording_started_at: null,
    });
    expect(
      (await live.get<{ data: WireBroadcast }>(path(broadcast))).body.data.is_duplicate_recording,
    ).toBe(false);
  });

  it('refuses to stop when no manual recording runs', async () => {
    const answer = await live.delete(path(must('Studio B Talk'), '/duplicate-recording'));
    expect(answer.status).toBe(422);
    expect(answer.body.message).toMatch(/not running/);
  });

  it('refuses to start on an ended broadcast', async () => {
    const answer = await live.post(path(ended, '/duplicate-recording'));
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(
      'The broadcast is not on air: manual recording can only start while it is on air.',
    );
  });
});

describe('timeshift cue point', () => {
  it('sets a cue point between the start and now, and omitted means now', async () => {
    const broadcast = must('Main Stage');
    const cue = new Date(Date.parse(broadcast.started_at ?? '') + 5 * 60_000);
    const local = cue.toISOString().replace('Z', '+00:00').replace('.000', '');
    const set = await live.put<{ data: WireBroadcast }>(path(broadcast, '/cue-sign-timeshift'), {
      cue_sign_at: local,
    });
    expect(set.status).toBe(200);
    expect(set.body.data.cue_sign_at).toBe(local);

    const inSeoul = new Date(cue.getTime() + 60_000);
    const seoulText = `${new Date(inSeoul.getTime() + 9 * 3_600_000).toISOString().slice(0, 19)}+09:00`;
    const offset = await live.put<{ data: WireBroadcast }>(path(broadcast, '/cue-sign-timeshift'), {
      cue_sign_at: seoulText,
    });
    expect(Date.parse(offset.body.data.cue_sign_at ?? '')).toBe(inSeoul.getTime());

    const now = await live.put<{ data: WireBroadcast }>(path(broadcast, '/cue-sign-timeshift'));
    expect(Date.parse(now.body.data.cue_sign_at ?? '') - sandbox.clock.nowMs()).toBeLessThanOrEqual(
      0,
    );
    expect(Date.parse(now.body.data.cue_sign_at ?? '') - sandbox.clock.nowMs()).toBeGreaterThan(
      -5_000,
    );
  });

  it('refuses a cue point before the start or in the future, on cue_sign_at', async () => {
    const broadcast = must('Main Stage');
    const before = new Date(Date.parse(broadcast.started_at ?? '') - 1000).toISOString();
    const early = await live.put(path(broadcast, '/cue-sign-timeshift'), { cue_sign_at: before });
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual({
      cue_sign_at: [expect.stringMatching(/before the broadcast started/)],
    });
    const later = new Date(sandbox.clock.nowMs() + 60_000).toISOString();
    const future = await live.put(path(broadcast, '/cue-sign-timeshift'), { cue_sign_at: later });
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual({ cue_sign_at: [expect.stringMatching(/in the future/)] });
  });

  it('refuses a cue point without timeshift, on an ended broadcast, or without an offset', async () => {
    const noTimeshift = await live.put(path(must('Studio B Talk'), '/cue-sign-timeshift'));
    expect(noTimeshift.status).toBe(422);
    expect(noTimeshift.body.errors).toEqual({
      cue_sign_at: [expect.stringMatching(/Timeshift is off/)],
    });
    expect((await live.put(path(ended, '/cue-sign-timeshift'))).status).toBe(422);
    const noOffset = await live.put(path(must('Main Stage'), '/cue-sign-timeshift'), {
      cue_sign_at: '2025-06-01T11:50:00',
    });
    expect(noOffset.status).toBe(422);
    expect(noOffset.body.errors).toHaveProperty('cue_sign_at');
  });
});

describe('rename', () => {
  it('trims the title and shows it on the broadcast and as the channel latest broadcast', async () => {
    const broadcast = must('Studio B Talk');
    const renamed = await live.put<{ data: WireBroadcast }>(path(broadcast), {
      title: '  Morning Talk: Live from the Lobby  ',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.title).toBe('Morning Talk: Live from the Lobby');
    const channel = await live.get<{ data: WireChannel }>(`/channels/${broadcast.channel_key}`);
    expect(channel.body.data.latest_broadcast.title).toBe('Morning Talk: Live from the Lobby');
  });

  it('refuses an empty or blank title and one over 200 characters; 200 is fine', async () => {
    const broadcast = must('Studio B Talk');
    for (const title of ['', '    ']) {
      const answer = await live.put(path(broadcast), { title });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ title: ['The title field is required.'] });
    }
    expect((await live.put(path(broadcast), {})).status).toBe(422);
    const long = await live.put(path(broadcast), { title: 'x'.repeat(201) });
    expect(long.status).toBe(422);
    expect(long.body.errors).toHaveProperty('title');
    expect((await live.put(path(broadcast), { title: 'y'.repeat(200) })).status).toBe(200);
  });
});
