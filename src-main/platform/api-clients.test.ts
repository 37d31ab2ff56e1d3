/**
 * The typed clients (api-clients.ts): what reaches the wire (form encoding, multipart passed
 * through, Bearer header, `access_token` added last), the priority calls queue at, and that the
 * VOD token shows up nowhere the app may display or log: the scheduler's state and the thrown
 * PlatformError. The network is a recording fetch given to a real scheduler; the same against
 * the sandbox is in src-main/contract/api-clients.test.ts (platform/ never imports the sandbox).
 */
import { describe, expect, it, vi } from 'vitest';
import {
  createLiveApi,
  createVodApi,
  formEncode,
  multipart,
  unwrap,
  withPriority,
  type PlatformFetch,
} from './api-clients';
import { PlatformError } from './errors';
import { RequestScheduler } from './scheduler';

const secret = 'vod-secret-7f3a9c';
const token = (value: string) => () => Promise.resolve(value);
const broadcast = '/v1/live/service-accounts/{service_account_key}/broadcasts/{broadcast_key}';

/** A scheduler over `network`, paced for tests; the requests it sent, in order. */
function recorded(network: PlatformFetch = () => Promise.resolve(json({ data: {} }))) {
  const sent: Request[] = [];
  const scheduler = new RequestScheduler({
    name: 'test',
    minSpacingMs: 0,
    marginMs: 0,
    maxMarginMs: 0,
    fetch: (request) => {
      sent.push(request);
      return network(request);
    },
  });
  return { scheduler, sent };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('formEncode', () => {
  it('sends arrays as name[] repeated, booleans as 1/0 and leaves out empty fields', () => {
    const params = formEncode({
      title: 'Friday Focus',
      upload_file_keys: ['a', 'b'],
      'tags[]': ['x'],
      use_timeshift: true,
      is_active: false,
      port: 2222,
      memo: undefined,
      note: null,
    });
    expect(params).toBeInstanceOf(URLSearchParams);
    expect((params as URLSearchParams).toString()).toBe(
      'title=Friday+Focus&upload_file_keys%5B%5D=a&upload_file_keys%5B%5D=b&tags%5B%5D=x' +
        '&use_timeshift=1&is_active=0&port=2222',
    );
  });

  it('passes FormData, URLSearchParams and Blob bodies through untouched', () => {
    const form = new FormData();
    const params = new URLSearchParams('a=1');
    const blob = new Blob(['WEBVTT'], { type: 'text/vtt' });
    expect(formEncode(form)).toBe(form);
    expect(formEncode(params)).toBe(params);
    expect(formEncode(blob)).toBe(blob);
  });

  it('refuses a nested object: the platform takes flat forms only', () => {
    expect(() => formEncode({ profile: { id: 1 } })).toThrow(TypeError);
  });
});

describe('createLiveApi', () => {
  it('adds the Bearer token and form-encodes a PUT body, at view priority by default', async () => {
    const { scheduler, sent } = recorded();
    const api = createLiveApi({ baseUrl: 'http://h/api/', token: token('tok'), scheduler });
    const path = { service_account_key: 'sa', broadcast_key: 'b1' };
    const pending = api.PUT(broadcast, { params: { path }, body: { title: 'Encore' } });
    expect(scheduler.state().queued).toMatchObject({ view: 0, command: 0 });
    await unwrap(pending);
    const request = sent[0];
    expect(request?.url).toBe('http://h/api/v1/live/service-accounts/sa/broadcasts/b1');
    expect(request?.headers.get('Authorization')).toBe('Bearer tok');
    expect(request?.headers.get('Content-Type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(await request?.text()).toBe('title=Encore');
  });

  it('queues at the client default and at a per-call priority', async () => {
    const { scheduler, sent } = recorded();
    scheduler.pause('test');
    const api = createLiveApi({ baseUrl: 'http://h/api', token: token('t'), scheduler });
    const watchApi = createLiveApi({
      baseUrl: 'http://h/api',
      token: token('t'),
      scheduler,
      priority: 'watch',
    });
    const path = { service_account_key: 'sa', broadcast_key: 'b1' };
    const calls = [
      watchApi.GET(broadcast, { params: { path: { ...path, broadcast_key: 'b2' } } }),
      api.GET(broadcast, { params: { path } }),
      api.DELETE(`${broadcast}/duplicate-recording`, {
        params: { path },
        fetch: withPriority(scheduler, 'command'),
      }),
    ];
    await vi.waitFor(() =>
      expect(scheduler.state().queued).toEqual({ command: 1, view: 1, watch: 1, bulk: 0 }),
    );
    scheduler.resume();
    await Promise.all(calls);
    expect(
      sent.map((request) => `${request.method} ${request.url.split('/').pop() ?? ''}`),
    ).toEqual(['DELETE duplicate-recording', 'GET b1', 'GET b2']);
    scheduler.dispose();
  });

  it('sends no Authorization header for an empty token', async () => {
    const { scheduler, sent } = recorded();
    const api = createLiveApi({ baseUrl: 'http://h/api', token: token(''), scheduler });
    await api.GET('/v1/live/service-accounts/{service_account_key}/contracts', {
      params: { path: { service_account_key: 'sa' } },
    });
    expect(sent[0]?.headers.has('Authorization')).toBe(false);
  });
});

describe('createVodApi', () => {
  it('adds access_token last and passes a multipart body untouched', async () => {
    const { scheduler, sent } = recorded();
    const api = createVodApi({ baseUrl: 'http://h/api', token: token(secret), scheduler });
    const poster = new FormData();
    poster.append('poster', new Blob(['png'], { type: 'image/png' }), 'still.png');
    await api.POST('/media-contents/{upload_file_key}/poster', {
      params: { path: { upload_file_key: '20250101-abc' } },
      body: multipart(poster),
    });
    const url = new URL(sent[0]?.url ?? '');
    expect(url.pathname).toBe('/api/media-contents/20250101-abc/poster');
    expect(url.searchParams.get('access_token')).toBe(secret);
    expect(sent[0]?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('keeps the token out of the scheduler state and of a network PlatformError', async () => {
    let fail: (error: Error) => void = () => undefined;
    const { scheduler, sent } = recorded(
      () => new Promise<Response>((_resolve, reject) => (fail = reject)),
    );
    const api = createVodApi({ baseUrl: 'http://h/api', token: token(secret), scheduler });
    scheduler.pause('test');
    const pending = unwrap(api.GET('/countries'));
    await vi.waitFor(() => expect(scheduler.state().queued.view).toBe(1));
    expect(JSON.stringify(scheduler.state())).not.toContain(secret);
    scheduler.resume();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    // Some fetch failures quote the URL they could not reach.
    fail(new TypeError(`fetch failed for ${sent[0]?.url ?? ''}`));
    const error: unknown = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).error.code).toBe('network');
    expect(JSON.stringify((error as PlatformError).error)).not.toContain(secret);
    expect((error as PlatformError).message).toContain('access_token=[redacted]');
    expect(JSON.stringify(scheduler.state())).not.toContain(secret);
    scheduler.dispose();
  });
});
