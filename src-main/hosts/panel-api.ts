/**
 * The local control API for hardware panels (Bitfocus Companion's Generic HTTP connection, a
 * Stream Deck script...): off until the operator turns it on in Settings (`panels.setEnabled`),
 * on 127.0.0.1 only. docs/dev/architecture.md, "Commands, and every way in": a panel is one more way
 * in (`via: 'panel'`) over the same pipeline.
 *
 * - `POST /api/v1/commands/<name>`: runs a command; the JSON body is its input. Only commands
 *   whose declaration offers them to panels (`offer.panel`) and that the operator ticked for
 *   this panel run (`CallContext.panelCommands`); the pipeline refuses others. A rename takes
 *   one of the panel's preset titles (services/panels/panel-input.ts).
 *   A destructive command (`confirm: { kind: 'again' }`) runs on the second press of the same
 *   button (same panel, command and input) within {@link confirmWindowMs}; the first press does
 *   nothing and answers 409 `confirmation-required`.
 * - `GET /api/v1/feedback`: what the buttons show (services/panels/panel-feedback.ts): a
 *   server-sent event stream (`event: feedback`) for `Accept: text/event-stream`, else one JSON
 *   picture (Companion's Generic HTTP polls with a GET action). While a stream is open, a
 *   reachability probe (services/panels/reachability.ts: a TCP connection to the live API's
 *   origin each second, or to the proxy the app's network sends its calls through; no platform
 *   call) marks every button stale within about 2 s of the platform (or that proxy) going
 *   away; the next real read marks them live again.
 * - Every request needs `Authorization: Bearer <the panel's token>` (401 otherwise: missing,
 *   unknown or revoked), checked on the route that matched ({@link panelApiDoors}). A request with an `Origin` header (a web page) or a `Host` that is not
 *   this loopback address is refused with 403 before the token is looked at.
 * Answers are `{ ok: true, data }` or `{ ok: false, error: { code, message } }` in English; the
 * token never reaches a log, the audit record (it names the panel) or diagnostics.
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { commands, isCommandName } from '../shared/bridge';
import type { CommandDecl } from '../shared/commands/define';
import { commandTextKeys } from '../shared/command-texts';
import { say } from '../shared/i18n/say';
import type { MessageKey } from '../shared/i18n/message';
import type { DeskError, Result } from '../shared/result';
import type { PanelSummary } from '../shared/panels-model';
import type { DeskCoreWithPanels } from '../services/app/desk-core';
import { PanelFeedbackState } from '../services/panels/panel-feedback';
import { panelInput } from '../services/panels/panel-input';
import type { ProxyFor } from '../services/panels/reachability';
import { feedbackRoute, type FeedbackProbeOptions } from './panel-feedback-route';
import {
  answerBadUrl,
  defaultServerLimits,
  guardRoutes,
  serverLimits,
  type DoorTable,
  type ServerLimits,
} from '../services/core/doors';
import type { Clock } from '../platform/clock';
import { systemClock } from '../platform/clock';

/** A second press of the same button within this many ms confirms a destructive command. */
export const confirmWindowMs = 2_000;

/** The only address the control API listens on. */
export const panelApiHost = '127.0.0.1';

/** What the control API needs of the core. */
export type PanelApiCore = Pick<DeskCoreWithPanels, 'invoke' | 'subscribe' | 'panels' | 'now'>;

export interface PanelApiOptions {
  core: PanelApiCore;
  /** The loopback port; 0 picks a free one. */
  port: number;
  /** Must be `127.0.0.1` when given: any other address is refused. */
  host?: string;
  /** The clock of the confirmation window and the feedback (tests inject a manual one). */
  clock?: Clock;
  /**
   * The reachability probe while a feedback stream is open: where (default the open
   * workspace's live API origin), how (default a TCP connection), how often (default 1 s);
   * `false` turns it off.
   */
  probe?: false | FeedbackProbeOptions;
  /**
   * The buttons' picture, gathered from the core's events since before the API started (see
   * {@link supervisePanelApi}); default a picture of its own from now, empty until the next
   * watch read (up to 20 s for the channel list).
   */
  feedback?: PanelFeedbackState;
  /**
   * The proxy the host's network sends a URL's requests through (`Network.proxyFor`,
   * platform/network.ts): the default probe then tests that proxy, not the origin behind it.
   * Absent: the origin, direct.
   */
  proxyFor?: ProxyFor;
  /** Timeouts and the connection cap (tests inject short ones); default {@link defaultServerLimits}. */
  limits?: Partial<ServerLimits>;
}

/** The control API's doors (services/core/doors.ts): every route needs a panel's token. */
export const panelApiDoors: DoorTable<'panel'> = {
  'POST /api/v1/commands/:name': { door: 'panel', bodyLimit: 64_000 },
  'GET /api/v1/feedback': { door: 'panel' },
};

/**
 * A feedback picture that follows the core's events from now on, and the function that stops
 * it following.
 */
export function followFeedback(
  core: PanelApiCore,
  clock: Clock,
): { feedback: PanelFeedbackState; stop: () => void } {
  const feedback = new PanelFeedbackState(
    () => clock.now(),
    () => core.now(),
  );
  const stop = core.subscribe((event, payload) => feedback.observe(event, payload));
  return { feedback, stop };
}

/** A running control API. */
export interface PanelApi {
  /** `http://127.0.0.1:<port>`. */
  address: string;
  port: number;
  close(): Promise<void>;
}

const statusOf: Partial<Record<DeskError['code'], number>> = {
  'invalid-input': 400,
  forbidden: 403,
  'not-found': 404,
  'unknown-command': 404,
  conflict: 409,
  'confirmation-required': 409,
  'rate-limited': 429,
  'api-missing': 409,
  internal: 500,
};

/**
 * Starts the control API on 127.0.0.1.
 * @throws Error when `host` is not 127.0.0.1, or the port is taken.
 */
export async function startPanelApi(options: PanelApiOptions): Promise<PanelApi> {
  if (options.host !== undefined && options.host !== panelApiHost)
    throw new Error(`The control API listens on ${panelApiHost} only, not on ${options.host}.`);
  const clock = options.clock ?? systemClock;
  const { core } = options;
  const limits = { ...defaultServerLimits, maxConnections: 64, ...options.limits };
  const app: FastifyInstance = Fastify({
    logger: false,
    bodyLimit: 64_000,
    forceCloseConnections: true,
    frameworkErrors: answerBadUrl,
    ...serverLimits(limits),
  });
  /** First presses of destructive commands waiting for their second: key → epoch ms. */
  const presses = new Map<string, number>();
  let port = options.port;
  const { feedback, stop: offEvents } = options.feedback
    ? { feedback: options.feedback, stop: () => undefined }
    : followFeedback(core, clock);
  // What the buttons show, as one picture or a stream (panel-feedback-route.ts).
  const feed = feedbackRoute(app, {
    core,
    clock,
    feedback,
    panels: core.panels,
    probe: options.probe ?? {},
    ...(options.proxyFor ? { proxyFor: options.proxyFor } : {}),
  });

  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host ?? '';
    if (request.headers.origin !== undefined)
      return refuse(reply, 403, 'forbidden', 'panelApi.refused.origin');
    if (host !== `${panelApiHost}:${port}` && host !== `localhost:${port}`)
      return refuse(reply, 403, 'forbidden', 'panelApi.refused.origin');
  });
  // The panel's token is asked on the route that matched (every route: none is public).
  guardRoutes(app, {
    doors: panelApiDoors,
    strictest: 'panel',
    limits,
    check: async (_door, request, reply) => {
      const panel = panelOf(core, request.headers.authorization);
      if (!panel) return refuse(reply, 401, 'unauthorized', 'panelApi.refused.token');
      request.panel = panel;
    },
  });

  app.post<{ Params: { name: string }; Body: unknown }>(
    '/api/v1/commands/:name',
    async (request, reply) => {
      const panel = request.panel as PanelSummary;
      const name = request.params.name;
      const known = isCommandName(name) ? name : null;
      const decl = known ? (commands as Record<string, CommandDecl>)[known] : undefined;
      // Only a command this panel may run gets a press counted or a preset title looked up;
      // any other goes straight to the pipeline, which refuses it in the operator's words.
      const ticked =
        known !== null && decl?.offer?.panel === true && panel.commands.includes(known);
      const resolved = ticked
        ? panelInput(panel, name, request.body ?? {})
        : { input: request.body ?? {} };
      if ('refusal' in resolved)
        return reply
          .code(statusOf[resolved.refusal.code] ?? 400)
          .send({ ok: false, error: resolved.refusal });
      const { input } = resolved;
      let confirmed = false;
      if (known && ticked && decl?.confirm?.kind === 'again') {
        const now = clock.now();
        for (const [key, at] of presses) if (now - at > confirmWindowMs) presses.delete(key);
        const key = JSON.stringify([panel.id, name, input]);
        if (presses.has(key)) {
          presses.delete(key);
          confirmed = true;
        } else {
          presses.set(key, now);
          const said = say('panelApi.refused.pressAgain', {
            command: { key: commandTextKeys(known).title as MessageKey },
          });
          return reply
            .code(409)
            .send({ ok: false, error: { code: 'confirmation-required', ...said } });
        }
      }
      const result: Result<unknown> = await core.invoke(name, input, {
        clientId: `panel-${panel.id}`,
        via: 'panel',
        panel: panel.name,
        panelCommands: panel.commands,
        ...(confirmed ? { confirmation: { kind: 'again' as const } } : {}),
      });
      if (!result.ok && result.error.code === 'network') feedback.platformFailed(clock.now());
      return reply.code(result.ok ? 200 : (statusOf[result.error.code] ?? 502)).send(result);
    },
  );

  await app.listen({ host: panelApiHost, port });
  const address = app.server.address();
  if (address && typeof address === 'object') port = address.port;
  return {
    address: `http://${panelApiHost}:${port}`,
    port,
    close: async () => {
      offEvents();
      feed.close();
      await app.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The panel whose token the request carried (set by the control API's onRequest hook). */
    panel?: PanelSummary;
  }
}

/** The panel of `Authorization: Bearer <token>`, or null. */
function panelOf(core: PanelApiCore, header: string | undefined): PanelSummary | null {
  const match = /^Bearer ([A-Za-z0-9_-]{8,200})$/.exec(header ?? '');
  return match?.[1] ? core.panels.verify(match[1]) : null;
}

function refuse(
  reply: FastifyReply,
  status: 401 | 403,
  code: 'unauthorized' | 'forbidden',
  key: 'panelApi.refused.token' | 'panelApi.refused.origin',
) {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .send({ ok: false, error: { code, ...say(key) } });
}

/**
 * Keeps the control API running as the operator's setting says (`panels.json`): started when
 * turned on, restarted on another port, stopped when turned off; tells the registry where it
 * listens or why it could not start (Settings shows it). Both hosts run it.
 */
export interface PanelApiSupervisor {
  /** The running API, or null while off. */
  current(): PanelApi | null;
  /** Waits until the API matches the setting (after a change). */
  settled(): Promise<void>;
  /** Stops it for good. */
  close(): Promise<void>;
}

/**
 * Starts watching the setting.
 * @param portOverride a port for tests (`--panel-port`; 0: a free one) used in place of the
 *   setting's port.
 * @param log where a failed start is written (never a token).
 */
export function supervisePanelApi(options: {
  core: PanelApiCore;
  portOverride?: number;
  clock?: Clock;
  log?: (message: string) => void;
  /** The host network's proxy choice, for the reachability probe ({@link PanelApiOptions}). */
  proxyFor?: ProxyFor;
}): PanelApiSupervisor {
  const { core } = options;
  // The picture follows the app from its start, not from when the operator turns the API on:
  // a panel added while the control room is open lights its buttons at once, with what the
  // app has already read, instead of waiting for the channel list's next read (20 s).
  const followed = followFeedback(core, options.clock ?? systemClock);
  let api: PanelApi | null = null;
  let runningPort: number | null = null;
  let closed = false;
  let chain: Promise<void> = Promise.resolve();
  const apply = async () => {
    const wanted = core.panels.enabled && !closed;
    const port = options.portOverride ?? core.panels.port;
    if (api && (!wanted || runningPort !== port)) {
      await api.close();
      api = null;
      runningPort = null;
      core.panels.setStatus(null, null);
    }
    if (wanted && !api) {
      try {
        api = await startPanelApi({
          core,
          port,
          feedback: followed.feedback,
          ...(options.clock ? { clock: options.clock } : {}),
          ...(options.proxyFor ? { proxyFor: options.proxyFor } : {}),
        });
        runningPort = port;
        core.panels.setStatus(api.address, null);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        options.log?.(`control API for panels did not start: ${reason}`);
        core.panels.setStatus(null, reason);
      }
    }
  };
  const schedule = () => {
    chain = chain.then(apply, apply);
    return chain;
  };
  const off = core.panels.onChange(() => void schedule());
  void schedule();
  return {
    current: () => api,
    settled: () => chain,
    async close() {
      closed = true;
      off();
      followed.stop();
      await schedule();
    },
  };
}
