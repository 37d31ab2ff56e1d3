/**
 * One server-sent event stream (text/event-stream) on a Fastify route: the one way the browser
 * host's `/events`, the panel API's feedback, the hub's `/events` for its seats and its
 * backup's `/studio/follow` open a stream, send on it, keep it alive and clean up after it
 * (docs/dev/architecture.md, "Processes and trust"). The route keeps its own sets of open
 * streams (as `ServerResponse`s) to end or cut them.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** An open stream. Writes after it closed are dropped. */
export interface EventStream {
  /** The raw response, for the route's sets of open streams (to end or destroy them). */
  readonly res: ServerResponse;
  /** Sends one event: `event: <name>` and its `data` as one line of JSON. */
  send(name: string, data: unknown): void;
  /** Writes text already in the stream's format (an event built once for many streams). */
  write(text: string): void;
  /** Writes the keep-alive comment (`: keep-alive`), which proxies and clients see as traffic. */
  keepAlive(): void;
  /** Whether the stream has ended or its connection is gone. */
  readonly closed: boolean;
}

export interface EventStreamOptions {
  /** Writes `: connected` first, so a client knows the stream is open before any event. */
  hello?: boolean;
  /**
   * Every `everyMs` (real time), `beat` runs (default: the keep-alive comment); stopped when the
   * stream closes. Absent: the route keeps the stream alive itself (on its own clock).
   */
  heartbeat?: { everyMs: number; beat?: (stream: EventStream) => void };
  /** Runs once when the stream closes (the client went away, or the route ended it). */
  onClose: () => void;
}

/**
 * Takes the reply over from Fastify and opens an event stream on it: status 200,
 * `Content-Type: text/event-stream; charset=utf-8`, `Cache-Control: no-store`, `Connection:
 * keep-alive`, `X-Content-Type-Options: nosniff`.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: EventStreamOptions,
): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Content-Type-Options': 'nosniff',
  });
  const stream: EventStream = {
    res,
    get closed() {
      return res.writableEnded || res.destroyed;
    },
    write(text) {
      if (!stream.closed) res.write(text);
    },
    send(name, data) {
      stream.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    keepAlive() {
      stream.write(': keep-alive\n\n');
    },
  };
  if (options.hello) stream.write(': connected\n\n');
  const { heartbeat } = options;
  const beat = heartbeat?.beat ?? ((open: EventStream) => open.keepAlive());
  const timer = heartbeat ? setInterval(() => beat(stream), heartbeat.everyMs) : null;
  let done = false;
  const close = () => {
    if (done) return;
    done = true;
    if (timer) clearInterval(timer);
    options.onClose();
  };
  // Whichever says first that the client is gone: the request, or the response itself.
  request.raw.once('close', close);
  res.once('close', close);
  return stream;
}
