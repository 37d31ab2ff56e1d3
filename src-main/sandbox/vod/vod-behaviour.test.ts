/**
 * VOD behaviour over the virtual clock and the library's rules: what an operator would notice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index';
import { startSandbox } from '../index';
import { vodCaller } from '../testing/vod-test-caller';

type List<T> = { data: T[] };
type Content = { upload_file_key: string; title: string; transcoding_stage: number };
type Category = { key: string; name: string; parent_category_key: string | null; position: number };
type Progress = { transcoding_stage: number; transcoding_progress: number; refreshed_at: number };

let sandbox: SandboxHandle;
let call: ReturnType<typeof vodCaller>;
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, startAt: new Date('2025-06-01T12:00:03Z') });
  call = vodCaller(sandbox.info);
});
afterAll(() => sandbox.close());

async function contentPath(title: string): Promise<string> {
  const list = await call<List<Content>>('GET', '/media-contents?per_page=100');
  const found = list.body.data.find((content) => content.title === title);
  return `/media-contents/${found?.upload_file_key ?? 'missing'}`;
}

describe('VOD over the virtual clock', () => {
  it('transcoding progress moves only every 10 s of platform time, then completes', async () => {
    const mc = await contentPath('Summer Festival, Day 1: Opening Night');
    // 1 s into a 10 s step, however long the machine took to get here: the next 4 s of real
    // time (+5 s advanced) stay inside the step.
    sandbox.clock.advance(10_000 - (sandbox.clock.nowMs() % 10_000) + 1_000);
    const first = await call<{ data: Progress }>('GET', `${mc}/progress`);
    expect(first.body.data.transcoding_stage).toBe(12);
    expect(first.body.data.transcoding_progress).toBeGreaterThanOrEqual(40);
    expect(first.body.data.transcoding_progress).toBeLessThan(100);
    sandbox.clock.advance(5_000);
    const same = await call<{ data: Progress }>('GET', `${mc}/progress`);
    expect(same.body.data).toEqual(first.body.data);
    sandbox.clock.advance(60_000);
    const later = await call<{ data: Progress }>('GET', `${mc}/progress`);
    expect(later.body.data.transcoding_progress).toBeGreaterThan(
      first.body.data.transcoding_progress,
    );
    expect(later.body.data.refreshed_at % 10).toBe(0);
    sandbox.clock.advance(20 * 60_000);
    const done = await call<{ data: Content }>('GET', mc);
    expect(done.body.data.transcoding_stage).toBe(21);
  });

  it('download URLs are served until they expire', async () => {
    const mc = await contentPath('Data Structures, Lecture 6: Trees');
    const link = await call<{ data: { download_url: string; expired_at: number } }>(
      'GET',
      `${mc}/original-file/download`,
    );
    expect((await fetch(link.body.data.download_url)).status).toBe(200);
    sandbox.clock.advance(301_000);
    expect((await fetch(link.body.data.download_url)).status).toBe(404);
  });

  it('one-time upload URLs are unique and their progress URL dies with them', async () => {
    const make = () =>
      call<{ data: { upload_url: string; progress_url: string; expired_at: number } }>(
        'POST',
        '/upload/create-url',
        { form: { expire_time: '60' } },
      );
    const [a, b] = [await make(), await make()];
    expect(a.body.data.upload_url).not.toBe(b.body.data.upload_url);
    const progress = await fetch(a.body.data.progress_url);
    expect(await progress.json()).toEqual({ error: 0, result: { progress: 0 } });
    sandbox.clock.advance(61_000);
    expect((await fetch(a.body.data.progress_url)).status).toBe(404);
  });

  it('an AI subtitle appears in the list once its job finishes', async () => {
    const mc = await contentPath('Matchday 13 Highlights');
    const form = { language_code: 'en', kind: '1', status: '1' };
    expect((await call('POST', `${mc}/ai-subtitles`, { form })).status).toBe(204);
    const before = await call<List<{ source: string }>>('GET', `${mc}/subtitles`);
    expect(before.body.data.filter((item) => item.source === 'ai')).toHaveLength(0);
    sandbox.clock.advance(10 * 60_000);
    const after = await call<List<{ source: string; language_code: string }>>(
      'GET',
      `${mc}/subtitles`,
    );
    expect(after.body.data.filter((item) => item.source === 'ai')).toEqual([
      expect.objectContaining({ language_code: 'en' }),
    ]);
  });

  it('statistics of the latest 36 hours are partial and grow; older days are complete', async () => {
    const nowMs = sandbox.clock.nowMs();
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const today = dayOf(nowMs);
    const old = dayOf(nowMs - 4 * 86_400_000);
    type Daily = List<{ date: string; view_count: number }>;
    const range = `/statistics/summary-daily?start_date=${old}&end_date=${today}`;
    const before = await call<Daily>('GET', range);
    expect(before.status).toBe(200);
    // Every asked day up to today is there, today included: nothing refused, nothing left out.
    expect(before.body.data.map((row) => row.date)).toEqual(
      [4, 3, 2, 1, 0].map((back) => dayOf(nowMs - back * 86_400_000)),
    );
    const views = (body: Daily, date: string) =>
      body.data.find((row) => row.date === date)?.view_count ?? -1;
    sandbox.clock.advance(12 * 3_600_000);
    const later = await call<Daily>('GET', range);
    // A complete day does not change; today's figures keep arriving.
    expect(views(later.body, old)).toBe(views(before.body, old));
    expect(views(later.body, today)).toBeGreaterThan(views(before.body, today));
    const future = dayOf(nowMs + 3 * 86_400_000);
    const ahead = await call<{ message: string }>(
      'GET',
      `/statistics/summary-daily?start_date=${future}&end_date=${future}`,
    );
    expect(ahead.status).toBe(422);
    expect(ahead.body.message).toMatch(/days to come/);
  });
});

describe('VOD library rules', () => {
  it('categories nest 5 levels deep and no deeper (public service guide)', async () => {
    let parent: string | undefined;
    for (let level = 1; level <= 5; level++) {
      const made = await call<{ data: { key: string; level: number } }>('POST', '/categories', {
        form: { name: `Depth ${level}`, ...(parent ? { parent_category_key: parent } : {}) },
      });
      expect(made.body.data.level).toBe(level);
      parent = made.body.data.key;
    }
    const sixth = await call<{ message: string }>('POST', '/categories', {
      form: { name: 'Depth 6', parent_category_key: parent ?? '' },
    });
    expect(sixth.status).toBe(422);
    expect(sixth.body.message).toMatch(/at most 5 levels/);
  });

  it('the content list keeps only disabled content when asked', async () => {
    const all = await call<List<Content & { status: string }>>(
      'GET',
      '/media-contents?per_page=100',
    );
    const disabled = await call<List<Content & { status: string }>>(
      'GET',
      '/media-contents?per_page=100&status=disabled',
    );
    expect(disabled.body.data.length).toBe(
      all.body.data.filter((content) => content.status === 'disabled').length,
    );
    expect(disabled.body.data.every((content) => content.status === 'disabled')).toBe(true);
  });

  it('deleting a category keeps its content (moved to the parent) and renumbers subcategories', async () => {
    const all = await call<List<Category>>('GET', '/categories');
    const byName = (name: string) => all.body.data.find((item) => item.name === name);
    const events = byName('Events');
    const festivals = byName('Festivals');
    const summer = byName('Summer Festival 2024');
    expect(summer?.parent_category_key).toBe(festivals?.key);
    const before = await call<List<Content>>(
      'GET',
      `/categories/${summer?.key ?? ''}/media-contents`,
    );
    expect(before.body.data.length).toBeGreaterThan(0);
    expect((await call('DELETE', `/categories/${festivals?.key ?? ''}`)).status).toBe(200);
    const children = await call<List<Category>>(
      'GET',
      `/categories?parent_category_key=${events?.key ?? ''}`,
    );
    expect(children.body.data).toEqual([
      expect.objectContaining({ name: 'Summer Festival 2024', position: 1 }),
    ]);
    const after = await call<List<Content>>(
      'GET',
      `/categories/${summer?.key ?? ''}/media-contents`,
    );
    expect(after.body.data).toHaveLength(before.body.data.length);
  });

  it('a key linked to other content cannot be assigned; encrypted content needs a DRM channel key', async () => {
    const finals = await contentPath('Spring Split Finals: Full Match');
    const lecture = await contentPath('Data Structures, Lecture 6: Trees');
    const detail = await call<{ data: { media_content_keys: string[] } }>('GET', lecture);
    const taken = detail.body.data.media_content_keys[0] ?? '';
    const refused = await call<{ message: string }>(
      'PUT',
      `${finals}/media-content-keys/${taken}/assign`,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/already linked/);
    const validation = await call<{ data: { is_valid: boolean; reason: string } }>(
      'GET',
      `/media-content-keys/validate?media_content_key=${taken}`,
    );
    expect(validation.body.data).toMatchObject({ is_valid: false, reason: 'assigned' });
  });

  it('subtitles move to the position of another subtitle', async () => {
    const sb = `${await contentPath('Data Structures, Lecture 6: Trees')}/subtitles`;
    const list = await call<List<{ id: number; name: string }>>('GET', sb);
    const [first, , third] = list.body.data;
    const moved = await call<List<{ id: number; position: number }>>(
      'PUT',
      `${sb}/${third?.id ?? 0}/move`,
      { form: { id: String(first?.id ?? 0) } },
    );
    expect(moved.body.data.map((item) => item.id)).toEqual([
      third?.id,
      first?.id,
      list.body.data[1]?.id,
    ]);
    expect(moved.body.data.map((item) => item.position)).toEqual([1, 2, 3]);
  });

  it('a multipart body is read as the form: the file name of its part, the defaults of the form', async () => {
    const mc = await contentPath('Data Structures, Lecture 6: Trees');
    const poster = new FormData();
    poster.append('poster', new Blob([Buffer.from(onePixelPng, 'base64')]), 'lecture-6.png');
    expect((await call('POST', `${mc}/poster`, { multipart: poster })).status).toBe(200);
    const link = await call<{ data: { file_name: string } }>('GET', `${mc}/poster/download`);
    expect(link.body.data.file_name).toBe('lecture-6.png');

    const subtitle = new FormData();
    subtitle.append('name', 'Deutsch');
    subtitle.append('language_code', 'de');
    subtitle.append(
      'file',
      new Blob(['WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHallo\n']),
      'de.vtt',
    );
    subtitle.append('kind', '1');
    const made = await call<{ data: { kind: number; status: number; source: string } }>(
      'POST',
      `${mc}/subtitles/upload`,
      { multipart: subtitle },
    );
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ kind: 1, status: 1, source: 'file' });
  });
});

/** A 1×1 PNG. */
const onePixelPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('VOD keyword search', () => {
  it('finds a content by its new title after a rename, and no longer by the old one', async () => {
    const path = await contentPath('Summer Festival, Day 1: Opening Night');
    const search = async (keyword: string) =>
      (
        await call<List<Content>>(
          'GET',
          `/media-contents?per_page=100&keyword=${encodeURIComponent(keyword)}`,
        )
      ).body.data.map((content) => content.title);
    expect(await search('OPENING night')).toContain('Summer Festival, Day 1: Opening Night');
    await call('PUT', path, { form: { title: 'Summer Festival, Day 1: Welcome Stage' } });
    expect(await search('welcome STAGE')).toContain('Summer Festival, Day 1: Welcome Stage');
    expect(await search('opening night')).not.toContain('Summer Festival, Day 1: Opening Night');
    await call('PUT', path, { form: { title: 'Summer Festival, Day 1: Opening Night' } });
    expect(await search('opening night')).toContain('Summer Festival, Day 1: Opening Night');
  });
});
