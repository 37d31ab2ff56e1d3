/**
 * The sandbox against its OpenAPI documents: every documented operation is served, and what
 * it answers (successes and errors) matches the documented schemas.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SandboxHandle } from './index';
import { startSandbox } from './index';
import type { ApiName, JsonObject } from './kernel/openapi';
import { isObject, listOperations, loadOpenApiDocument, resolveRefs } from './kernel/openapi';
import type { Answer, WireBroadcast, WireChannel, WireList } from './testing/test-support';
import { liveCaller, vodGet } from './testing/test-support';

let sandbox: SandboxHandle;
let live: ReturnType<typeof liveCaller>;

// Its tests assert through expectDocumented: each must reach at least one assertion.
beforeEach(() => {
  expect.hasAssertions();
});

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  live = liveCaller(sandbox.info, sandbox.info.tokens.super_admin);
});
afterAll(() => sandbox.close());

/** The documented response schema of `operationId` for `status`, as a zod validator. */
function responseSchema(api: ApiName, operationId: string, status: number): z.ZodType {
  const document = loadOpenApiDocument(api);
  const operation = listOperations(api).find((candidate) => candidate.operationId === operationId);
  if (operation === undefined) throw new Error(`${operationId} is not documented`);
  const pathItem = (document.paths as JsonObject)[operation.pathTemplate] as JsonObject;
  const resolved = resolveRefs(document, pathItem[operation.method.toLowerCase()]) as JsonObject;
  const response = (resolved.responses as JsonObject)[String(status)];
  if (!isObject(response)) throw new Error(`${operationId} documents no ${status} response`);
  const schema = ((response.content as JsonObject)['application/json'] as JsonObject).schema;
  return z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
}

function expectDocumented(api: ApiName, operationId: string, answer: Answer<unknown>): void {
  const result = responseSchema(api, operationId, answer.status).safeParse(answer.body);
  expect(
    result.success,
    `${operationId} ${answer.status}: ${JSON.stringify(result.error?.issues)}`,
  ).toBe(true);
}

describe('the OpenAPI documents', () => {
  it.each(['live', 'vod'] as const)(
    '%s: every operation is camelCase, secured and documents its errors',
    (api) => {
      const document = loadOpenApiDocument(api);
      expect(document.openapi).toBe('3.1.0');
      for (const operation of listOperations(api)) {
        expect(operation.operationId).toMatch(/^[a-z][a-zA-Z]+$/);
        const pathItem = (document.paths as JsonObject)[operation.pathTemplate] as JsonObject;
        const raw = pathItem[operation.method.toLowerCase()] as JsonObject;
        const statuses = Object.keys(raw.responses as JsonObject);
        // Success is 200, or 204 without a body (spec, Errors: attach, detach, AI creation).
        expect(statuses, operation.operationId).toEqual(
          expect.arrayContaining([statuses.includes('204') ? '204' : '200', '400', '401', '429']),
        );
        if (api === 'live') {
          expect(operation.scopes.length, operation.operationId).toBe(1);
          expect(statuses, operation.operationId).toEqual(expect.arrayContaining(['403', '404']));
        }
      }
    },
  );
});

describe('every documented operation answers what its document says', () => {
  it('live', async () => {
    const channels = await live.get<WireList<WireChannel>>('/channels');
    const running = await live.get<WireList<WireBroadcast>>('/broadcasts?is_onair=1');
    const mainStage = channels.body.data.find((channel) => channel.title === 'Main Stage');
    const broadcast = running.body.data.find(
      (candidate) => candidate.channel_key === mainStage?.key,
    );
    const groups = await live.get<{ data: { key: string }[] }>('/profile-groups');
    const b = `/broadcasts/${broadcast?.key ?? ''}`;
    const calls: Record<string, () => Promise<Answer<unknown>>> = {
      getContract: () => live.get('/contracts'),
      listProfileGroups: () => Promise.resolve(groups),
      listProfiles: () => live.get(`/profile-groups/${groups.body.data[0]?.key ?? ''}/profiles`),
      listChannels: () => Promise.resolve(channels),
      getChannel: () => live.get(`/channels/${mainStage?.key ?? ''}`),
      listBroadcasts: () => live.get('/broadcasts?per_page=100'),
      listChannelBroadcasts: () => live.get(`/channels/${mainStage?.key ?? ''}/broadcasts`),
      getBroadcast: () => live.get(b),
      updateBroadcast: () => live.put(b, { title: 'Summer Festival, Day 2: Encore' }),
      startDuplicateRecording: () => live.post(`${b}/duplicate-recording`),
      stopDuplicateRecording: () => live.delete(`${b}/duplicate-recording`),
      setTimeshiftCuePoint: () => live.put(`${b}/cue-sign-timeshift`),
      getChattingJoinedUsers: () => live.get(`${b}/chatting-joined-users-on-air`),
      getBroadcastViewerStatistics: () => live.get(`${b}/statistics/viewer/5min-during-a-day`),
    };
    // The first fourteen; src-main/contract/live-contract-*.test.ts covers every live operation.
    expect(listOperations('live').map((op) => op.operationId)).toEqual(
      expect.arrayContaining(Object.keys(calls)),
    );
    for (const [operationId, call] of Object.entries(calls)) {
      const answer = await call();
      expect(answer.status, operationId).toBe(200);
      expectDocumented('live', operationId, answer);
    }
  });

  it('live errors: 401, 403, 404, 422 bodies and headers as documented', async () => {
    expectDocumented('live', 'listChannels', await liveCaller(sandbox.info, null).get('/channels'));
    expectDocumented(
      'live',
      'getContract',
      await liveCaller(sandbox.info, sandbox.info.tokens.admin).get('/contracts'),
    );
    expectDocumented('live', 'getChannel', await live.get('/channels/zzzzzzzzzzzzzzzz'));
    const invalid = await live.get('/channels?order=sideways');
    expect(invalid.status).toBe(422);
    expectDocumented('live', 'listChannels', invalid);
  });

  it('vod', async () => {
    const calls: Record<string, () => Promise<Answer<unknown>>> = {
      listCountries: () => vodGet(sandbox.info, '/countries'),
      listLanguages: () => vodGet(sandbox.info, '/languages?subtitle_supported=1'),
      listTimezones: () => vodGet(sandbox.info, '/timezones'),
      listMediaContents: () => vodGet(sandbox.info, '/media-contents?per_page=100'),
    };
    // Every VOD operation has its own contract tests in src-main/contract/vod-contract-*.test.ts.
    expect(listOperations('vod').map((op) => op.operationId)).toEqual(
      expect.arrayContaining(Object.keys(calls)),
    );
    for (const [operationId, call] of Object.entries(calls)) {
      const answer = await call();
      expect(answer.status, operationId).toBe(200);
      expectDocumented('vod', operationId, answer);
    }
    expectDocumented('vod', 'listCountries', await vodGet(sandbox.info, '/countries', null));
    expectDocumented(
      'vod',
      'listMediaContents',
      await vodGet(sandbox.info, '/media-contents?page=0'),
    );
  });
});
