/**
 * The hub's heartbeat as its backup follows it (docs/dev/architecture.md, "The takeover
 * protocol"): the hub sends a beat every {@link heartbeatEveryMs} over the backup's
 * authenticated follow stream, carrying what the backup needs to serve the seats (their
 * names, roles and credential hashes: never a token, never a credential). The backup takes
 * over once the hub has been silent for {@link silenceBeforeTakeoverMs}. Pure, on an injected
 * clock (epoch ms UTC), so the rule is tested without the wall clock.
 */
import { z } from 'zod';

/** How often the hub beats: every second, ms. */
export const heartbeatEveryMs = 1000;
/** Silence after which the backup takes over: 3 s, ms. */
export const silenceBeforeTakeoverMs = 3000;
/** The backup serves seats within this of the hub's last beat: 5 s, ms. */
export const takeoverWithinMs = 5000;
/** How often the backup checks for silence, ms (a quarter of a beat). */
export const silenceCheckEveryMs = 250;
/**
 * How long the hub holds a pairing's answer for its backup's acknowledgement of the registry
 * that holds the new seat, at most, ms (a silent backup: answered once this has passed).
 */
export const pairingAckWithinMs = 2000;

/** One seat of the hub's registry as a beat carries it: its credential's hash only. */
export const beatSeat = z.object({
  id: z.string().max(64),
  name: z.string().max(60),
  role: z.enum(['operator', 'observer']),
  pairedAt: z.number(),
  /**
   * Hex SHA-256 of the secret this seat presents at this backup (studio-trust.ts
   * `backupSecretHash`: made for the backup's certificate; never the hub's hash).
   */
  secretHash: z.string().regex(/^[0-9a-f]{64}$/),
});

const isoTime = z.string().min(1).max(40);

/**
 * One upload of a seat's file the hub was sending, as a beat carries it to the backup
 * (services/uploads/upload-handover.ts): its one-time URL and tus location grant the right to
 * upload, so they travel only on the backup's authenticated follow stream (the backup holds
 * the same accounts), never to a seat. Sizes in bytes, times ISO 8601 UTC.
 */
export const beatUpload = z.object({
  seatId: z.string().max(64),
  name: z.string().max(1024),
  sizeBytes: z.number().int().nonnegative(),
  target: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('vod'),
      categoryKey: z.string().max(128).optional(),
      title: z.string().max(200).optional(),
    }),
    z.object({ kind: z.literal('program-media') }),
    z.object({ kind: z.literal('waiting-screen') }),
  ]),
  protocol: z.enum(['tus', 'multipart']),
  url: z
    .object({
      uploadUrl: z.string().min(1).max(4096),
      progressUrl: z.string().max(4096).nullable(),
      uploadFileKey: z.string().min(1).max(128),
      expiresAt: isoTime,
      usedAt: isoTime.nullable(),
    })
    .nullable(),
  location: z.string().max(4096).nullable(),
  sentBytes: z.number().int().nonnegative(),
});

/** An upload the hub hands its backup (see {@link beatUpload}). */
export type BeatUpload = z.infer<typeof beatUpload>;

/**
 * A beat of the hub: its time (epoch ms UTC, the hub's clock), its epoch (hub-epoch.ts: it
 * grows with each start of hosting and each silence of the hub itself), the version of its seat
 * registry (it grows with each pairing or revocation; the backup acknowledges it with
 * `POST /studio/ack` `{ version }` once it adopted that registry), the registry itself, and the
 * seats' uploads it is sending (absent from a hub that sends none).
 */
export const beatPayload = z.object({
  at: z.number(),
  epoch: z.number().int().nonnegative().default(0),
  version: z.number().int().nonnegative(),
  seats: z.array(beatSeat).max(500),
  uploads: z.array(beatUpload).max(1000).default([]),
});

/** A beat of the hub (see {@link beatPayload}). */
export type Beat = z.infer<typeof beatPayload>;

/**
 * Watches a hub's beats on the backup's clock: silent once no beat came for
 * {@link silenceBeforeTakeoverMs} since the last one (or since following began).
 */
export class SilenceWatch {
  #lastBeatAt: number;
  #last: Beat | null = null;

  /**
   * @param now the backup's clock, epoch ms UTC.
   * @param silenceMs how long a silence counts as the hub gone (default 3 s).
   */
  constructor(
    private readonly now: () => number,
    private readonly silenceMs: number = silenceBeforeTakeoverMs,
  ) {
    this.#lastBeatAt = now();
  }

  /** Notes a beat received now. */
  beat(beat: Beat): void {
    this.#lastBeatAt = this.now();
    this.#last = beat;
  }

  /** The last beat received, or null before the first. */
  lastBeat(): Beat | null {
    return this.#last;
  }

  /** Epoch ms (backup's clock) of the last beat, or of the start of following. */
  lastBeatAt(): number {
    return this.#lastBeatAt;
  }

  /** How long the hub has been silent, ms. */
  silentForMs(): number {
    return Math.max(0, this.now() - this.#lastBeatAt);
  }

  /** Whether the hub has been silent long enough for the backup to take over. */
  silent(): boolean {
    return this.silentForMs() >= this.silenceMs;
  }
}
