/**
 * One resource group of platform operations as an encapsulated Fastify plugin
 * (docs/dev/sandbox.md, "Platform operations"): server.ts registers one per group with
 * `app.register(operationsPlugin, { group, deps })`; the plugin routes each of the group's
 * operations from its OpenAPI operation (resources/openapi/*.yaml) behind the same guards.
 *
 * A call goes through authentication (401), the rate limit (429), authorization (403),
 * validation against the document (422, 400 for an unreadable body) and then its handler
 * (404, 422, 200; 204 when the handler answers nothing).
 */
import type { FastifyPluginCallback, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Principal, TokenAuthority } from './auth';
import { authenticateLive, authenticateVod, authorize } from './auth';
import type { VirtualClock } from './clock';
import { ApiError } from '../state/http-error';
import type { SandboxState } from '../state/model/state';
import type { ApiName, JsonObject, OperationSpec } from './openapi';
import { isObject, listOperations } from './openapi';
import type { OperationHandlers } from './operation';
import type { RateLimiter } from './rate-limit';
import type { ServedOperations } from './served-operations';

/** Where each API is served; the base URLs are `http://127.0.0.1:PORT` + prefix. */
export const apiPrefixes: Record<ApiName, string> = { live: '/live/api', vod: '/vod/api' };

/** A resource group: the handlers, by operationId, of some operations of one API. */
export interface OperationGroup {
  api: ApiName;
  /** The group's name (`live/channels`...), for errors. */
  name: string;
  handlers: OperationHandlers;
}

/** What the guards in front of every operation need (a part of server.ts `ServerDeps`). */
export interface OperationGuardDeps {
  state: SandboxState;
  clock: VirtualClock;
  tokens: TokenAuthority;
  vodAccessToken: string;
  limiter: RateLimiter;
  /** The test probe's key, left out of the rate limit (server.ts `ServerDeps.probeKey`). */
  probeKey?: string;
  /** Operations served to the app itself, for the UI coverage report. */
  served?: ServedOperations;
  /**
   * What the platform's passing time changes before a live operation runs: scheduled
   * channels catch up (live/scheduled-output.ts `playSchedules`, given by server.ts, so the
   * kernel imports no part of the live API; docs/dev/sandbox.md).
   */
  beforeLiveOperation?: (state: SandboxState, now: Date) => void;
}

/** Options of `operationsPlugin`. */
export interface OperationsPluginOptions {
  group: OperationGroup;
  deps: OperationGuardDeps;
}

/**
 * Checks that the groups of each API answer every operation of its document exactly once.
 * @throws Error naming the operations without a handler, handled twice, or undocumented.
 */
export function checkOperationGroups(groups: readonly OperationGroup[]): void {
  for (const api of ['live', 'vod'] as const) {
    const documented = new Set(listOperations(api).map((operation) => operation.operationId));
    const owner = new Map<string, string>();
    for (const group of groups.filter((candidate) => candidate.api === api)) {
      for (const operationId of Object.keys(group.handlers)) {
        if (!documented.has(operationId))
          throw new Error(`Handler without an ${api} operation: ${operationId} (${group.name}).`);
        const first = owner.get(operationId);
        if (first !== undefined)
          throw new Error(`${api} ${operationId} is handled by ${first} and ${group.name}.`);
        owner.set(operationId, group.name);
      }
    }
    const missing = [...documented].filter((operationId) => !owner.has(operationId));
    if (missing.length > 0) throw new Error(`No sandbox handler for ${api} ${missing.join(', ')}.`);
  }
}

const principals = new WeakMap<FastifyRequest, Principal>();

/** The routes of one group's operations, in the document's order. */
export const operationsPlugin: FastifyPluginCallback<OperationsPluginOptions> = (
  scope,
  { group, deps },
  done,
) => {
  const { api, handlers } = group;
  for (const operation of listOperations(api)) {
    const handler = handlers[operation.operationId];
    if (handler === undefined) continue;
    scope.route({
      method: operation.method,
      url: apiPrefixes[api] + operation.routePath,
      schema: operation.schema,
      onRequest: api === 'live' ? guardLive(deps, operation) : guardVod(deps),
      preValidation: (request, _reply, next) => {
        if (operation.schema.body !== undefined) request.body = trimStrings(request.body ?? {});
        next();
      },
      // Noted once answered, with the status sent: only a 2xx counts as served (UI coverage).
      onResponse: (request, reply, next) => {
        deps.served?.note(
          api,
          operation.operationId,
          request.headers['user-agent'],
          reply.statusCode,
        );
        next();
      },
      handler: (request, reply) => {
        // The platform's time moved since the last call: scheduled channels catch up first.
        if (api === 'live') deps.beforeLiveOperation?.(deps.state, deps.clock.now());
        const body = handler({
          params: asInput(request.params),
          query: asInput(request.query),
          body: asInput(request.body),
          principal: principals.get(request),
        });
        // A handler answering nothing means 204 without a body (spec, Errors: attach, detach...).
        return body === undefined ? reply.code(204).send() : body;
      },
    });
  }
  done();
};

/** Live: 401, then the rate limit per service account (refused calls not counted), then 403. */
function guardLive(deps: OperationGuardDeps, operation: OperationSpec): onRequestHookHandler {
  return (request, _reply, done) => {
    const pathAccount = asInput(request.params).service_account_key;
    const principal = authenticateLive(
      deps.tokens,
      request.headers.authorization,
      typeof pathAccount === 'string' ? pathAccount : undefined,
      deps.clock.nowMs(),
    );
    if (!isProbe(deps, request))
      limit(deps.limiter, `live:${principal.serviceAccountKey}`, 'service account');
    authorize(principal, operation.scopes, operation.roles);
    principals.set(request, principal);
    done();
  };
}

/** VOD: 401 for a missing or wrong `access_token`, then the rate limit per access token. */
function guardVod(deps: OperationGuardDeps): onRequestHookHandler {
  return (request, _reply, done) => {
    const token = asInput(request.query).access_token;
    authenticateVod(deps.vodAccessToken, token);
    if (!isProbe(deps, request)) limit(deps.limiter, `vod:${String(token)}`, 'access token');
    done();
  };
}

function isProbe(deps: OperationGuardDeps, request: FastifyRequest): boolean {
  return deps.probeKey !== undefined && request.headers['x-sandbox-probe'] === deps.probeKey;
}

function limit(limiter: RateLimiter, key: string, per: string): void {
  const decision = limiter.take(key);
  if (decision.accepted) return;
  const seconds = decision.retryAfterSeconds;
  throw new ApiError(
    429,
    `Too many requests: the platform accepts 60 calls a minute, at least 1 s apart, per ${per}. Retry after ${seconds} s.`,
    undefined,
    { 'Retry-After': String(seconds) },
  );
}

/** Like Laravel's TrimStrings middleware: surrounding spaces of string fields are ignored. */
function trimStrings(body: unknown): unknown {
  if (!isObject(body)) return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      typeof value === 'string' ? value.trim() : value,
    ]),
  );
}

function asInput(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}
