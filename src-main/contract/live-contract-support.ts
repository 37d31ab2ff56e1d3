/**
 * Live contract support: one sandbox per test file, callers per token built on the app's
 * createLiveApi (Bearer token, form bodies, a real scheduler), the keys of the seed that the
 * cases need, and the table runner that checks each operation's success and documented error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveApi, type LiveApi } from '../platform/api-clients';
import type { RequestScheduler } from '../platform/scheduler';
import type { SandboxHandle, SandboxInfo } from '../sandbox/index';
import { startSandbox } from '../sandbox/index';
import type { Answer, Body } from './contract-support';
import {
  contractScheduler,
  everyTestAsserts,
  expectDocumented,
  operationsTagged,
  send,
} from './contract-support';

export type { Answer } from './contract-support';

/** A live caller: paths starting with `/v1/` are taken as they are, others under `<LIVE>`. */
export interface LiveCaller {
  get: (path: string) => Promise<Answer>;
  post: (path: string, form?: Body) => Promise<Answer>;
  put: (path: string, form?: Body) => Promise<Answer>;
  delete: (path: string) => Promise<Answer>;
}

type Call = () => Promise<Answer>;
/** operationId, success call and status, error call and status. */
export type Case = [string, Call, number, Call, number];

/** The tags of live-v1.yaml, by contract test file; together they are every tag. */
export const liveAreas = {
  channels: ['Contract', 'Encoding profiles', 'Channels', 'Creators'],
  broadcasts: ['Broadcasts', 'Programs', 'Syndications'],
  operations: ['Chat', 'Statistics', 'File transfers', 'Recording files'],
} as const;

/**
 * Starts a sandbox (no rate limit, 2025-06-01T12:00Z) for the calling test file and answers
 * callers as the super administrator (`sa`), an administrator, nobody (an empty token: no
 * Authorization header) and a token without scopes, plus `k`: seed keys found before the
 * cases run and keys the cases remember. `ch(name, rest)` and `b(name, rest)` are the paths
 * of the channel and broadcast `k[name]`.
 */
export function useLiveContract() {
  let sandbox: SandboxHandle | undefined;
  const schedulers: RequestScheduler[] = [];
  const info = (): SandboxInfo => {
    if (sandbox === undefined) throw new Error('the live contract sandbox is not started');
    return sandbox.info;
  };
  const caller = (token: (info: SandboxInfo) => string): LiveCaller => {
    let api: LiveApi | undefined;
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, form?: Body) => {
      const { live_base_url: baseUrl, service_account_key: account } = info();
      if (api === undefined) {
        const scheduler = contractScheduler('live');
        schedulers.push(scheduler);
        api = createLiveApi({ baseUrl, token: () => Promise.resolve(token(info())), scheduler });
      }
      const full = path.startsWith('/v1/') ? path : `/v1/live/service-accounts/${account}${path}`;
      return send(api, method, full, form);
    };
    return {
      get: (path) => call('GET', path),
      post: (path, form) => call('POST', path, form ?? {}),
      put: (path, form) => call('PUT', path, form ?? {}),
      delete: (path) => call('DELETE', path),
    };
  };
  const sa = caller((i) => i.tokens.super_admin);
  const admin = caller((i) => i.tokens.admin);
  const anonymous = caller(() => '');
  const noScope = caller((i) => i.tokens.no_scope);
  const k: Record<string, string> = {};

  everyTestAsserts();
  beforeAll(async () => {
    sandbox = await startSandbox({ rateLimit: false, startAt: new Date('2025-06-01T12:00:00Z') });
    await findSeedKeys(sa, k);
  });
  afterAll(async () => {
    for (const scheduler of schedulers) scheduler.dispose();
    await sandbox?.close();
  });

  return {
    sa,
    admin,
    anonymous,
    noScope,
    k,
    ch: (name: string, rest = ''): string => `/channels/${k[name] ?? ''}${rest}`,
    b: (name: string, rest = ''): string => `/broadcasts/${k[name] ?? ''}${rest}`,
    /** Keeps `data[field]` of `answer` as `k[name]` and answers `answer`. */
    remember: (name: string, answer: Answer, field = 'id'): Answer => {
      k[name] = String(dataOf(answer)[field]);
      return answer;
    },
  };
}

/**
 * Registers the contract of one area: its cases name exactly the operations tagged `tags`,
 * once each, and every case answers its documented success, then its documented error.
 */
export function describeLiveArea(tags: readonly string[], cases: readonly Case[]): void {
  describe(`live operations tagged ${tags.join(', ')} answer as documented`, () => {
    it('covers each operation of these tags once', () => {
      const ids = cases.map(([operationId]) => operationId).sort();
      expect(ids).toEqual(operationsTagged('live', tags));
    });

    it.each(cases.map((entry) => [entry[0], entry] as const))(
      '%s: success and error',
      async (_id, entry) => {
        const [operationId, ok, okStatus, error, errorStatus] = entry;
        expectDocumented('live', operationId, await ok(), okStatus);
        expectDocumented('live', operationId, await error(), errorStatus);
      },
    );
  });
}

/** `data` of a JSON answer, as a record (empty when absent). */
export function dataOf(answer: Answer): Record<string, unknown> {
  const data = (answer.body as { data?: unknown } | undefined)?.data;
  return typeof data === 'object' && data !== null && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : {};
}

/** `data` of a list answer. */
export function listOf(answer: Answer): Record<string, unknown>[] {
  const data = (answer.body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? (data as Record<string, unknown>[]) : [];
}

/** The seed's channels, broadcasts, profiles and media contents the cases work on. */
async function findSeedKeys(sa: LiveCaller, k: Record<string, string>): Promise<void> {
  const channels = listOf(await sa.get('/channels?per_page=100'));
  const key = (title: string): string =>
    String(channels.find((channel) => channel.title === title)?.key);
  k.main = key('Main Stage');
  k.news = key('Newsroom 24/7');
  k.arena = key('Esports Arena');
  k.sched = String(listOf(await sa.get('/channels?channel_type=scheduled'))[0]?.key);
  k.onair = String(listOf(await sa.get(`/broadcasts?is_onair=1&channel_key=${k.main}`))[0]?.key);
  k.newsOnair = String(
    listOf(await sa.get(`/broadcasts?is_onair=1&channel_key=${k.news}`))[0]?.key,
  );
  k.ended = String(listOf(await sa.get(`/channels/${k.arena}/broadcasts`))[0]?.key);
  k.mainEnded = String(
    listOf(await sa.get(`/broadcasts?is_onair=0&channel_key=${k.main}`))[0]?.key,
  );
  k.group = String(listOf(await sa.get('/profile-groups'))[0]?.key);
  const profiles = listOf(await sa.get(`/profile-groups/${k.group}/profiles`));
  k.active = String(profiles.find((profile) => profile.is_active === true)?.id);
  k.inactive = String(profiles.find((profile) => profile.is_active === false)?.id);
  const media = listOf(await sa.get('/programs/media-contents?per_page=100'));
  k.media = String(media.find((item) => item.program_count !== 0)?.upload_file_key);
  k.unusedMedia = String(media.find((item) => item.program_count === 0)?.upload_file_key);
}
