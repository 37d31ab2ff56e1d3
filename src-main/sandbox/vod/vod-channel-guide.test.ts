/**
 * VOD channel and player-event facts of the public service guide (docs/platform-facts.md,
 * "VOD") as a second client would notice them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index';
import { startSandbox } from '../index';
import { vodCaller } from '../testing/vod-test-caller';

type Channel = {
  key: string;
  kind: number;
  is_shared: boolean;
  referer_policy: { mode: string; domains: string[]; refuse_empty_referer: boolean };
  country_access: { mode: string; country_codes: string[] };
  subtitle_language: string | null;
};
type Fail = { status: 'fail'; message: string };

let sandbox: SandboxHandle;
let call: ReturnType<typeof vodCaller>;
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, startAt: new Date('2025-06-01T12:00:00Z') });
  call = vodCaller(sandbox.info);
});
afterAll(() => sandbox.close());

async function newChannel(form: Record<string, string>): Promise<Channel> {
  const created = await call<{ data: Channel }>('POST', '/channels', { form });
  expect(created.status).toBe(200);
  return created.body.data;
}

describe('VOD channel kinds (guide: shared, non-shared, encryption-only)', () => {
  it('refuses a shared encryption-only channel and keeps the kind fixed afterwards', async () => {
    const refused = await call<Fail>('POST', '/channels', {
      form: { name: 'Shared DRM', kind: '1', is_shared: '1' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/encryption-only channel cannot be shared/);

    const channel = await newChannel({ name: 'DRM only', kind: '1' });
    expect(channel).toMatchObject({ kind: 1, is_shared: false });
  });
});

describe('referer policy (guide: three modes)', () => {
  it('keeps a domain list and refuses requests with no referer, independently', async () => {
    const { key } = await newChannel({ name: 'Referer test' });
    const set = await call<{ data: Channel }>('PUT', `/channels/${key}/referer`, {
      form: { mode: 'allow', domains: 'example.com, *.example.org', refuse_empty_referer: '1' },
    });
    expect(set.body.data.referer_policy).toEqual({
      mode: 'allow',
      domains: ['example.com', '*.example.org'],
      refuse_empty_referer: true,
    });
    const cleared = await call<{ data: Channel }>('PUT', `/channels/${key}/referer`, {
      form: { mode: 'none' },
    });
    // Omitted: the third mode stays as it was.
    expect(cleared.body.data.referer_policy).toEqual({
      mode: 'none',
      domains: [],
      refuse_empty_referer: true,
    });
  });
});

describe('country access (guide: one allow or block list per channel)', () => {
  it('keeps one list of known countries and refuses unknown codes', async () => {
    const { key } = await newChannel({ name: 'Country test' });
    const blocked = await call<{ data: Channel }>('PUT', `/channels/${key}/security`, {
      form: { block_external_output: '1', country_access_mode: 'block', country_codes: 'kr,JP' },
    });
    expect(blocked.body.data.country_access).toEqual({
      mode: 'block',
      country_codes: ['KR', 'JP'],
    });
    const allowed = await call<{ data: Channel }>('PUT', `/channels/${key}/security`, {
      form: { block_external_output: '1', country_access_mode: 'allow', country_codes: 'KR' },
    });
    // Switching to an allow list replaces the block list: a country is never on both.
    expect(allowed.body.data.country_access).toEqual({ mode: 'allow', country_codes: ['KR'] });
    const unknown = await call<Fail>('PUT', `/channels/${key}/security`, {
      form: { block_external_output: '0', country_access_mode: 'allow', country_codes: 'XX' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toMatch(/"XX" is not a supported country code/);
  });

  it('takes a subtitle-supported language as the player’s first subtitle language', async () => {
    const { key } = await newChannel({ name: 'Language test' });
    const set = await call<{ data: Channel }>('PUT', `/channels/${key}`, {
      form: { subtitle_language: 'ko' },
    });
    expect(set.body.data.subtitle_language).toBe('ko');
  });
});

describe('player events (guide: types, media, positions)', () => {
  it('lists each event with its type, media and position', async () => {
    const list = await call<{ data: { kind: string; event_type: string; media: string }[] }>(
      'GET',
      '/player-events',
    );
    expect(list.body.data).toContainEqual(
      expect.objectContaining({ kind: 'postroll', event_type: 'play', media: 'overlay_image' }),
    );
    for (const event of list.body.data) {
      expect(['play', 'vast', 'vmap']).toContain(event.event_type);
      expect(['skippable_video', 'overlay_image']).toContain(event.media);
    }
  });
});
