import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index';
import { startSandbox } from '../index';
import { responseSchema, validateResponse } from './openapi-validate';
import { liveCaller, vodGet } from '../testing/test-support';

let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false });
});
afterAll(() => sandbox.close());

describe('validateResponse', () => {
  it('accepts what the sandbox answers (live and VOD, success and error)', async () => {
    const live = liveCaller(sandbox.info, sandbox.info.tokens.super_admin);
    const contract = await live.get('/contracts');
    expect(contract.status).toBe(200);
    expect(validateResponse('live', 'getContract', 200, contract.body)).toEqual([]);
    const missing = await live.get('/channels/zzzzzzzzzzzzzzzz');
    expect(validateResponse('live', 'getChannel', missing.status, missing.body)).toEqual([]);
    const countries = await vodGet(sandbox.info, '/countries');
    expect(validateResponse('vod', 'listCountries', 200, countries.body)).toEqual([]);
  });

  it('reports wrong types, missing fields, bad enums and bad date-times by path', async () => {
    const live = liveCaller(sandbox.info, sandbox.info.tokens.super_admin);
    const { body } = await live.get<{ data: Record<string, unknown> }>('/contracts');
    const broken = {
      data: { ...body.data, channel_limit: 'ten', started_at: 'yesterday', name: undefined },
    };
    const errors = validateResponse('live', 'getContract', 200, broken);
    expect(errors).toEqual(
      expect.arrayContaining([
        '/data/channel_limit must be integer',
        '/data/started_at must match format "date-time"',
        "/data must have required property 'name'",
      ]),
    );
    expect(validateResponse('live', 'getContract', 200, { nothing: true })).toEqual([
      "body must have required property 'data'",
    ]);
    const badStatus = validateResponse('vod', 'listCountries', 200, { status: 'fail', data: [] });
    expect(badStatus.length).toBeGreaterThan(0);
  });

  it('validates error bodies through #/components/responses refs', () => {
    expect(validateResponse('live', 'getChannel', 404, { message: 'No such channel.' })).toEqual(
      [],
    );
    expect(validateResponse('live', 'getChannel', 404, { errors: {} })).toEqual([
      "body must have required property 'message'",
    ]);
  });

  it('names unknown operations and undocumented statuses instead of throwing', () => {
    expect(validateResponse('live', 'noSuchOperation', 200, {})).toEqual([
      'The live document has no operation noSuchOperation.',
    ]);
    expect(validateResponse('live', 'getContract', 418, {})).toEqual([
      'live getContract documents no answer with status 418.',
    ]);
    expect(responseSchema('vod', 'listCountries', 200)).toMatchObject({ type: 'object' });
  });
});
