/**
 * A backup hub (docs/dev/architecture.md, "The takeover protocol"). A second OnAir Desk with the
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
import { fetch, type Agent } from 'undici';
import {
  beatPayload,
  heartbeatEveryMs,
  silenceCheckEveryMs,
  SilenceWatch,
  type Beat,
  type BeatUpload,
} from './heartbeat';
import type { HubStanding } from '../../shared/studio-model';
import type { StoredSeat } from './pairing';
import { pinnedAgent, readServerSentEvents, type EventBody } from './link';
import type { StudioAddress } from './follow-routes';
import { normalizeFingerprint } from './certificate';
import type { SignedTakeover, TakeoverRecord } from './studio-trust';

/** What the backup needs of its own studio hub (hub.ts). */
export interface StandbyHub {
  /** Where this desk serves seats (its own certificate). Null until it listens. */
  hostingAddress(): StudioAddress | null;
  /**
   * The takeover `record` signed with this desk's own certificate's key (studio-trust.ts), or
   * null while it does not host.
   */
  signTakeover(record: TakeoverRecord): SignedTakeover | null;
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
  /** The hub's epoch in its last beat heard (hub-epoch.ts): named in the takeover record. */
  let hubEpoch = 0;
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
        // The hub hands its registry only to a backup whose address it knows in this run (the
        // seats' hashes are made for that certificate): said again at each (re)connection.
        await announce();
        if (!announced) throw new Error('The hub did not take this backup’s address.');
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
          hubEpoch = beat.epoch;
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
   * for as long as it serves, with its takeover record signed by its own key (the hub's epoch
   * it last heard): a hub that restarts, or comes back from its own silence, hears it at once
   * and stands down (503 to every seat), so the account's budget is never spent by two hubs for
   * them. A hub already standing down answers 503: told. A hub that was never away (its epoch
   * did not grow) refuses (409) and is told again. Each try gives up after 2 s (a hub frozen
   * with its socket open).
   */
  const tellHub = async () => {
    while (!closed && serving) {
      const mine = options.own.hostingAddress();
      const signed =
        mine &&
        options.own.signTakeover({
          url: mine.url,
          fingerprint: mine.fingerprint,
          hubFingerprint: normalizeFingerprint(options.fingerprint),
          hubEpoch,
          takenOverAt: serving.takenOverAt,
        });
      try {
        if (signed) {
          const response = await fetch(new URL('/studio/stand-down', options.hubUrl), {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(signed),
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
