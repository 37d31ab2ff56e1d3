/**
 * Doors: which credential each route of a server asks for, declared once per server in a
 * table, and checked on the route the router MATCHED, never on the raw URL's spelling
 * (docs/security.md, "Doors"; issue 32, point 2). The browser host, the panel API and the
 * studio hub each declare their table; {@link guardRoutes} refuses to start a server with a
 * route missing from it (closed by default, as Jupyter refuses a handler without
 * authentication), and its `onRequest` hook reads the door from `request.routeOptions.config`,
 * which Fastify fills after routing, so `/%72pc/x`, `/rpc/x` and every other spelling that
 * reaches the `/rpc/:command` handler meet the same check. A request no route matched (404)
 * meets the server's strictest door.
 *
 * The same table carries each route's body limit, and {@link serverLimits} the server's
 * timeouts and connection cap (docs/security.md, "Network limits").
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/** A door that asks for nothing: the static page and pairing only. */
export const publicDoor = 'public';

/** What one route asks for. */
export interface RouteDoor<D extends string> {
  /** The credential the route needs (the server's own kinds), or `public`. */
  door: D | typeof publicDoor;
  /** The largest body accepted, bytes (413 beyond); absent: the server's `bodyLimit`. */
  bodyLimit?: number;
  /**
   * `streamed`: the body is a file of any size handed on as a stream (uploads), so only the
   * idle timeout applies to it; otherwise the whole request must arrive within
   * {@link ServerLimits.requestTimeoutMs}.
   */
  body?: 'streamed';
}

/** HTTP methods the servers use. */
export type DoorMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

/** A server's routes, `"<METHOD> <route pattern>"` (as declared, e.g. `POST /rpc/:command`). */
export type DoorTable<D extends string> = Readonly<
  Record<`${DoorMethod} /${string}`, RouteDoor<D>>
>;

/**
 * A server's network limits (Node's `http.Server` and Fastify's options). All ms.
 * Tests inject small ones; {@link defaultServerLimits} are the product's.
 */
export interface ServerLimits {
  /** The request line and headers must arrive within this (Node `headersTimeout`; 408). */
  headersTimeoutMs: number;
  /** A non-streamed request, body included, must arrive within this (408, connection closed). */
  requestTimeoutMs: number;
  /** A connection with no byte either way for this long is closed (`connectionTimeout`). */
  idleTimeoutMs: number;
  /**
   * An idle keep-alive connection between requests is closed after this (`keepAliveTimeout`).
   * Longer than clients keep idle sockets: a client that reuses a socket the server is closing
   * loses that request (5 s here made a page's read reach the platform twice).
   */
  keepAliveTimeoutMs: number;
  /** How often Node looks for requests past their header deadline (`connectionsCheckingInterval`). */
  checkEveryMs: number;
  /** Open connections at once; the next is closed at once (`server.maxConnections`). */
  maxConnections: number;
  /** Requests on one keep-alive connection before it is closed (`maxRequestsPerSocket`). */
  maxRequestsPerSocket: number;
}

/**
 * The product's limits. The idle timeout is long because a command may wait for the API
 * budget without a byte written; event streams write a keep-alive at least every 15 s.
 */
export const defaultServerLimits: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 5 * 60_000,
  keepAliveTimeoutMs: 72_000,
  checkEveryMs: 1_000,
  maxConnections: 256,
  maxRequestsPerSocket: 10_000,
};

/**
 * The Fastify options that set `limits` (spread them into `Fastify({...})`; for a TLS server
 * pass `tls` and it is extended with Node's header options).
 */
export function serverLimits(
  limits: ServerLimits,
  tls?: { cert: string; key: string },
): Pick<
  FastifyServerOptions,
  'connectionTimeout' | 'keepAliveTimeout' | 'maxRequestsPerSocket' | 'requestTimeout'
> & { http?: object; https?: object } {
  const node = {
    headersTimeout: limits.headersTimeoutMs,
    connectionsCheckingInterval: limits.checkEveryMs,
  };
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    maxRequestsPerSocket: limits.maxRequestsPerSocket,
    // Node's whole-request timer cannot spare uploads: guardRoutes times each route instead.
    requestTimeout: 0,
    ...(tls ? { https: { ...tls, ...node } } : { http: node }),
  };
}

/** Thrown at start when a route has no door in the server's table. */
export class UndeclaredDoorError extends Error {
  constructor(route: string) {
    super(`The route ${route} declares no door: add it to the server's door table.`);
    this.name = 'UndeclaredDoorError';
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The door of the route (set by {@link guardRoutes} from the server's table). */
    door?: string;
    /** See {@link RouteDoor.body}. */
    body?: 'streamed';
  }
}

/**
 * Installs `doors` on `app`, before any route is declared: every route must be in `doors`
 * (else the route's declaration throws {@link UndeclaredDoorError}, so the server never starts); each request is checked
 * by `check` with its matched route's door (`strictest` when no route matched), after the
 * hooks added before this call (Host and Origin checks). Sets the table's body limits, the
 * per-route request timer and `server.maxConnections`.
 * @param options.check answers the refusal it sent (the reply), or nothing to let it through.
 */
export function guardRoutes<D extends string>(
  app: FastifyInstance,
  options: {
    doors: DoorTable<D>;
    strictest: D;
    limits: ServerLimits;
    check: (door: D, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  },
): void {
  app.server.maxConnections = options.limits.maxConnections;
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds HEAD beside every GET: it is the GET's door.
      const key = `${method === 'HEAD' ? 'GET' : method} ${route.url}` as keyof DoorTable<D>;
      const declared = options.doors[key];
      if (!declared) throw new UndeclaredDoorError(`${method} ${route.url}`);
      route.config = {
        ...route.config,
        door: declared.door,
        ...(declared.body ? { body: declared.body } : {}),
      };
      if (declared.bodyLimit !== undefined) route.bodyLimit = declared.bodyLimit;
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    const config: { door?: string; body?: 'streamed' } = request.is404
      ? {}
      : request.routeOptions.config;
    if (config.body !== 'streamed') timeRequest(request, reply, options.limits.requestTimeoutMs);
    const door = (config.door ?? options.strictest) as D | typeof publicDoor;
    if (door === publicDoor) return;
    return options.check(door, request, reply);
  });
}

/**
 * Closes the connection of a request whose body has not all arrived within `ms` (408): a
 * sender that never finishes its body holds no connection for longer.
 */
function timeRequest(request: FastifyRequest, reply: FastifyReply, ms: number): void {
  const raw = request.raw;
  if (raw.complete) return;
  const timer = setTimeout(() => {
    if (raw.complete || raw.destroyed) return;
    const socket = raw.socket;
    if (!reply.sent && !reply.raw.headersSent)
      reply.raw.writeHead(408, { Connection: 'close', 'Content-Length': '0' }).end();
    socket.destroySoon();
    setTimeout(() => socket.destroy(), 100).unref();
  }, ms);
  timer.unref();
  const clear = () => clearTimeout(timer);
  raw.once('end', clear);
  raw.once('close', clear);
  reply.raw.once('finish', clear);
}

/**
 * Fastify's `frameworkErrors`: a path whose percent-encoding is malformed (`/%zz`, a cut
 * UTF-8 sequence) answers 400 in the desk's result shape, before any hook or handler.
 */
export function answerBadUrl(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  void reply
    .code(400)
    .header('Cache-Control', 'no-store')
    .send({
      ok: false,
      error: {
        code: 'invalid-input',
        message: `This address is not well formed (${error.message}).`,
      },
    });
}
