/**
 * The typed clients of platform/api-clients.ts against the sandbox: `unwrap` answers data, a
 * refusal becomes a PlatformError that does not quote the VOD token, a 204 answers
 * undefined, and a call cancelled while queued rejects with the abort reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveApi, createVodApi, unwrap, withPriority } from '../platform/api-clients';
import { PlatformError } from '../platform/errors';
import type { SandboxHandle } from '../sandbox/index';
import { startSandbox } from '../sandbox/index';
import { contractScheduler, everyTestAsserts } from './contract-support';

const secret = 'vod-secret-7f3a9c';
const token = (value: string) => () => Promise.resolve(value);

everyTestAsserts();
describe('against the sandbox', () => {
  let sandbox: SandboxHandle;
  beforeAll(async () => {
    sandbox = await startSandbox({ rateLimit: false });
  });
  afterAll(() => sandbox.close());

  it('unwraps data, and a refusal into a PlatformError that does not quote the token', async () => {
    const scheduler = contractScheduler('test');
    const vod = (value: string) =>
      createVodApi({ baseUrl: sandbox.info.vod_base_url, token: token(value), scheduler });
    const countries = await unwrap(vod(sandbox.info.vod_access_token).GET('/countries'));
    expect(countries.data.length).toBeGreaterThan(0);
    const error: unknown = await unwrap(vod(secret).GET('/countries')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(JSON.stringify((error as PlatformError).error)).not.toContain(secret);
    scheduler.dispose();
  });

  it('answers undefined for a 204 and the abort reason for a cancelled call', async () => {
    const scheduler = contractScheduler('test');
    const live = createLiveApi({
      baseUrl: sandbox.info.live_base_url,
      token: token(sandbox.info.tokens.super_admin),
      scheduler,
    });
    const sa = { service_account_key: sandbox.info.service_account_key };
    const groups = await unwrap(
      live.GET('/v1/live/service-accounts/{service_account_key}/profile-groups', {
        params: { path: sa },
      }),
    );
    const group = groups.data[0]?.key ?? '';
    const profiles = await unwrap(
      live.GET(
        '/v1/live/service-accounts/{service_account_key}/profile-groups/{live_media_profile_group_key}/profiles',
        { params: { path: { ...sa, live_media_profile_group_key: group } } },
      ),
    );
    const active = profiles.data.find((profile) => profile.is_active)?.id ?? 0;
    const detached = await unwrap(
      live.PUT(
        '/v1/live/service-accounts/{service_account_key}/profile-groups/{live_media_profile_group_key}/profiles/{live_media_profile_id}/detach',
        {
          params: {
            path: { ...sa, live_media_profile_group_key: group, live_media_profile_id: active },
          },
        },
      ),
    );
    expect(detached).toBeUndefined();
    const controller = new AbortController();
    scheduler.pause('test');
    const pending = unwrap(
      live.GET('/v1/live/service-accounts/{service_account_key}/contracts', {
        params: { path: sa },
        fetch: withPriority(scheduler, 'view', controller.signal),
      }),
      controller.signal,
    );
    controller.abort(new Error('view closed'));
    await expect(pending).rejects.toThrow('view closed');
    scheduler.dispose();
  });
});
