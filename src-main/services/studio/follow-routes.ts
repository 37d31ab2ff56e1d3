/**
 * The hub's side of a backup (docs/dev/architecture.md, "The takeover protocol"): the routes a
 * paired backup calls on the hub's studio server (`POST /studio/backup` to announce itself,
 * `POST /studio/ack` to acknowledge a registry version, `POST /studio/stand-down` when it
 * serves the seats, `GET /studio/follow` for the heartbeat), and the address event the hub
 * sends its seats so they know both addresses. The backup's own side is backup.ts.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { normalizeFingerprint } from './certificate';
import { heartbeatEveryMs, pairingAckWithinMs, type Beat, type BeatUpload } from './heartbeat';
import type { StoredSeat } from './pairing';
import { refuse } from './refuse';

/** A studio address as seats pin it: where to reach a hub and its certificate's SHA-256. */
export interface StudioAddress {
  /** `https://<address>:<port>/` */
  url: string;
  /** Upper-case hex pairs joined by `:`. */
  fingerprint: string;
}

/** The server-sent event that gives a seat the studio's addresses (the hub's, the backup's). */
export const addressesEventName = 'studio.addresses';

/** What `studio.addresses` carries: every address of the studio, the hub first. */
export const addressesPayload = z.object({
  addresses: z.array(z.object({ url: z.url().max(300), fingerprint: z.string().max(200) })).max(4),
});

const backupBody = z.object({
  url: z
    .url()
    .max(300)
    .refine((url) => url.startsWith('https://'), 'An https address'),
  fingerprint: z.string().regex(/^([0-9A-Fa-f]{2}:?){32}$/),
});

const standDownBody = z.object({
  url: backupBody.shape.url,
  fingerprint: backupBody.shape.fingerprint,
  /** When the backup took over, epoch ms UTC (the backup's clock). */
  since: z.number().int().nonnegative(),
});

const ackBody = z.object({ version: z.number().int().nonnegative() });

/** What a backup that serves tells the hub that came back (`POST /studio/stand-down`). */
export type StandDown = z.infer<typeof standDownBody>;

/** A seat as the hub's request hook found it (hub.ts). */
type SeatRequest = FastifyRequest & { seat: StoredSeat };

/** The hub's side of following: its routes and the addresses it gives seats. */
export interface FollowRoutes {
  /** The `studio.addresses` event for a seat's stream, or '' while there is no backup. */
  addressesEvent(): string;
  /** Closes the backups' follow streams (the hub stops). */
  close(): void;
  /**
   * The seat registry changed (a pairing, a revocation): its version grows and every backup
   * following gets a beat at once. Resolves once a backup acknowledged that version
   * (`POST /studio/ack`), or at once when no backup follows or the last wait for one went
   * unanswered (a silent backup), or after {@link pairingAckWithinMs} at most. Never rejects.
   * @returns whether a backup acknowledged it.
   */
  registryChanged(): Promise<boolean>;
}

/**
 * Adds the hub's follow routes to `app` (requests already authenticated by hub.ts's hook,
 * which put the seat on `request.seat`): `GET /studio/follow` and `POST /studio/backup`, for
 * seats of role `backup` only (403 otherwise).
 * @param deps.registry the seats to hand the backup (hashes only; backups left out).
 * @param deps.touch notes the backup's contact at each beat (the hub's seat list).
 * @param deps.hosting where this hub is served (the first address seats are given).
 * @param deps.onBackup told when a backup gave its address: push it to the seats' streams.
 */
export function followRoutes(
  app: FastifyInstance,
  deps: {
    registry: () => StoredSeat[];
    /** Notes a contact of the seat `id` (each beat sent to a backup). */
    touch: (id: string) => void;
    hosting: () => StudioAddress | null;
    now: () => number;
    onBackup: (event: string) => void;
    /**
     * Told when the backup says it serves the seats (this hub came back after its takeover):
     * the hub stands down, answering 503 and closing the seats' streams.
     */
    onStandDown: (told: StandDown) => void;
    /** The seats' uploads the hub is sending, handed to the backup with each beat. */
    uploads?: () => Promise<BeatUpload[]>;
  },
): FollowRoutes {
  let backup: StudioAddress | null = null;
  /** Each backup's follow stream and how to send it a beat now. */
  const followers = new Map<ServerResponse, () => void>();
  /** The registry's version as beats carry it, and the highest a backup acknowledged. */
  let version = 0;
  let acked = -1;
  /** A wait for an acknowledgement went unanswered: answer at once until the backup acks. */
  let backupSilent = false;
  const waiting = new Set<{ version: number; done: (acked: boolean) => void }>();
  const beat = async (): Promise<Beat> => ({
    uploads: (await deps.uploads?.().catch(() => [])) ?? [],
    at: deps.now(),
    version,
    seats: deps
      .registry()
      .filter((seat) => seat.role !== 'backup')
      .map(({ id, name, role, pairedAt, secretHash }) => ({
        id,
        name,
        role: role === 'operator' ? 'operator' : 'observer',
        pairedAt,
        secretHash,
      })),
  });
  const addressesEvent = () => {
    const hub = deps.hosting();
    if (!backup || !hub) return '';
    const payload: z.infer<typeof addressesPayload> = { addresses: [hub, backup] };
    return `event: ${addressesEventName}\ndata: ${JSON.stringify(payload)}\n\n`;
  };
  const backupOnly = (request: FastifyRequest, reply: FastifyReply): boolean => {
    if ((request as SeatRequest).seat.role === 'backup') return true;
    void refuse(reply, 403, 'For a backup hub only.');
    return false;
  };

  app.post('/studio/backup', (request, reply) => {
    if (!backupOnly(request, reply)) return reply;
    const body = backupBody.safeParse(request.body);
    if (!body.success)
      return refuse(reply, 400, 'Give the backup’s https address and fingerprint.');
    backup = { url: body.data.url, fingerprint: normalizeFingerprint(body.data.fingerprint) };
    deps.onBackup(addressesEvent());
    return { ok: true, data: null };
  });

  app.post('/studio/ack', (request, reply) => {
    if (!backupOnly(request, reply)) return reply;
    const body = ackBody.safeParse(request.body);
    if (!body.success) return refuse(reply, 400, 'Give the registry version adopted.');
    acked = Math.max(acked, body.data.version);
    backupSilent = false;
    for (const wait of waiting) if (wait.version <= acked) wait.done(true);
    return { ok: true, data: null };
  });

  app.post('/studio/stand-down', (request, reply) => {
    if (!backupOnly(request, reply)) return reply;
    const body = standDownBody.safeParse(request.body);
    if (!body.success) return refuse(reply, 400, 'Give the serving backup’s address and time.');
    deps.onStandDown({ ...body.data, fingerprint: normalizeFingerprint(body.data.fingerprint) });
    return { ok: true, data: null };
  });

  app.get('/studio/follow', (request, reply) => {
    if (!backupOnly(request, reply)) return reply;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    const backupId = (request as SeatRequest).seat.id;
    const send = () => {
      deps.touch(backupId);
      void beat().then((next) => {
        if (!res.destroyed) res.write(`event: beat\ndata: ${JSON.stringify(next)}\n\n`);
      });
    };
    send();
    const timer = setInterval(send, heartbeatEveryMs);
    followers.set(res, send);
    request.raw.on('close', () => {
      clearInterval(timer);
      followers.delete(res);
    });
  });

  return {
    addressesEvent,
    close() {
      for (const res of followers.keys()) res.destroy();
      followers.clear();
      for (const wait of waiting) wait.done(false);
    },
    registryChanged() {
      version += 1;
      for (const send of followers.values()) send();
      if (followers.size === 0 || backupSilent) return Promise.resolve(false);
      const wanted = version;
      return new Promise<boolean>((resolve) => {
        const wait = {
          version: wanted,
          done: (ok: boolean) => {
            clearTimeout(timer);
            waiting.delete(wait);
            if (!ok && followers.size > 0) backupSilent = true;
            resolve(ok);
          },
        };
        const timer = setTimeout(() => wait.done(false), pairingAckWithinMs);
        waiting.add(wait);
      });
    },
  };
}
