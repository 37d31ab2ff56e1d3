import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCliOptions } from '../cli/cli';
import type { SandboxHandle } from '../index';
import { startSandbox } from '../index';
import { seedState } from './seed';
import { vodCaller } from '../testing/vod-test-caller';

const start = new Date('2026-03-14T09:00:00Z');

interface WireContent {
  upload_file_key: string;
  title: string;
  status: string;
}
interface ContentPage {
  data: WireContent[];
  meta: { total: number; last_page: number; current_page: number };
}

describe('a large seeded VOD library (--vod-contents)', () => {
  let sandbox: SandboxHandle;
  let vod: ReturnType<typeof vodCaller>;

  beforeAll(async () => {
    sandbox = await startSandbox({
      seed: 7,
      rateLimit: false,
      startAt: start,
      vodContents: 10_000,
    });
    vod = vodCaller(sandbox.info);
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('is the same library for the same seed, another for another seed, and the live seed is unchanged', () => {
    const a = seedState(7, start, { vodContents: 2_000 });
    const b = seedState(7, start, { vodContents: 2_000 });
    const other = seedState(8, start, { vodContents: 2_000 });
    const pick = (state: typeof a) =>
      state.mediaContents.map((c) => `${c.uploadFileKey} ${c.title}`);
    expect(pick(a)).toEqual(pick(b));
    expect(pick(other)).not.toEqual(pick(a));
    // Growing the library never moves a live channel or broadcast.
    expect(a.channels).toEqual(seedState(7, start).channels);
    expect(a.broadcasts).toEqual(seedState(7, start).broadcasts);
  });

  it('holds exactly N contents with distinct keys, across categories, states and kinds', () => {
    const state = seedState(7, start, { vodContents: 10_000 });
    expect(state.mediaContents).toHaveLength(10_000);
    const keys = new Set(state.mediaContents.map((content) => content.uploadFileKey));
    expect(keys.size).toBe(10_000);
    const categories = new Set(state.mediaContents.map((content) => content.categoryKey));
    expect(categories.size).toBeGreaterThanOrEqual(6);
    const disabled = state.mediaContents.filter((content) => content.status === 'disabled');
    expect(disabled.length).toBeGreaterThan(400);
    expect(disabled.length).toBeLessThan(1_500);
    expect(state.mediaContents.some((content) => content.kind === 'audio')).toBe(true);
    expect(state.mediaContents.some((content) => content.transcodingStage !== 21)).toBe(true);
  });

  it('keeps only the oldest demo contents below 12, and none at 0', () => {
    expect(seedState(7, start, { vodContents: 0 }).mediaContents).toEqual([]);
    expect(seedState(7, start, { vodContents: 3 }).mediaContents.map((c) => c.title)).toEqual(
      seedState(7, start)
        .mediaContents.slice(0, 3)
        .map((c) => c.title),
    );
  });

  it('pages the whole library newest first and finds a keyword in one call', async () => {
    const first = await vod<ContentPage>('GET', '/media-contents', {});
    expect(first.status).toBe(200);
    expect(first.body.meta.total).toBe(10_000);
    const last = await vod<ContentPage>(
      'GET',
      `/media-contents?per_page=100&page=${Math.ceil(10_000 / 100)}`,
    );
    expect(last.body.data).toHaveLength(100);
    const found = await vod<ContentPage>('GET', '/media-contents?keyword=lecture&per_page=100');
    expect(found.body.meta.total).toBeGreaterThan(500);
    expect(found.body.meta.total).toBeLessThan(3_000);
    for (const content of found.body.data) expect(content.title.toLowerCase()).toContain('lecture');
    const korean = await vod<ContentPage>(
      'GET',
      `/media-contents?keyword=${encodeURIComponent('아침 뉴스')}`,
    );
    expect(korean.body.meta.total).toBeGreaterThan(0);
  });

  it("lists a channel's contents and ranks them without going quadratic", async () => {
    const channels = await vod<{ data: { key: string; name: string }[] }>('GET', '/channels');
    const publicChannel = channels.body.data.find(
      (channel) => channel.name === 'Public Web Player',
    );
    if (publicChannel === undefined) throw new Error('the seed has no VOD channel');
    const page = await vod<ContentPage>(
      'GET',
      `/channels/${publicChannel.key}/media-contents?per_page=50`,
    );
    expect(page.status).toBe(200);
    expect(page.body.meta.total).toBeGreaterThan(9_000);
    const rank = await vod<{ data: unknown[] }>(
      'GET',
      `/channels/${publicChannel.key}/statistics/content-rank?start_date=2026-03-01&end_date=2026-03-10&limit=10`,
    );
    expect(rank.status).toBe(200);
    expect(rank.body.data).toHaveLength(10);
  });
});

describe('the --vod-contents flag', () => {
  it('sets the library size, and refuses what is not a count', () => {
    expect(parseCliOptions(['--vod-contents', '10000']).vodContents).toBe(10_000);
    expect(parseCliOptions([]).vodContents).toBeUndefined();
    expect(() => parseCliOptions(['--vod-contents', 'lots'])).toThrow(
      /--vod-contents must be an integer from 0 to 100000/,
    );
  });
});
