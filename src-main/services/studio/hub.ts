/**
 * The studio hub: this desk hosting seats (docs/dev/architecture.md, "Processes and trust"). The
 * hub keeps the accounts, schedulers, watches, queues and audit log; a seat is the browser
 * host's transport (commands as `POST /rpc/<command>`, events as server-sent events) over
 * TLS with the hub's own certificate. Tokens never leave the hub.
 *
 * - Off by default; `start` listens on the address the operator chose.
 * - `POST /studio/pair` `{ code, seatName }` pairs a seat with a pairing code
 *   (pairing.ts: one seat, 2 minutes; five wrong codes from one sending address lock that
 *   address for a minute; the name plain text) and answers its credential once; while a
 *   backup follows, only after it acknowledged the registry that holds the new seat
 *   (backup.ts, at most 2 s). Everything else needs `Authorization: Seat <credential>` (401
 *   otherwise, and at once after a revocation), checked on the route that matched
 *   (hub-doors.ts).
 * - Timeouts, a connection cap and body limits per route (services/core/doors.ts).
 * - Any request carrying an `Origin` is refused (403): seats are desks, never web pages.
 * - A seat's command runs through the hub's one pipeline with the way in it came by on the seat
 *   (`via: 'seat'` when it says none), the seat's name and the role this hub paired it with; the
 *   ways-in table (shared/commands/ways-in.ts) lets an operator seat run platform commands only, an
 *   observer platform reads that reveal nothing; the studio's own commands are the hub
 *   operator's only.
 * - Revoking a seat closes its event streams and connections at once.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import type {
  HubStanding,
  PairingCode,
  SeatLink,
  SeatRole,
  StudioHosting,
  StudioStatus,
} from '../../shared/studio-model';
import { seatRoles } from '../../shared/studio-model';
import type { SecretStore } from '../../secrets/keychain';
import { PlatformError } from '../../platform/errors';
import { say } from '../../shared/i18n/say';
import { hubCertificate } from './certificate';
import { FingerprintMismatchError, pairSeat, rejoinSeat } from './seat';
import { failoverSeatCore, type FailoverSeatCore } from './failover-seat';
import { HubEpoch } from './hub-epoch';
import { signAddresses, signTakeover, type SigningKey } from './studio-trust';
import type { StudioCore } from './studio-core';
import { PairingBook, type StoredSeat } from './pairing';
import { checkHubDoor, hubDoors } from './hub-doors';
import {
  answerBadUrl,
  defaultServerLimits,
  guardRoutes,
  serverLimits,
  type ServerLimits,
} from '../core/doors';
import { diskFreeBytes, readSeatUploadPolicy } from './seat-upload-room';
import { refuse } from './refuse';
import type { StandbyHub } from './backup';
import { followRoutes, seatBeatEventName, type FollowRoutes } from './follow-routes';
import { heartbeatEveryMs } from './heartbeat';
import { seatFileRoutes } from './seat-files';
import { seatRoutes } from './hub-seat-routes';

/** The hub's state and its server, one per desk core (a backup's too: {@link StandbyHub}). */
export interface StudioHub extends StandbyHub {
  /** Gives the hub the core its seats' commands run on (once the pipeline exists). */
  attach(core: StudioCore): void;
  status(): StudioStatus;
  /** Listens with TLS; already hosting elsewhere: stops that first. */
  start(address: string, port: number): Promise<StudioHosting>;
  stop(): Promise<void>;
  newPairingCode(role: SeatRole): PairingCode;
  /** Cuts a seat off: false when there was no such seat. */
  revoke(seatId: string): Promise<boolean>;
  /**
   * Makes this desk a seat of the hub at `url` (pairs with `code`, or rejoins with the kept
   * credential); its events are emitted on this desk from then on.
   * @throws PlatformError in the operator's words: hosting, a wrong fingerprint, a refusal.
   */
  join(options: {
    url: string;
    fingerprint: string;
    code?: string;
    seatName: string;
  }): Promise<SeatLink>;
  /** This desk its own again. */
  leave(): Promise<void>;
  /**
   * The studio this desk is a seat of, while it is one (the same seat as `--join`'s:
   * failover-seat.ts, it follows the backup): every command but the studio's goes there.
   */
  seat(): FailoverSeatCore | null;
}

const seatsFile = 'seats.json';
const storedSeats = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    role: z.enum(seatRoles),
    pairedAt: z.number(),
    secretHash: z.string(),
  }),
);
/**
 * Makes the hub of the data folder `dataDir` (its `studio/`: the certificate, its key 0600,
 * and the paired seats' credential hashes).
 * @param now the clock, epoch ms UTC (pairing codes, the lock and contact times).
 */
export async function createStudioHub(options: {
  dataDir: string;
  now: () => number;
  log: (message: string) => void;
  /** The OS keychain, where a seat keeps its credential (join). */
  secrets?: SecretStore;
  /** Emits an event of the hub on this desk while it is a seat. */
  emit?: (event: string, payload: unknown) => void;
  /**
   * Where seats' files are kept for the upload queue (seat-files.ts); default the data
   * folder's `dropped/`, swept with the browser host's copies once no queue names them.
   */
  spoolDir?: string;
  /** Timeouts and the connection cap (tests inject short ones); default {@link defaultServerLimits}. */
  limits?: Partial<ServerLimits>;
  /** Free bytes on the disk of a folder (seats' files); default the OS's (`statfs`). */
  freeBytes?: (dir: string) => Promise<number>;
}): Promise<StudioHub> {
  const dir = join(options.dataDir, 'studio');
  const book = new PairingBook(options.now, await readSeats(dir));
  let core: StudioCore | null = null;
  let server: { app: FastifyInstance; hosting: StudioHosting } | null = null;
  let joined: FailoverSeatCore | null = null;
  /** This hosting run's certificate (it signs the seats' addresses) and epoch (hub-epoch.ts). */
  let signing: SigningKey | null = null;
  let epoch: HubEpoch | null = null;
  let beating: ReturnType<typeof setInterval> | null = null;
  /** A backup hub in standby (backup.ts) answers 503 until it takes over. */
  let standby = false;
  let standing: HubStanding | null = null;
  let follow: FollowRoutes | null = null;
  /** Open event streams and the page clients each seat spoke for, by seat id. */
  const streams = new Map<string, Set<ServerResponse>>();
  const clients = new Map<string, Set<string>>();

  const save = async () => {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, seatsFile);
    await writeFile(`${path}.tmp`, JSON.stringify(book.stored(), null, 2), { mode: 0o600 });
    await rename(`${path}.tmp`, path);
  };

  const cutOff = (seatId: string) => {
    for (const res of streams.get(seatId) ?? []) res.destroy();
    streams.delete(seatId);
    for (const clientId of clients.get(seatId) ?? []) core?.dropClient(clientId);
    clients.delete(seatId);
    core?.seatGone?.(seatId);
  };

  /** Sets what `studio.status` says of this desk beside its backup, telling the core. */
  const stand = (next: HubStanding | null) => {
    const was = standing?.phase === 'standing-down';
    standing = next;
    const is = next?.phase === 'standing-down';
    if (was !== is) core?.standDown?.(is);
  };

  /** Where seats' files are kept (seat-files.ts). */
  const spoolDir = () => options.spoolDir ?? join(options.dataDir, 'dropped');

  const limits = { ...defaultServerLimits, maxConnections: 512, ...options.limits };
  const build = (cert: { cert: string; key: string }): FastifyInstance => {
    const app = Fastify({
      logger: false,
      bodyLimit: 64_000,
      forceCloseConnections: true,
      frameworkErrors: answerBadUrl,
      ...serverLimits(limits, { cert: cert.cert, key: cert.key }),
    });
    app.decorateRequest('seat', null);
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers.origin !== undefined)
        return refuse(reply, 403, 'Requests from web pages are refused: join from OnAir Desk.');
      if (standby) return refuse(reply, 503, say('studio.errors.standby').message);
    });
    // The seat's credential is asked on the route that matched: pairing only is public.
    guardRoutes(app, {
      doors: hubDoors,
      strictest: 'seat',
      limits,
      check: checkHubDoor((credential) => book.check(credential)),
    });

    seatRoutes(app, {
      book,
      core: () => core,
      streams,
      clients,
      spoolDir,
      save,
      registryChanged: () => follow?.registryChanged() ?? Promise.resolve(),
      addressesEvent: () => follow?.addressesEvent() ?? null,
      log: options.log,
    });
    seatFileRoutes(app, {
      spoolDir,
      now: options.now,
      freeBytes: options.freeBytes ?? diskFreeBytes,
      policy: () => readSeatUploadPolicy(dir),
    });
    follow = followRoutes(app, {
      registry: () => book.stored(),
      touch: (id) => book.touch(id),
      hosting: () => hub.hostingAddress(),
      now: options.now,
      epoch: () => epoch,
      sign: (addresses, issuedAt) => (signing ? signAddresses(signing, addresses, issuedAt) : null),
      uploads: () => core?.handedUploads?.() ?? Promise.resolve([]),
      onBackup: (event) => {
        for (const open of streams.values()) for (const res of open) res.write(event);
      },
      onStandDown: (told) => {
        // Its backup serves the seats: this hub serves none, so it spends no budget for them.
        standby = true;
        stand({ phase: 'standing-down', backupUrl: told.url, since: told.takenOverAt });
        for (const seatId of [...streams.keys()]) cutOff(seatId);
        follow?.close();
        options.log(`studio: the backup at ${told.url} serves the seats: this hub stands down`);
      },
    });
    return app;
  };

  const hub: StudioHub = {
    attach(given) {
      core = given;
    },
    status() {
      return {
        hosting: server?.hosting ?? null,
        seats: book.list((id) => (streams.get(id)?.size ?? 0) > 0),
        codes: book.openCodes(),
        // Pairing locks a sending address, never the hub (pairing.ts): nothing to show here.
        pairingLockedUntil: null,
        seat: joined?.link() ?? null,
        standing,
        ...(joined ? { uploadsLeftBehind: joined.leftBehind() } : {}),
      };
    },
    async start(address, port) {
      if (joined)
        throw new PlatformError({ code: 'conflict', ...say('studio.errors.hostingWhileSeat') });
      await hub.stop();
      const cert = await hubCertificate(dir, options.now());
      epoch = await HubEpoch.start(dir, options.now());
      signing = cert;
      const app = build(cert);
      await app.listen({ host: address, port });
      const bound = app.server.address();
      const boundPort = bound && typeof bound === 'object' ? bound.port : port;
      const host = address.includes(':') ? `[${address}]` : address;
      const hosting = {
        url: `https://${host}:${boundPort}/`,
        address,
        port: boundPort,
        fingerprint: cert.fingerprint,
      };
      server = { app, hosting };
      // Once a second: every seat hears the hub (it counts its silence from the last thing it
      // heard), and the hub notes whether it was itself silent (its epoch grows).
      beating = setInterval(() => {
        epoch?.tick(options.now());
        const beat = `event: ${seatBeatEventName}\ndata: ${JSON.stringify({ at: options.now() })}\n\n`;
        for (const open of streams.values()) for (const res of open) res.write(beat);
      }, heartbeatEveryMs);
      options.log(`studio: hosting on ${hosting.url} (certificate ${cert.fingerprint})`);
      return hosting;
    },
    async stop() {
      if (!server) return hub.leave();
      const { app } = server;
      server = null;
      if (beating) clearInterval(beating);
      beating = null;
      follow?.close();
      for (const id of [...streams.keys()]) cutOff(id);
      await app.close();
      // Which epoch each backup followed in is on disk before the next hosting run reads it
      // (a stand-down right after a restart is judged by it).
      await epoch?.settled();
    },
    newPairingCode(role) {
      return book.newCode(role);
    },
    async join({ url, fingerprint, code, seatName }) {
      if (server)
        throw new PlatformError({ code: 'conflict', ...say('studio.errors.seatWhileHosting') });
      const secrets = options.secrets;
      if (!secrets)
        throw new PlatformError({ code: 'keychain-unavailable', ...say('errors.internal') });
      let paired: { seatName: string; role: SeatRole; credential: string };
      try {
        paired =
          code !== undefined && code !== ''
            ? await pairSeat({ url, fingerprint, code, seatName, secrets })
            : await rejoinSeat({ url, fingerprint, secrets });
      } catch (error) {
        if (error instanceof FingerprintMismatchError)
          throw new PlatformError({
            code: 'network',
            ...say('studio.errors.fingerprintMismatch', { got: error.got }),
          });
        if (error instanceof PlatformError) throw error;
        throw new PlatformError({
          code: 'forbidden',
          ...say('studio.errors.joinRefused', { reason: (error as Error).message }),
        });
      }
      await hub.leave();
      // The one seat implementation (the same as `--join`'s): it learns the backup's signed
      // address from the hub and follows it after 3 s of the hub's silence.
      const seat = failoverSeatCore({ hubUrl: url, fingerprint, ...paired, now: options.now });
      seat.subscribe((event, payload) => options.emit?.(event, payload));
      joined = seat;
      options.log(`studio: joined ${url} as seat "${paired.seatName}" (${paired.role})`);
      return seat.link();
    },
    async leave() {
      const seat = joined;
      joined = null;
      await seat?.dispose();
    },
    seat() {
      return joined;
    },
    hostingAddress() {
      return server ? { url: server.hosting.url, fingerprint: server.hosting.fingerprint } : null;
    },
    signTakeover(record) {
      return signing ? signTakeover(signing, record) : null;
    },
    setStandby(on) {
      standby = on;
    },
    setStanding(next) {
      stand(next);
    },
    adoptSeats(seats) {
      book.adopt(seats);
    },
    adoptUploads(uploads) {
      core?.adoptUploads?.(uploads);
    },
    async revoke(seatId) {
      const had = book.revoke(seatId);
      cutOff(seatId);
      // A revoked backup: its follow streams close now, and every seat is told the addresses
      // without it (signed), so none keeps it.
      if (follow?.seatRevoked(seatId)) {
        const event = follow.addressesEvent();
        for (const open of streams.values()) for (const res of open) res.write(event);
      }
      if (had) {
        await save();
        void follow?.registryChanged();
      }
      return had;
    },
  };
  return hub;
}

async function readSeats(dir: string): Promise<StoredSeat[]> {
  try {
    const parsed = storedSeats.safeParse(JSON.parse(await readFile(join(dir, seatsFile), 'utf8')));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
