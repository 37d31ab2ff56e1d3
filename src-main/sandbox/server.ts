/**
 * The sandbox platform's HTTP server: one Fastify instance serving the live API under
 * `/live/api`, the VOD API under `/vod/api` and the test controls under `/__sandbox`.
 *
 * Every platform route comes from an operation of the OpenAPI documents; a call goes through
 * authentication (401), the rate limit (429), authorization (403), validation against the
 * document (422, 400 for an unreadable body) and then its handler (404, 422, 200).
 */
import type { ServedOperations } from './kernel/served-operations';
import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Fastify from 'fastify';
import { lazyValidatorFactory } from './kernel/lazy-validators';
import type { FieldErrors } from './state/http-error';
import { ApiError } from './state/http-error';
import type { SandboxContext } from './kernel/operation';
import type { OperationGuardDeps } from './kernel/operation-plugin';
import { apiPrefixes, checkOperationGroups, operationsPlugin } from './kernel/operation-plugin';
import { operationGroups } from './operation-groups';
import type { CallbackEngine } from './callbacks/callbacks';
import type { EncoderSimulator } from './rehearsal/encoder';
import type { CallCounter } from './kernel/call-count';
import type { FaultInjector } from './kernel/faults';
import { registerFaults } from './kernel/faults';
import { clockControlPlugin } from './control/control';
import { encoderControlPlugin, runDueEncodersHook } from './control/control-encoders';
import type { TokenDesk } from './control/control-calls';
import { callAndTokenControlPlugin } from './control/control-calls';
import { broadcastControlPlugin } from './control/control-broadcasts';
import { callbackControlPlugin } from './control/control-callbacks';
import { channelControlPlugin } from './control/control-channels';
import { faultControlPlugin } from './control/control-faults';
import { scenarioControlPlugin } from './control/control-scenario';
import type { ScenarioDesk } from './rehearsal/scenario-desk';
import { uploadControlPlugin } from './control/control-uploads';
import { downloadControlPlugin } from './control/control-downloads';
import { DownloadDesk } from './kernel/download-host';
import { liveFilesPlugin, trackLiveOrigin } from './live/live-files';
import { trackVodOrigin, vodFilesPlugin } from './vod/vod-files';
import { acceptMultipart } from './vod/vod-multipart';
import type { UploadHost } from './upload-host/upload-host';
import { settleArrivalsHook, uploadHostPlugin } from './upload-host/upload-host';
import { describeValidationErrors } from './kernel/validation-messages';
import { playSchedules } from './live/scheduled-output';

export { apiPrefixes } from './kernel/operation-plugin';

/** What the server works on (the operations' guards need the part in `OperationGuardDeps`). */
export interface ServerDeps extends OperationGuardDeps {
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
   * `/__sandbox/calls` and `/__sandbox/tokens` (control/control-calls.ts); none when absent.
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
  // Multipart forms of the VOD operations (vod-multipart.ts): a parser of the root.
  acceptMultipart(app);
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
  const { state, clock } = deps;
  const context: SandboxContext = { state, clock };
  // Hooks of the root reach every plugin (encapsulation). Before the operations: the encoders'
  // hook ends the lapsed broadcasts, and the upload host settles arrivals, before a read.
  if (deps.encoders !== undefined) app.addHook('onRequest', runDueEncodersHook(deps.encoders));
  app.addHook('onRequest', trackVodOrigin(state.vod));
  if (deps.uploads !== undefined) app.addHook('onRequest', settleArrivalsHook(state, clock));
  trackLiveOrigin(app, state.live);

  // Every route below comes from an encapsulated plugin, loaded at `ready`.
  // Platform operations: one plugin per resource group (operation-groups.ts).
  const groups = operationGroups(context);
  checkOperationGroups(groups);
  const guardDeps = { ...deps, beforeLiveOperation: playSchedules };
  for (const group of groups) void app.register(operationsPlugin, { group, deps: guardDeps });

  // File hosts: downloads (live and VOD, one desk), upload URLs, waiting-screen images.
  const downloads = new DownloadDesk();
  void app.register(liveFilesPlugin, { live: state.live, clock, desk: downloads });
  void app.register(vodFilesPlugin, { state, clock, desk: downloads });
  if (deps.uploads !== undefined)
    void app.register(uploadHostPlugin, { state, clock, host: deps.uploads });

  // Test controls under `/__sandbox`, one plugin per concern (control/control*.ts).
  void app.register(clockControlPlugin, { clock, limiter: deps.limiter });
  void app.register(downloadControlPlugin, { desk: downloads });
  void app.register(channelControlPlugin, { context });
  if (deps.encoders !== undefined)
    void app.register(encoderControlPlugin, { encoders: deps.encoders });
  if (deps.faults !== undefined) void app.register(faultControlPlugin, { faults: deps.faults });
  if (deps.callbacks !== undefined) {
    void app.register(broadcastControlPlugin, { context, callbacks: deps.callbacks });
    void app.register(callbackControlPlugin, { context, callbacks: deps.callbacks });
  }
  if (deps.uploads !== undefined) void app.register(uploadControlPlugin, { host: deps.uploads });
  if (deps.accounting !== undefined)
    void app.register(callAndTokenControlPlugin, {
      calls: deps.accounting.calls,
      tokens: deps.accounting.tokens,
    });
  if (deps.scenarios !== undefined)
    void app.register(scenarioControlPlugin, { desk: deps.scenarios });
  return app;
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

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'code' in error;
}
