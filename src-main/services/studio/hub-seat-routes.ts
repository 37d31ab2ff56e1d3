/**
 * The hub's routes for its seats (hub.ts; docs/dev/architecture.md, "Processes and trust"):
 * `POST /studio/pair` (pairing.ts), `GET /studio/hello`, `POST /studio/drop-client`,
 * `POST /rpc/<command>` (the hub's one pipeline, with the seat's name and paired role) and
 * `GET /events` (the hub's events as server-sent events). The door table (hub-doors.ts) has
 * checked the seat's credential before any of these runs; pairing only is public.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { seatCallMeta } from '../core/call-meta';
import type { CallContext } from '../core/command-registry';
import { openEventStream } from '../core/event-stream';
import { isOwnDesksEvent } from '../../shared/bridge';
import {
  pairingLockMs,
  pairingSource,
  plainSeatName,
  type PairingBook,
  type StoredSeat,
} from './pairing';
import { refuse } from './refuse';
import { seatUploadRefusal } from './seat-files';
import type { StudioCore } from './studio-core';

/** What the seats' routes need of the hub. */
export interface SeatRouteDeps {
  book: PairingBook;
  /** The desk core the hub serves (null while it starts: 503). */
  core: () => StudioCore | null;
  /** Open event streams by seat id (a revocation or a stand-down closes them). */
  streams: Map<string, Set<ServerResponse>>;
  /** The page clients each seat spoke for, by seat id (dropped with the seat). */
  clients: Map<string, Set<string>>;
  /** Where seats' files are kept (seat-files.ts). */
  spoolDir: () => string;
  /** Writes the paired seats to the data folder. */
  save: () => Promise<void>;
  /** Waits until a following backup acknowledged the registry (at most 2 s; none: at once). */
  registryChanged: () => Promise<unknown>;
  /** The signed addresses event a new stream starts with, when a backup follows. */
  addressesEvent: () => string | null;
  log: (message: string) => void;
}

const pairBody = z.object({
  code: z.string().max(32),
  seatName: z.string().max(400),
});
const clientIdPattern = /^[A-Za-z0-9_-]{8,64}$/;

/** Adds the seats' routes to the hub's server `app`. */
export function seatRoutes(app: FastifyInstance, deps: SeatRouteDeps): void {
  app.post('/studio/pair', async (request, reply) => {
    const body = pairBody.safeParse(request.body);
    if (!body.success) return refuse(reply, 400, 'Give the pairing code and a seat name.');
    const seatName = plainSeatName(body.data.seatName);
    if (seatName === null)
      return refuse(
        reply,
        400,
        'A seat name is plain text of 1 to 60 characters, without control characters.',
      );
    const source = pairingSource(request.socket.remoteAddress);
    const answer = deps.book.pair(body.data.code, seatName, source);
    if (!answer.ok) {
      if (answer.reason === 'locked') {
        const seconds = Math.ceil((answer.retryAfterMs ?? 60_000) / 1000);
        // Logged once, when the fifth wrong code locks it (not at each refused try).
        if (answer.retryAfterMs === pairingLockMs)
          deps.log(`studio: pairing locked for ${source} for ${seconds} s after wrong codes`);
        reply.header('Retry-After', String(seconds));
        return refuse(
          reply,
          429,
          `Pairing is locked for this computer after five wrong codes: try again in ${seconds} s.`,
        );
      }
      return refuse(reply, 403, 'That pairing code is wrong, used or expired.');
    }
    await deps.save();
    // A backup following must know the seat before it holds its credential, should this hub
    // die at once (at most 2 s; no backup, or a silent one: answered now).
    await deps.registryChanged();
    deps.log(`studio: seat "${answer.seat.name}" paired as ${answer.seat.role}`);
    return {
      ok: true,
      data: {
        seatId: answer.seat.id,
        seatName: answer.seat.name,
        role: answer.seat.role,
        credential: answer.credential,
      },
    };
  });

  app.get('/studio/hello', (request) => {
    const seat = (request as FastifyRequest & { seat: StoredSeat }).seat;
    return { ok: true, data: { seatName: seat.name, role: seat.role } };
  });

  app.post<{ Body: { clientId?: unknown } | undefined }>('/studio/drop-client', (request) => {
    const seat = (request as FastifyRequest & { seat: StoredSeat }).seat;
    const clientId = seatClientId(seat.id, request.body?.clientId);
    deps.core()?.dropClient(clientId);
    deps.clients.get(seat.id)?.delete(clientId);
    return { ok: true, data: null };
  });

  app.post<{
    Params: { command: string };
    Body: { input?: unknown; via?: unknown; confirmation?: unknown } | undefined;
  }>('/rpc/:command', async (request, reply) => {
    const seat = (request as FastifyRequest & { seat: StoredSeat }).seat;
    const core = deps.core();
    if (!core) return refuse(reply, 503, 'The hub is starting: try again.');
    if (request.params.command.startsWith('studio.'))
      return refuse(reply, 403, 'The studio is managed at the hub only.');
    const header = request.headers['x-desk-client'];
    const clientId = seatClientId(seat.id, Array.isArray(header) ? header[0] : header);
    let known = deps.clients.get(seat.id);
    if (!known) deps.clients.set(seat.id, (known = new Set()));
    known.add(clientId);
    const asker = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) asker.abort(new Error('The seat stopped waiting.'));
    });
    // The way in survives the hop (a key, the palette, a panel of the seat); the role is the
    // one this hub paired the seat with, whatever the seat says (shared/commands/ways-in.ts).
    const context: CallContext = {
      ...seatCallMeta(request.body),
      clientId,
      signal: asker.signal,
      seat: seat.name,
      seatId: seat.id,
      seatRole: seat.role,
      inputRefusal: (command, input) => seatUploadRefusal(command, input, deps.spoolDir(), seat.id),
    };
    return core.invoke(request.params.command, request.body?.input ?? {}, context);
  });

  app.get('/events', (request, reply) => {
    const seat = (request as FastifyRequest & { seat: StoredSeat }).seat;
    const core = deps.core();
    if (!core) return refuse(reply, 503, 'The hub is starting: try again.');
    const stream = openEventStream(request, reply, {
      hello: true,
      heartbeat: {
        everyMs: 15_000,
        beat: (open) => {
          deps.book.touch(seat.id);
          open.keepAlive();
        },
      },
      onClose: () => {
        deps.streams.get(seat.id)?.delete(stream.res);
        off();
        // Its last stream closed: the seat is gone from the presence picture until it is back.
        if (!deps.streams.get(seat.id)?.size) deps.core()?.seatGone?.(seat.id);
      },
    });
    const addresses = deps.addressesEvent();
    if (addresses !== null) stream.write(addresses);
    // This desk's own events (its settings, its windows) stay with its pages: a seat keeps its own.
    const off = core.subscribe((event, payload) => {
      if (!isOwnDesksEvent(event)) stream.send(event, payload);
    });
    let open = deps.streams.get(seat.id);
    if (!open) deps.streams.set(seat.id, (open = new Set()));
    open.add(stream.res);
  });
}

/** The hub's client id of a seat's page: the seat's id and the page's own id, or the seat's. */
function seatClientId(seatId: string, raw: unknown): string {
  const page = typeof raw === 'string' && clientIdPattern.test(raw) ? raw : 'seat';
  return `seat-${seatId}-${page}`;
}
