/**
 * AI limits the spec leaves out, followed from the public service guide
 * (https://docs.kollus.com/en/service-guide/vod/ai/subtitle/ and .../ai/summary/): one AI
 * subtitle per content, none for multi-DRM content or audio below 16 kHz, and an outline
 * only from subtitle data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index';
import { startSandbox } from '../index';
import { vodCaller } from '../testing/vod-test-caller';

type List<T> = { data: T[] };
type Content = { upload_file_key: string; title: string };
type Refusal = { message: string };

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

const form = { language_code: 'en', kind: '0', status: '1' };

describe('AI subtitles and outlines follow the service guide', () => {
  it('a content has one AI subtitle: a second is refused until the first is deleted', async () => {
    const mc = await contentPath('Backstage Tour with the Crew');
    expect((await call('POST', `${mc}/ai-subtitles`, { form })).status).toBe(204);
    const whileRunning = await call<Refusal>('POST', `${mc}/ai-subtitles`, { form });
    expect(whileRunning.status).toBe(409);
    sandbox.clock.advance(10 * 60_000);
    const list = await call<List<{ id: number; source: string }>>('GET', `${mc}/subtitles`);
    const ai = list.body.data.find((item) => item.source === 'ai');
    expect(ai).toBeDefined();
    const again = await call<Refusal>('POST', `${mc}/ai-subtitles`, { form });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/delete it/);
    expect((await call('DELETE', `${mc}/subtitles/${ai?.id ?? 0}`)).status).toBe(200);
    expect((await call('POST', `${mc}/ai-subtitles`, { form })).status).toBe(204);
  });

  it('multi-DRM content and audio below 16 kHz get no AI subtitle', async () => {
    const drm = await call<Refusal>(
      'POST',
      `${await contentPath('Election Night Special: Recap')}/ai-subtitles`,
      { form },
    );
    expect(drm.status).toBe(422);
    expect(drm.body.message).toMatch(/multi-DRM/);
    const quiet = await call<Refusal>(
      'POST',
      `${await contentPath('Newsroom Promo: Live Desk')}/ai-subtitles`,
      { form },
    );
    expect(quiet.status).toBe(422);
    expect(quiet.body.message).toMatch(/16 kHz/);
  });

  it('an outline needs subtitle data, or an AI subtitle asked for with it', async () => {
    const mc = await contentPath('Matchday 13 Highlights');
    const bare = await call<Refusal>('POST', `${mc}/ai-outlines`, {
      form: { language_code: 'en' },
    });
    expect(bare.status).toBe(422);
    expect(bare.body.message).toMatch(/subtitle/);
    const withSubtitle = await call('POST', `${mc}/ai-outlines`, {
      form: { language_code: 'en', ai_subtitle_kind: '0', ai_subtitle_status: '1' },
    });
    expect(withSubtitle.status).toBe(204);
    const lecture = await contentPath('Data Structures, Lecture 6: Trees');
    const fromSubtitles = await call('POST', `${lecture}/ai-outlines`, {
      form: { language_code: 'ko' },
    });
    expect(fromSubtitles.status).toBe(204);
  });

  it('reads the documented defaults: an outline in Korean, its AI subtitle public', async () => {
    const mc = await contentPath('Council Meeting: Zoning');
    const asked = await call('POST', `${mc}/ai-outlines`, {
      form: { language_code: 'ko', ai_subtitle_kind: '1' },
    });
    expect(asked.status).toBe(204);
    // A job lasts at most 10 min of platform time.
    sandbox.clock.advance(11 * 60_000);
    const outline = await call<{ data: { language_code: string; state: string } }>(
      'GET',
      `${mc}/ai-outlines`,
    );
    expect(outline.body.data).toMatchObject({ language_code: 'ko', state: 'completed' });
    const list = await call<List<{ source: string; kind: number; status: number }>>(
      'GET',
      `${mc}/subtitles`,
    );
    expect(list.body.data.filter((item) => item.source === 'ai')).toEqual([
      expect.objectContaining({ kind: 1, status: 1 }),
    ]);
  });
});
