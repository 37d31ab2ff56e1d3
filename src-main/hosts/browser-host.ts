/**
 * The browser host: the same core as the Electron window, served to a browser page over
 * loopback HTTP, with server-sent events (docs/dev/architecture.md, "Processes and trust").
 * - Bound to 127.0.0.1 only.
 * - Commands at `POST /rpc/<command>` (JSON `{ input }`), events at `GET /events`.
 * - `GET /diagnostics/memory`: this process's memory (`HostMemory`), for the event-day bench
 *   (bench/event-day.ts) that watches the host's growth over hours.
 * - All of them need `Authorization: Bearer <per-launch secret>` (401 otherwise), checked on the
 *   route that matched ({@link browserHostDoors}), so no spelling of a path skips it. The page
 *   gets the secret in the URL fragment, which browsers never send to servers or logs.
 * - `GET /` is the app's page and `GET /<file>` its built files (`/favicon.ico`, which
 *   browsers ask for by themselves: 204); any other path answers 404, a malformed one 400.
 * - Every request whose `Host` is not this loopback address and port, or whose `Origin` is
 *   another site, is refused with 403: a web page in the operator's browser cannot drive
 *   the app, DNS rebinding included.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { extname, join, relative, sep } from 'node:path';
import type { ServerResponse } from 'node:http';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { DeskCore } from '../services/app/desk-core';
import { pageCallMeta } from '../services/core/call-meta';
import { openEventStream } from '../services/core/event-stream';
import { safeFileName } from '../shared/safe-file-name';
import {
  answerBadUrl,
  defaultServerLimits,
  guardRoutes,
  publicDoor,
  serverLimits,
  type DoorTable,
  type ServerLimits,
} from '../services/core/doors';
import { contentSecurityPolicy } from './csp';

export interface BrowserHostOptions {
  core: DeskCore;
  /** The built renderer (`out/renderer`). */
  rendererDir: string;
  /** 0 picks a free port. */
  port?: number;
  /**
   * Where dropped files are copied (`POST /spool`), since a browser never tells a page a
   * file's path: the upload queue then reads the copy. Default: no spooling (answers 503).
   */
  spoolDir?: string;
  /** Timeouts and the connection cap (tests inject short ones); default {@link defaultServerLimits}. */
  limits?: Partial<ServerLimits>;
}

/**
 * The browser host's doors (services/core/doors.ts): everything but the page itself needs the
 * launch secret.
 */
export const browserHostDoors: DoorTable<'secret'> = {
  'POST /rpc/:command': { door: 'secret', bodyLimit: 1_000_000 },
  'POST /spool': { door: 'secret', body: 'streamed' },
  'GET /diagnostics/memory': { door: 'secret' },
  'GET /events': { door: 'secret' },
  'GET /*': { door: publicDoor },
};

export interface BrowserHost {
  /** The address to open, secret included (in the fragment). */
  url: string;
  port: number;
  close(): Promise<void>;
}

const clientIdPattern = /^[A-Za-z0-9_-]{8,64}$/;
const mimeTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  // The sound cues (resources/sounds/, src-renderer/lib/sound-files.ts).
  '.wav': 'audio/wav',
};

/**
 * Starts the browser host.
 * @throws Error when `rendererDir` has no index.html (the app was not built) or the port is taken.
 */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const files = await listFiles(options.rendererDir);
  if (!files.has('index.html')) {
    throw new Error(`No built app in ${options.rendererDir}: run "npm run build" first.`);
  }
  const secret = randomBytes(32).toString('base64url');
  const secretBytes = Buffer.from(`Bearer ${secret}`);
  // Open event streams never end on their own: close() ends them, or it would wait forever.
  const limits = { ...defaultServerLimits, ...options.limits };
  const app = Fastify({
    logger: false,
    bodyLimit: 64_000,
    forceCloseConnections: true,
    frameworkErrors: answerBadUrl,
    ...serverLimits(limits),
  });
  const streams = new Set<ServerResponse>();
  let port = options.port ?? 0;
  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = () => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host ?? '';
    const origin = request.headers.origin;
    if (!allowedHosts().has(host)) return refuse(reply, 403, 'This address is not OnAir Desk.');
    if (origin !== undefined && !allowedOrigins().has(origin))
      return refuse(reply, 403, 'Requests from other sites are refused.');
  });
  // The launch secret is asked on the route that matched, whatever the URL's spelling.
  guardRoutes(app, {
    doors: browserHostDoors,
    strictest: 'secret',
    limits,
    check: async (_door, request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== secretBytes.length || !timingSafeEqual(given, secretBytes))
        return refuse(
          reply,
          401,
          'The launch secret is missing or wrong: open the address the app printed.',
        );
    },
  });

  app.post<{
    Params: { command: string };
    Body: { input?: unknown; via?: unknown; confirmation?: unknown } | undefined;
  }>('/rpc/:command', async (request, reply) => {
    const clientId = readClientId(request);
    // The page went away (navigated, reloaded, its query cancelled) before the answer: its
    // reads still queued for the platform are dropped instead of spending the budget.
    const asker = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) asker.abort(new Error('The page stopped waiting.'));
    });
    return options.core.invoke(request.params.command, request.body?.input ?? {}, {
      clientId,
      signal: asker.signal,
      ...pageCallMeta(request.body),
    });
  });

  // Dropped files arrive as raw bodies of any size: hand the stream on, never buffer it.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) =>
    done(null, payload),
  );
  app.post<{ Querystring: { name?: string } }>('/spool', async (request, reply) => {
    if (options.spoolDir === undefined)
      return reply.code(503).send(spoolRefusal('This host does not take dropped files.'));
    const name = safeFileName(request.query.name ?? '');
    if (name === null)
      return reply.code(400).send(spoolRefusal('The dropped file has no usable name.'));
    const dir = join(options.spoolDir, `${Date.now()}-${randomBytes(6).toString('hex')}`);
    const path = join(dir, name);
    try {
      await mkdir(dir, { recursive: true });
      await pipeline(request.body as Readable, createWriteStream(path, { flags: 'wx' }));
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      const full = (error as NodeJS.ErrnoException).code === 'ENOSPC';
      return reply
        .code(full ? 507 : 500)
        .send(
          spoolRefusal(
            full
              ? 'This computer’s disk is full: free some space, then drop the file again.'
              : `The dropped file “${name}” could not be copied (${(error as Error).message}); drop it again.`,
          ),
        );
    }
    return { ok: true, data: { path } };
  });

  app.get('/diagnostics/memory', () => hostMemory());

  app.get('/events', (request, reply) => {
    const clientId = readClientId(request);
    const stream = openEventStream(request, reply, {
      hello: true,
      heartbeat: { everyMs: 15_000 },
      onClose: () => {
        streams.delete(stream.res);
        off();
        options.core.dropClient(clientId);
      },
    });
    const off = options.core.subscribe((event, payload) => stream.send(event, payload));
    streams.add(stream.res);
  });

  app.get<{ Params: { '*': string } }>('/*', async (request, reply) => {
    // The router decoded the path already (a malformed one was answered 400 before this).
    const path = request.params['*'];
    // Browsers ask for a tab icon by themselves; the page declares none, so "none" (not a 404
    // the page's console would report as a failed resource).
    if (path === 'favicon.ico')
      return reply.code(204).header('Cache-Control', 'max-age=3600').send();
    const name = path === '' ? 'index.html' : files.has(path) ? path : null;
    if (name === null)
      return reply
        .code(404)
        .header('Cache-Control', 'no-store')
        .send({ ok: false, error: { code: 'not-found', message: 'There is no such page.' } });
    const body = await readFile(join(options.rendererDir, name));
    return reply
      .header('Content-Type', mimeTypes[extname(name)] ?? 'application/octet-stream')
      .header('Content-Security-Policy', contentSecurityPolicy)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'no-referrer')
      .header('Cache-Control', name === 'index.html' ? 'no-store' : 'max-age=3600')
      .send(body);
  });

  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  if (address && typeof address === 'object') port = address.port;
  return {
    url: `http://127.0.0.1:${port}/#k=${secret}`,
    port,
    close: async () => {
      for (const res of streams) res.end();
      await app.close();
    },
  };
}

/** The host process's memory, in bytes (Node's `process.memoryUsage()`). */
export interface HostMemory {
  rssBytes: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
  externalBytes: number;
  /** Whether garbage was collected first (only when the process runs with `--expose-gc`). */
  collected: boolean;
}

/**
 * This process's memory. Collects garbage first where Node allows it (`--expose-gc`, as the
 * bench starts the host), so that two readings compare live objects, not uncollected garbage.
 */
function hostMemory(): HostMemory {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const usage = process.memoryUsage();
  return {
    rssBytes: usage.rss,
    heapUsedBytes: usage.heapUsed,
    heapTotalBytes: usage.heapTotal,
    externalBytes: usage.external,
    collected: gc !== undefined,
  };
}

function spoolRefusal(message: string) {
  return { ok: false, error: { code: 'invalid-input', message } };
}

function refuse(reply: FastifyReply, status: 401 | 403, message: string) {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .send({ ok: false, error: { code: status === 401 ? 'unauthorized' : 'forbidden', message } });
}

function readClientId(request: FastifyRequest): string {
  const header = request.headers['x-desk-client'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && clientIdPattern.test(value) ? value : 'anonymous';
}

/** Lists the files of the built renderer once, so requests never touch other paths. */
async function listFiles(dir: string): Promise<Set<string>> {
  const out = new Set<string>();
  try {
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      out.add(relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
    }
  } catch {
    // A missing folder is reported by the caller as "not built".
  }
  return out;
}
