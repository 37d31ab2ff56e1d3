/**
 * A backup hub (docs/architecture.md, "The takeover protocol"). A second OnAir Desk with the
 * same accounts, their tokens in its own keychain, pairs with the hub like a seat of role
 * `backup` and then:
 *
 * - **follows**: it tells the hub its own address and certificate fingerprint
 *   (`POST /studio/backup`), which the hub gives every seat over the seat's pinned stream, so
 *   seats know both addresses; and it reads the hub's heartbeat (`GET /studio/follow`, a
 *   server-sent event every second with the seat registry: names, roles and credential
 *   hashes, never a token nor a credential);
 * - **takes over** once the hub has been silent for 3 s (heartbeat.ts): its budget starts as
 *   if the last minute were full (the schedulers are seeded with 60 spent calls), and it
 *   leaves standby, serving the seats with its own TLS certificate. Seats reconnect to it when
 *   their hub is silent (failover-seat.ts); their watches resume there.
 *
 * Until it takes over, the backup's studio server answers every request 503 (standby), so a
 * seat never mistakes it for a hub that revoked it.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fetch, type Agent } from 'undici';
import { z } from 'zod';
import { normalizeFingerprint } from './certificate';
import {
  beatPayload,
  heartbeatEveryMs,
  pairingAckWithinMs,
  silenceCheckEveryMs,
  SilenceWatch,
  type Beat,
  type BeatUpload,
} from './heartbeat';
import type { HubStanding } from '../../shared/studio-model';
import type { StoredSeat } from './pairing';
import { refuse } from './refuse';
import { pinnedAgent, readServerSentEvents, type EventBody } from './link';

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

/** What the backup needs of its own studio hub (hub.ts). */
export interface StandbyHub {
  /** Where this desk serves seats (its own certificate). Null until it listens. */
  hostingAddress(): StudioAddress | null;
  /** Answers 503 to every request while on; serves the seats once off. */
  setStandby(on: boolean): void;
  /** Makes `seats` (from the hub's beat) the seats this desk accepts. */
  adoptSeats(seats: readonly StoredSeat[]): void;
  /** What `studio.status` says of this desk's place beside its hub (following, serving). */
  setStanding(standing: HubStanding | null): void;
  /**
   * Keeps the seats' uploads the hub was sending (its latest beat): a seat that queues one of
   * those files again here goes on from the server's offset (services/uploads/upload-handover.ts).
   */
  adoptUploads?(uploads: readonly BeatUpload[]): void;
}

/** Where a backup is: following the hub, or serving the seats since `takenOverAt`. */
export type BackupState =
  | { phase: 'following'; connected: boolean; lastBeatAt: number; seats: number }
  | {
      phase: 'serving';
      takenOverAt: number;
      hubSilentSinceAt: number;
      seats: number;
      /** When the old hub came back and was told to stand down (epoch ms UTC), or null. */
      hubStoodDownAt: number | null;
    };

/** A backup following its hub. */
export interface BackupFollower {
  state(): BackupState;
  /** Resolves with the takeover time (epoch ms UTC, the backup's clock) once it took over. */
  takenOver(): Promise<number>;
  /** Stops following (and never takes over). */
  dispose(): Promise<void>;
}

/**
 * Follows the hub at `hubUrl` (pinned `fingerprint`) with the backup seat's `credential`,
 * serving through `own` once the hub has been silent for 3 s.
 * @param options.seedBudget starts this desk's budget as if the last minute were full (its
 *   schedulers' `assumeFullMinute`), called at the takeover before any seat is served.
 * @param options.now the backup's clock, epoch ms UTC (silence is counted on it).
 */
export function followHub(options: {
  hubUrl: string;
  fingerprint: string;
  credential: string;
  own: StandbyHub;
  seedBudget: () => void;
  now: () => number;
  log: (message: string) => void;
  agent?: Agent;
}): BackupFollower {
  const agent = options.agent ?? pinnedAgent(options.fingerprint);
  const headers = { authorization: `Seat ${options.credential}` };
  const watch = new SilenceWatch(options.now);
  let connected = false;
  let announced = false;
  /** The registry version last acknowledged to the hub (`POST /studio/ack`). */
  let ackedVersion = 0;
  let closed = false;
  let stream: AbortController | null = null;
  let serving: { takenOverAt: number; hubSilentSinceAt: number } | null = null;
  let hubStoodDownAt: number | null = null;
  const showStanding = () =>
    options.own.setStanding(
      serving
        ? { phase: 'serving', hubUrl: options.hubUrl, since: serving.takenOverAt, hubStoodDownAt }
        : { phase: 'following', hubUrl: options.hubUrl, connected },
    );
  let seats = 0;
  let resolveTakeover: (at: number) => void = () => undefined;
  const takeover = new Promise<number>((resolve) => (resolveTakeover = resolve));

  options.own.setStandby(true);
  showStanding();

  const announce = async () => {
    const mine = options.own.hostingAddress();
    if (!mine) return;
    const response = await fetch(new URL('/studio/backup', options.hubUrl), {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(mine),
      dispatcher: agent,
    });
    await response.body?.cancel();
    announced = response.ok;
  };

  /**
   * Tells the hub this backup adopted the registry of `version`: a hub holds a pairing's
   * answer until then (at most 2 s), so a seat paired just before the hub died is known here.
   */
  const acknowledge = async (version: number) => {
    try {
      const response = await fetch(new URL('/studio/ack', options.hubUrl), {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ version }),
        dispatcher: agent,
        signal: AbortSignal.timeout(2 * heartbeatEveryMs),
      });
      await response.body?.cancel();
      if (response.ok) ackedVersion = version;
    } catch {
      // The hub went away: the next beat (from it or a restarted one) is acknowledged.
    }
  };

  const follow = async () => {
    while (!closed && !serving) {
      stream = new AbortController();
      try {
        if (!announced) await announce();
        const response = await fetch(new URL('/studio/follow', options.hubUrl), {
          headers,
          dispatcher: agent,
          signal: stream.signal,
        });
        if (!response.ok || !response.body) throw new Error(`The hub answered ${response.status}.`);
        connected = true;
        showStanding();
        await readBeats(response.body, (beat) => {
          watch.beat(beat);
          seats = beat.seats.length;
          options.own.adoptSeats(beat.seats);
          options.own.adoptUploads?.(beat.uploads);
          if (beat.version !== ackedVersion) void acknowledge(beat.version);
        });
      } catch {
        // The hub went away: the silence check below decides; try again meanwhile.
      }
      connected = false;
      if (closed || serving) return;
      showStanding();
      await new Promise((resolve) => setTimeout(resolve, heartbeatEveryMs / 2));
    }
  };

  const check = setInterval(() => {
    if (closed || serving || !watch.silent()) return;
    clearInterval(check);
    stream?.abort();
    options.seedBudget();
    options.own.setStandby(false);
    serving = { takenOverAt: options.now(), hubSilentSinceAt: watch.lastBeatAt() };
    options.log(
      `studio: the hub was silent for ${watch.silentForMs()} ms: this backup serves ${seats} seat(s) now`,
    );
    showStanding();
    resolveTakeover(serving.takenOverAt);
    void tellHub();
  }, silenceCheckEveryMs);

  /**
   * Once serving, tells the old hub's address every second that this backup serves the seats,
   * for as long as it serves: a hub that restarts, or unfreezes, hears it at once and stands
   * down (503 to every seat), so the account's budget is never spent by two hubs for them.
   * A hub already standing down answers 503: told. Each try gives up after 2 s (a hub frozen
   * with its socket open).
   */
  const tellHub = async () => {
    while (!closed && serving) {
      const mine = options.own.hostingAddress();
      try {
        if (mine) {
          const response = await fetch(new URL('/studio/stand-down', options.hubUrl), {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ ...mine, since: serving.takenOverAt }),
            dispatcher: agent,
            signal: AbortSignal.timeout(2 * heartbeatEveryMs),
          });
          await response.body?.cancel();
          if (response.ok && hubStoodDownAt === null) {
            hubStoodDownAt = options.now();
            options.log(`studio: the hub at ${options.hubUrl} came back and stood down`);
            showStanding();
          }
        }
      } catch {
        // The old hub is still gone (or frozen): tell it again below.
      }
      await new Promise((resolve) => setTimeout(resolve, heartbeatEveryMs));
    }
  };

  void follow();

  return {
    state() {
      return serving
        ? { phase: 'serving', ...serving, seats, hubStoodDownAt }
        : { phase: 'following', connected, lastBeatAt: watch.lastBeatAt(), seats };
    },
    takenOver: () => takeover,
    async dispose() {
      closed = true;
      clearInterval(check);
      stream?.abort();
      if (!options.agent) await agent.close();
    },
  };
}

/** Reads the `beat` events of a follow stream until it ends (malformed beats are none). */
async function readBeats(body: EventBody, onBeat: (beat: Beat) => void): Promise<void> {
  await readServerSentEvents(body, (event, data) => {
    const beat = event === 'beat' ? beatPayload.safeParse(data) : null;
    if (beat?.success) onBeat(beat.data);
  });
}
