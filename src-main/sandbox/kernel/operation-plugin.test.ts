/**
 * The resource groups (operation-groups.ts) and their plugin (operation-plugin.ts): the groups
 * answer every operation of both documents exactly once, the check refuses a gap, a double and
 * an undocumented handler, and one group's plugin serves its operations and no other.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { TokenAuthority } from './auth';
import { VirtualClock } from './clock';
import type { OperationGroup } from './operation-plugin';
import { apiPrefixes, checkOperationGroups, operationsPlugin } from './operation-plugin';
import { operationGroups } from '../operation-groups';
import { listOperations } from './openapi';
import { RateLimiter } from './rate-limit';
import { seedState } from '../seed/seed';

const clock = new VirtualClock(new Date('2025-06-01T00:00:00Z'));
const state = seedState(5, clock.now());
const groups = operationGroups({ state, clock });

function without(name: string, operationId: string): OperationGroup[] {
  return groups.map((group) =>
    group.name === name
      ? {
          ...group,
          handlers: Object.fromEntries(
            Object.entries(group.handlers).filter(([id]) => id !== operationId),
          ),
        }
      : group,
  );
}

describe('resource groups', () => {
  it('answer every operation of both documents exactly once', () => {
    expect(() => checkOperationGroups(groups)).not.toThrow();
    const handled = groups.flatMap((group) => Object.keys(group.handlers));
    expect(handled).toHaveLength(listOperations('live').length + listOperations('vod').length);
    expect(new Set(groups.map((group) => group.name)).size).toBe(groups.length);
  });

  it('refuse a gap, a double and an undocumented handler', () => {
    expect(() => checkOperationGroups(without('live/account', 'getContract'))).toThrow(
      'No sandbox handler for live getContract.',
    );
    const account = groups.find((group) => group.name === 'live/account');
    if (account === undefined) throw new Error('no live/account group');
    expect(() => checkOperationGroups([...groups, { ...account, name: 'live/again' }])).toThrow(
      'live getContract is handled by live/account and live/again.',
    );
    expect(() =>
      checkOperationGroups([
        ...groups,
        { api: 'vod', name: 'vod/extra', handlers: { notAnOperation: () => null } },
      ]),
    ).toThrow('Handler without an vod operation: notAnOperation (vod/extra).');
  });
});

describe('one group as a plugin', () => {
  it("serves its group's operations behind the guards, and no other", async () => {
    const tokens = new TokenAuthority();
    const app = Fastify();
    const account = groups.find((group) => group.name === 'live/account');
    if (account === undefined) throw new Error('no live/account group');
    void app.register(operationsPlugin, {
      group: account,
      deps: {
        state,
        clock,
        tokens,
        vodAccessToken: 'vod-token',
        limiter: new RateLimiter({}, false),
      },
    });
    await app.ready();
    const routeOf = (operationId: string): string => {
      const operation = listOperations('live').find((item) => item.operationId === operationId);
      if (operation === undefined) throw new Error(`no ${operationId}`);
      return apiPrefixes.live + operation.routePath;
    };
    expect(app.hasRoute({ method: 'GET', url: routeOf('getContract') })).toBe(true);
    expect(app.hasRoute({ method: 'GET', url: routeOf('listChannels') })).toBe(false);
    const url = `${apiPrefixes.live}/v1/live/service-accounts/${state.serviceAccountKey}/contracts`;
    // The guard runs: no token, 401; a super administrator's token, the contract.
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const nowSeconds = Math.floor(clock.nowMs() / 1000);
    const token = tokens.mint({
      sub: state.serviceAccountKey,
      role: 'super_admin',
      scopes: ['live:control', 'live-api:console-control'],
      iat: nowSeconds,
      exp: nowSeconds + 3600,
    });
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ data: { plan: string } }>().data.plan).toBe(state.contract.plan);
    await app.close();
  });
});
