/**
 * The sandbox platform's HTTP server: one Fastify instance serving the live API under
 * `/live/api`, the VOD API under `/vod/api` and the test controls under `/__sandbox`.
 *
 * Every platform route comes from an operation of the OpenAPI documents; a call goes through
 * authentication (401), the rate limit (429), authorization (403), validation against the
 * document (422, 400 for an unreadable body) and then its handler (404, 422, 200).
 */
import type { ServedOperations } from './served-operations';
import formbody from '@fastify/formbody';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
} from 'fastify';
import Fastify from 'fastify';
import { lazyValidatorFactory } from './lazy-validators';
import type { Principal, TokenAuthority } from './auth';
import { authenticateLive, authenticateVod, authorize } from './auth';
import type { VirtualClock } from './clock';
import type { FieldErrors } from './http-error';
import { ApiError } from './http-error';
import type { OperationHandlers, SandboxContext } from './operation';
import type { ApiName, JsonObject, OperationSpec } from './openapi';
import { isObject, listOperations } from './openapi';
import type { RateLimiter } from './rate-limit';
import { playSchedules } from './scheduled-output';
import type { CallbackEngine } from './callbacks';
import type { EncoderSimulator } from './encoder';
import type { CallCounter } from './call-count';
import type { FaultInjector } from './faults';
import { registerFaults } from './faults';
import { registerControlRoutes } from './routes/control';
import { registerEncoderControlRoutes } from './routes/control-encoders';
import type { TokenDesk } from './routes/control-calls';
import { registerCallAndTokenRoutes } from './routes/control-calls';
import { registerBroadcastControlRoutes } from './routes/control-broadcasts';
import { registerCallbackControlRoutes } from './routes/control-callbacks';
import { registerChannelControlRoutes } from './routes/control-channels';
import { registerFaultControlRoutes } from './routes/control-faults';
import { registerScenarioControlRoutes } from './routes/control-scenario';
import type { ScenarioDesk } from './scenario-desk';
import { registerUploadControlRoutes } from './routes/control-uploads';
import { registerDownloadControlRoutes } from './routes/control-downloads';
import { DownloadDesk } from './download-host';
import { liveAccountOperations } from './routes/live-account';
import { liveAudienceOperations } from './routes/live-audience';
import { liveBroadcastOperations } from './routes/live-broadcasts';
import { liveChannelOperations } from './routes/live-channels';
import { liveMoreOperations } from './routes/live-more';
import { registerLiveFileRoutes } from './live-files';
import { vodOperations } from './routes/vod';
import { registerVodExtras } from './vod-files';
import type { SandboxState } from './state';
import type { UploadHost } from './upload-host';
import { registerUploadHost } from './upload-host';
import { describeValidationErrors } from './validation-messages';

/** Where each API is served; the base URLs are `http://127.0.0.1:PORT` + prefix. */
export const apiPrefixes: Record<ApiName, string> = { live: '/live/api', vod: '/vod/api' };

/** What the server works on. */
export interface ServerDeps {
  state: SandboxState;
  clock: VirtualClock;
  tokens: TokenAuthority;
  vodAccessToken: string;
  limiter: RateLimiter;
  /** Log requests (to stderr). */
  logger: boolean;
  /** Injected faults (faults.ts) and their `/__sandbox/faults` control; none when absent. */
  faults?: FaultInjector;
  /** Callback delivery (callbacks.ts); enables `/__sandbox/broadcasts/...` when present. */
  callbacks?: CallbackEngine;
  /** Simulated encoders (encoder.ts) and their `/__sandbox/.../encoder` control; none when absent. */
  encoders?: EncoderSimulator;
  /** The upload host (upload-host.ts): serves the one-time upload URLs and `/__sandbox/uploads`. */
  uploads?: UploadHost;
  /**
   * Counts platform calls per account and minute, and issues and revokes tokens, under
   * `/__sandbox/calls` and `/__sandbox/tokens` (routes/control-calls.ts); none when absent.
   */
  accounting?: { calls: CallCounter; tokens: TokenDesk };
  /**
   * A test's probe (a second client that checks what the app did) sends this in the
   * `X-Sandbox-Probe` header and is left out of the rate limit, so its reads never take the
   * app's budget and turn the app's next call into a 429. Known only to the test process
   * (SandboxHandle.probeKey), never to the app.
   */
  probeKey?: string;
  /** Operations served to the app itself (its `User-Agent`), for the UI coverage report. */
  served?: ServedOperations;
  /** Rehearsal scenarios and their `/__sandbox/scenario` control; none when absent. */
  scenarios?: ScenarioDesk;
}

/**
 * Builds the server (not listening yet).
 * @throws Error when a document operation has no handler or a handler no operation.
 */
export function buildServer(deps: ServerDeps): FastifyInstance {
  const app = Fastify({
    logger: deps.logger ? { level: 'info', stream: process.stderr } : false,
    forceCloseConnections: true,
    ajv: { customOptions: { allErrors: true } },
    // Each route's schemas compiled on its first request, not all at start (lazy-validators.ts).
    schemaController: { compilersFactory: { buildValidator: lazyValidatorFactory() } },
  });
  void app.register(formbody);
  acceptEmptyJsonBodies(app);
  app.setErrorHandler(answerError);
  app.setNotFoundHandler((request, reply) => {
    answerError(
      new ApiError(404, `No such path: ${request.method} ${request.url.split('?')[0] ?? ''}.`),
      request,
      reply,
    );
  });

  // Counted first, so that a call a fault drops or refuses is still counted.
  const calls = deps.accounting?.calls;
  calls?.register(app, apiPrefixes);
  if (deps.faults !== undefined)
    registerFaults(app, deps.faults, apiPrefixes, (request, decision) =>
      calls?.noteFault(request, decision),
    );
  const context: SandboxContext = { state: deps.state, clock: deps.clock };
  // Before the operations: its hook ends the lapsed broadcasts before any request reads them.
  if (deps.encoders !== undefined) registerEncoderControlRoutes(app, deps.encoders);
  registerOperations(app, deps, 'live', {
    ...liveAccountOperations(context),
    ...liveChannelOperations(context),
    ...liveBroadcastOperations(context),
    ...liveAudienceOperations(context),
    ...liveMoreOperations(context),
  });
  const downloads = new DownloadDesk();
  registerLiveFileRoutes(app, deps.state.live, deps.clock, downloads);
  registerVodExtras(app, deps.state, deps.clock, downloads);
  registerDownloadControlRoutes(app, downloads);
  if (deps.uploads !== undefined)
    registerUploadHost(app, { state: deps.state, clock: deps.clock, host: deps.uploads });
  registerOperations(app, deps, 'vod', vodOperations(context));
  registerControlRoutes(app, deps.clock, deps.limiter);
  if (deps.faults !== undefined) registerFaultControlRoutes(app, deps.faults);
  if (deps.callbacks !== undefined) {
    registerBroadcastControlRoutes(app, context, deps.callbacks);
    registerCallbackControlRoutes(app, context, deps.callbacks);
  }
  if (deps.uploads !== undefined) registerUploadControlRoutes(app, deps.uploads);
  registerChannelControlRoutes(app, context);
  if (deps.accounting !== undefined)
    registerCallAndTokenRoutes(app, deps.accounting.calls, deps.accounting.tokens);
  if (deps.scenarios !== undefined) registerScenarioControlRoutes(app, deps.scenarios);
  return app;
}

const principals = new WeakMap<FastifyRequest, Principal>();

function registerOperations(
  app: FastifyInstance,
  deps: ServerDeps,
  api: ApiName,
  handlers: OperationHandlers,
): void {
  const operations = listOperations(api);
  const documented = new Set(operations.map((operation) => operation.operationId));
  const undocumented = Object.keys(handlers).filter((operationId) => !documented.has(operationId));
  if (undocumented.length > 0)
    throw new Error(`Handlers without an ${api} operation: ${undocumented.join(', ')}.`);

  for (const operation of operations) {
    const handler = handlers[operation.operationId];
    if (handler === undefined)
      throw new Error(`No sandbox handler for ${api} ${operation.operationId}.`);
    app.route({
      method: operation.method,
      url: apiPrefixes[api] + operation.routePath,
      schema: operation.schema,
      onRequest: api === 'live' ? guardLive(deps, operation) : guardVod(deps),
      preValidation: (request, _reply, done) => {
        if (operation.schema.body !== undefined) request.body = trimStrings(request.body ?? {});
        done();
      },
      // Noted once answered, with the status sent: only a 2xx counts as served (UI coverage).
      onResponse: (request, reply, done) => {
        deps.served?.note(
          api,
          operation.operationId,
          request.headers['user-agent'],
          reply.statusCode,
        );
        done();
      },
      handler: (request, reply) => {
        // The platform's time moved since the last call: scheduled channels catch up first.
        if (api === 'live') playSchedules(deps.state, deps.clock.now());
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
}

/** Live: 401, then the rate limit per service account (refused calls not counted), then 403. */
function guardLive(deps: ServerDeps, operation: OperationSpec): onRequestHookHandler {
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
function guardVod(deps: ServerDeps): onRequestHookHandler {
  return (request, _reply, done) => {
    const token = asInput(request.query).access_token;
    authenticateVod(deps.vodAccessToken, token);
    if (!isProbe(deps, request)) limit(deps.limiter, `vod:${String(token)}`, 'access token');
    done();
  };
}

function isProbe(deps: ServerDeps, request: FastifyRequest): boolean {
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

/** Answers any error in the envelope of the API the URL belongs to. Never a 500 for bad input. */
function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  let status = 500;
  let message = 'The sandbox platform failed on this request.';
  let errors: FieldErrors | undefined;
  let headers: Record<string, string> = {};
  if (error instanceof ApiError) {
    ({ statusCode: status, message, errors, headers } = error);
  } else if (isFastifyError(error) && error.validation !== undefined) {
    const described = describeValidationErrors(error.validation, error.validationContext);
    ({ status, message, errors } = described);
  } else if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode < 500) {
    // Unreadable bodies and unsupported content types are bad requests (spec, Errors: 400).
    status = error.statusCode === 415 ? 400 : error.statusCode;
    message = `Bad request: ${error.message}`;
  } else {
    request.log.error(error);
  }
  const vod = request.url.startsWith(`${apiPrefixes.vod}/`);
  void reply
    .code(status)
    .headers(headers)
    .send({
      ...(vod ? { status: 'fail' } : {}),
      message,
      ...(errors === undefined ? {} : { errors }),
    });
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

/** Clients may send `Content-Type: application/json` with an empty body (DELETE, POST). */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError(400, 'Bad request: the body is not valid JSON.'), undefined);
    }
  });
}

function asInput(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'code' in error;
}
