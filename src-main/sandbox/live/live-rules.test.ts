/**
 * Platform rules of the live API that an operator notices (spec, States and Limits; our
 * documented design where the spec is silent).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index';
import { startSandbox } from '../index';
import { dataOf, liveClient, listOf } from '../testing/live-test-caller';

let sandbox: SandboxHandle;
let sa: ReturnType<typeof liveClient>;
const minute = 60_000;

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, startAt: new Date('2025-06-01T12:00:00Z') });
  sa = liveClient(sandbox.info, sandbox.info.tokens.super_admin);
});
afterAll(() => sandbox.close());

const channelKey = async (title: string, type = 'live'): Promise<string> =>
  String(
    listOf(await sa.get(`/channels?per_page=100&channel_type=${type}`)).find(
      (c) => c.title === title,
    )?.key,
  );

describe('live rules', () => {
  it('trash stops the on-air broadcast; its statistics come 30 minutes after it ended', async () => {
    const main = await channelKey('Main Stage');
    const onair = String(
      listOf(await sa.get(`/broadcasts?is_onair=1&channel_key=${main}`))[0]?.key,
    );
    expect((await sa.put(`/channels/${main}/trash`)).status).toBe(200);
    const ended = dataOf(await sa.get(`/broadcasts/${onair}`));
    expect(ended.is_onair).toBe(false);
    // Real time flows in the virtual clock too: the end is now, give or take a second.
    expect(String(ended.ended_at)).toMatch(/^2025-06-01T12:00:0\d\+00:00$/);
    const ready = new Date(Date.parse(String(ended.ended_at)) + 30 * minute)
      .toISOString()
      .replace('.000Z', '+00:00');
    expect(listOf(await sa.get('/channels?per_page=100')).map((c) => c.key)).not.toContain(main);
    const early = await sa.get(`/broadcasts/${onair}/statistics/summary`);
    expect(early.status).toBe(422);
    expect(JSON.stringify(early.body)).toContain(ready);
    expect((await sa.get(`/broadcasts/${onair}/statistics/viewer/5min-during-a-day`)).status).toBe(
      422,
    );
    sandbox.clock.advance(30 * minute);
    const summary = dataOf(await sa.get(`/broadcasts/${onair}/statistics/summary`));
    expect(summary.broadcast_count).toBe(1);
    expect(Number(summary.peak_viewer_count)).toBeGreaterThan(0);
    const files = listOf(await sa.get(`/channels/${main}/broadcasts/${onair}/recording-files`));
    expect(files.map((file) => file.kind)).toEqual(['segment']);
    expect((await sa.put(`/channels/${main}/restore`)).status).toBe(200);
  });

  it('serves a download URL without a token until it expires 5 minutes later', async () => {
    const arena = await channelKey('Esports Arena');
    const ended = String(listOf(await sa.get(`/channels/${arena}/broadcasts`))[0]?.key);
    const link = dataOf(await sa.get(`/broadcasts/${ended}/like-download`));
    const file = await fetch(String(link.download_url));
    expect(file.status).toBe(200);
    expect((await file.text()).split('\n')[0]).toBe('minute_started_at,like_count');
    sandbox.clock.advance(5 * minute);
    expect((await fetch(String(link.download_url))).status).toBe(404);
  });

  it('keeps file-transfer secrets and never answers them', async () => {
    const news = await channelKey('Newsroom 24/7');
    const created = await sa.post(`/channels/${news}/file-transfers/s3`, {
      title: 'Archive',
      bucket: 'news-archive',
      region: 'eu-west-1',
      access_key_id: 'AKIA2',
      secret_access_key: 'very-secret-key',
    });
    expect(dataOf(created).secret_access_key_set).toBe(true);
    const list = await sa.get(`/channels/${news}/file-transfers?per_page=100`);
    expect(JSON.stringify(list.body)).not.toContain('very-secret-key');
    expect(JSON.stringify(list.body)).not.toContain('seed-');
  });

  it('refuses overlapping programs, keeps one active profile and at most three', async () => {
    const lofi = await channelKey('Lo-fi Study Radio', 'scheduled');
    const programs = listOf(
      await sa.get(`/channels/${lofi}/programs?start_date=2025-06-02&per_page=100`),
    );
    const next = programs[0];
    const media = listOf(await sa.get('/programs/media-contents?per_page=100'))[0]?.upload_file_key;
    const overlap = await sa.post(`/channels/${lofi}/programs`, {
      title: 'Clash',
      start_at: String(next?.start_at),
      'upload_file_keys[]': [String(media)],
    });
    expect(overlap.status).toBe(422);
    expect(JSON.stringify(overlap.body)).toContain(String(next?.title));
    const empty = await sa.post(`/channels/${lofi}/programs`, {
      title: 'Empty',
      start_at: '2025-06-09T00:00:00Z',
    });
    expect(empty.status).toBe(422);
    const group = String(listOf(await sa.get('/profile-groups'))[0]?.key);
    const active = listOf(await sa.get(`/profile-groups/${group}/profiles`)).filter(
      (p) => p.is_active,
    );
    expect(active).toHaveLength(3);
    const detach = (id: unknown) =>
      sa.put(`/profile-groups/${group}/profiles/${String(id)}/detach`);
    expect((await detach(active[0]?.id)).status).toBe(204);
    expect((await detach(active[1]?.id)).status).toBe(204);
    expect((await detach(active[2]?.id)).status).toBe(422);
  });
});
