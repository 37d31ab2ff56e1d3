import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index';
import { startSandbox } from '../index';
import type { WireChannel, WireList } from '../testing/test-support';
import { liveCaller } from '../testing/test-support';

let sandbox: SandboxHandle;
let live: ReturnType<typeof liveCaller>;

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, startAt: new Date('2025-06-01T12:00:00Z') });
  live = liveCaller(sandbox.info, sandbox.info.tokens.super_admin);
});
afterAll(() => sandbox.close());

const titles = (list: WireList<WireChannel>): string[] => list.data.map((channel) => channel.title);

describe('GET channels', () => {
  it('lists the channels newest first, without the trashed one, with paging meta', async () => {
    const answer = await live.get<WireList<WireChannel>>('/channels');
    expect(answer.status).toBe(200);
    expect(answer.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 9 });
    expect(titles(answer.body)[0]).toBe('Backstage Cam');
    expect(titles(answer.body)).toContain('Main Stage');
    expect(titles(answer.body)).not.toContain('Product Launch 2023');
    expect(answer.body.data.every((channel) => /^[a-z0-9]{16}$/.test(channel.key))).toBe(true);
  });

  it('lists the trashed channel only with trashed=1', async () => {
    const answer = await live.get<WireList<WireChannel>>('/channels?trashed=1');
    expect(titles(answer.body)).toEqual(['Product Launch 2023']);
    expect(answer.body.data[0]?.is_trashed).toBe(true);
  });

  it('filters by keyword in the title or the customer code, ignoring case', async () => {
    const byTitle = await live.get<WireList<WireChannel>>(
      '/channels?keyword=STAGE&order=title_asc',
    );
    expect(titles(byTitle.body)).toEqual(['Backstage Cam', 'Main Stage']);
    const byCode = await live.get<WireList<WireChannel>>('/channels?keyword=news-2');
    expect(titles(byCode.body)).toEqual(['Newsroom 24/7']);
    const none = await live.get<WireList<WireChannel>>('/channels?keyword=nothing-like-this');
    expect(none.body).toEqual({
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 },
    });
  });

  it('orders by title and by customer code', async () => {
    const byTitle = titles(
      (await live.get<WireList<WireChannel>>('/channels?order=title_asc')).body,
    );
    expect(byTitle).toEqual([...byTitle].sort((a, b) => a.localeCompare(b)));
    const byTitleDesc = titles(
      (await live.get<WireList<WireChannel>>('/channels?order=title_desc')).body,
    );
    expect(byTitleDesc).toEqual([...byTitle].reverse());
    const byCode = (await live.get<WireList<WireChannel>>('/channels?order=customer_code_desc'))
      .body;
    const codes = byCode.data.map((channel) => channel.customer_code);
    expect(codes[0]).toBe('WORSHIP-SUN');
    expect(codes).toEqual([...codes].sort((a, b) => b.localeCompare(a)));
    const oldestFirst = titles(
      (await live.get<WireList<WireChannel>>('/channels?order=id_asc')).body,
    );
    expect(oldestFirst[0]).toBe('Main Stage');
  });

  it('pages: page 3 of 4 per page holds the last channel', async () => {
    const answer = await live.get<WireList<WireChannel>>(
      '/channels?per_page=4&page=3&order=id_asc',
    );
    expect(answer.body.meta).toEqual({ current_page: 3, last_page: 3, per_page: 4, total: 9 });
    expect(titles(answer.body)).toEqual(['Backstage Cam']);
    const past = await live.get<WireList<WireChannel>>('/channels?per_page=4&page=9');
    expect(past.body.data).toEqual([]);
  });

  it('filters on-air channels: three broadcasts run right now', async () => {
    const onair = await live.get<WireList<WireChannel>>(
      '/channels?live_status=onair&order=title_asc',
    );
    expect(titles(onair.body)).toEqual(['Main Stage', 'Newsroom 24/7', 'Studio B Talk']);
    expect(onair.body.data.every((channel) => channel.latest_broadcast.is_onair === true)).toBe(
      true,
    );
    const offair = await live.get<WireList<WireChannel>>('/channels?live_status=offair');
    expect(offair.body.meta.total).toBe(6);
  });

  it('shows a disabled channel and a channel that never broadcast ({} latest broadcast)', async () => {
    const all = (await live.get<WireList<WireChannel>>('/channels')).body.data;
    expect(all.find((channel) => channel.title === 'Weekend Matchday')?.status).toBe('disabled');
    expect(all.find((channel) => channel.title === 'Backstage Cam')?.latest_broadcast).toEqual({});
    expect(all.filter((channel) => channel.status === 'disabled')).toHaveLength(1);
  });

  it('refuses an unknown order, a page 0 and 101 per page with field errors (422)', async () => {
    const order = await live.get('/channels?order=newest');
    expect(order.status).toBe(422);
    expect(order.body.errors).toEqual({ order: [expect.stringMatching(/order is invalid/)] });
    const paging = await live.get('/channels?page=0&per_page=101');
    expect(paging.status).toBe(422);
    expect(Object.keys(paging.body.errors as object).sort()).toEqual(['page', 'per_page']);
    const notANumber = await live.get('/channels?page=two');
    expect(notANumber.status).toBe(422);
    expect(await live.get('/channels?trashed=yes')).toMatchObject({ status: 422 });
  });
});

describe('GET one channel', () => {
  it('answers the channel, and 404 for an unknown key', async () => {
    const list = (await live.get<WireList<WireChannel>>('/channels?keyword=Main')).body.data;
    const key = list[0]?.key ?? '';
    const one = await live.get<{ data: WireChannel }>(`/channels/${key}`);
    expect(one.body.data).toMatchObject({ key, title: 'Main Stage', use_timeshift: true });
    const unknown = await live.get('/channels/zzzzzzzzzzzzzzzz');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/No channel with the key "zzzzzzzzzzzzzzzz"/);
  });
});

describe('encoding profiles', () => {
  it('lists the profile group and its landscape and portrait profiles, 3 active', async () => {
    const groups = await live.get<{ data: { key: string; profiles_count: number }[] }>(
      '/profile-groups',
    );
    const group = groups.body.data[0];
    expect(group?.profiles_count).toBeGreaterThanOrEqual(6);
    type Profiles = { data: { name: string; is_active: boolean; video_screen_type: string }[] };
    const landscape = await live.get<Profiles>(`/profile-groups/${group?.key ?? ''}/profiles`);
    const portrait = await live.get<Profiles>(
      `/profile-groups/${group?.key ?? ''}/profiles?video_screen_type=portrait`,
    );
    expect(landscape.body.data.map((profile) => profile.name)).toEqual([
      '1080p',
      '720p',
      '480p',
      '360p',
    ]);
    expect(portrait.body.data.every((profile) => profile.video_screen_type === 'portrait')).toBe(
      true,
    );
    const active = [...landscape.body.data, ...portrait.body.data].filter((p) => p.is_active);
    expect(active).toHaveLength(3);
    expect(
      (await live.get(`/profile-groups/${group?.key ?? ''}/profiles?video_screen_type=square`))
        .status,
    ).toBe(422);
    expect((await live.get('/profile-groups/nope/profiles')).status).toBe(404);
  });
});
