/**
 * The hub's side of a backup (docs/dev/architecture.md, "The takeover protocol"): the routes a
 * paired backup calls on the hub's studio server (`POST /studio/backup` to announce itself,
 * `POST /studio/ack` to acknowledge a registry version, `POST /studio/stand-down` when it
 * serves the seats, `GET /studio/follow` for the heartbeat), and the signed address event the
 * hub sends its seats so they know both addresses (studio-trust.ts). The backup's own side is
 * backup.ts.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { openEventStream } from '../core/event-stream';
import { normalizeFingerprint } from './certificate';
import { heartbeatEveryMs, pairingAckWithinMs, type Beat, type BeatUpload } from './heartbeat';
import type { StoredSeat } from './pairing';
import { refuse } from './refuse';
import type { HubEpoch } from './hub-epoch';
import {
  backupSecretHash,
  verifiedTakeover,
  type SignedAddresses,
  type StudioAddress,
  type TakeoverRecord,
} from './studio-trust';

export type { StudioAddress } from './studio-trust';

/** The server-sent event that gives a seat the studio's addresses (the hub's, the backup's). */
export const addressesEventName = 'studio.addresses';

/**
 * The server-sent event the hub sends every seat's stream once a second (`{ at }`, the hub's
 * clock): a seat counts its hub's silence from the last thing it heard (failover-seat.ts).
 */
export const seatBeatEventName = 'studio.beat';

const backupBody = z.object({
  url: z
    .url()
    .max(300)
    .refine((url) => url.startsWith('https://'), 'An https address'),
  fingerprint: z.string().regex(/^([0-9A-Fa-f]{2}:?){32}$/),
});

const ackBody = z.object({ version: z.number().int().nonnegative() });

/** What a backup that serves told the hub that came back (its verified takeover record). */
export type StandDown = TakeoverRecord;

/** A seat as the hub's request hook found it (hub.ts). */
type SeatRequest = FastifyRequest & { seat: StoredSeat };

/** The hub's side of following: its routes and the addresses it gives seats. */
export interface FollowRoutes {
  /** The signed `studio.addresses` event for a seat's stream (the hub's address at least). */
  addressesEvent(): string;
  /** Closes the backups' follow streams (the hub stops). */
  close(): void;
  /**
   * The seat `seatId` was revoked: when it is a backup, its follow streams are closed now and
   * its address is withdrawn. Answers whether an address was withdrawn (the seats must be told).
   */
  seatRevoked(seatId: string): boolean;
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
 * which put the seat on `request.seat`): `GET /studio/follow`, `POST /studio/backup`,
 * `POST /studio/ack` and `POST /studio/stand-down`, for seats of role `backup` only (403
 * otherwise).
 * @param deps.registry the seats to hand the backup (hashes made for its certificate only;
 *   backups left out).
 * @param deps.touch notes the backup's contact at each beat (the hub's seat list).
 * @param deps.hosting where this hub is served (the first address seats are given).
 * @param deps.epoch this hosting run's epoch (hub-epoch.ts): carried by every beat, and the
 *   stand-down's evidence (null: not hosting).
 * @param deps.sign signs the addresses seats are given with the hub's key (null: not hosting).
 * @param deps.onBackup told when the addresses changed (a backup announced itself): push the
 *   event to the seats' streams.
 */
export function followRoutes(
  app: FastifyInstance,
  deps: {
    registry: () => StoredSeat[];
    /** Notes a contact of the seat `id` (each beat sent to a backup). */
    touch: (id: string) => void;
    hosting: () => StudioAddress | null;
    now: () => number;
    epoch: () => HubEpoch | null;
    sign: (addresses: StudioAddress[], issuedAt: number) => SignedAddresses | null;
    onBackup: (event: string) => void;
    /**
     * Told when a backup shows it serves the seats and this hub has been away since the backup
     * last heard it (a record of an earlier epoch): the hub stands down, answering 503 and
     * closing the seats' streams.
     */
    onStandDown: (told: StandDown) => void;
    /** The seats' uploads the hub is sending, handed to the backup with each beat. */
    uploads?: () => Promise<BeatUpload[]>;
  },
): FollowRoutes {
  /** The address each backup seat announced, by seat id. */
  const backups = new Map<string, StudioAddress>();
  /** Each backup's follow stream: its seat and how to send it a beat now. */
  const followers = new Map<ServerResponse, { seatId: string; send: () => void }>();
  /** The registry's version as beats carry it, and the highest a backup acknowledged. */
  let version = 0;
  let acked = -1;
  /** A wait for an acknowledgement went unanswered: answer at once until the backup acks. */
  let backupSilent = false;
  const waiting = new Set<{ version: number; done: (acked: boolean) => void }>();
  /** A beat for the backup of certificate `fingerprint`: the hashes work there only. */
  const beat = async (fingerprint: string): Promise<Beat> => ({
    uploads: (await deps.uploads?.().catch(() => [])) ?? [],
    at: deps.now(),
    epoch: deps.epoch()?.current() ?? 0,
    version,
    seats: deps
      .registry()
      .filter((seat) => seat.role !== 'backup')
      .map(({ id, name, role, pairedAt, secretHash }) => ({
        id,
        name,
        role: role === 'operator' ? 'operator' : 'observer',
        pairedAt,
        secretHash: backupSecretHash(secretHash, fingerprint),
      })),
  });
  const addressesEvent = () => {
    const hub = deps.hosting();
    if (!hub) return '';
    const signed = deps.sign([hub, ...new Set(backups.values())].slice(0, 4), deps.now());
    return signed ? `event: ${addressesEventName}\ndata: ${JSON.stringify(signed)}\n\n` : '';
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
    const fingerprint = normalizeFingerprint(body.data.fingerprint);
    if (fingerprint === normalizeFingerprint(deps.hosting()?.fingerprint ?? ''))
      return refuse(reply, 400, 'A backup has its own certificate, not the hub’s.');
    backups.set((request as SeatRequest).seat.id, { url: body.data.url, fingerprint });
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
    const record = verifiedTakeover(request.body);
    if (!record)
      return refuse(reply, 400, 'Give the serving backup’s takeover record, signed with its key.');
    const own = normalizeFingerprint(deps.hosting()?.fingerprint ?? '');
    if (normalizeFingerprint(record.hubFingerprint) !== own)
      return refuse(reply, 409, 'That takeover record names another hub.');
    // A hub that was away since: the record names the epoch in which this backup last
    // followed, and this hub's epoch grew since (it restarted, or was itself silent 3 s).
    const seatId = (request as SeatRequest).seat.id;
    const epoch = deps.epoch();
    const followed = epoch?.lastFollowedBy(seatId) ?? null;
    if (!epoch || followed === null || record.hubEpoch !== followed || followed >= epoch.current())
      return refuse(reply, 409, 'This hub has not been away since its backup last heard it.');
    deps.onStandDown({ ...record, fingerprint: normalizeFingerprint(record.fingerprint) });
    return { ok: true, data: null };
  });

  app.get('/studio/follow', (request, reply) => {
    if (!backupOnly(request, reply)) return reply;
    const backupId = (request as SeatRequest).seat.id;
    const announced = backups.get(backupId);
    if (!announced)
      return refuse(reply, 409, 'Announce the backup’s address first (POST /studio/backup).');
    deps.epoch()?.followedBy(backupId);
    // The beat is the stream's heartbeat: one now, then every heartbeatEveryMs.
    const stream = openEventStream(request, reply, {
      heartbeat: { everyMs: heartbeatEveryMs, beat: () => send() },
      onClose: () => followers.delete(stream.res),
    });
    const send = () => {
      deps.touch(backupId);
      void beat(announced.fingerprint).then((next) => stream.send('beat', next));
    };
    send();
    followers.set(stream.res, { seatId: backupId, send });
  });

  return {
    addressesEvent,
    close() {
      for (const res of followers.keys()) res.destroy();
      followers.clear();
      for (const wait of waiting) wait.done(false);
    },
    seatRevoked(seatId) {
      for (const [res, follower] of followers)
        if (follower.seatId === seatId) {
          followers.delete(res);
          res.destroy();
        }
      deps.epoch()?.forget(seatId);
      return backups.delete(seatId);
    },
    registryChanged() {
      version += 1;
      for (const { send } of followers.values()) send();
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
