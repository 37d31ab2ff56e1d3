/**
 * The hub's book of pairing codes and seats: pure, on an injected clock (epoch ms UTC), so
 * its rules are tested without the wall clock.
 * - A pairing code is good for one seat and 2 minutes.
 * - Five wrong codes in a row lock pairing for a minute (the right code included).
 * - A seat's credential is `<seat id>.<secret>`; the book keeps only the secret's SHA-256, and
 *   compares in constant time. Revoking a seat forgets it.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { PairingCode, SeatInfo, SeatRole } from '../../shared/studio-model';

/** How long a pairing code is good for: 2 minutes. */
export const pairingCodeLifeMs = 2 * 60_000;
/** Wrong codes in a row that lock pairing. */
export const wrongCodesToLock = 5;
/** How long pairing stays locked: a minute. */
export const pairingLockMs = 60_000;

/** A seat as the book keeps it (and writes it to the hub's data folder). */
export interface StoredSeat {
  id: string;
  name: string;
  role: SeatRole;
  pairedAt: number;
  /** Hex SHA-256 of the credential's secret part. */
  secretHash: string;
}

/** What pairing answered: the seat's credential (shown to the seat once), or why not. */
export type PairingAnswer =
  | { ok: true; seat: StoredSeat; credential: string }
  | { ok: false; reason: 'wrong-code' | 'locked'; retryAfterMs?: number };

/** The codes, the lock and the seats of one hub. */
export class PairingBook {
  private readonly codes = new Map<string, PairingCode>();
  private readonly seats = new Map<string, StoredSeat>();
  private readonly contact = new Map<string, number>();
  private wrong = 0;
  private lockedUntil: number | null = null;

  /**
   * @param now the clock, epoch ms UTC.
   * @param saved seats paired before (the hub's `studio/seats.json`).
   */
  constructor(
    private readonly now: () => number,
    saved: readonly StoredSeat[] = [],
  ) {
    for (const seat of saved) this.seats.set(seat.id, seat);
  }

  /** A new code of eight digits for one seat of `role`, good for {@link pairingCodeLifeMs}. */
  newCode(role: SeatRole): PairingCode {
    this.prune();
    let code: string;
    do code = String(randomInt(0, 100_000_000)).padStart(8, '0');
    while (this.codes.has(code));
    const made = { code, expiresAt: this.now() + pairingCodeLifeMs, role };
    this.codes.set(code, made);
    return made;
  }

  /** Codes not used and not expired. */
  openCodes(): PairingCode[] {
    this.prune();
    return [...this.codes.values()];
  }

  /** Until when pairing is locked (epoch ms UTC), or null. */
  lockedUntilTime(): number | null {
    if (this.lockedUntil !== null && this.now() >= this.lockedUntil) this.lockedUntil = null;
    return this.lockedUntil;
  }

  /**
   * Pairs a seat named `seatName` with `code` (spaces and dashes ignored). A used, expired
   * or unknown code counts as wrong; the fifth wrong one in a row locks pairing for a minute.
   */
  pair(code: string, seatName: string): PairingAnswer {
    const locked = this.lockedUntilTime();
    if (locked !== null) return { ok: false, reason: 'locked', retryAfterMs: locked - this.now() };
    this.prune();
    const typed = code.replace(/[\s-]/g, '');
    const found = this.codes.get(typed);
    if (!found) {
      this.wrong += 1;
      if (this.wrong >= wrongCodesToLock) {
        this.wrong = 0;
        this.lockedUntil = this.now() + pairingLockMs;
        return { ok: false, reason: 'locked', retryAfterMs: pairingLockMs };
      }
      return { ok: false, reason: 'wrong-code' };
    }
    this.codes.delete(typed);
    this.wrong = 0;
    const id = randomBytes(8).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    const seat: StoredSeat = {
      id,
      name: seatName,
      role: found.role,
      pairedAt: this.now(),
      secretHash: hash(secret),
    };
    this.seats.set(id, seat);
    return { ok: true, seat, credential: `${id}.${secret}` };
  }

  /** The seat a credential belongs to (and notes its contact), or null: unknown or revoked. */
  check(credential: string): StoredSeat | null {
    const [id, secret] = credential.split('.', 2);
    if (!id || !secret) return null;
    const seat = this.seats.get(id);
    if (!seat) return null;
    const given = Buffer.from(hash(secret), 'hex');
    const kept = Buffer.from(seat.secretHash, 'hex');
    if (given.length !== kept.length || !timingSafeEqual(given, kept)) return null;
    this.contact.set(id, this.now());
    return seat;
  }

  /** Notes a contact of the seat `id` (its event stream is open). */
  touch(id: string): void {
    if (this.seats.has(id)) this.contact.set(id, this.now());
  }

  /** Forgets a seat; false when there was none. */
  revoke(id: string): boolean {
    this.contact.delete(id);
    return this.seats.delete(id);
  }

  /**
   * Makes `seats` (a hub's registry, as its backup received it) the seats this book accepts,
   * beside its own backups: a seat revoked at the hub is forgotten here too.
   */
  adopt(seats: readonly StoredSeat[]): void {
    const given = new Set(seats.map((seat) => seat.id));
    for (const [id, seat] of this.seats)
      if (seat.role !== 'backup' && !given.has(id)) this.revoke(id);
    for (const seat of seats) if (seat.role !== 'backup') this.seats.set(seat.id, { ...seat });
  }

  /** The seats to write to the hub's data folder (hashes, never credentials). */
  stored(): StoredSeat[] {
    return [...this.seats.values()];
  }

  /** The seats as the hub lists them; `connected` says whose stream is open. */
  list(connected: (id: string) => boolean): SeatInfo[] {
    return [...this.seats.values()].map((seat) => ({
      id: seat.id,
      name: seat.name,
      role: seat.role,
      pairedAt: seat.pairedAt,
      lastContactAt: this.contact.get(seat.id) ?? null,
      connected: connected(seat.id),
    }));
  }

  private prune(): void {
    const now = this.now();
    for (const [code, made] of this.codes) if (made.expiresAt <= now) this.codes.delete(code);
  }
}

function hash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
