import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index';
import { startSandbox } from '../index';
import { vodGet } from '../testing/test-support';

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, startAt: new Date('2025-06-01T12:00:00Z') });
});
afterAll(() => sandbox.close());

interface Contents {
  status: string;
  data: {
    upload_file_key: string;
    title: string;
    transcoding_stage: number;
    status: string;
    created_at: number;
  }[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

describe('VOD reference lists', () => {
  it('lists countries, timezones and languages in the { status: ok, data } envelope', async () => {
    const countries = await vodGet<{ status: string; data: { code: string }[] }>(
      sandbox.info,
      '/countries',
    );
    expect(countries.body.status).toBe('ok');
    expect(countries.body.data.map((country) => country.code)).toContain('KR');
    const timezones = await vodGet<{ data: { name: string; utc_offset: string }[] }>(
      sandbox.info,
      '/timezones',
    );
    expect(timezones.body.data).toContainEqual({ name: 'Asia/Seoul', utc_offset: '+09:00' });
    const all = await vodGet<{ data: { code: string }[] }>(sandbox.info, '/languages');
    const subtitles = await vodGet<{ data: { code: string; is_subtitle_supported: boolean }[] }>(
      sandbox.info,
      '/languages?subtitle_supported=1',
    );
    expect(subtitles.body.data.length).toBeLessThan(all.body.data.length);
    expect(subtitles.body.data.every((language) => language.is_subtitle_supported)).toBe(true);
    expect(subtitles.body.data.map((language) => language.code)).toEqual(
      expect.arrayContaining(['ko', 'en']),
    );
  });
});

describe('VOD media contents', () => {
  it('lists the library newest first, paged, with one content still transcoding', async () => {
    const page = await vodGet<Contents>(sandbox.info, '/media-contents?per_page=5');
    expect(page.body.meta).toEqual({ current_page: 1, last_page: 3, per_page: 5, total: 12 });
    const times = page.body.data.map((content) => content.created_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.body.data[0]?.transcoding_stage).toBe(12);
    expect(
      page.body.data.every((content) => /^\d{8}-[a-z0-9]{8}$/.test(content.upload_file_key)),
    ).toBe(true);
  });

  it('filters by keyword and refuses a bad page size in the VOD error envelope', async () => {
    const found = await vodGet<Contents>(sandbox.info, '/media-contents?keyword=festival');
    expect(found.body.data.map((content) => content.title)).toEqual([
      'Summer Festival, Day 1: Opening Night',
      'Summer Festival 2024: Aftermovie',
    ]);
    const bad = await vodGet(sandbox.info, '/media-contents?per_page=0');
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ status: 'fail', errors: { per_page: [expect.any(String)] } });
    const unknown = await vodGet(sandbox.info, '/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: 'fail' });
  });
});
